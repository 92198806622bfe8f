#!/bin/sh
# scripts/check-nix.sh: the offline checks of the Nix files (run by
# `cargo xtask test` as its last step; no network, no nixpkgs needed).
#
#  1. every tracked .nix file parses       (nix-instantiate --parse, Debian nix-bin)
#  2. is formatted                          (nixpkgs-fmt --check)
#  3. has no dead bindings                  (deadnix --fail)
#  4. nix/tests.nix: the series/config parsers of nix/parse.nix on the
#     fixtures in nix/fixtures, and flake.lock against flake.nix's inputs
#  5. nix/tests-flake.nix: flake.nix's outputs evaluated with the stand-ins
#     of nix/stubs.nix for nixpkgs and crane (the wiring: kernel source,
#     config fragments, what NixOS asserts of the config, checks, VM test,
#     devShell)
#  6. the VM test's script, as the flake hands it to runNixOSTest, checked
#     the way nixpkgs' test driver checks it before booting anything: our
#     typed stand-ins of the driver's globals (nixos-tests/driver-globals.py)
#     in front, `mypy --no-implicit-optional`; pyflakes with the driver's
#     symbols as builtins
#  7. no drift from the plain harness: scripts/prepare-tree.sh itself (with
#     a recording `patch`) applies exactly the patches nix/parse.nix reads
#     from patches/series (and from the fixture series); the last
#     `cargo xtask kernel` .config has every option the flake's parser reads
#     from kunit-configs/, and scripts/check-config.sh (what the Nix build
#     runs after olddefconfig) accepts it; if the prepared tree of
#     `cargo xtask kernel` is there, `make olddefconfig` over
#     kunit-configs/ + nix/nixos-vm.config (the Nix kernel's request) on it
#     keeps every option of both and no other KUnit suite
#  8. the trybuild fallback of the Nix test check (pin-init/tests/ui-compare.sh)
#     accepts Debian 1.85's reviewed outputs against 1.95's and back
#  9. self-test: each checker above rejects a bad input
#
# Installs what it needs, pinned: nix-bin from apt (if missing), deadnix
# 1.3.1 and nixpkgs-fmt 1.3.0 from crates.io, mypy and pyflakes from PyPI,
# into ${PIN_INIT_HARNESS_CACHE:-$HOME/.cache/pin-init-harness}/tools.
set -eu
cd "$(dirname "$0")/.."
repo=$(pwd)
cache=${PIN_INIT_HARNESS_CACHE:-$HOME/.cache/pin-init-harness}
tools=$cache/tools
PATH=$tools/bin:$PATH
export PATH
DEADNIX_VERSION=1.3.1
NIXPKGS_FMT_VERSION=1.3.0
MYPY_VERSION=1.20.2
PYFLAKES_VERSION=3.4.0

die() {
	echo "check-nix: FAIL: $*" >&2
	exit 1
}
say() { echo "check-nix: $*"; }

# --- tools -----------------------------------------------------------------
if ! command -v nix-instantiate >/dev/null 2>&1; then
	say "installing nix-bin (Debian) for nix-instantiate"
	[ "$(id -u)" -eq 0 ] || die "nix-instantiate missing: apt-get install nix-bin (as root)"
	DEBIAN_FRONTEND=noninteractive apt-get install -y -q nix-bin >/dev/null ||
		{ apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q nix-bin >/dev/null; } ||
		die "apt-get install nix-bin failed"
