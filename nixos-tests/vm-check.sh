#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# vm-check.sh MANIFEST [MODULE_DIR]
#
# Runs inside the test VM (as /init's payload in `cargo xtask vm-test`, and in
# the NixOS test). For every module in MANIFEST (see samples.manifest), in
# order and as many times as its `cycles` line says (default once): clear the
# kernel log, insert the module (MODULE_DIR/NAME.ko with insmod, or modprobe
# NAME without MODULE_DIR), check its `load` lines, remove it, check its
# `unload` lines, and check that the kernel reported no oops/BUG/WARN/KASAN
# while doing so. A module fails at its first failing cycle.
#
# Output protocol (parsed by `cargo xtask verdict`), one line each:
#   VMCHECK: begin
#   VMCHECK: line NAME load|unload seen|MISSING: TEXT
#   VMCHECK: module NAME PASS
#   VMCHECK: module NAME FAIL REASON
#   VMCHECK: done pass=N fail=M
# Exit status: 0 if every module passed. Needs sh, awk, grep, cut, dmesg,
# insmod/rmmod or modprobe (busybox is enough).

manifest=${1:?usage: vm-check.sh MANIFEST [MODULE_DIR]}
moddir=${2:-}
tmp=${TMPDIR:-/tmp}/vm-check.$$
mkdir -p "$tmp"

say() { echo "VMCHECK: $*"; }

# Kernel messages that mean something went wrong, whatever the module printed.
oops_re='BUG:|Oops|WARNING: CPU:|WARNING: possible|WARNING: inconsistent lock state|WARNING: bad unlock balance|WARNING: held lock freed|WARNING: suspicious RCU usage|INFO: trying to register non-static key|ODEBUG:|KASAN:|Kernel panic|general protection fault|UBSAN:|cut here|panicked at'

# check_lines KIND NAME LOGFILE: every KIND line of NAME must be in LOGFILE.
check_lines() {
	grep "^$1 $2 " "$manifest" | cut -d' ' -f3- >"$tmp/want"
	missing=0
	while IFS= read -r text; do
		if grep -qF -- "$text" "$3"; then
			say "line $2 $1 seen: $text"
		else
			say "line $2 $1 MISSING: $text"
			missing=$((missing + 1))
		fi
	done <"$tmp/want"
	[ "$missing" -eq 0 ]
}

# run_cycle NAME PATH: insert, check, remove, check; sets $reason on failure.
run_cycle() {
	dmesg -c >/dev/null 2>&1
	if [ -n "$moddir" ]; then
		insmod "$moddir/$(basename "$2")" 2>"$tmp/err" || reason="insmod failed: $(cat "$tmp/err")"
	else
		modprobe "$1" 2>"$tmp/err" || reason="modprobe failed: $(cat "$tmp/err")"
	fi
	dmesg -c >"$tmp/load" 2>&1
	if [ -z "$reason" ]; then
		check_lines load "$1" "$tmp/load" || reason="missing load line(s)"
		if rmmod "$1" 2>"$tmp/err"; then
			dmesg -c >"$tmp/unload" 2>&1
			check_lines unload "$1" "$tmp/unload" || reason="${reason:+$reason, }missing unload line(s)"
		else
			reason="${reason:+$reason, }rmmod failed: $(cat "$tmp/err")"
			dmesg -c >"$tmp/unload" 2>&1
		fi
	else
		: >"$tmp/unload"
	fi
	if bad=$(cat "$tmp/load" "$tmp/unload" | grep -E "$oops_re" | head -n 1) && [ -n "$bad" ]; then
		reason="${reason:+$reason, }kernel reported: $bad"
	fi
}

say "begin"
pass=0
fail=0
for name in $(awk '$1 == "module" { print $2 }' "$manifest"); do
	path=$(awk -v n="$name" '$1 == "module" && $2 == n { print $3; exit }' "$manifest")
	cycles=$(awk -v n="$name" '$1 == "cycles" && $2 == n { print $3; exit }' "$manifest")
	reason=
	cycle=0
	while [ -z "$reason" ] && [ "$cycle" -lt "${cycles:-1}" ]; do
		cycle=$((cycle + 1))
		run_cycle "$name" "$path"
		[ -z "$reason" ] || [ "${cycles:-1}" -eq 1 ] || reason="cycle $cycle of ${cycles}: $reason"
	done
	if [ -z "$reason" ]; then
		say "module $name PASS"
		pass=$((pass + 1))
	else
		say "module $name FAIL $reason"
		fail=$((fail + 1))
	fi
done
say "done pass=$pass fail=$fail"
rm -rf "$tmp"
[ "$fail" -eq 0 ]
