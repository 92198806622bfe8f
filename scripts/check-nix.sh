#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# scripts/check-nix.sh: the offline checks of the Nix files (run by
# `cargo xtask test` as its last step; no network, no nixpkgs needed).
#
#  1. every tracked .nix file parses       (nix-instantiate --parse, Debian nix-bin)
#  2. is formatted                          (nixpkgs-fmt --check)
#  3. has no dead bindings                  (deadnix --fail)
#  4. nix/tests.nix: the series/config parsers of nix/parse.nix on the
#     fixtures in nix/fixtures, and flake.lock against flake.nix's inputs;
#     patches/tested-versions parses and nix/README.md says what it lists
#  5. nix/tests-flake.nix: flake.nix's outputs evaluated with the stand-ins
#     of nix/stubs.nix for nixpkgs and crane (the wiring: kernel source,
#     config fragments, the VM node's assertions of what NixOS requires,
#     checks, VM test, devShell; stand-in outputs distinct, the real
#     functions' formals, file sets over what git tracks)
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
#  9. each build's sandbox, reproduced (nix/sandbox.nix): every crane
#     derivation's cargo command and the kernel's preparation (postPatch:
#     prepare-tree.sh) run on a copy of exactly their source set, with PATH
#     reduced to the programs of the packages their derivation has
# 10. self-test: each checker above rejects a bad input, for its reason
#
# Installs what it needs, pinned: nix-bin from apt (if missing), deadnix
# 1.3.1 and nixpkgs-fmt 1.3.0 from crates.io, mypy and pyflakes from PyPI,
# into ${PIN_INIT_HARNESS_CACHE:-$HOME/.cache/pin-init-harness}/tools.
set -eu
start_all=$(date +%s)
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

# The flake's source: what git tracks (a flake sees nothing else), as a Nix
# list for the stand-ins of nix/stubs.nix.
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
	git ls-files --cached | while read -r f; do [ -e "$f" ] && echo "$f"; done >"$tmp/flake-files"
	untracked=$(git ls-files --others --exclude-standard | grep -c . || true)
	[ "$untracked" -eq 0 ] ||
		say "note: $untracked untracked file(s) are not in the flake's source (git add them if the flake needs them)"
else
	find . -type f -not -path './target/*' -not -path './.*' | sed 's|^\./||' | sort >"$tmp/flake-files"
fi
files_expr="(builtins.filter (x: builtins.isString x && x != \"\") (builtins.split \"\n\" (builtins.readFile $tmp/flake-files)))"

# Tracked and new (not ignored) .nix files.
files=$(git ls-files --cached --others --exclude-standard -- '*.nix' 2>/dev/null | sort -u) ||
	files=
[ -n "$files" ] || files=$(find . -name '*.nix' -not -path './target/*' -not -path './.git/*' | sed 's|^\./||' | sort)
[ -n "$files" ] || die "no .nix files found"
count=$(echo "$files" | wc -l)

nix_eval_json() { # EXPR
	nix-instantiate --eval --strict --json --readonly-mode -E "$1"
}
nix_lines() { # EXPR (a list of strings) -> one per line
	nix --extra-experimental-features nix-command eval --impure --raw --expr \
		"builtins.concatStringsSep \"\" (map (l: l + \"\\n\") ($1))"
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
nix_lines "(import $repo/nix/parse.nix).parseVersions (builtins.readFile $repo/patches/tested-versions)" >"$tmp/tested" ||
	die "patches/tested-versions does not parse (above)"
oldest=$(head -n 1 "$tmp/tested")
newest=$(tail -n 1 "$tmp/tested")
grep -q "tested on Linux $oldest to $newest (\`patches/tested-versions\`" nix/README.md ||
	die "nix/README.md does not say \"tested on Linux $oldest to $newest (\`patches/tested-versions\`\", what patches/tested-versions lists"
say "tested versions: patches/tested-versions lists $oldest to $newest, as nix/README.md says"
run_eval_test nix/tests-flake.nix "import $repo/nix/tests-flake.nix { files = $files_expr; }"
say "eval: nix/tests-flake.nix: flake outputs with stand-in nixpkgs/crane: packages, checks, kernel source/config, VM test, devShell"

# crane's file sets are restated in nix/stubs.nix (crane's source is not here).
# With crane's source at the locked revision (PIN_INIT_CRANE_SRC, e.g. from
# `nix flake archive` on a machine with Nix), its own lib/fileset/*.nix,
# evaluated with the stand-in lib.fileset, must give the same file set.
if [ -n "${PIN_INIT_CRANE_SRC:-}" ]; then
	same=$(nix_eval_json "
		let
		  w = import $repo/nix/stubs.nix { files = $files_expr; };
		  lib = w.lib;
		  crane = name: import ${PIN_INIT_CRANE_SRC}/lib/fileset/\${name}.nix;
		  fileset = {
		    cargoTomlAndLock = crane \"cargoTomlAndLock\" { inherit lib; };
		    rust = crane \"rust\" { inherit lib; };
		    toml = crane \"toml\" { inherit lib; };
		  };
		  theirs = crane \"commonCargoSources\" { inherit lib fileset; } w.root;
		  ours = w.craneLib.fileset.commonCargoSources w.root;
		in
		[ (theirs.files == ours.files) (builtins.length ours.files) ]") ||
		die "evaluating crane's lib/fileset from $PIN_INIT_CRANE_SRC failed"
	case $same in
	"[true,"*) say "crane: its lib/fileset/commonCargoSources.nix ($PIN_INIT_CRANE_SRC) gives the stand-in's file set ($(echo "$same" | tr -dc '0-9') files)" ;;
	*) die "crane's commonCargoSources ($PIN_INIT_CRANE_SRC) and nix/stubs.nix's restatement differ: $same" ;;
	esac
