#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# save-patches.sh [--kernel 6.12|7.2] GIT_TREE BASE [REPO_ROOT]
#
# Writes the commits BASE..HEAD of the kernel git tree GIT_TREE into
# REPO_ROOT/patches/ (default: this repository; REPO_ROOT/patches/7.2/ with
# `--kernel 7.2`) as the hand-written patches of the series, with `git format-patch`: the way back after editing the series in
# a tree (apply it with `git am`, edit, commit, then run this; BASE is the
# commit of the last generated patch, "rust: pin-init: import the crate ...").
#
# The files that patches/series adds to a patch (`+ PATH`, from kernel/PATH)
# or deletes as the tree has them (`- PATH`) are left out of the patch files:
# make-series.sh adds them. Copy your edits of such a file to kernel/PATH; this
# script refuses to drop a `+ PATH` file that differs from kernel/PATH.
# Patch names come from format-patch; keep patches/series in step with them.
set -eu
die() {
	echo "save-patches: error: $*" >&2
	exit 1
}
kernel=6.12
if [ "${1-}" = --kernel ]; then
	[ $# -ge 2 ] || die "--kernel needs a version (6.12 or 7.2)"
	kernel=$2
	shift 2
fi
[ $# -ge 2 ] || die "usage: save-patches.sh [--kernel 6.12|7.2] GIT_TREE BASE [REPO_ROOT]"
gitdir=$1
base=$2
repo=${3:-$(cd "$(dirname "$0")/.." && pwd)}
case $kernel in
6.12) patchdir=$repo/patches ;;
7.2) patchdir=$repo/patches/7.2 ;;
*) die "--kernel $kernel: the series is for 6.12 or 7.2" ;;
esac
out=$(mktemp -d "${TMPDIR:-/tmp}/save-patches.XXXXXX")
trap 'rm -rf "$out"' EXIT INT TERM
git -C "$gitdir" -c core.abbrev=7 format-patch -q --no-signature --no-numbered -o "$out" "$base..HEAD"
# The `+ PATH` / `- PATH` lines of the patch whose name (without number) is $1.
directives() {
	awk -v want="$1" '
		/^[ \t]*#/ || /^[ \t]*$/ { next }
		/^[ \t]*[-+][ \t]/ { if (cur == want) print; next }
		{ c = $1; sub(/^[0-9][0-9][0-9][0-9]-/, "", c); cur = c }
	' "$patchdir/series"
}
for f in "$out"/*.patch; do
	name=$(basename "$f")
	extra=$(directives "${name#[0-9][0-9][0-9][0-9]-}")
	if [ -n "$extra" ]; then
		printf '%s\n' "$extra" | while read -r op path; do
			if [ "$op" = + ] && ! git -C "$gitdir" show "HEAD:$path" 2>/dev/null | cmp -s - "$repo/kernel/$path"; then
				die "$path in $gitdir differs from kernel/$path: copy it there first (patches/series takes it from there)"
			fi
		done || exit 1
		paths=$(printf '%s\n' "$extra" | sed 's/^[ \t]*[-+][ \t]*//')
		awk -v strip="$paths" '
			BEGIN { n = split(strip, s, "\n"); for (i = 1; i <= n; i++) drop["a/" s[i]] = 1 }
			/^diff --git / { skip = ($3 in drop) }
			!skip { print }
		' "$f" >"$f.own"
		awk '/^diff --git /{ on = 1 } on' "$f.own" >"$f.diff"
		{
			awk '{ print } /^---$/ { exit }' "$f.own"
			if [ -s "$f.diff" ]; then
				(cd "$out" && GIT_CEILING_DIRECTORIES=$out git apply --stat --summary "$f.diff")
				echo
				cat "$f.diff"
			fi
		} >"$f"
	fi
	# patches/ keeps no identity of ours: make-series.sh adds its --author's. Ours is the
	# message's last Signed-off-by (make-series put it there), and the From: when it is
	# the same person (a backport keeps its author's From:).
	awk '
		NR == FNR { if (/^---$/) stop = 1; if (!stop && /^Signed-off-by: /) { ours = substr($0, 16); at = FNR } next }
		FNR == at { next }
		!body && /^$/ { body = 1 }
		!body && $0 == "From: " ours { next }
		{ print }
	' "$f" "$f" >"$f.saved"
	cp "$f.saved" "$patchdir/$name"
	echo "save-patches: ${patchdir#"$repo"/}/$name"
done
