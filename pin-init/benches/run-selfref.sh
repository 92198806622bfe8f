#!/bin/sh
# One command for the self-referential benchmarks (issue 3):
#  1. runtime: pin-init against ouroboros and self_cell (and the bare owner), ns/op,
#     allocations/op, size_of, ratios (selfref-bench, release build);
#  2. the accessor against a plain field read: the assembly of both functions;
#  3. crate-only rebuild time of a crate with 20 self-referential structs, pin-init against
#     ouroboros (same machine, same run).
# Usage: pin-init/benches/run-selfref.sh [N]    Build dirs: ~/.cache/pin-init-bench
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
WORK=${PIN_INIT_BENCH_DIR:-${HOME}/.cache/pin-init-bench}
mkdir -p "$WORK"
export CARGO_TARGET_DIR="$WORK/target-selfref-bench"

echo "== runtime ($(rustc --version))"
(cd "$HERE/selfref-bench" && cargo build --quiet --release)
"$CARGO_TARGET_DIR/release/selfref-bench" "${1:-2000000}"

echo
echo "== accessor vs plain field read (x86-64 assembly of the release build)"
BIN="$CARGO_TARGET_DIR/release/selfref-bench"
for f in read_through_accessor read_plain_field; do
    addr=$(nm "$BIN" | awk -v f="$f" '$3 == f { print $1 }')
    echo "-- $f at 0x$addr:"
    objdump -d --no-show-raw-insn --start-address="0x$addr" "$BIN" \
        | awk '/^ *[0-9a-f]+:\t/ { sub(/^ *[0-9a-f]+:\t/, "    "); print; if ($0 ~ /ret/) exit }'
done
a1=$(nm "$BIN" | awk '$3 == "read_through_accessor" { print $1 }')
a2=$(nm "$BIN" | awk '$3 == "read_plain_field" { print $1 }')
if [ "$a1" = "$a2" ]; then
    echo "identical machine code: the linker folded both functions into one"
fi

echo
echo "== crate-only rebuild of 20 self-referential structs (debug)"
gen() { # $1 = kind (pin-init | ouroboros)
    dir="$WORK/build20-$1"
    mkdir -p "$dir/src"
    if [ "$1" = pin-init ]; then
        dep="pin-init = { path = \"$REPO/pin-init\" }"
    else
        dep='ouroboros = "0.18"'
    fi
    printf '[package]\nname = "build20-%s"\nversion = "0.0.0"\nedition = "2021"\npublish = false\n[dependencies]\n%s\n[workspace]\n' "$1" "$dep" > "$dir/Cargo.toml"
    {
        echo '#![allow(dead_code)]'
        i=0
        while [ "$i" -lt 20 ]; do
            if [ "$1" = pin-init ]; then
                echo "#[pin_init::pin_data] pub struct S$i { part: &'text str, text: String, n: u32 }"
                echo "pub fn new_s$i(t: String) -> impl pin_init::PinInit<S$i> { pin_init::pin_init!(S$i { text: t, part: &text[..], n: $i }) }"
                echo "pub fn get_s$i(s: &S$i) -> usize { s.part().len() + s.n as usize }"
            else
                echo "#[ouroboros::self_referencing] pub struct S$i { text: String, #[borrows(text)] part: &'this str, n: u32 }"
                echo "pub fn new_s$i(t: String) -> S$i { S${i}Builder { text: t, part_builder: |t| &t[..], n: $i }.build() }"
                echo "pub fn get_s$i(s: &S$i) -> usize { s.borrow_part().len() + *s.borrow_n() as usize }"
            fi
            i=$((i + 1))
        done
    } > "$dir/src/lib.rs"
    (cd "$dir" && CARGO_TARGET_DIR="$WORK/target-build20-$1" cargo build --quiet)
    best=
    for run in 1 2 3 4 5; do
        touch "$dir/src/lib.rs"
        start=$(date +%s%N)
        (cd "$dir" && CARGO_TARGET_DIR="$WORK/target-build20-$1" cargo build --quiet)
        end=$(date +%s%N)
        ms=$(( (end - start) / 1000000 ))
        if [ -z "$best" ] || [ "$ms" -lt "$best" ]; then best=$ms; fi
    done
    echo "$best"
}
ours=$(gen pin-init)
ouro=$(gen ouroboros)
echo "pin-init  best of 5: $ours ms"
echo "ouroboros best of 5: $ouro ms"
awk -v a="$ours" -v b="$ouro" 'BEGIN { printf "ouroboros / pin-init: %.2fx (target: >= 1.00x)\n", b / a }'