else
	say "crane: file sets as restated in nix/stubs.nix (set PIN_INIT_CRANE_SRC to crane's source at the locked revision to compare them with crane's own)"
fi

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
nix_string "(import $repo/nix/stubs.nix { files = $files_expr; }).out.checks.x86_64-linux.vm-test.args.testScript" >"$tmp/test-script.py" ||
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
# A "vanilla 6.12" tree (its Makefile and the files the series deletes, the
# `- PATH` lines of patches/series, which make-series.sh takes from the tree)
# and a vendor dir with every crate-version of Cargo.lock.
fake_tree() { # DIR REPO_ROOT
	mkdir -p "$1"
	printf 'VERSION = 6\nPATCHLEVEL = 12\nSUBLEVEL = 0\n' >"$1/Makefile"
	sed -n 's/^[[:space:]]*-[[:space:]][[:space:]]*\([^[:space:]#]*\).*/\1/p' "$2/patches/series" |
		while read -r path; do
			mkdir -p "$1/$(dirname "$path")"
			echo "// deleted by the series" >"$1/$path"
		done
}
mkdir -p "$tmp/vendor"
awk '/^name = / { gsub(/"/, "", $3); n = $3 } /^version = / { gsub(/"/, "", $3); print n "-" $3 }' Cargo.lock |
	while read -r d; do
		mkdir -p "$tmp/vendor/$d/src"
		# The edition the series builds the crate with (make-series.sh checks them).
		crate_id=$(echo "${d%-*}" | tr - _)
		edition=$(sed -n "s/^+$crate_id-edition := \([0-9]*\)\$/\1/p" patches/*.patch | tail -n 1)
		printf '[package]\nedition = "%s"\nlicense = "MIT OR Apache-2.0"\n' "${edition:-2021}" >"$tmp/vendor/$d/Cargo.toml"
	done

# One applied patch of patches/series per line, without its number: the
# series prepare-tree.sh applies starts with 5 generated patches (the vendored
# crates and pin-init, from make-series.sh) and renumbers the rest.
applied_by_prepare_tree() { # REPO_ROOT TREE
	fake_tree "$2" "$1"
	: >"$tmp/patch.log"
	PATCH_LOG=$tmp/patch.log PATH=$tmp/bin:$PATH sh "$repo/scripts/prepare-tree.sh" "$2" "$1" "$tmp/vendor" >/dev/null ||
		die "prepare-tree.sh failed on $2"
	head -n 5 "$tmp/patch.log" | grep -v -- '-import-' && die "prepare-tree.sh did not start with the 5 generated patches"
	tail -n +6 "$tmp/patch.log" | sed 's/^[0-9][0-9][0-9][0-9]-//'
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
	# The crate in one step (patches/README.md, "The crate in steps").
	mkdir -p "$1/patches/crate"
	echo 01-all >"$1/patches/crate/series"
	printf 'rust: pin-init: add it\n\nThe fixture.\n' >"$1/patches/crate/01-all.msg"
	cp Cargo.lock "$1/"
	cp "$2" "$1/patches/series"
	sed -e 's/#.*//' -e 's/^[[:space:]]*//' -e '/^[-+]/d' "$2" | tr -s ' \t' '\n\n' | sed '/^$/d' |
		while read -r p; do : >"$1/patches/$p"; done
	# The files its `+ PATH` lines add come from kernel/ (the deleted ones
	# are in the fake tree).
	sed -n 's/^[[:space:]]*+[[:space:]][[:space:]]*\([^[:space:]#]*\).*/\1/p' "$2" | while read -r f; do
		mkdir -p "$1/kernel/$(dirname "$f")"
		echo '// added by the series' >"$1/kernel/$f"
	done
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
# Only a .config made from this checkout's kunit-configs/ is comparable: the
# harness keeps a verbatim copy of the fragments it configured from.
config_current() {
	[ -f "$config" ] && [ -f "$cache/build/.xtask-kunit-configs" ] &&
		(LC_ALL=C; cat kunit-configs/*.config) | cmp -s - "$cache/build/.xtask-kunit-configs"
}
if [ -f "$config" ] && ! config_current; then
	say "drift: kunit-configs: .config comparison skipped ($config was made from other kunit-configs/: an older checkout; cargo xtask kernel remakes it)"
elif [ -f "$config" ]; then
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
if config_current && [ -f "$tree/.xtask-prepared" ] && [ -x /usr/bin/rustc ] && [ -x "$cache/tools/bin/bindgen" ] &&
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
	say "drift: nix/nixos-vm.config: olddefconfig check skipped (needs the prepared tree and current .config of cargo xtask kernel, and its tools)"
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

# --- 9: each build's sandbox, reproduced offline ---------------------------------
# nix/sandbox.nix evaluates the flake (with the stand-ins) to a plan: for every
# crane derivation of `checks` and `packages`, the files of its source set (crane's
# commonCargoSources plus the flake's unions, as nix/rust.nix computes them), the
# packages on its PATH (stdenv's initialPath and cc, crane's and the derivation's
# nativeBuildInputs) and its phases; for the kernel, its postPatch (the
# preparation: prepare-tree.sh) with the store paths it names and the kernel's
# nativeBuildInputs. Each unit runs here in a copy of exactly that set, with PATH
# reduced to those packages' programs (this machine's Debian packages of the same
# programs; the Rust toolchain is rustup's), HOME=/homeless-shelter and no network:
# what reaches outside its set, or runs a tool the derivation does not provide,
# fails here as in the sandbox. The crane units keep their copies and a shared
# target directory in the cache, so a second run rebuilds only what changed.
sandbox=$cache/nix-sandbox
host_path=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin
rust_bin=$(rustc --print sysroot 2>/dev/null)/bin
[ -x "$rust_bin/cargo" ] || die "no cargo next to rustc ($rust_bin): the sandbox runs need rustup's toolchain"
# A CARGO_HOME of its own (no bin/: cargo would run rustup's proxies from
# there), with this machine's registry.
host_cargo_home=${CARGO_HOME:-$HOME/.cargo}
# Every crate of Cargo.lock in that registry first (crane vendors all of them
# from the lock file; a fresh machine has none yet): the only step that uses
# the network, before the offline units.
cargo fetch --locked --quiet >"$tmp/fetch.log" 2>&1 ||
	{ cat "$tmp/fetch.log"; die "cargo fetch --locked failed: the sandbox units need every crate of Cargo.lock in $host_cargo_home/registry"; }
cargo_home=$sandbox/cargo-home
mkdir -p "$cargo_home"
[ -d "$host_cargo_home/registry" ] && ln -sfn "$host_cargo_home/registry" "$cargo_home/registry"
cores=$(nproc 2>/dev/null || echo 1)

sandbox_plan() { # FLAKE_DIR STORE_DIR OUT
	nix --extra-experimental-features nix-command eval --impure --raw --expr "
		(import $1/nix/sandbox.nix { flakeFile = $1/flake.nix; files = $files_expr; storeDir = \"$2\"; }).plan" >"$3"
}

host_which() { # NAME: the program on the host's PATH (not a shell builtin)
	for d in $(echo "$host_path" | tr : ' '); do
		[ -f "$d/$1" ] && [ -x "$d/$1" ] && echo "$d/$1" && return 0
	done
	return 1
}
deb_installed() { dpkg-query -W -f '${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'; }
link_tool() { # DIR NAME TARGET: the first provider of a name wins
	[ -e "$1/$2" ] || [ -L "$1/$2" ] || ln -sn "$3" "$1/$2"
}
# The programs of each provider (see nix/stubs.nix, `provides`) into DIR.
make_toolbin() { # DIR PROVIDER...
	tb=$1
	shift
	mkdir -p "$tb"
	for p in "$@"; do
		case $p in
		deb:*)
			if deb_installed "${p#deb:}"; then
				dpkg -L "${p#deb:}" | grep -E '^(/usr)?/s?bin/[^/]+$' >"$tb.list" || true
				while read -r f; do
					[ -f "$f" ] && [ -x "$f" ] && link_tool "$tb" "${f##*/}" "$f"
				done <"$tb.list"
				rm -f "$tb.list"
			else
				echo "${p#deb:} (Debian package)" >>"$sandbox/missing"
			fi
			;;
		cmd:*)
			spec=${p#cmd:}
			name=${spec%%=*}
			target=${spec#*=}
			if f=$(host_which "$target"); then
				link_tool "$tb" "$name" "$f"
			else
				echo "$target (command)" >>"$sandbox/missing"
			fi
			;;
		rust:*)
			if [ -x "$rust_bin/${p#rust:}" ]; then
				link_tool "$tb" "${p#rust:}" "$rust_bin/${p#rust:}"
			else
				echo "${p#rust:} (Rust toolchain)" >>"$sandbox/missing"
			fi
			;;
		*) die "sandbox plan: unknown provider $p" ;;
		esac
	done
}