fi
cargo_tool() { # CRATE VERSION BINARY
	if ! "$3" --version 2>/dev/null | grep -qF "$2"; then
		say "installing $1 $2 from crates.io into $tools (about a minute)"
		cargo install --quiet --locked --version "$2" --root "$tools" "$1" ||
			die "cargo install $1 $2 failed"
	fi
}
cargo_tool deadnix "$DEADNIX_VERSION" deadnix
cargo_tool nixpkgs-fmt "$NIXPKGS_FMT_VERSION" nixpkgs-fmt
# mypy and pyflakes for this python3 (compiled wheels: one directory per
# Python version), run as `python3 -m` with PYTHONPATH.
command -v python3 >/dev/null 2>&1 || die "python3 missing (Debian package python3)"
pyver=$(python3 -c 'import sys; print("%d.%d" % sys.version_info[:2])')
pytools=$tools/python$pyver-mypy$MYPY_VERSION-pyflakes$PYFLAKES_VERSION
py_tools_ok() {
	PYTHONPATH=$pytools python3 -c "
import mypy.version, pyflakes, sys
sys.exit(mypy.version.__version__ != '$MYPY_VERSION' or pyflakes.__version__ != '$PYFLAKES_VERSION')
" 2>/dev/null
}
if ! py_tools_ok; then
	say "installing mypy $MYPY_VERSION and pyflakes $PYFLAKES_VERSION from PyPI into $pytools"
	rm -rf "$pytools.tmp"
	PIP_ROOT_USER_ACTION=ignore python3 -m pip install --quiet --disable-pip-version-check --no-warn-script-location \
		--target "$pytools.tmp" "mypy==$MYPY_VERSION" "pyflakes==$PYFLAKES_VERSION" ||
		die "pip install mypy==$MYPY_VERSION pyflakes==$PYFLAKES_VERSION failed"
	rm -rf "$pytools"
	mv "$pytools.tmp" "$pytools"
	py_tools_ok || die "mypy/pyflakes in $pytools do not run"
fi
mypy() { PYTHONPATH=$pytools python3 -m mypy "$@"; }
pyflakes() { PYTHONPATH=$pytools python3 -m pyflakes "$@"; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/check-nix.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# Tracked and new (not ignored) .nix files.
files=$(git ls-files --cached --others --exclude-standard -- '*.nix' 2>/dev/null | sort -u) ||
	files=
[ -n "$files" ] || files=$(find . -name '*.nix' -not -path './target/*' -not -path './.git/*' | sed 's|^\./||' | sort)
[ -n "$files" ] || die "no .nix files found"
count=$(echo "$files" | wc -l)

nix_eval_json() { # EXPR
	nix-instantiate --eval --strict --json --readonly-mode -E "$1"
}

# --- 1-3: parse, format, dead code -------------------------------------------
parse_all() { for f in "$@"; do nix-instantiate --parse "$f" >/dev/null || return 1; done; }
# shellcheck disable=SC2086
parse_all $files || die "a .nix file does not parse (above)"
say "parse: $count file(s) parse (nix-instantiate --parse, $(nix-instantiate --version))"
# shellcheck disable=SC2086
nixpkgs-fmt --check $files >"$tmp/fmt.out" 2>&1 ||
	{ cat "$tmp/fmt.out"; die "not formatted: run nixpkgs-fmt on the files above"; }
say "format: $count file(s) formatted (nixpkgs-fmt $NIXPKGS_FMT_VERSION --check)"
# shellcheck disable=SC2086
deadnix --fail $files || die "dead bindings (above)"
say "dead code: none in $count file(s) (deadnix $DEADNIX_VERSION --fail)"

# --- 4-5: evaluation tests -----------------------------------------------------
run_eval_test() { # NAME EXPR
	out=$(nix_eval_json "$2") || die "$1: evaluation failed"
	[ "$out" = "[]" ] || die "$1: failures: $out"
}
run_eval_test nix/tests.nix "import $repo/nix/tests.nix { }"
say "eval: nix/tests.nix: parseSeries, fragmentsIn + configFromFragments on nix/fixtures, flake.lock matches flake.nix inputs"
run_eval_test nix/tests-flake.nix "import $repo/nix/tests-flake.nix { }"
say "eval: nix/tests-flake.nix: flake outputs with stand-in nixpkgs/crane: packages, checks, kernel source/config, VM test, devShell"

# --- 6: the VM test's script, checked like the NixOS test driver does ----------
# The script as the flake hands it to runNixOSTest (store paths of the
# stand-ins), then: mypy over our typed driver globals + the script
# (nixos/lib/testing/driver.nix: test-script-prepend.py + testScript, `mypy
# --no-implicit-optional`), and pyflakes over the script alone with the
# driver's symbols as builtins (PYFLAKES_BUILTINS: the machine names and
# Driver.test_symbols()).
nix_string() { # EXPR (a string) -> its value
	nix_eval_json "$1" | python3 -c 'import json, sys; sys.stdout.write(json.load(sys.stdin))'
}
driver_symbols="machine,os,Machine,$(sed -n 's/^\([a-z_][a-z_]*\): .*/\1/p' nixos-tests/driver-globals.py | grep -vx machine | paste -sd, -)"
check_vm_script() { # SCRIPT -> mypy and pyflakes output; fails on any finding
	cat nixos-tests/driver-globals.py "$1" >"$tmp/typed-script.py"
	mypy --no-implicit-optional --pretty --no-color-output --no-error-summary \
		--cache-dir "$tmp/mypy-cache" "$tmp/typed-script.py" || return 1
	PYFLAKES_BUILTINS=$driver_symbols pyflakes "$1" || return 1
}
nix_string "(import $repo/nix/stubs.nix { }).out.checks.x86_64-linux.vm-test.args.testScript" >"$tmp/test-script.py" ||
	die "evaluating the VM test's testScript failed"
grep -q 'machine.wait_for_unit' "$tmp/test-script.py" || die "the evaluated testScript is not nixos-tests/vm-test.py"
check_vm_script "$tmp/test-script.py" >"$tmp/vm-script.out" 2>&1 ||
	{ cat "$tmp/vm-script.out"; die "the VM test's script fails the test driver's type check or lint (above)"; }
say "vm script: the testScript passes mypy $MYPY_VERSION --no-implicit-optional over the driver's globals and pyflakes $PYFLAKES_VERSION with its symbols"

# --- 7: no drift from the plain harness ----------------------------------------
# A fake `patch` that records which patch files prepare-tree.sh applies.
mkdir -p "$tmp/bin"
cat >"$tmp/bin/patch" <<'PATCH'
#!/bin/sh
dry=0
file=
while [ $# -gt 0 ]; do
	case $1 in
	--dry-run) dry=1 ;;
	-i) shift; file=$1 ;;
	esac
	shift
