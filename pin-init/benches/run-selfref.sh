#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# One command for the self-referential benchmarks (README.md here):
#  1. runtime: pin-init against a hand-written unsafe struct of the same layout, ouroboros,
#     self_cell and the bare owner, ns/op (best of 5 rounds), allocations/op, size_of, every
#     ratio with its target (selfref-bench, release build); then the instructions per
#     construction of pin-init and the hand-written struct (callgrind: repeatable);
#  2. the accessor against a plain field read: the assembly of both functions;
#  3. crate-only rebuild time of a crate with 20 self-referential structs, pin-init against
#     ouroboros (same machine, same run).
# Usage: pin-init/benches/run-selfref.sh [N]    Build dirs: ~/.cache/pin-init-bench
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
WORK=${PIN_INIT_BENCH_DIR:-${HOME}/.cache/pin-init-bench}
mkdir -p "$WORK"
export CARGO_TARGET_DIR="$WORK/target-selfref-bench"

echo "== runtime ($(rustc --version))"
(cd "$HERE/selfref-bench" && cargo build --quiet --release)
"$CARGO_TARGET_DIR/release/selfref-bench" "${1:-2000000}"

echo
echo "== instructions per construction (valgrind --tool=callgrind, inclusive, 10000 calls each)"
BIN="$CARGO_TARGET_DIR/release/selfref-bench"
if command -v valgrind >/dev/null 2>&1; then
    count() { # CASE -> instructions per call
        out="$WORK/callgrind.$1"
        valgrind --tool=callgrind --callgrind-out-file="$out" --toggle-collect="construct_$1" \
            "$BIN" --count "$1" 10000 >/dev/null 2>&1
        awk '/^summary:/ { printf "%.1f", $2 / 10000 }' "$out"
    }
    printf '%-8s %10s %10s %10s %8s\n' case "bare" "hand" "pin-init" "vs hand"
    for c in text buf three mut; do
        bare=-
        case $c in text | buf) bare=$(count "bare_$c") ;; esac
        hand=$(count "hand_$c")
        ours=$(count "ours_$c")
        ratio=$(awk -v a="$ours" -v b="$hand" 'BEGIN { printf "%.3f", a / b }')
        verdict=$(awk -v r="$ratio" 'BEGIN { print (r <= 1.10 ? "ok" : "MISSED") }')
        printf '%-8s %10s %10s %10s %7sx  [<= 1.10x] %s\n' "$c" "$bare" "$hand" "$ours" "$ratio" "$verdict"
    done
    ours=$(count ours_buf)
    bare=$(count bare_buf)
    awk -v o="$ours" -v b="$bare" 'BEGIN { r = o / b; printf "pin-init / bare [u8; 64] (in place): %.3fx  [<= 1.25x] %s\n", r, (r <= 1.25 ? "ok" : "MISSED") }'
    for other in ouro cell; do
        n=$(count "${other}_buf")
        awk -v n="$n" -v o="$ours" -v w="$other" 'BEGIN { r = n / o; printf "%s / pin-init (inline owner): %.1fx  [>= 6x] %s\n", (w == "ouro" ? "ouroboros" : "self_cell"), r, (r >= 6 ? "ok" : "MISSED") }'
    done
else
    echo "valgrind not found (Debian package valgrind): no instruction counts"
fi

echo
echo "== accessor vs plain field read (x86-64 assembly of the release build)"
for f in read_through_accessor read_plain_field; do
    addr=$(nm "$BIN" | awk -v f="$f" '$3 == f { print $1 }')
    echo "-- $f at 0x$addr:"
    objdump -d --no-show-raw-insn --start-address="0x$addr" "$BIN" \
        | awk '/^ *[0-9a-f]+:\t/ { sub(/^ *[0-9a-f]+:\t/, "    "); print; if ($0 ~ /ret/) exit }'
done
a1=$(nm "$BIN" | awk '$3 == "read_through_accessor" { print $1 }')
a2=$(nm "$BIN" | awk '$3 == "read_plain_field" { print $1 }')
if [ "$a1" = "$a2" ]; then
    echo "identical machine code: the linker folded both functions into one"
fi

echo
echo "== crate-only rebuild of 20 self-referential structs (debug)"
gen() { # $1 = kind (pin-init | ouroboros)
    dir="$WORK/build20-$1"
    mkdir -p "$dir/src"
    if [ "$1" = pin-init ]; then
        dep="pin-init = { path = \"$REPO/pin-init\" }"
    else
        dep='ouroboros = "0.18"'
    fi
    printf '[package]\nname = "build20-%s"\nversion = "0.0.0"\nedition = "2021"\npublish = false\n[dependencies]\n%s\n[workspace]\n' "$1" "$dep" > "$dir/Cargo.toml"
    {
        echo '#![allow(dead_code)]'
        i=0
        while [ "$i" -lt 20 ]; do
            if [ "$1" = pin-init ]; then
                echo "#[pin_init::pin_data] pub struct S$i { part: &'text str, text: String, n: u32 }"
                echo "pub fn new_s$i(t: String) -> impl pin_init::PinInit<S$i> { pin_init::pin_init!(S$i { text: t, part: &text[..], n: $i }) }"
                echo "pub fn get_s$i(s: &S$i) -> usize { s.part().len() + s.n as usize }"
            else
                echo "#[ouroboros::self_referencing] pub struct S$i { text: String, #[borrows(text)] part: &'this str, n: u32 }"
                echo "pub fn new_s$i(t: String) -> S$i { S${i}Builder { text: t, part_builder: |t| &t[..], n: $i }.build() }"
                echo "pub fn get_s$i(s: &S$i) -> usize { s.borrow_part().len() + *s.borrow_n() as usize }"
            fi
            i=$((i + 1))
        done
    } > "$dir/src/lib.rs"
    (cd "$dir" && CARGO_TARGET_DIR="$WORK/target-build20-$1" cargo build --quiet)
    best=
    for run in 1 2 3 4 5; do
        touch "$dir/src/lib.rs"
        start=$(date +%s%N)
        (cd "$dir" && CARGO_TARGET_DIR="$WORK/target-build20-$1" cargo build --quiet)
        end=$(date +%s%N)
        ms=$(( (end - start) / 1000000 ))
        if [ -z "$best" ] || [ "$ms" -lt "$best" ]; then best=$ms; fi
    done
    echo "$best"
}
ours=$(gen pin-init)
ouro=$(gen ouroboros)
echo "pin-init  best of 5: $ours ms"
echo "ouroboros best of 5: $ouro ms"
awk -v a="$ours" -v b="$ouro" 'BEGIN { printf "ouroboros / pin-init: %.2fx (target: >= 1.00x)\n", b / a }'
