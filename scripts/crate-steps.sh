#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# crate-steps.sh [--repo DIR] checkout DIR [REV] | save DIR | check [TARGET_DIR] | states OUT
#
# The crate in steps (patches/crate/, see patches/README.md): the kernel series
# adds pin-init in steps, the first without self-referential structs and each
# later one adding one capability. Step k > 1 is stored as the diff that
# removes its capability from the crate of step k (NN-NAME.revert) and its
# commit message (NN-NAME.msg); the last step is the crate as it is.
#
#   checkout DIR [REV]
#                 writes a git repository at DIR with one commit per step,
#                 in order (pin-init/src and pin-init/internal/src of each
#                 step, the step's message): edit it as any branch (rebase -i,
#                 amend, split), as long as its last commit stays the crate.
#                 With REV, the steps of this checkout are applied to the
#                 crate of git revision REV instead (for a crate that has
#                 changed where a step's revert no longer applies: check out
#                 the steps at the revision they were made for, commit the
#                 crate as it is now on top, and fold that commit into the
#                 steps it belongs to).
#   save DIR      writes patches/crate/ back from such a repository: the
#                 series, every message, every revert. Fails when DIR's last
#                 commit is not the crate of this checkout.
#   check         builds every step's crates (cargo check of pin-init without
#                 std, and of pin-init-internal with --cfg kernel, warnings
#                 denied, as kbuild builds them) in a scratch copy of the
#                 workspace; TARGET_DIR is cargo's (default: a scratch one).
#   states OUT    writes the crate of step k to OUT/k/pin-init/{src,internal/src}
#                 (make-series.sh's input: one patch per step).
# --repo DIR: the repository whose crate and patches/crate/ are read (default:
# the one this script is in).
# Needs POSIX sh, git and, for check, cargo.
set -eu

die() {
	echo "crate-steps: error: $*" >&2
	exit 1
}

