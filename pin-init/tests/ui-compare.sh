#!/bin/sh
# ui-compare.sh REVIEWED_DIR ACTUAL_DIR
#
# For a compiler that has no reviewed .stderr files (e.g. a nixpkgs rustc
# other than 1.95 and 1.85): compares the compile errors trybuild recorded in
# ACTUAL_DIR (TRYBUILD=overwrite) with the reviewed ones in REVIEWED_DIR, by
# what stays the same between compilers, file by file (each .stderr in every
# folder below REVIEWED_DIR with the one at the same relative path below
# ACTUAL_DIR), in order:
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
# Exits 1 if any file differs or is missing. POSIX sh, awk, diff, find, sort.
set -eu
[ $# -eq 2 ] || {
	echo "usage: ui-compare.sh REVIEWED_DIR ACTUAL_DIR" >&2
	exit 2
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
	if ! signature "$want" >"${TMPDIR:-/tmp}/ui-compare.$$.want" ||
		! signature "$got" >"${TMPDIR:-/tmp}/ui-compare.$$.got"; then
		echo "ui-compare: $name: cannot read"
		bad=1
		continue
	fi
	if ! diff -u "${TMPDIR:-/tmp}/ui-compare.$$.want" "${TMPDIR:-/tmp}/ui-compare.$$.got" >"${TMPDIR:-/tmp}/ui-compare.$$.diff"; then
		echo "ui-compare: $name fails otherwise than reviewed (- reviewed, + this compiler):"
		tail -n +3 "${TMPDIR:-/tmp}/ui-compare.$$.diff" | sed 's/^/    /'
		bad=1
	fi
done <"${TMPDIR:-/tmp}/ui-compare.$$.list"
rm -f "${TMPDIR:-/tmp}/ui-compare.$$".*
[ "$bad" -eq 0 ] || exit 1
echo "ui-compare: all $count case(s) fail with the reviewed errors"