# Copies the files listed on stdin from FROM to DEST, keeping their times.
copy_listed() { # FROM DEST
	mkdir -p "$2"
	grep -v '^$' >"$2.files" || true
	tar -C "$1" --no-recursion -cf - -T "$2.files" | tar -C "$2" -xf - ||
		die "sandbox: copying the source set from $1 failed (a listed file is missing?)"
	rm -f "$2.files"
}

cat >"$tmp/prelude-stdenv.sh" <<'PRELUDE'
# stdenv's runHook, as far as the phases here use it: a hook is a string to eval.
runHook() {
	local hook=$1
	local value=${!hook-}
	if [ -n "$value" ]; then eval "$value"; fi
	return 0
}
PRELUDE
cat "$tmp/prelude-stdenv.sh" >"$tmp/prelude-crane.sh"
cat >>"$tmp/prelude-crane.sh" <<'PRELUDE'
# crane's cargoHelperFunctionsHook.sh and configureCargoCommonVarsHook.sh at the
# locked revision (CARGO_HOME aside: this machine's registry, offline).
cargo() {
	(
		set -x
		command cargo "$@"
	)
}
cargoWithProfile() {
	local profileArgs=()
	if [[ "${CARGO_PROFILE}" == "release" ]]; then
		profileArgs+=("--release")
	elif [[ -n "${CARGO_PROFILE:-}" ]]; then
		profileArgs+=("--profile" "${CARGO_PROFILE}")
	fi
	cargo "${@:1:1}" "${profileArgs[@]}" "${@:2}"
}
export CARGO_BUILD_JOBS=${CARGO_BUILD_JOBS:-$NIX_BUILD_CORES}
export RUST_TEST_THREADS=${RUST_TEST_THREADS:-$NIX_BUILD_CORES}
export CARGO_BUILD_INCREMENTAL=${CARGO_BUILD_INCREMENTAL-false}
CARGO_PROFILE=${CARGO_PROFILE-release}
PRELUDE

