#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Lists the places in a kernel tree that do by hand what self-referential
`#[pin_data]` structs do: a field of a struct being initialized lent to a later
field through `unsafe`, a `// SAFETY:` comment arguing that a sibling field is
initialized before and dropped after its user, and TODOs that wait for
self-referential pin-init.

    scripts/find-selfref-workarounds.py TREE [DIR...]   (default: rust drivers samples)

Prints one line per finding (`path:line: kind: text`) and the count per kind.
rust/pin-init itself is skipped (it is the crate).
"""
import os
import re
import sys

INIT_MACRO = re.compile(r"\b(?:try_)?(?:pin_)?init!\s*\(")
UNSAFE_LEND = re.compile(
    r"unsafe\s*\{\s*&\*\s*(?:core::ptr::from_ref|::core::ptr::from_ref|ptr::from_ref|from_ref|core::ptr::addr_of!|addr_of!)?"
)
TODO = re.compile(r"TODO.*(self[- ]?referential|&\w+` self|pin-init syntax)", re.I)
SAFETY_SIBLING = re.compile(r"(declaration order|dropped after|drop order|field order)", re.I)
FIELD = re.compile(r"^\s*(\w+)\s*(?::[^:]|<-)", re.M)


def invocations(text):
    """(start, end) offsets of the argument lists of initializer macros."""
    for m in INIT_MACRO.finditer(text):
        depth, i = 0, m.end() - 1
        while i < len(text):
            c = text[i]
            if c in "([{":
                depth += 1
            elif c in ")]}":
                depth -= 1
                if depth == 0:
                    yield m.end(), i
                    break
            i += 1


def scan(path, rel, out):
    try:
        text = open(path, encoding="utf-8", errors="replace").read()
    except OSError:
        return
    line_of = lambda off: text.count("\n", 0, off) + 1
    lines = text.split("\n")
    for start, end in invocations(text):
        body = text[start:end]
        fields = set(FIELD.findall(body))
        for m in UNSAFE_LEND.finditer(body):
            # Only a lend of a field of this initializer (initialized before it).
            operand = re.findall(r"\w+", body[m.end():m.end() + 80].split("}")[0])
            before = set(FIELD.findall(body[:m.start()]))
            if not (set(operand) & before & fields):
                continue
            off = start + m.start()
            out.append((rel, line_of(off), "unsafe lend in an initializer", lines[line_of(off) - 1].strip()))
    for k, line in enumerate(lines, 1):
        if TODO.search(line):
            out.append((rel, k, "TODO waiting for self-referential pin-init", line.strip()))
        if "SAFETY" in line:
            # The comment block starting here.
            block = [line]
            j = k
            while j < len(lines) and lines[j].strip().startswith("//"):
                block.append(lines[j])
                j += 1
            joined = " ".join(b.strip() for b in block)
            if SAFETY_SIBLING.search(joined) and re.search(r"`\w+`", joined):
                out.append((rel, k, "SAFETY comment about a sibling field's order", line.strip()))


def main():
    if len(sys.argv) < 2:
        print(__doc__.strip(), file=sys.stderr)
        sys.exit(2)
    tree = sys.argv[1]
    dirs = sys.argv[2:] or ["rust", "drivers", "samples"]
    out = []
    for d in dirs:
        for root, subdirs, files in os.walk(os.path.join(tree, d)):
            subdirs[:] = sorted(s for s in subdirs if os.path.join(root, s) != os.path.join(tree, "rust", "pin-init"))
            for f in sorted(files):
                if f.endswith(".rs"):
                    p = os.path.join(root, f)
                    scan(p, os.path.relpath(p, tree), out)
    kinds = {}
    for rel, line, kind, text in out:
        print(f"{rel}:{line}: {kind}: {text}")
        kinds[kind] = kinds.get(kind, 0) + 1
    for kind in ("unsafe lend in an initializer", "SAFETY comment about a sibling field's order",
                 "TODO waiting for self-referential pin-init"):
        print(f"{kinds.get(kind, 0)} {kind}")


if __name__ == "__main__":
    main()
