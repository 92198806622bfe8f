#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# check-config.sh CONFIG FRAGMENT...
#
# Checks a final kernel .config against the fragments it was made from (in
# merge order: a later fragment overrides an earlier one), as the Nix
# kernel's configuration step does after `make olddefconfig`
# (nix/kernel.nix) and scripts/check-nix.sh does on the plain harness's
# .config:
#
#  1. every option a fragment sets has that value in CONFIG
#     (`# CONFIG_X is not set` and a missing CONFIG_X both mean n);
#  2. every KUnit suite enabled in CONFIG (an option whose name contains
#     KUNIT, other than KUnit's own settings) is one a fragment enables: no
#     unrelated suite runs at boot and decides the verdict.
#
# Prints each problem and exits 1 if there is one. POSIX sh and awk only.
set -eu
[ $# -ge 2 ] || {
	echo "usage: check-config.sh CONFIG FRAGMENT..." >&2
	exit 2
}
config=$1
shift
[ -f "$config" ] || {
	echo "check-config: $config: no such file" >&2
	exit 2
}
for f in "$@"; do
	[ -f "$f" ] || {
		echo "check-config: $f: no such file" >&2
		exit 2
	}
done

awk -v nfrag=$# '
	function entry(line) {
		if (match(line, /^CONFIG_[A-Za-z0-9_]+=/)) {
			name = substr(line, 8, RLENGTH - 8)
			value = substr(line, RLENGTH + 1)
			return 1
		}
		if (match(line, /^# CONFIG_[A-Za-z0-9_]+ is not set$/)) {
			name = substr(line, 10, RLENGTH - 20)
			value = "n"
			return 1
		}
		return 0
	}
	FNR == 1 { file++ }
	{ sub(/^[ \t]+/, ""); sub(/[ \t]+$/, "") }
	file <= nfrag {
		if (entry($0)) { want[name] = value; from[name] = FILENAME }
		next
	}
	entry($0) { have[name] = value }
	END {
		bad = 0
		for (o in want) {
			got = (o in have) ? have[o] : "n"
			if (got != want[o]) {
				printf "CONFIG_%s: %s wants %s, the .config has %s\n", o, from[o], want[o], got
				bad = 1
			}
		}
		for (o in have) {
			if (o !~ /KUNIT/ || (have[o] != "y" && have[o] != "m")) continue
			if (o == "KUNIT" || o == "KUNIT_DEFAULT_ENABLED" || o == "KUNIT_DEBUGFS" ||
			    o == "KUNIT_AUTORUN_ENABLED" || o == "KUNIT_DEFAULT_TIMEOUT") continue
			if (!(o in want) || want[o] == "n") {
				printf "CONFIG_%s=%s: a KUnit suite no fragment enables (it would run at boot)\n", o, have[o]
				bad = 1
			}
		}
		exit bad
	}
' "$@" "$config"