# Runs PHASES (variables of ENV_FILE; or ONLY, one command, if not empty) in
# DIR, with BIN as the whole PATH and the sandbox's environment.
run_phases() { # KIND ENV_FILE BIN DIR LOG ONLY PHASE...
	kind=$1 envf=$2 bin=$3 dir=$4 log=$5 only_cmd=$6
	shift 6
	[ -x "$bin/bash" ] || die "sandbox: $unit: no bash among its tools"
	mkdir -p "$udir/tmp"
	# shellcheck disable=SC2016
	env -i PATH="$bin" HOME=/homeless-shelter TMPDIR="$udir/tmp" TEMPDIR="$udir/tmp" TMP="$udir/tmp" \
		TEMP="$udir/tmp" NIX_BUILD_TOP="$udir" NIX_BUILD_CORES="$cores" NIX_STORE="$tmp/store" \
		SOURCE_DATE_EPOCH=315532800 TERM=dumb out="$udir/out" \
		CARGO_HOME="$cargo_home" CARGO_NET_OFFLINE=true CARGO_TARGET_DIR="$sandbox/target" \
		SANDBOX_ONLY="$only_cmd" \
		"$bin/bash" -c '
			set -eu -o pipefail
			. "$1"
			. "$2"
			cd "$3"
			shift 3
			if [ -n "$SANDBOX_ONLY" ]; then
				echo "sandbox: $SANDBOX_ONLY"
				eval "$SANDBOX_ONLY"
			else
				for phase in "$@"; do
					echo "sandbox: $phase"
					eval "${!phase}"
				done
			fi' sandbox "$tmp/prelude-$kind.sh" "$envf" "$dir" "$@" >"$log" 2>&1
}