done
[ "$dry" -eq 1 ] || basename "$file" >>"$PATCH_LOG"
PATCH
chmod +x "$tmp/bin/patch"
# A "vanilla 6.12" tree and a vendor dir with every crate-version of Cargo.lock.
fake_tree() { # DIR
	mkdir -p "$1"
	printf 'VERSION = 6\nPATCHLEVEL = 12\nSUBLEVEL = 0\n' >"$1/Makefile"
}
mkdir -p "$tmp/vendor"
awk '/^name = / { gsub(/"/, "", $3); n = $3 } /^version = / { gsub(/"/, "", $3); print n "-" $3 }' Cargo.lock |
	while read -r d; do
		mkdir -p "$tmp/vendor/$d/src"
		printf '[package]\nlicense = "MIT OR Apache-2.0"\n' >"$tmp/vendor/$d/Cargo.toml"
	done

# One applied patch of patches/series per line, without its number: the
# series prepare-tree.sh applies starts with 5 generated patches (the vendored
# crates and pin-init, from make-series.sh) and renumbers the rest.
applied_by_prepare_tree() { # REPO_ROOT TREE
	fake_tree "$2"
	: >"$tmp/patch.log"
	PATCH_LOG=$tmp/patch.log PATH=$tmp/bin:$PATH sh "$repo/scripts/prepare-tree.sh" "$2" "$1" "$tmp/vendor" >/dev/null ||
		die "prepare-tree.sh failed on $2"
	head -n 5 "$tmp/patch.log" | grep -v -- '-import-' && die "prepare-tree.sh did not start with the 5 generated patches"
	tail -n +6 "$tmp/patch.log" | sed 's/^[0-9][0-9][0-9][0-9]-//'
}
nix_lines() { # EXPR (a list of strings) -> one per line
	nix --extra-experimental-features nix-command eval --impure --raw --expr \
		"builtins.concatStringsSep \"\" (map (l: l + \"\\n\") ($1))"
}
nix_series() { # SERIES_FILE -> one patch per line, without its number
	nix_lines "(import $repo/nix/parse.nix).parseSeries (builtins.readFile $1)" | sed 's/^[0-9][0-9][0-9][0-9]-//'
}
compare_series() { # LABEL REPO_ROOT
	applied_by_prepare_tree "$2" "$tmp/tree-$1" >"$tmp/applied-$1"
	nix_series "$2/patches/series" >"$tmp/nix-$1" || die "evaluating nix/parse.nix on $2/patches/series failed"
	diff -u "$tmp/applied-$1" "$tmp/nix-$1" >"$tmp/diff-$1" || return 1
}
compare_series real "$repo" ||
	{ cat "$tmp/diff-real"; die "prepare-tree.sh (-) and nix/parse.nix (+) read patches/series differently"; }
