#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# make-series.sh [--kernel 6.12|7.2] OUT_DIR REPO_ROOT VENDOR_DIR [TREE]
#
# Writes the complete kernel patch series into OUT_DIR, as `git format-patch`
# output that applies with `git am` (or `patch -p1`) to a vanilla Linux 6.12.y
# tree, and OUT_DIR/series, listing it in order. Used by scripts/prepare-tree.sh
# (and so by `cargo xtask kernel` and the Nix build) and by `cargo xtask series`.
#
# With `--kernel 7.2` it writes the series for Linux 7.2 instead, from the same
# crate and kernel/ files: 7.2 has pin-init (rust/pin-init) and syn, quote and
# proc-macro2 already, so there is no vendored crate, the generated patch
# replaces the tree's rust/pin-init/{src,internal/src} (TREE is required: the
# old files are read from it, and VENDOR_DIR is not used), and the hand-written
# patches are those of REPO_ROOT/patches/7.2/series.
#
#  1. one patch per vendored crate (unicode-ident, proc-macro2, quote, syn, at
#     the versions pin-init-internal uses in REPO_ROOT/Cargo.lock), adding the
#     crate's src/ as rust/<crate>/ with an SPDX-License-Identifier line (the
#     crate's own `license`) on every .rs file, and a README.md saying where
#     it comes from. VENDOR_DIR/<crate>-<version>/ (or one level deeper).
#  2. one patch adding the pin-init crates: pin-init/src -> rust/pin-init/src,
#     pin-init/internal/src -> rust/pin-init/internal/src.
#  3. the hand-written patches of REPO_ROOT/patches/series, renumbered. A patch
#     listed there may be followed by lines that add files to it:
#       + PATH   the new kernel file PATH, whose content is REPO_ROOT/kernel/PATH
#                (the KUnit suite and the samples live there as plain files);
#       - PATH   the deletion of the kernel file PATH as TREE has it (for files
#                whose content differs between 6.12.y releases).
#     The patch's commit message and its own hunks come from patches/NAME; its
#     diffstat is recomputed. A patch with a `- PATH` line needs TREE, the
#     vanilla tree the series is for (only the listed files are read).
#
# OUT_DIR/series has one line per patch: the file name in OUT_DIR, and where
# it comes from ("generated" or patches/NAME). The output depends only on the
# inputs (fixed dates, no git signature; the author is --author's, by default
# a fixed identity for internal uses), so two runs agree.
# Needs POSIX sh, coreutils, sed, awk and git.
set -eu

die() {
	echo "make-series: error: $*" >&2
	exit 1
}

kernel=6.12
# The fixed identity of internal uses (the harness's tree, the Nix build, the
# tests), which no exported series carries: `cargo xtask series` passes its
# user's with --author.
author="pin-init team <pin-init@localhost>"
while [ $# -gt 0 ]; do
	case $1 in
	--kernel)
		[ $# -ge 2 ] || die "--kernel needs a version (6.12 or 7.2)"
		kernel=$2
		shift 2
		;;
	--author)
		[ $# -ge 2 ] || die "--author needs 'Name <email>'"
		author=$2
		shift 2
		;;
	*) break ;;
	esac
done
case $author in
*" <"*@*">") ;;
*) die "--author must be 'Name <email>', not '$author'" ;;
esac
author_name=${author% <*}
author_email=${author##*<}
author_email=${author_email%>}
[ $# -eq 3 ] || [ $# -eq 4 ] || die "usage: make-series.sh [--kernel 6.12|7.2] [--author 'Name <email>'] OUT_DIR REPO_ROOT VENDOR_DIR [TREE]"
out=$1
repo=$2
vendor=$3
tree=${4-}
command -v git >/dev/null 2>&1 || die "git not found (Debian package git)"
[ -f "$repo/Cargo.lock" ] || die "missing $repo/Cargo.lock"
# The hand-written patches of this kernel and their list.
case $kernel in
6.12) patchdir=$repo/patches ;;
7.2)
	patchdir=$repo/patches/7.2
	[ -n "$tree" ] || die "the 7.2 series replaces the tree's rust/pin-init: pass the vanilla 7.2 tree as TREE"
	for f in src internal/src README.md; do
		[ -e "$tree/rust/pin-init/$f" ] || die "$tree has no rust/pin-init/$f (is it a vanilla 7.2 tree?)"
	done
	;;