# The plan's commands. With only_unit set, the other units are skipped and
# that one runs the command $only instead of its phases.
unit_begin() { # NAME KIND
	unit=$1
	kind=$2
	skip=0
	[ -z "${only_unit:-}" ] || [ "$only_unit" = "$unit" ] || skip=1
	udir=$sandbox/$unit
	[ "$kind" = crane ] || udir=$tmp/sandbox-$unit
	cur=$udir/unit
	[ "$skip" -eq 1 ] && return 0
	rm -rf "$udir"
	mkdir -p "$udir/tmp"
	: >"$cur.env"
	workdir=
}
unit_source() { # FROM (files on stdin)
	if [ "$skip" -eq 1 ]; then cat >/dev/null; return 0; fi
	workdir=$udir/source
	copy_listed "$1" "$workdir"
	chmod -R u+w "$workdir"
}
# A store path made anew (the plan may be run more than once).
fresh_store_path() { # PATH
	case $1 in "$tmp"/store/?*) ;; *) die "sandbox: $1 is not below $tmp/store" ;; esac
	[ ! -e "$1" ] || { chmod -R u+w "$1" && rm -rf "$1"; }
	mkdir -p "$(dirname "$1")"
}
unit_store_source() { # STORE_PATH FROM (files on stdin)
	if [ "$skip" -eq 1 ]; then cat >/dev/null; return 0; fi
	fresh_store_path "$1"
	copy_listed "$2" "$1"
	chmod -R a-w "$1"
}
unit_store_cargo_vendor() { # STORE_PATH CARGO_LOCK: crane's layout, REGISTRY/NAME-VERSION
	[ "$skip" -eq 1 ] && return 0
	fresh_store_path "$1"
	mkdir -p "$1/registry"
	awk '/^name = / { gsub(/"/, "", $3); n = $3 } /^version = / { gsub(/"/, "", $3); v = $3 }
		/^source = "registry/ { print n "-" v }' "$2" | while read -r d; do
		for r in "$cargo_home"/registry/src/*/"$d"; do
			[ -d "$r" ] && ln -sn "$r" "$1/registry/$d" && break
		done
	done
}
unit_store_run_begin() { # STORE_PATH
	[ "$skip" -eq 1 ] && return 0
	storeout=$1
	cur=$udir/store-run
	rm -rf "$cur.bin"
	: >"$cur.env"
}
unit_store_run_end() {
	[ "$skip" -eq 1 ] && return 0
	mkdir -p "$udir/run"
	run_phases stdenv "$cur.env" "$cur.bin" "$udir/run" "$udir/store-run.log" "" buildCommand ||
		{ tail -n 30 "$udir/store-run.log"; die "sandbox: $unit: making $storeout failed (above)"; }
	# The runCommand's $out is the store path.
	fresh_store_path "$storeout"
	mv "$udir/out" "$storeout"
	cur=$udir/unit
}
unit_kernel_tree() {
	[ "$skip" -eq 1 ] && return 0
	workdir=$udir/linux
	vanilla_tree "$workdir"
}
unit_tools() {
	[ "$skip" -eq 1 ] && return 0
	make_toolbin "$cur.bin" "$@"
}
unit_env() {
	if [ "$skip" -eq 1 ]; then cat >/dev/null; return 0; fi
	cat >>"$cur.env"
}
unit_run() { # PHASE...
	[ "$skip" -eq 1 ] && return 0
	[ -n "$workdir" ] || die "sandbox plan: $unit has no source"
	start=$(date +%s)
	if run_phases "$kind" "$cur.env" "$cur.bin" "$workdir" "$udir.log" "${only:-}" "$@"; then
		echo "$unit $(($(date +%s) - start))" >>"$sandbox/passed"
		return 0
	fi
	echo "$unit $udir.log" >>"$sandbox/failed"
	[ -n "${quiet_failure:-}" ] && return 0
	tail -n 60 "$udir.log"
	die "sandbox: $unit: ${only:-$*} failed as it would in its Nix sandbox (log: $udir.log; above its end)"
}

# A vanilla 6.12 tree of the files the series changes (all that prepare-tree.sh
# reads of the tree), from `cargo xtask kernel`'s unpacked source if there is
# one, else from the tarball; kept in the cache.
vanilla_tree() { # DEST
	sed -e 's/#.*//' patches/series | while read -r p; do
		case $p in
		'' | [-+]*) ;;
		*) sed -n 's|^--- a/||p' "patches/$p" ;;
		esac
	done | sed 's/[[:space:]].*//' >"$tmp/tree-files.all"
	# The files the series deletes (`- PATH`: make-series.sh reads them).
	sed -n 's/^[[:space:]]*-[[:space:]][[:space:]]*\([^[:space:]#]*\).*/\1/p' patches/series >>"$tmp/tree-files.all"
	echo Makefile >>"$tmp/tree-files.all"
	sort -u "$tmp/tree-files.all" >"$tmp/tree-files"
	key=$(cksum <"$tmp/tree-files" | cut -d' ' -f1)
	cached=$sandbox/vanilla-$key
	if [ ! -f "$cached/Makefile" ]; then
		src=
		for d in "$cache"/src/*/; do [ -f "$d/Makefile" ] && src=${d%/} && break; done
		rm -rf "$cached.tmp"
		mkdir -p "$cached.tmp"
		if [ -n "$src" ]; then
			tar -C "$src" --no-recursion -cf - -T "$tmp/tree-files" | tar -C "$cached.tmp" -xf - ||
				die "sandbox: $src lacks a file the series patches"
		else
			tarball=${PIN_INIT_HARNESS_TARBALL:-/usr/src/linux-source-6.12.tar.xz}
			[ -f "$tarball" ] || return 1
			top=$(tar -tf "$tarball" | head -n 1 | cut -d/ -f1)
			sed "s|^|$top/|" "$tmp/tree-files" >"$tmp/tree-members"
			tar -C "$cached.tmp" -xf "$tarball" -T "$tmp/tree-members" ||
				die "sandbox: extracting the patched files from $tarball failed"
			mv "$cached.tmp/$top"/* "$cached.tmp/" 2>/dev/null || true
		fi
		rm -rf "$cached"
		mv "$cached.tmp" "$cached"
	fi
	mkdir -p "$1"
	cp -a "$cached/." "$1/"
}

run_plan() { # FLAKE_DIR
	mkdir -p "$sandbox" "$tmp/store"
	: >"$sandbox/passed"
	: >"$sandbox/failed"
	: >"$sandbox/missing"
	sandbox_plan "$1" "$tmp/store" "$tmp/plan.sh" || die "evaluating nix/sandbox.nix failed (above)"
	# shellcheck disable=SC1091
	. "$tmp/plan.sh"
}
have_vanilla=0
for d in "$cache"/src/*/; do [ -f "$d/Makefile" ] && have_vanilla=1; done
[ -f "${PIN_INIT_HARNESS_TARBALL:-/usr/src/linux-source-6.12.tar.xz}" ] && have_vanilla=1
[ "$have_vanilla" -eq 1 ] || die "sandbox: no 6.12 source for the kernel's preparation (cargo xtask setup installs linux-source-6.12)"
t0=$(date +%s)
run_plan "$repo"
missing=$(sort -u "$sandbox/missing" | paste -sd, - | sed 's/,/, /g')
[ -z "$missing" ] || say "sandbox: not on this machine, so missing from the PATHs too: $missing"
cp "$sandbox/passed" "$sandbox/passed.main"
say "sandbox: $(wc -l <"$sandbox/passed") unit(s) passed in their sandbox's source set and PATH ($(($(date +%s) - t0)) s): $(awk '{ printf "%s%s (%s s)", sep, $1, $2; sep = ", " }' "$sandbox/passed")"