say "drift: patches/series: prepare-tree.sh applies the same $(wc -l <"$tmp/applied-real") patch(es), in the same order, that nix/parse.nix reads"

# The fixture series through prepare-tree.sh too: its expectations are the
# plain harness's semantics, not only the Nix parser's.
fixture_repo() { # DIR SERIES
	mkdir -p "$1/patches" "$1/pin-init/src" "$1/pin-init/internal/src"
	echo '//! fixture' >"$1/pin-init/src/lib.rs"
	echo '//! fixture' >"$1/pin-init/internal/src/lib.rs"
	cp Cargo.lock "$1/"
	cp "$2" "$1/patches/series"
	sed -e 's/#.*//' "$2" | tr -s ' \t' '\n\n' | sed '/^$/d' | while read -r p; do : >"$1/patches/$p"; done
	# A commented-out patch exists as a file too, as in patches/.
	grep -o '[0-9A-Za-z_.-]*\.patch' "$2" | while read -r p; do : >"$1/patches/$p"; done
}
fixture_repo "$tmp/fixrepo" nix/fixtures/series
compare_series fixture "$tmp/fixrepo" ||
	{ cat "$tmp/diff-fixture"; die "prepare-tree.sh (-) and nix/parse.nix (+) read nix/fixtures/series differently"; }
say "drift: nix/fixtures/series: prepare-tree.sh and nix/parse.nix agree ($(wc -l <"$tmp/applied-fixture") of the listed names applied)"