repo=$(cd "$(dirname "$0")/.." && pwd)
if [ "${1-}" = --repo ]; then
	[ $# -ge 2 ] || die "--repo needs a directory"
	repo=$(cd "$2" && pwd) || die "no directory $2"
	shift 2
fi
steps_dir=$repo/patches/crate
[ $# -ge 1 ] || die "usage: crate-steps.sh [--repo DIR] checkout DIR [REV] | save DIR | check [TARGET_DIR] | states OUT"
[ -f "$steps_dir/series" ] || die "missing $steps_dir/series"
cmd=$1
shift

export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_SYSTEM=/dev/null GIT_CONFIG_NOSYSTEM=1
export GIT_AUTHOR_NAME="crate steps" GIT_AUTHOR_EMAIL="steps@localhost"
export GIT_COMMITTER_NAME="crate steps" GIT_COMMITTER_EMAIL="steps@localhost"
export GIT_AUTHOR_DATE="2026-10-08T12:00:00+0000" GIT_COMMITTER_DATE="2026-10-08T12:00:00+0000"

steps() {
	sed -e 's/#.*//' -e 's/[[:space:]]//g' -e '/^$/d' "$steps_dir/series"
}
[ -n "$(steps)" ] || die "patches/crate/series lists no step"

# The crate's step directories, as make-series.sh builds them: $1/k/pin-init/...
# From the crate of git revision $2 if given, else from the working tree's.
states() { # OUT [REV]
	mkdir -p "$1/crate/pin-init/internal"
	if [ -n "${2-}" ]; then
		git -C "$repo" archive "$2" pin-init/src pin-init/internal/src | tar -x -C "$1/crate" ||
			die "cannot read the crate of revision $2"
	else
		cp -R "$repo/pin-init/src" "$1/crate/pin-init/src"
		cp -R "$repo/pin-init/internal/src" "$1/crate/pin-init/internal/src"
	fi
	git -C "$1/crate" init -q
	n=$(steps | wc -l)
	k=$n
	for s in $(steps | sort -r); do
		[ -f "$steps_dir/$s.msg" ] || die "patches/crate/$s.msg (the step's commit message) is missing"
		mkdir -p "$1/$k"
		cp -R "$1/crate/pin-init" "$1/$k/pin-init"
		if [ "$k" -gt 1 ]; then
			[ -f "$steps_dir/$s.revert" ] || die "patches/crate/$s.revert is missing"
			[ -s "$steps_dir/$s.revert" ] || die "patches/crate/$s.revert is empty: the step changes nothing"
			if ! err=$(git -C "$1/crate" apply --whitespace=nowarn "$steps_dir/$s.revert" 2>&1); then
				die "patches/crate/$s.revert (step $k of $n) does not apply: the crate changed in lines that step adds. Update the step as patches/README.md says ('The crate in steps'); git apply says:
$err"
			fi
		elif [ -f "$steps_dir/$s.revert" ]; then
			die "patches/crate/$s.revert: the first step has no revert (it is the crate the others build on)"
		fi
		k=$((k - 1))
	done
}

case $cmd in
checkout)
	[ $# -eq 1 ] || [ $# -eq 2 ] || die "usage: crate-steps.sh checkout DIR [REV]"
	dir=$1
	[ ! -e "$dir" ] || die "$dir exists"
	tmp=$(mktemp -d "${TMPDIR:-/tmp}/crate-steps.XXXXXX")
	trap 'rm -rf "$tmp"' EXIT INT TERM
	states "$tmp" "${2-}"
	mkdir -p "$dir"
	git -C "$dir" init -q
	k=1
	for s in $(steps); do
		rm -rf "${dir:?}/pin-init"
		cp -R "$tmp/$k/pin-init" "$dir/pin-init"
		git -C "$dir" add -A
		git -C "$dir" commit -q -F "$steps_dir/$s.msg"
		git -C "$dir" tag "step-$s"
		k=$((k + 1))
	done
	echo "crate-steps: $dir has $((k - 1)) commits, one per step (tags step-NN-NAME)"
	;;
save)
	[ $# -eq 1 ] || die "usage: crate-steps.sh save DIR"
	dir=$1
	git -C "$dir" diff --quiet HEAD || die "$dir has uncommitted changes"
	for d in src internal/src; do
		diff -r "$repo/pin-init/$d" "$dir/pin-init/$d" >/dev/null ||
			die "the last commit of $dir is not the crate (pin-init/$d differs): the last step must be the crate as it is"
	done
	commits=$(git -C "$dir" rev-list --reverse HEAD)
	tmp=$(mktemp -d "${TMPDIR:-/tmp}/crate-steps.XXXXXX")
	trap 'rm -rf "$tmp"' EXIT INT TERM
	k=0
	prev=
	for c in $commits; do
		k=$((k + 1))
		subject=$(git -C "$dir" log -1 --format=%s "$c")
		slug=$(printf '%s' "$subject" | sed -e 's/^rust: pin-init: //' -e 's/[^A-Za-z0-9]\{1,\}/-/g' -e 's/^-//' -e 's/-$//')
		# At most 50 characters, cut at a word.
		[ ${#slug} -le 50 ] || slug=$(printf '%s' "$slug" | cut -c1-51 | sed 's/-[^-]*$//')
		name=$(printf '%02d-%s' "$k" "$slug")
		echo "$name" >>"$tmp/series"
		git -C "$dir" log -1 --format=%B "$c" | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}' >"$tmp/$name.msg"
		if [ -n "$prev" ]; then
			git -C "$dir" diff --no-renames --no-color "$c" "$prev" -- pin-init/src pin-init/internal/src >"$tmp/$name.revert"
		fi
		prev=$c
	done
	rm -f "$steps_dir"/*.msg "$steps_dir"/*.revert
	{
		echo "# The crate in steps, in order (see patches/README.md, \"The crate in steps\")."
		cat "$tmp/series"
	} >"$steps_dir/series"
	cp "$tmp"/*.msg "$steps_dir/"
	find "$tmp" -name '*.revert' -exec cp {} "$steps_dir/" \;
	echo "crate-steps: wrote $k step(s) to patches/crate/"
	;;
check)
	command -v cargo >/dev/null 2>&1 || die "cargo not found"
	tmp=$(mktemp -d "${TMPDIR:-/tmp}/crate-steps.XXXXXX")
	trap 'rm -rf "$tmp"' EXIT INT TERM
	target=${1:-$tmp/target}
	states "$tmp/states"
	n=$(steps | wc -l)
	k=1
	for s in $(steps); do
		w=$tmp/ws
		rm -rf "$w"
		mkdir -p "$w/pin-init/internal"
		cp "$repo/Cargo.lock" "$w/"
			# The real manifests, without the members that are not copied and without the
		# tests' dependencies (the tests are the crate's, not a step's).
		sed -e 's/^members = .*/members = ["pin-init", "pin-init\/internal"]/' \
			-e '/^default-members/d' "$repo/Cargo.toml" >"$w/Cargo.toml"
		for m in pin-init pin-init/internal; do
			awk '/^\[/ { skip = ($0 == "[dev-dependencies]" || $0 == "[[test]]") } !skip' \
				"$repo/$m/Cargo.toml" >"$w/$m/Cargo.toml"
		done
		[ ! -f "$repo/pin-init/build.rs" ] || cp "$repo/pin-init/build.rs" "$w/pin-init/"
		cp -R "$tmp/states/$k/pin-init/src" "$w/pin-init/src"
		cp -R "$tmp/states/$k/pin-init/internal/src" "$w/pin-init/internal/src"
		echo "== step $k of $n: $s"
		(cd "$w" && CARGO_TARGET_DIR=$target cargo clippy -q -p pin-init-internal --lib -- --cfg kernel -D warnings) ||
			die "step $k of $n ($s): pin-init-internal does not build with --cfg kernel (clippy, warnings denied)"
		(cd "$w" && CARGO_TARGET_DIR=$target cargo clippy -q -p pin-init --lib --no-default-features -- -D warnings) ||
			die "step $k of $n ($s): pin-init does not build without std (clippy, warnings denied)"
		k=$((k + 1))
	done
	echo "crate-steps: all $n step(s) build"
	;;
states)
	[ $# -eq 1 ] || die "usage: crate-steps.sh states OUT"
	states "$1"
	;;
*) die "unknown command $cmd (checkout, save, check or states)" ;;
esac