# --- 10: self-test: each checker rejects a bad file ------------------------------
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
printf '# one more line\nextra.patch\n' >>"$tmp/fixrepo/patches/series"
: >"$tmp/fixrepo/patches/extra.patch"
applied_by_prepare_tree "$tmp/fixrepo" "$tmp/tree-self" >"$tmp/applied-self"
diff -q "$tmp/applied-self" "$tmp/nix-fixture" >/dev/null && die "self-test: the series drift check missed an added patch"
sed 's/^CONFIG_KUNIT=.*/# CONFIG_KUNIT is not set/' "$config" 2>/dev/null >"$tmp/bad/config" ||
	printf 'CONFIG_RUST=y\n' >"$tmp/bad/config"
config_differs "$tmp/bad/config" >/dev/null || die "self-test: the config drift check missed a lost option"
# The flake wiring test on broken flakes: a copy of the flake's source with
# one edit must fail for the reason given (a failed expectation of that name,
# or an evaluation error with that text), and the unedited copy must pass.
flake_rejects() { # WHAT EXPECTED FILE SED-SCRIPT [FILE SED-SCRIPT]
	rm -rf "$tmp/badflake"
	mkdir -p "$tmp/badflake"
	tar -C "$repo" -cf - -T "$tmp/flake-files" | tar -C "$tmp/badflake" -xf -
	what=$1
	expected=$2
	shift 2
	while [ $# -ge 2 ]; do
		cp "$tmp/badflake/$1" "$tmp/badflake/$1.orig"
		sed -i "$2" "$tmp/badflake/$1"
		! cmp -s "$tmp/badflake/$1" "$tmp/badflake/$1.orig" || die "self-test: the edit for $what changed nothing in $1"
		rm "$tmp/badflake/$1.orig"
		shift 2
	done
	out=$(nix_eval_json "import $tmp/badflake/nix/tests-flake.nix { files = $files_expr; }" 2>&1) || true
	[ "$out" != "[]" ] || die "self-test: nix/tests-flake.nix accepted $what"
	case $out in
	*"$expected"*) ;;
	*) die "self-test: nix/tests-flake.nix rejected $what, but not for its reason ($expected): $out" ;;
	esac
}
out=$(nix_eval_json "import $repo/nix/tests-flake.nix { files = $files_expr; }")
[ "$out" = "[]" ] || die "self-test: the wiring test fails on the flake itself: $out"
flake_rejects "a flake whose default is not the kernel" '"default is the kernel"' flake.nix 's|default = linux.kernel;|default = rust.xtask;|'
flake_rejects "a KUNIT_ALL_TESTS left to nixpkgs" '"no KUnit suite by default"' kunit-configs/00-base.config '/KUNIT_ALL_TESTS/d'
flake_rejects "a NixOS VM fragment that turns KUnit off" 'sets no option of kunit-configs/ otherwise' nix/nixos-vm.config '$a CONFIG_KUNIT=n'
flake_rejects "a kernel without an option systemd requires" 'CONFIG_SECCOMP is not yes!' nix/nixos-vm.config '/^CONFIG_SECCOMP=y$/d'
flake_rejects "a VM node that does not assert requiredKernelConfig" '"vm-test: the node asserts every requiredKernelConfig' \
	nixos-tests/default.nix 's/^        config.system.requiredKernelConfig;/        [ ];/'