# Every option the flake's parser reads from kunit-configs/ must have that
# value in a .config that `cargo xtask kernel` made (it merges the same
# fragments with its own parser and checks they survive olddefconfig).
config_differs() { # CONFIG -> prints the differences, fails if there are any
	nix_lines "let p = import $repo/nix/parse.nix; c = p.configFromFragments { yes = \"y\"; no = \"n\"; module = \"m\"; freeform = v: v; } (p.fragmentsIn $repo/kunit-configs); in map (o: o + \"=\" + c.\${o}) (builtins.attrNames c)" >"$tmp/wanted" ||
		die "evaluating nix/parse.nix on kunit-configs/ failed"
	[ -s "$tmp/wanted" ] || die "the flake's config parser read no option from kunit-configs/"
	lost=0
	while IFS='=' read -r opt val; do
		have=$(grep "^CONFIG_$opt=" "$1" | cut -d= -f2-)
		[ -n "$have" ] || have=n
		[ "$have" = "\"$val\"" ] && have=$val
		if [ "$have" != "$val" ]; then
			echo "  CONFIG_$opt: the flake wants $val, $1 has $have"
			lost=1
		fi
	done <"$tmp/wanted"
	[ "$lost" -eq 1 ]
}
config=$cache/build/.config
if [ -f "$config" ]; then
	! config_differs "$config" || die "the flake reads kunit-configs/ differently from the plain harness's kernel config (above)"
	sh scripts/check-config.sh "$config" kunit-configs/*.config ||
		die "scripts/check-config.sh (run by the Nix kernel's config step) rejects the plain harness's $config (above)"
	say "drift: kunit-configs: all $(wc -l <"$tmp/wanted") option(s) the flake reads have the same value in $config (made by cargo xtask kernel); scripts/check-config.sh accepts it (no other KUnit suite on)"
else
	say "drift: kunit-configs: .config comparison skipped (no $config yet: cargo xtask kernel makes it)"
fi

# The Nix kernel's request (kunit-configs/*.config, then nix/nixos-vm.config)
# through `make olddefconfig` on the prepared tree of `cargo xtask kernel`,
# with its tools (Debian's 6.12 and rustc, not nixpkgs': what this machine
# has): every option of both must survive, no other KUnit suite may be on,
# and every option kunit-configs/ names must have the value it has in the
# plain .config.
tree=$cache/linux
if [ -f "$tree/.xtask-prepared" ] && [ -x /usr/bin/rustc ] && [ -x "$cache/tools/bin/bindgen" ] &&
	command -v clang >/dev/null 2>&1 && command -v ld.lld >/dev/null 2>&1; then
	mkdir -p "$tmp/nixcfg"
	cat kunit-configs/*.config nix/nixos-vm.config >"$tmp/nixcfg/.config"
	PATH=/usr/bin:$PATH make -s -C "$tree" O="$tmp/nixcfg" ARCH=x86_64 LLVM=1 RUSTC=/usr/bin/rustc \
		BINDGEN="$cache/tools/bin/bindgen" olddefconfig >"$tmp/nixcfg.log" 2>&1 ||
		{ cat "$tmp/nixcfg.log"; die "make olddefconfig over kunit-configs/ + nix/nixos-vm.config failed"; }
	sh scripts/check-config.sh "$tmp/nixcfg/.config" kunit-configs/*.config nix/nixos-vm.config ||
		die "the Nix kernel's config request does not survive olddefconfig on $tree (above)"
	if [ -f "$config" ]; then
		! config_differs "$tmp/nixcfg/.config" || die "the Nix kernel's config gives options of kunit-configs/ other values than the plain .config (above)"
	fi
	say "drift: nix/nixos-vm.config: olddefconfig of kunit-configs/ + it on $tree keeps all their options and no other KUnit suite"
else
	say "drift: nix/nixos-vm.config: olddefconfig check skipped (needs the prepared tree of cargo xtask kernel and its tools)"
fi

# --- 8: the trybuild fallback of the Nix test check ------------------------------
# Debian's rustc 1.85 is a compiler other than the 1.95 of tests/ui: its
# reviewed outputs (tests/ui-1.85, which `cargo xtask test` checks with
# /usr/bin/rustc) must pass ui-compare.sh against the 1.95 ones, and back.
sh pin-init/tests/ui-compare.sh pin-init/tests/ui pin-init/tests/ui-1.85 >"$tmp/ui.out" ||
	{ cat "$tmp/ui.out"; die "ui-compare.sh: Debian 1.85's outputs do not match 1.95's reviewed errors (above)"; }
sh pin-init/tests/ui-compare.sh pin-init/tests/ui-1.85 pin-init/tests/ui >"$tmp/ui.out" ||
	{ cat "$tmp/ui.out"; die "ui-compare.sh: 1.95's outputs do not match Debian 1.85's reviewed errors (above)"; }
say "ui fallback: $(tail -n 1 "$tmp/ui.out" | sed 's/^ui-compare: //'), 1.85 against 1.95 and back"

# --- 9: self-test: each checker rejects a bad file ------------------------------
mkdir -p "$tmp/bad"
printf '{ a = 1; \n' >"$tmp/bad/syntax.nix"
nix-instantiate --parse "$tmp/bad/syntax.nix" >/dev/null 2>&1 && die "self-test: nix-instantiate accepted a syntax error"
printf '{ a=1;\n      b = 2; }\n' >"$tmp/bad/format.nix"
nixpkgs-fmt --check "$tmp/bad/format.nix" >/dev/null 2>&1 && die "self-test: nixpkgs-fmt accepted a misformatted file"
printf 'let\n  unused = 1;\nin\n2\n' >"$tmp/bad/dead.nix"
deadnix --fail "$tmp/bad/dead.nix" >/dev/null 2>&1 && die "self-test: deadnix accepted an unused binding"
cp -r nix/fixtures "$tmp/badfix"
echo '["0001-first.patch"]' >"$tmp/badfix/series.expected.json"
out=$(nix_eval_json "import $repo/nix/tests.nix { fixtures = $tmp/badfix; }")
[ "$out" != "[]" ] || die "self-test: nix/tests.nix accepted a wrong series expectation"
echo '{"YES":"y"}' >"$tmp/badfix/fragments.expected.json"
cp nix/fixtures/series.expected.json "$tmp/badfix/"
out=$(nix_eval_json "import $repo/nix/tests.nix { fixtures = $tmp/badfix; }")
[ "$out" != "[]" ] || die "self-test: nix/tests.nix accepted a wrong config expectation"
sed 's|nixos-26.05|nixos-25.11|' flake.nix >"$tmp/bad/flake.nix"
out=$(nix_eval_json "import $repo/nix/tests.nix { flakeFile = $tmp/bad/flake.nix; }")
[ "$out" != "[]" ] || die "self-test: nix/tests.nix accepted a flake.lock that does not match flake.nix"
mkdir -p "$tmp/badflake"
cp -r flake.nix nix nixos-tests kunit-configs patches scripts "$tmp/badflake/"
sed -i 's|default = linux.kernel;|default = rust.package;|' "$tmp/badflake/flake.nix"
out=$(nix_eval_json "import $tmp/badflake/nix/tests-flake.nix { }")
[ "$out" != "[]" ] || die "self-test: nix/tests-flake.nix accepted a flake whose default is not the kernel"
printf '# one more line\nextra.patch\n' >>"$tmp/fixrepo/patches/series"
: >"$tmp/fixrepo/patches/extra.patch"
applied_by_prepare_tree "$tmp/fixrepo" "$tmp/tree-self" >"$tmp/applied-self"
diff -q "$tmp/applied-self" "$tmp/nix-fixture" >/dev/null && die "self-test: the series drift check missed an added patch"
sed 's/^CONFIG_KUNIT=.*/# CONFIG_KUNIT is not set/' "$config" 2>/dev/null >"$tmp/bad/config" ||
	printf 'CONFIG_RUST=y\n' >"$tmp/bad/config"
