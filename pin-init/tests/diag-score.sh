#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
#
# diag-score.sh [--set ui|ui-1.85] [--corpus NAME] [--min PERCENT] [--root TESTS_DIR]
#
# Scores the reviewed compiler output of the diagnostics corpus: every compile-fail case below
# tests/ui whose source carries the annotations (CONTRIBUTING.md, "The `mistake_` corpus")
#   // diag-fix: REGEX     what the ideal message says to write (ERE, grep -E); several lines:
#                          each must match
#   // diag-line: LINE     the line of the case the user must change
#   // diag-class: CLASS   the kind of mistake
#   // diag-corpus: NAME   optional: the corpus the case belongs to (`first` if absent); with
#                          `--corpus NAME` only that corpus's cases are scored
# against the reviewed .stderr of one set (default `ui`, rustc 1.95; `--set ui-1.85` for
# Debian's 1.85). Four booleans per case:
#   R  the .stderr matches every diag-fix regex (not counting its `-->` location lines);
#   S  the primary location of the first diagnostic (the first `error`/`warning` header) is the
#      diag-line: the first `--> PATH:LINE:COL` of that diagnostic that names the case's own file
#      (for an error from inside a macro rustc still points at the user's file there);
#   N  no internal name of pin-init appears, except in rustc's "this error originates in the
#      macro" notes (the regex INTERNAL below);
#   L  at most 3 `error` diagnostics (not counting "aborting due to" and "For more information"),
#      and S holds: the first diagnostic is the relevant one.
# Prints one line per case (`name R S N L class`, booleans as 1/0), the totals of each class,
# and last a line `score: R=x/n S=x/n N=x/n L=x/n`. With `--min PERCENT` it exits 1 if any of R,
# S, N is below PERCENT percent of the cases. `--root` names another tests directory (holding
# ui/ and the sets), for testing the script itself. POSIX sh, grep -E, awk, sed, find.
set -eu

INTERNAL='Erase|Borrowed<|BorrowedMut|HrOutput|__internal|__pin_init|__PinData|FieldLifetimes|NotVisible|Bounded<|pin_init::__|_::__|__[a-z_]+\(|deprecated function|__[a-z]+_guard|fields_being_initialized|slot_[a-z0-9]|DropGuard|Slot::<|Slot<|MustNotImplDrop|SkeletonGuard|OnlyCallFromDrop|InitOk|_[a-z0-9]{12}[0-9]\b'

usage() {
    echo "usage: $0 [--set ui|ui-1.85] [--corpus NAME] [--min PERCENT] [--root TESTS_DIR]" >&2
    exit 2
}

root=$(cd "$(dirname "$0")" && pwd)
set_name=ui
min=
corpus=
while [ $# -gt 0 ]; do
    case $1 in
    --set) [ $# -ge 2 ] || usage; set_name=$2; shift 2 ;;
    --set=*) set_name=${1#--set=}; shift ;;
    --corpus) [ $# -ge 2 ] || usage; corpus=$2; shift 2 ;;
    --corpus=*) corpus=${1#--corpus=}; shift ;;
    --min) [ $# -ge 2 ] || usage; min=$2; shift 2 ;;
    --min=*) min=${1#--min=}; shift ;;
    --root) [ $# -ge 2 ] || usage; root=$2; shift 2 ;;
    --root=*) root=${1#--root=}; shift ;;
    -h | --help) usage ;;
    *) usage ;;
    esac
done
case $min in
'' | *[!0-9]*) [ -z "$min" ] || { echo "$0: --min takes a whole percentage" >&2; exit 2; } ;;
esac
[ -d "$root/ui" ] || { echo "$0: no $root/ui" >&2; exit 2; }
[ -d "$root/$set_name" ] || { echo "$0: no stderr set $root/$set_name" >&2; exit 2; }

results=$(mktemp)
trap 'rm -f "$results" "$results.list" "$results.re"' EXIT