flake_rejects "a VM test without log_buf_len" '"vm-test: a kernel log buffer' nixos-tests/default.nix '/log_buf_len/d'
flake_rejects "a VM test whose initrd wants NixOS' default modules" '"vm-test: the initrd loads no module"' nixos-tests/default.nix 's/includeDefaultModules = false/includeDefaultModules = true/'
flake_rejects "a VM test given the docs for xtask" '"vm-test script: the store paths (xtask the package)' flake.nix '/vm-test = import/,/};/s/inherit (rust) xtask;/xtask = rust.doc;/'
flake_rejects "a misspelt runNixOSTest argument" "called with unexpected argument 'testScrip'" nixos-tests/default.nix 's/^  testScript = /  testScrip = /'
flake_rejects "a misspelt linuxManualConfig argument" "called with unexpected argument 'extraMakeFlag'" nix/kernel.nix 's/extraMakeFlags = \[/extraMakeFlag = [/'
flake_rejects "a kernel built without LLVM=1" '"kernel built with LLVM=1 CLIPPY=1"' nix/kernel.nix 's/"LLVM=1"//'
flake_rejects "Rust warnings that do not fail the kernel build" '"Rust warnings are errors"' nix/kernel.nix 's/ -Dwarnings//'
flake_rejects "a lenient kernel that is strict" '"lenient kernel:' nix/kernel.nix 's/strict = false;/strict = true;/'
flake_rejects "a cargoTest without --workspace" '"cargoTest runs the whole workspace"' nix/rust.nix 's/cargoTestExtraArgs = "--workspace";//'
flake_rejects "a devShell with the hardening flags" '"devShell: no hardening flags"' nix/shell.nix 's/hardeningDisable = \[ "all" \];//'
flake_rejects "a devShell whose cargo xtask kernel lacks the make flags" '"devShell: cargo xtask kernel uses' nix/shell.nix '/PIN_INIT_HARNESS_MAKE_FLAGS = /d'

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

# The sandboxes, on flakes that lose a file or a tool a build needs: each must
# fail there, for that reason (a narrower command than the whole check where
# a crane check is concerned: the test that needs it).
sandbox_rejects() { # WHAT UNIT COMMAND FILE SED-SCRIPT EXPECTED-IN-LOG
	rm -rf "$tmp/sbflake"
	mkdir -p "$tmp/sbflake"
	tar -C "$repo" -cf - -T "$tmp/flake-files" | tar -C "$tmp/sbflake" -xf -
	sed -i "$5" "$tmp/sbflake/$4"
	! cmp -s "$repo/$4" "$tmp/sbflake/$4" || die "self-test: the edit for $1 changed nothing in $4"
	only_unit=$2
	only=$3
	quiet_failure=1
	run_plan "$tmp/sbflake"
	only_unit=
	only=
	quiet_failure=
	log=$(sed -n "s|^$2 ||p" "$sandbox/failed")
	[ -n "$log" ] || die "self-test: the sandbox of $2 accepted $1"
	grep -q "$6" "$log" || { tail -n 20 "$log"; die "self-test: the sandbox of $2 failed otherwise than for $1 (no \"$6\" in $log)"; }
}
sandbox_rejects "a test source set without scripts/make-series.sh" pin-init-test \
	'cargoWithProfile test --locked --workspace --test config -- vendored_versions_follow_pin_init_internal' \
	nix/rust.nix '\|(root + "/scripts/make-series.sh")|d' 'No such file or directory'
