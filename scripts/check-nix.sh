#!/bin/sh
# scripts/check-nix.sh: the offline checks of the Nix files (run by
# `cargo xtask test` as its last step; no network, no nixpkgs needed).
#
#  1. every tracked .nix file parses       (nix-instantiate --parse, Debian nix-bin)
#  2. is formatted                          (nixpkgs-fmt --check)
#  3. has no dead bindings                  (deadnix --fail)
#  4. nix/tests.nix: the series/config parsers of nix/parse.nix on the
#     fixtures in nix/fixtures, and flake.lock against flake.nix's inputs
#  5. nix/tests-flake.nix: flake.nix's outputs evaluated with stand-ins for
#     nixpkgs and crane (the wiring: kernel source, config, checks, VM test)
#  6. no drift from the plain harness: scripts/prepare-tree.sh itself (with
#     a recording `patch`) applies exactly the patches nix/parse.nix reads
#     from patches/series (and from the fixture series); the last
#     `cargo xtask kernel` .config, if there is one, has every option the
#     flake's config parser reads from kunit-configs/
#  7. self-test: each checker above rejects a bad input once
#
# Installs what it needs, pinned: nix-bin from apt (if missing), deadnix
# 1.3.1 and nixpkgs-fmt 1.3.0 from crates.io into
# ${PIN_INIT_HARNESS_CACHE:-$HOME/.cache/pin-init-harness}/tools.
set -eu
cd "$(dirname "$0")/.."
repo=$(pwd)
cache=${PIN_INIT_HARNESS_CACHE:-$HOME/.cache/pin-init-harness}
tools=$cache/tools
PATH=$tools/bin:$PATH
export PATH
DEADNIX_VERSION=1.3.1
NIXPKGS_FMT_VERSION=1.3.0

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

# --- 6: no drift from the plain harness ----------------------------------------
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
		have=$(grep "^CONFIG_$opt=" "$1" | cut -d= -f2-) || have=n
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
	say "drift: kunit-configs: all $(wc -l <"$tmp/wanted") option(s) the flake reads have the same value in $config (made by cargo xtask kernel)"
else
	say "drift: kunit-configs: .config comparison skipped (no $config yet: cargo xtask kernel makes it)"
fi

# --- 7: self-test: each checker rejects a bad file ------------------------------
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
cp -r flake.nix nix nixos-tests kunit-configs patches "$tmp/badflake/"
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
say "self-test: syntax error, misformatted file, dead binding, wrong parser expectations, lock/input mismatch, broken flake wiring, series drift and config drift are each rejected"
say "PASS: $count .nix file(s): parse, format, dead code, 2 evaluation test files, 2 drift checks, self-test"