config_differs "$tmp/bad/config" >/dev/null || die "self-test: the config drift check missed a lost option"
# The flake wiring test on broken Nix kernel / VM test set-ups.
flake_rejects() { # WHAT FILE SED-SCRIPT [FILE SED-SCRIPT]: the wiring test must fail
	rm -rf "$tmp/badflake2"
	mkdir -p "$tmp/badflake2"
	cp -r flake.nix nix nixos-tests kunit-configs patches scripts "$tmp/badflake2/"
	what=$1
	shift
	while [ $# -ge 2 ]; do
		sed -i "$2" "$tmp/badflake2/$1"
		shift 2
	done
	out=$(nix_eval_json "import $tmp/badflake2/nix/tests-flake.nix { }" 2>&1) || out=evaluation-failed
	[ "$out" != "[]" ] || die "self-test: nix/tests-flake.nix accepted $what"
}
flake_rejects "a KUNIT_ALL_TESTS left to nixpkgs" kunit-configs/00-base.config '/KUNIT_ALL_TESTS/d'
flake_rejects "a NixOS VM fragment that turns KUnit off" nix/nixos-vm.config '$a CONFIG_KUNIT=n'
flake_rejects "a kernel without an option systemd asserts" nix/nixos-vm.config '/^CONFIG_SECCOMP=y$/d'
flake_rejects "a VM test whose initrd wants NixOS' default modules" nixos-tests/default.nix 's/includeDefaultModules = false/includeDefaultModules = true/'
flake_rejects "a kernel built without LLVM=1" nix/kernel.nix 's/"LLVM=1"//'
flake_rejects "Rust warnings that do not fail the kernel build" nix/kernel.nix 's/ -Dwarnings//'
flake_rejects "a cargoTest without --workspace" nix/rust.nix 's/cargoTestExtraArgs = "--workspace";//'
flake_rejects "a devShell with the hardening flags" nix/shell.nix 's/hardeningDisable = \[ "all" \];//'

# The VM test's script check, on scripts the driver rejects.
{ cat "$tmp/test-script.py"; echo 'log = "/tmp/vm-console.log"'; } >"$tmp/bad/rebinds-log.py"
check_vm_script "$tmp/bad/rebinds-log.py" >"$tmp/bad/rebinds-log.out" 2>&1 &&
	die "self-test: the VM script check accepted a script that rebinds the driver's log"
grep -q 'variable has type "Logger"' "$tmp/bad/rebinds-log.out" ||
	{ cat "$tmp/bad/rebinds-log.out"; die "self-test: mypy did not reject the rebinding of log as an incompatible assignment"; }
{ cat "$tmp/test-script.py"; echo 'machine.succeed(no_such_name)'; } >"$tmp/bad/undefined.py"
check_vm_script "$tmp/bad/undefined.py" >/dev/null 2>&1 && die "self-test: the VM script check accepted an undefined name"
{ echo 'import os'; cat "$tmp/test-script.py"; } >"$tmp/bad/unused.py"
PYFLAKES_BUILTINS=$driver_symbols pyflakes "$tmp/bad/unused.py" >/dev/null 2>&1 &&
	die "self-test: pyflakes accepted an unused import"
{ cat "$tmp/test-script.py"; echo 'machine.wait_for_unit("x", timeout=None)'; } >"$tmp/bad/optional.py"
check_vm_script "$tmp/bad/optional.py" >/dev/null 2>&1 && die "self-test: the VM script check accepted None for an int timeout"

# scripts/check-config.sh on a .config that lost an option, and on one with
# a KUnit suite no fragment names.
printf 'CONFIG_KUNIT=y\nCONFIG_RUST=y\n# CONFIG_KUNIT_ALL_TESTS is not set\n' >"$tmp/bad/frag.config"
printf 'CONFIG_KUNIT=y\nCONFIG_KUNIT_DEFAULT_ENABLED=y\n# CONFIG_RUST is not set\n' >"$tmp/bad/lost.config"
sh scripts/check-config.sh "$tmp/bad/lost.config" "$tmp/bad/frag.config" >/dev/null &&
	die "self-test: check-config.sh accepted a .config without CONFIG_RUST"
printf 'CONFIG_KUNIT=y\nCONFIG_RUST=y\nCONFIG_LIST_KUNIT_TEST=y\n' >"$tmp/bad/suite.config"
sh scripts/check-config.sh "$tmp/bad/suite.config" "$tmp/bad/frag.config" >/dev/null &&
	die "self-test: check-config.sh accepted an unnamed KUnit suite"
printf 'CONFIG_KUNIT=y\nCONFIG_RUST=y\nCONFIG_KUNIT_DEFAULT_ENABLED=y\n' >"$tmp/bad/good.config"
sh scripts/check-config.sh "$tmp/bad/good.config" "$tmp/bad/frag.config" >/dev/null ||
	die "self-test: check-config.sh rejected a .config that has what the fragment asks"

# ui-compare.sh on outputs that fail for other reasons.
mkdir -p "$tmp/bad/ui"
cp pin-init/tests/ui-1.85/*.stderr "$tmp/bad/ui/"
sed -i 's/^error\[E0277\]/error[E0308]/' "$tmp/bad/ui/assert_pinned_unpinned_field.stderr"
sh pin-init/tests/ui-compare.sh pin-init/tests/ui "$tmp/bad/ui" >/dev/null &&
	die "self-test: ui-compare.sh accepted another error code"
cp pin-init/tests/ui-1.85/assert_pinned_unpinned_field.stderr "$tmp/bad/ui/"
sed -i 's/^error: field `a` is initialized twice.*/error: something else/' "$tmp/bad/ui/duplicate_field.stderr"
sh pin-init/tests/ui-compare.sh pin-init/tests/ui "$tmp/bad/ui" >/dev/null &&
	die "self-test: ui-compare.sh accepted another message of ours"
cp pin-init/tests/ui-1.85/duplicate_field.stderr "$tmp/bad/ui/"
rm "$tmp/bad/ui/drop_impl.stderr"
sh pin-init/tests/ui-compare.sh pin-init/tests/ui "$tmp/bad/ui" >/dev/null &&
	die "self-test: ui-compare.sh accepted a missing output"
say "self-test: syntax error, misformatted file, dead binding, wrong parser expectations, lock/input mismatch, broken flake wiring (default, KUNIT_ALL_TESTS, VM fragment, NixOS' options, initrd modules, LLVM=1, -Dwarnings, --workspace, hardening), a testScript rebinding log / with an undefined name / an unused import / None for an int, series drift, config drift, lost option, unnamed KUnit suite and ui outputs failing otherwise are each rejected"
say "PASS: $count .nix file(s): parse, format, dead code, 2 evaluation test files, VM script type check and lint, drift checks, ui fallback, self-test"