*) die "--kernel $kernel: the series is for 6.12 or 7.2" ;;
esac
series=$patchdir/series
[ -f "$series" ] || die "missing $series"

# The crates the kernel tree gets copies of, in dependency order (each builds
# with only the ones before it). The one list: xtask's kernel::VENDORED is
# checked against this line by xtask/tests/config.rs; the Nix build vendors
# whatever Cargo.lock pins and runs this script.
vendored_crates="unicode-ident proc-macro2 quote syn"
# Linux 7.2 has its own copies of these (rust/syn, ...; rust/Makefile builds them).
[ "$kernel" = 6.12 ] || vendored_crates=""

# Version of crate $1 that pin-init-internal depends on (directly or not) in
# Cargo.lock. Other packages (e.g. test-only dependencies) may pull in other
# versions of the same crate; only pin-init-internal's build graph counts.
lock_version() {
	awk -v want="$1" '
		/^\[\[package\]\]/ { n++; indeps = 0; next }
		$1 == "name" && !indeps { gsub(/"/, "", $3); name[n] = $3; next }
		$1 == "version" && !indeps { gsub(/"/, "", $3); ver[n] = $3; next }
		$1 == "dependencies" { indeps = 1; next }
		indeps && /^\]/ { indeps = 0; next }
		indeps {
			d = $0; gsub(/[",]/, "", d); sub(/^[ \t]+/, "", d)
			split(d, p, " ")
			deps[n] = deps[n] "|" p[1] " " (p[2] == "" ? "*" : p[2])
			next
		}
		END {
			for (i = 1; i <= n; i++) if (name[i] == "pin-init-internal") root = i
			if (!root) exit
			queue[1] = root; qn = 1; seen[root] = 1
			for (q = 1; q <= qn; q++) {
				cnt = split(deps[queue[q]], ds, "|")
				for (k = 2; k <= cnt; k++) {
					split(ds[k], nv, " ")
					for (i = 1; i <= n; i++)
						if (!seen[i] && name[i] == nv[1] && (nv[2] == "*" || nv[2] == ver[i])) {
							seen[i] = 1; queue[++qn] = i
						}
				}
			}
			for (i = 1; i <= n; i++) if (seen[i] && name[i] == want) print ver[i]
		}
	' "$repo/Cargo.lock"
}

# patches/series without comments and blank lines, leading blanks removed:
# patch names, each followed by its `+ PATH` / `- PATH` lines.
series_lines=$(sed -e 's/#.*//' -e 's/^[[:space:]]*//' -e 's/[[:space:]]*$//' -e '/^$/d' "$series")
# The hand-written patches, in order.
hand=$(printf '%s\n' "$series_lines" | grep -v '^[-+]' || true)
for p in $hand; do
	[ -f "$patchdir/$p" ] || die "patch $p listed in $series does not exist"
done
# The `+ PATH` and `- PATH` lines of patch $1, one per line.
extra_files() {
	printf '%s\n' "$series_lines" | awk -v want="$1" '
		/^[-+]/ { if (cur == want) print; next }
		{ cur = $0 }
	'
}
printf '%s\n' "$series_lines" | awk '
	/^[-+]/ {
		if (NR == 1 || prev == "") { print "make-series: error: patches/series: \"" $0 "\" does not follow a patch"; exit 1 }
		if ($0 !~ /^[-+][ \t]+[^ \t]+$/) { print "make-series: error: patches/series: \"" $0 "\": expected \"+ PATH\" or \"- PATH\""; exit 1 }
		next
	}
	{ prev = $0 }
' >&2 || exit 1
for p in $hand; do
	extra_files "$p" | while read -r op path; do
		case $path in
		/* | *..*) die "patches/series: $op $path (for $p): the path must be relative to the kernel tree, without .." ;;
		esac
		if [ "$op" = + ]; then
			[ -f "$repo/kernel/$path" ] || die "patches/series: $p adds $path, but $repo/kernel/$path does not exist"
		else
			[ -n "$tree" ] || die "patch $p deletes $path, whose content differs between $kernel.y releases: pass the vanilla tree the series is for as TREE"
			[ -f "$tree/$path" ] || die "patch $p deletes $path, but $tree/$path does not exist (is $tree a vanilla $kernel tree?)"
		fi
	done
done

# rust/Makefile builds every vendored crate with the edition of its
# Cargo.toml (`<crate>-edition := E` in a hand-written patch): check that they
# agree, so that a crate update that changes its edition cannot go unnoticed.
edition_in_patches() { # CRATE_NAME (with underscores)
	for p in $hand; do
		sed -n "s/^+$1-edition := \([0-9][0-9]*\)\$/\1/p" "$patchdir/$p"
	done | tail -n 1
}

mkdir -p "$out"
rm -f "$out"/[0-9][0-9][0-9][0-9]-*.patch "$out/series"
work=$(mktemp -d "${TMPDIR:-/tmp}/make-series.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM

# A private git: no user or system configuration, fixed identity and dates.
export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_SYSTEM=/dev/null GIT_CONFIG_NOSYSTEM=1
export GIT_AUTHOR_NAME="$author_name" GIT_AUTHOR_EMAIL="$author_email"
export GIT_COMMITTER_NAME="$author_name" GIT_COMMITTER_EMAIL="$author_email"
export GIT_AUTHOR_DATE="2026-10-08T12:00:00+0000" GIT_COMMITTER_DATE="2026-10-08T12:00:00+0000"
unset GIT_DIR GIT_WORK_TREE GIT_INDEX_FILE 2>/dev/null || true
g() { git -C "$work/tree" "$@"; }
mkdir "$work/tree"
g init -q
g config core.autocrlf false
g config core.fileMode true

sob="Signed-off-by: $author"

# The hand-written patches are kept without our identity: no `From:` of ours
# and no `Signed-off-by:` of ours (a backport keeps its authors' lines). The
# output gets --author's: `From:` after the mbox line when the patch has none,
# and `Signed-off-by:` as the last line of the message.
with_author() { # FILE
	awk -v a="$author" '
		NR == 1 && /^From [0-9a-f]+ / { print; next }
		!from && !/^From: / { print "From: " a }
		{ from = 1 }
		!done && /^---$/ { print "Signed-off-by: " a; done = 1 }
		{ print }
	' "$1"
}

# Adds an SPDX line to every .rs file below $1 that has none in its first lines.
add_spdx() { # DIR SPDX_EXPRESSION
	find "$1" -type f -name '*.rs' | LC_ALL=C sort | while IFS= read -r f; do
		if ! head -n 3 "$f" | grep -q 'SPDX-License-Identifier:'; then
			{ printf '// SPDX-License-Identifier: %s\n\n' "$2"; cat "$f"; } >"$f.spdx"
			mv "$f.spdx" "$f"
		fi
	done
}

any_edition=$(for c in $vendored_crates; do edition_in_patches "$(echo "$c" | tr - _)"; done)
for crate in $vendored_crates; do
	ver=$(lock_version "$crate")
	[ -n "$ver" ] || die "$crate is not a dependency of pin-init-internal in $repo/Cargo.lock"
	case $ver in *"
"*) die "pin-init-internal depends on several versions of $crate: $(echo $ver)" ;; esac
	dir=$vendor/$crate-$ver
	if [ ! -d "$dir/src" ]; then
		for d in "$vendor"/*/"$crate-$ver"; do
			[ -d "$d/src" ] && dir=$d && break
		done
	fi
	[ -d "$dir/src" ] || die "vendored $crate $ver not found in $vendor (expected $crate-$ver/src)"
	[ -f "$dir/Cargo.toml" ] || die "vendored $crate $ver has no Cargo.toml (its licence is read there)"
	license=$(sed -n 's/^license *= *"\(.*\)"$/\1/p' "$dir/Cargo.toml" | head -n 1)
	[ -n "$license" ] || die "no license = \"...\" in $dir/Cargo.toml"
	edition=$(sed -n 's/^edition *= *"\(.*\)"$/\1/p' "$dir/Cargo.toml" | head -n 1)
	[ -n "$edition" ] || edition=2015
	crate_id=$(echo "$crate" | tr - _)
	built=$(edition_in_patches "$crate_id")
	# A series that builds the crates says with which edition, for each of them.
	if [ -n "$any_edition" ]; then
		[ -n "$built" ] || die "no patch of patches/series says which edition rust/Makefile builds $crate with (a line \"$crate_id-edition := $edition\")"
	fi
	[ -z "$built" ] || [ "$built" = "$edition" ] ||
		die "rust/Makefile builds $crate with edition $built, but $crate $ver is an edition $edition crate ($dir/Cargo.toml): update \"$crate_id-edition\" in the patch that sets it"
	dest=$work/tree/rust/$crate
	mkdir -p "$dest"
	cp -R "$dir/src/." "$dest/"
	add_spdx "$dest" "$license"
	cat >"$dest/README.md" <<EOF
# \`$crate\`

These source files come from the Rust \`$crate\` crate, version $ver
(released under the licence \`$license\`), from
<https://crates.io/crates/$crate>: its \`src/\` directory as published,
with an \`SPDX-License-Identifier\` line added to every file. They are
built as a host library for the kernel's procedural macros (pin-init's
\`pin-init-internal\`); see \`rust/Makefile\`.

To update it, replace the files by those of a newer version's \`src/\`
and add the SPDX lines again.
EOF
	g add -A
	g commit -q -F - <<EOF
rust: $crate: import crate

Import the Rust \`$crate\` crate, version $ver, as
rust/$crate: the \`src/\` directory of the published crate, with an
SPDX-License-Identifier line added to every file and a README.md
saying where the files come from. The SPDX lines carry the crate's own
licence expression:

    $license

It is needed to build the \`pin-init-internal\` procedural macro crate,
which parses Rust items with \`syn\`; the next patches add the kbuild
rules that build these crates as host libraries. Nothing uses it yet, so
this patch does not change the build.

$sob
EOF
done

for d in pin-init/src pin-init/internal/src; do
	[ -n "$(ls -A "$repo/$d" 2>/dev/null)" ] || die "$repo/$d is missing or empty"
done
if [ "$kernel" = 7.2 ]; then
	# The tree's own pin-init, as the base the generated patch replaces (not part of the
	# series).
	mkdir -p "$work/tree/rust/pin-init/internal"
	cp -R "$tree/rust/pin-init/src" "$work/tree/rust/pin-init/src"
	cp -R "$tree/rust/pin-init/internal/src" "$work/tree/rust/pin-init/internal/src"
	cp "$tree/rust/pin-init/README.md" "$work/tree/rust/pin-init/README.md"
	g add -A
	g commit -q -m base
	base=$(g rev-parse HEAD)
	rm -rf "$work/tree/rust/pin-init/src" "$work/tree/rust/pin-init/internal/src"
fi
# The kernel copy is the crate minus its host-only code: every file whose module
# docs say `//! Host-only:` (the expansion snapshots, the checks' test-only off
# switches), and its declaration, which the crate writes as two lines in the
# parent module: `#[cfg(test)]` or `#[cfg(not(kernel))]`, then `mod NAME;`.
# kbuild passes `--cfg kernel`, so the kernel copy compiles what the crate
# compiles under that cfg.
kernel_copy_prune() { # DIR
	grep -rl '^//! Host-only:' "$1" | LC_ALL=C sort | while IFS= read -r f; do
		name=$(basename "$f" .rs)
		parent=$(dirname "$f")/lib.rs
		[ -f "$parent" ] || parent=$(dirname "$f")/mod.rs
		awk -v n="$name" '
			held != "" && $0 == "mod " n ";" { held = ""; found = 1; next }
			held != "" { print held; held = "" }
			$0 == "#[cfg(test)]" || $0 == "#[cfg(not(kernel))]" { held = $0; next }
			{ print }
			END { if (held != "") print held; if (!found) exit 1 }
		' "$parent" >"$parent.pruned" ||
			die "${f#"$1"/}: a host-only file must be declared as #[cfg(test)] or #[cfg(not(kernel))] then \`mod $name;\` in ${parent#"$1"/}"
		mv "$parent.pruned" "$parent"
		rm -f "$f"
	done
}
# Puts the kernel copy of the crate in directory $1 (holding pin-init/src and
# pin-init/internal/src) into the tree, replacing what the tree has there.
put_crate() { # DIR
	rm -rf "$work/tree/rust/pin-init/src" "$work/tree/rust/pin-init/internal/src"
	mkdir -p "$work/tree/rust/pin-init/src" "$work/tree/rust/pin-init/internal/src"
	cp -R "$1/pin-init/src/." "$work/tree/rust/pin-init/src/"
	cp -R "$1/pin-init/internal/src/." "$work/tree/rust/pin-init/internal/src/"
	kernel_copy_prune "$work/tree/rust/pin-init"
}

# The crate in steps (patches/crate/, see patches/README.md): step 1 is the
# crate without self-referential structs, each later step adds one capability;
# the last is the crate itself. crate-steps.sh writes the crate of step k to
# $work/steps/k, and says which step no longer applies to a changed crate.
steps=$(sed -e 's/#.*//' -e 's/[[:space:]]//g' -e '/^$/d' "$repo/patches/crate/series" 2>/dev/null || true)
[ -n "$steps" ] || die "patches/crate/series lists no step"
nsteps=$(printf '%s\n' "$steps" | wc -l)
steps_dir=$repo/patches/crate
sh "$(dirname "$0")/crate-steps.sh" --repo "$repo" states "$work/steps" 2>&1 |
	sed 's/^crate-steps: error:/make-series: error:/' >&2
[ -d "$work/steps/1" ] || exit 1

if [ "$kernel" = 6.12 ]; then
	put_crate "$work/steps/$nsteps"
	g add -A
	g commit -q -F - <<EOF
rust: pin-init: import the crate with self-referential structs

Add the sources of the \`pin-init\` crate and of its procedural macro
crate \`pin-init-internal\` as rust/pin-init/src and
rust/pin-init/internal/src.

pin-init provides safe pinned in-place initialisation (\`pin_init!\`,
\`init!\`, \`#[pin_data]\`, \`#[pinned_drop]\`, \`Zeroable\`), the API that
\`kernel::init\` has in Linux 6.12, and in addition lets the fields of a
\`#[pin_data]\` struct borrow sibling fields: shared (\`#[borrowed]\`),
mutable (\`#[borrowed(mut)]\`), invariant (\`#[uses('x: invariant)]\`) and
existential (\`where exists<'x>: 'a\`) borrows, without allocation and
without \`unsafe\` in the user's code.

The kernel copy leaves out the crate's host-only test code (expansion
snapshots, and the switches its fuzzer uses to turn a check off): the
macros built with \`--cfg kernel\` always run every soundness check.

Nothing builds these files yet; the next patches add the kbuild rules
and switch \`kernel::init\` over to the crate.

$sob
EOF
fi
if [ "$kernel" = 7.2 ]; then
	k=1
	for s in $steps; do
		put_crate "$work/steps/$k"
		g add -A
		! g diff --cached --quiet || die "patches/crate/$s: the step changes nothing in the kernel copy"
		{
			cat "$steps_dir/$s.msg"
			printf '\n%s\n' "$sob"
		} | g commit -q -F -
		k=$((k + 1))
	done
	# The crate's documents: its README (generated from the crate docs, without the
	# comment that says so), its design and soundness argument, which the sources
	# refer to, and its examples beside upstream's (which build against it unchanged).
	sed '1,/-->/d' "$repo/pin-init/README.md" | sed '1{/^$/d;}' >"$work/tree/rust/pin-init/README.md"
	cp "$repo/pin-init/DESIGN.md" "$repo/pin-init/SOUNDNESS.md" "$work/tree/rust/pin-init/"
	mkdir -p "$work/tree/rust/pin-init/examples"
	for f in "$repo"/pin-init/examples/*.rs; do
		cp "$f" "$work/tree/rust/pin-init/examples/"
	done
	g add -A
	g commit -q -F - <<EOF
rust: pin-init: document self-referential structs

The README still describes the crate before self-referential structs,
and nothing in the tree says why the macros generate what they do.

Replace README.md with the crate documentation of src/lib.rs, which
now covers borrows of sibling fields. Add DESIGN.md, the design the
macros implement (field lifetimes, the outlives chain, erased storage,
variance and drop check), and SOUNDNESS.md, every property the
generated code relies on with the attacks against it; the sources refer
to both. Add one example per kind of borrow; upstream's examples stay,
they build and run unchanged against this crate.

$sob
EOF
fi
# The last step is the crate as it is: check it, so that no step's revert can
# leave a difference behind unnoticed.
mkdir -p "$work/direct/pin-init/internal"
cp -R "$repo/pin-init/src" "$work/direct/pin-init/src"
cp -R "$repo/pin-init/internal/src" "$work/direct/pin-init/internal/src"
kernel_copy_prune "$work/direct/pin-init"
for d in src internal/src; do
	diff -r "$work/direct/pin-init/$d" "$work/tree/rust/pin-init/$d" >"$work/last.diff" 2>&1 ||
		die "the last crate step's kernel copy differs from the crate's (rust/pin-init/$d):
$(head -n 40 "$work/last.diff")"
done
ngen=$(g rev-list --count HEAD)
nhand=$(echo "$hand" | wc -w)
total=$((ngen + nhand))
if [ "$kernel" = 6.12 ]; then
	g format-patch -q --root --no-signature --no-numbered -o "$work/gen" HEAD >/dev/null
else
	ngen=$((ngen - 1))
	total=$((total - 1))
	g format-patch -q --no-renames --no-signature --no-numbered -o "$work/gen" "$base..HEAD" >/dev/null
fi

# [PATCH] or [PATCH k/m] -> [PATCH n/total], on the first Subject line only.
renumber() { # FILE N
	sed "1,/^Subject:/{s/^Subject: \[PATCH[^]]*\]/Subject: [PATCH $(printf '%02d' "$2")\/$(printf '%02d' "$total")]/;}" "$1"
}

n=0
for f in "$work/gen"/*.patch; do
	n=$((n + 1))
	name=$(printf '%04d-%s' "$n" "$(basename "$f" | sed 's/^[0-9]*-//')")
	renumber "$f" "$n" >"$out/$name"
	echo "$name generated" >>"$out/series"
done
# Writes patches/$1 with the files of its `+ PATH` / `- PATH` lines added to
# it: the commit message and the patch's own hunks as they are, then every
# file's diff (its own and the generated ones) in path order, under a
# recomputed diffstat.
compose() { # PATCH
	src=$patchdir/$1
	c=$work/compose
	rm -rf "$c"
	mkdir -p "$c/tree"
	git -C "$c/tree" init -q
	git -C "$c/tree" config core.abbrev 7
	# The files to delete, as the tree has them, then the change.
	extra_files "$1" >"$c/extra"
	while read -r op path; do
		if [ "$op" = - ]; then
			mkdir -p "$c/tree/$(dirname "$path")"
			cp "$tree/$path" "$c/tree/$path"
		fi
	done <"$c/extra"
	git -C "$c/tree" add -A
	git -C "$c/tree" commit -q --allow-empty -m base
	while read -r op path; do
		if [ "$op" = + ]; then
			mkdir -p "$c/tree/$(dirname "$path")"
			cp "$repo/kernel/$path" "$c/tree/$path"
		else
			rm "$c/tree/$path"
		fi
	done <"$c/extra"
	git -C "$c/tree" add -A
	git -C "$c/tree" diff --cached --no-renames --no-color >"$c/generated.diff"
	# The patch's own diffs: from its first `diff --git` line, without a
	# format-patch signature. They must not touch the generated files.
	awk '/^diff --git / { on = 1 } on && /^-- $/ { exit } on' "$src" >"$c/own.diff"
	while read -r op path; do
		if grep -q "^diff --git a/$path b/$path\$" "$c/own.diff"; then
			if [ "$op" = + ]; then
				die "patches/$1 contains a diff of $path, which comes from kernel/$path: remove it from the patch (edit kernel/$path instead)"
			else
				die "patches/$1 contains a diff of $path, which is generated against the tree: remove it from the patch"
			fi
		fi
	done <"$c/extra"
	cat "$c/own.diff" "$c/generated.diff" | awk '
		/^diff --git / { n++; split($0, w, " "); key[n] = substr(w[4], 3) }
		{ text[n] = text[n] $0 "\n" }
		END {
			for (i = 1; i <= n; i++) order[i] = i
			for (i = 2; i <= n; i++)
				for (j = i; j > 1 && key[order[j - 1]] > key[order[j]]; j--) {
					t = order[j]; order[j] = order[j - 1]; order[j - 1] = t
				}
			for (i = 1; i <= n; i++) printf "%s", text[order[i]]
		}
	' >"$c/all.diff"
	# `git apply --stat` reads only the patch; outside of any repository it
	# does not restrict the paths it reports.
	stat=$(cd "$c" && GIT_CEILING_DIRECTORIES=$c git apply --stat --summary all.diff) ||
		die "patches/$1: the composed patch is not a valid diff"
	awk '{ print } /^---$/ { exit }' "$src"
	printf '%s\n\n' "$stat"
	cat "$c/all.diff"
}

for p in $hand; do
	n=$((n + 1))
	name=$(printf '%04d-%s' "$n" "$(echo "$p" | sed 's/^[0-9]*-//')")
	if [ -n "$(extra_files "$p")" ]; then
		compose "$p" >"$work/composed.patch"
	else
		cp "$patchdir/$p" "$work/composed.patch"
	fi
	with_author "$work/composed.patch" >"$work/authored.patch"
	renumber "$work/authored.patch" "$n" >"$out/$name"
	echo "$name ${patchdir#"$repo"/}/$p" >>"$out/series"
done
echo "make-series: wrote $n patch(es) to $out ($ngen generated, $nhand from patches/series)"