sandbox_rejects "a test check without git" pin-init-test \
	'cargoWithProfile test --locked --workspace --test kernel_tree -- the_series_must_git_am_strictly' \
	nix/rust.nix 's|^    pkgs.git$||' 'git'
sandbox_rejects "a test check without GNU cpio" pin-init-test \
	'cargoWithProfile test --locked --workspace --test initramfs' \
	nix/rust.nix 's|^    pkgs.cpio$||' 'GNU cpio is missing'
sandbox_rejects "a kernel without git in its nativeBuildInputs" kernel-prepare '' \
	nix/kernel.nix 's|++ \[ pkgs.git \]||' 'git not found'
# The tested versions: an older nixpkgs 6.12 fails at evaluation, naming it.
out=$(nix-instantiate --eval --strict --readonly-mode -E "(import $repo/nix/stubs.nix { linuxVersion = \"6.12.5\"; }).out.packages.x86_64-linux.kernel.outPath" 2>&1) &&
	die "self-test: a nixpkgs linux_6_12 of 6.12.5 evaluated"
echo "$out" | grep -q "nixpkgs' linux_6_12 is 6.12.5, older than $(head -n 1 "$tmp/tested")" ||
	{ echo "$out"; die "self-test: an old nixpkgs 6.12 failed without naming the versions"; }

# ui-compare.sh on outputs that fail for other reasons (the cases are found
# by name, in whatever folder of tests/ui-1.85 they are).
ui_case() { # NAME: the path of NAME.stderr below pin-init/tests/ui-1.85 (f=$(ui_case ..) stops the script if none)
	f=$(cd pin-init/tests/ui-1.85 && find . -name "$1.stderr" -type f)
	[ -n "$f" ] || die "self-test: no compile-fail case $1 in pin-init/tests/ui-1.85"
	echo "$f"
}
mkdir -p "$tmp/bad"
cp -R pin-init/tests/ui-1.85 "$tmp/bad/ui"
f=$(ui_case assert_pinned_unpinned_field)
sed -i 's/^error\[E0277\]/error[E0308]/' "$tmp/bad/ui/$f"
sh pin-init/tests/ui-compare.sh pin-init/tests/ui "$tmp/bad/ui" >/dev/null &&
	die "self-test: ui-compare.sh accepted another error code"
cp "pin-init/tests/ui-1.85/$f" "$tmp/bad/ui/$f"
f=$(ui_case duplicate_field)
sed -i 's/^error: field `a` is initialized twice.*/error: something else/' "$tmp/bad/ui/$f"
sh pin-init/tests/ui-compare.sh pin-init/tests/ui "$tmp/bad/ui" >/dev/null &&
	die "self-test: ui-compare.sh accepted another message of ours"
cp "pin-init/tests/ui-1.85/$f" "$tmp/bad/ui/$f"
f=$(ui_case drop_impl)
rm "$tmp/bad/ui/$f"
sh pin-init/tests/ui-compare.sh pin-init/tests/ui "$tmp/bad/ui" >/dev/null &&
	die "self-test: ui-compare.sh accepted a missing output"
say "self-test: syntax error, misformatted file, dead binding, wrong parser expectations, lock/input mismatch, broken flake wiring (default, KUNIT_ALL_TESTS, VM fragment, a NixOS-required option, no requiredKernelConfig assertions, no log_buf_len, the docs as xtask, misspelt runNixOSTest/linuxManualConfig arguments, initrd modules, LLVM=1, -Dwarnings, a strict lenient kernel, --workspace, hardening, make flags), sandboxes without make-series.sh / git / cpio / the kernel's git, an older nixpkgs 6.12, a testScript rebinding log / with an undefined name / an unused import / None for an int, series drift, config drift, lost option, unnamed KUnit suite and ui outputs failing otherwise are each rejected"
say "PASS: $count .nix file(s): parse, format, dead code, 2 evaluation test files, VM script type check and lint, drift checks, ui fallback, $(wc -l <"$sandbox/passed.main") sandbox(es), self-test ($(($(date +%s) - start_all)) s)"