# The cases: the sources of tests/ui (those of the other sets are links to them), sorted.
find "$root/ui" -name '*.rs' -type f | LC_ALL=C sort >"$results.list"
while read -r src; do
    grep -q '^// diag-fix: ' "$src" || continue
    if [ -n "$corpus" ]; then
        case_corpus=$(sed -n 's|^// diag-corpus: *\([^ ]*\) *$|\1|p' "$src" | head -n 1)
        [ "${case_corpus:-first}" = "$corpus" ] || continue
    fi
    rel=${src#"$root/ui/"}
    name=$(basename "$rel" .rs)
    stderr=$root/$set_name/${rel%.rs}.stderr
    line=$(sed -n 's|^// diag-line: *\([0-9][0-9]*\) *$|\1|p' "$src" | head -n 1)
    class=$(sed -n 's|^// diag-class: *\([^ ]*\) *$|\1|p' "$src" | head -n 1)
    if [ -z "$line" ] || [ -z "$class" ]; then
        echo "$0: $rel: a diag-fix without diag-line or diag-class" >&2
        exit 2
    fi
    if [ ! -f "$stderr" ]; then
        echo "$0: $rel: no reviewed output $stderr (scored 0)" >&2
        echo "$name 0 0 0 0 $class" >>"$results"
        continue
    fi

    # R: every diag-fix regex matches somewhere in the output, its `-->` location lines left
    # out (they hold the case's file name, which may spell the fix: `..._without_collect.rs`).
    r=1
    sed -n 's|^// diag-fix: \(.*\)$|\1|p' "$src" | sed 's/[[:space:]]*$//' >"$results.re"
    while IFS= read -r re; do
        grep -v '^ *--> ' "$stderr" | grep -E -q -e "$re" || r=0
    done <"$results.re"

    # N: no internal name outside the "originates in the macro" notes.
    if grep -v 'originates in the' "$stderr" | grep -E -q -e "$INTERNAL"; then n=0; else n=1; fi

    # S and L: the headers of the diagnostics, and the first one's location in this file.
    set -- $(awk -v name="$name" '
        function header(l) {
            return l ~ /^(error|warning)(\[[A-Za-z0-9]+\])?: / &&
                l !~ /^error: aborting due to/ && l !~ /^error: could not compile/ &&
                l !~ /^warning: [0-9]+ warnings? emitted/
        }
        header($0) { heads++; if ($0 ~ /^error/) errors++; next }
        heads == 1 && at == 0 && $0 ~ /^ *--> / {
            loc = $0
            sub(/^ *--> /, "", loc)
            k = index(loc, name ".rs:")
            if (k > 0 && (k == 1 || substr(loc, k - 1, 1) == "/")) {
                loc = substr(loc, k + length(name ".rs:"))
                split(loc, part, ":")
                at = part[1] + 0
            }
        }
        END { print errors + 0, at + 0 }
    ' "$stderr")
    errors=$1
    at=$2
    if [ "$at" -eq "$line" ]; then s=1; else s=0; fi
    if [ "$errors" -le 3 ] && [ "$s" -eq 1 ]; then l=1; else l=0; fi
    echo "$name $r $s $n $l $class" >>"$results"
done <"$results.list"

[ -s "$results" ] || { echo "$0: no case with a diag-fix annotation${corpus:+ in corpus $corpus} below $root/ui" >&2; exit 2; }

awk -v set_name="$set_name" -v min="$min" '
    { name[NR] = $1; r[NR] = $2; s[NR] = $3; n[NR] = $4; l[NR] = $5; cl[NR] = $6
      if (!($6 in cn)) { order[++classes] = $6 }
      cn[$6]++; cr[$6] += $2; cs[$6] += $3; cnn[$6] += $4; cll[$6] += $5
      R += $2; S += $3; N += $4; L += $5
      if (length($1) > w) w = length($1) }
    END {
        printf "# diagnostics corpus, stderr set %s: R = says what to write, S = first diagnostic at the line to change, N = no internal names, L = at most 3 errors and the first one relevant\n", set_name
        pad = "%-" w "s"
        printf pad " R S N L class\n", "case"
        for (i = 1; i <= NR; i++) printf pad " %d %d %d %d %s\n", name[i], r[i], s[i], n[i], l[i], cl[i]
        print ""
        for (j = 1; j <= classes; j++) {
            c = order[j]
            printf "class %s: n=%d R=%d S=%d N=%d L=%d\n", c, cn[c], cr[c], cs[c], cnn[c], cll[c]
        }
        print ""
        printf "score: R=%d/%d S=%d/%d N=%d/%d L=%d/%d\n", R, NR, S, NR, N, NR, L, NR
        if (min != "" && (R * 100 < min * NR || S * 100 < min * NR || N * 100 < min * NR)) {
            printf "below --min %s%%: R, S and N must each reach it\n", min > "/dev/stderr"
            exit 1
        }
    }
' "$results"
