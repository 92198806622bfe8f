#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# ui-compare.sh REVIEWED_DIR ACTUAL_DIR [ACCEPTED]
#
# For a compiler that has no reviewed .stderr files (e.g. a nixpkgs rustc
# other than 1.95 and 1.85): compares the compile errors trybuild recorded in
# ACTUAL_DIR (TRYBUILD=overwrite) with the reviewed ones in REVIEWED_DIR, by
# what stays the same between compilers, file by file (each .stderr in every
# folder below REVIEWED_DIR with the one at the same relative path below
# ACTUAL_DIR), as a set of errors (compilers may report two errors of one
# case in either order: 1.85 puts a moved value's E0382 after the borrow
# error that 1.95 puts it before):
#
#  - our own errors (pin-init's macros: no error code) by their message;
#  - rustc's errors by their code (error[E0277], ...), except that the
#    lifetime and borrow errors, whose codes and wording change between
#    compilers for the same program (1.85 says E0597 or "lifetime may not
#    live long enough" where 1.95 says E0716 or E0521), are one class, and
#    a run of them counts once (one compiler reports a conflict twice);
#  - paths in messages (`pin_init::__internal::Foo` or `Foo`) are dropped.
#
# A case that fails for another reason than the reviewed one (another error
# code, another message of ours, a missing or an extra error) is reported.
#
# ACCEPTED (optional) is a file of the differences accepted for this compiler
# (pin-init/tests/ui-compare-1.78.txt for rustc 1.78): a line `[CASE]` (the
# path of the .stderr below REVIEWED_DIR, without `.stderr`) starts the
# signature this compiler gives for CASE, one line per error as printed
# below (`+` lines of a report, without the `+`), up to the next `[`; lines
# starting with `#` are comments, which say why. A case listed there must
# give that signature instead of the reviewed one, and is reported if it
# gives the reviewed one again (the entry is stale) or if it has no
# reviewed .stderr.
#
# Exits 1 if any file differs or is missing. POSIX sh, awk, diff, find, sort.
set -eu
[ $# -eq 2 ] || [ $# -eq 3 ] || {
	echo "usage: ui-compare.sh REVIEWED_DIR ACTUAL_DIR [ACCEPTED]" >&2
	exit 2
}
accepted=${3:-}
[ -z "$accepted" ] || [ -f "$accepted" ] || {
	echo "ui-compare: no file $accepted" >&2
	exit 2
}

accepted_signature() { # CASE -> the signature ACCEPTED gives for CASE (nothing if none)
	awk -v want="[$1]" '
		/^#/ { next }
		/^\[/ { on = ($0 == want); next }
		on && NF { print }
	' "$accepted"
}

signature() { # STDERR_FILE -> one line per error
	awk '
		BEGIN {
			n = split("E0499 E0502 E0503 E0505 E0506 E0515 E0521 E0597 E0713 E0716", c, " ")
			for (i = 1; i <= n; i++) borrowck[c[i]] = 1
		}
		# One line per error, but a run of lifetime/borrow errors is one: compilers report
		# the same conflict once or twice (1.85 adds a second E0597 where 1.95 has one).
		function emit(line) {
			if (line == lifetime && last == lifetime) return
			print line
			last = line
		}
		BEGIN { lifetime = "error: (lifetime or borrow error)" }
		/^error\[E[0-9]+\]: / {
			code = substr($0, 7, 5)
			emit((code in borrowck) ? lifetime : "error[" code "]")
			next
		}
		/^error: / {
			msg = substr($0, 8)
			if (msg ~ /^lifetime may not live long enough/ || msg ~ /^borrowed data escapes/) {
				emit(lifetime)
				next
			}
			gsub(/[A-Za-z_][A-Za-z0-9_]*::/, "", msg)
			emit("error: " msg)
		}
	' "$1"
}

reviewed=${1%/}
actual=${2%/}
find "$reviewed" -name '*.stderr' -type f | sort >"${TMPDIR:-/tmp}/ui-compare.$$.list"
[ -s "${TMPDIR:-/tmp}/ui-compare.$$.list" ] || {
	rm -f "${TMPDIR:-/tmp}/ui-compare.$$".*
	echo "ui-compare: no .stderr files in $1" >&2
	exit 1
}
bad=0
count=0
as_accepted=0
while read -r want; do
	# The path below REVIEWED_DIR names the case (e.g. selfref/drop/selfref_dropck_reader.stderr).
	name=${want#"$reviewed"/}
	got=$actual/$name
	count=$((count + 1))
	if [ ! -f "$got" ]; then
		echo "ui-compare: $name: no recorded output in $2"
		bad=1
		continue
	fi
	if ! signature "$want" | LC_ALL=C sort >"${TMPDIR:-/tmp}/ui-compare.$$.want" ||
		! signature "$got" | LC_ALL=C sort >"${TMPDIR:-/tmp}/ui-compare.$$.got"; then
		echo "ui-compare: $name: cannot read"
		bad=1
		continue
	fi
	if [ -n "$accepted" ]; then
		accepted_signature "${name%.stderr}" | LC_ALL=C sort >"${TMPDIR:-/tmp}/ui-compare.$$.accepted"
		if [ -s "${TMPDIR:-/tmp}/ui-compare.$$.accepted" ]; then
			if cmp -s "${TMPDIR:-/tmp}/ui-compare.$$.want" "${TMPDIR:-/tmp}/ui-compare.$$.got"; then
				echo "ui-compare: $name fails as reviewed again: remove its entry from $accepted"
				bad=1
				continue
			fi
			as_accepted=$((as_accepted + 1))
			mv "${TMPDIR:-/tmp}/ui-compare.$$.accepted" "${TMPDIR:-/tmp}/ui-compare.$$.want"
		fi
	fi
	if ! diff -u "${TMPDIR:-/tmp}/ui-compare.$$.want" "${TMPDIR:-/tmp}/ui-compare.$$.got" >"${TMPDIR:-/tmp}/ui-compare.$$.diff"; then
		echo "ui-compare: $name fails otherwise than reviewed (- reviewed, + this compiler):"
		tail -n +3 "${TMPDIR:-/tmp}/ui-compare.$$.diff" | sed 's/^/    /'
		bad=1
	fi
done <"${TMPDIR:-/tmp}/ui-compare.$$.list"
if [ -n "$accepted" ]; then
	# An entry whose case has no reviewed output (renamed, moved or removed).
	for case in $(sed -n 's/^\[\(.*\)\]$/\1/p' "$accepted"); do
		[ -f "$reviewed/$case.stderr" ] || {
			echo "ui-compare: $accepted names $case, which has no $reviewed/$case.stderr"
			bad=1
		}
	done
fi
rm -f "${TMPDIR:-/tmp}/ui-compare.$$".*
[ "$bad" -eq 0 ] || exit 1
if [ "$as_accepted" -gt 0 ]; then
	echo "ui-compare: all $count case(s) fail with the reviewed errors ($as_accepted as accepted in $accepted)"
else
	echo "ui-compare: all $count case(s) fail with the reviewed errors"
fi
