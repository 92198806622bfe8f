#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# Measures what `#[pin_data]` costs at compile time:
#  1. the expansion of one 10-field `#[pin_data]` struct (lines and bytes of
#     `rustc -Zunpretty=expanded`, nightly, formatted by rustfmt), against the plain struct;
#  2. the crate-only rebuild time of a crate with 100 such structs, each built with
#     `pin_init!`, against the same crate with plain structs and struct literals.
# Usage: pin-init/benches/expansion.sh [WORK_DIR]   (default: ~/.cache/pin-init-bench)
set -eu
REPO=$(cd "$(dirname "$0")/../.." && pwd)
WORK=${1:-${HOME}/.cache/pin-init-bench}
N=100
mkdir -p "$WORK"

gen_crate() { # $1 = dir, $2 = "pin" or "plain", $3 = number of structs
    dir=$1 kind=$2 count=$3
    mkdir -p "$dir/src"
    cat > "$dir/Cargo.toml" <<TOML
[package]
name = "bench-$kind"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
pin-init = { path = "$REPO/pin-init" }

[workspace]
TOML
    {
        echo '#![allow(dead_code)]'
        echo 'use core::marker::PhantomPinned;'
        if [ "$kind" = pin ]; then echo 'use pin_init::*;'; fi
        i=0
        while [ "$i" -lt "$count" ]; do
            if [ "$kind" = pin ]; then
                echo '#[pin_data]'
                echo "pub struct S$i {"
                echo '    #[pin] p: PhantomPinned,'
            else
                echo "pub struct S$i {"
                echo '    p: PhantomPinned,'
            fi
            for f in 1 2 3 4 5 6 7 8 9; do echo "    f$f: u$(( (f % 4 + 1) * 8 )),"; done | sed 's/u40/u64/; s/u24/u32/'
            echo '}'
            if [ "$kind" = pin ]; then
                echo "pub fn new_s$i() -> impl PinInit<S$i> {"
                echo "    pin_init!(S$i { p: PhantomPinned, f1: 1, f2: 2, f3: 3, f4: 4, f5: 5, f6: 6, f7: 7, f8: 8, f9: 9 })"
            else
                echo "pub fn new_s$i() -> S$i {"
                echo "    S$i { p: PhantomPinned, f1: 1, f2: 2, f3: 3, f4: 4, f5: 5, f6: 6, f7: 7, f8: 8, f9: 9 }"
            fi
            echo '}'
            i=$((i + 1))
        done
    } > "$dir/src/lib.rs"
}

echo "== expansion of one 10-field struct (#[pin_data] only, no initializer)"
for kind in pin plain; do
    gen_crate "$WORK/one-$kind" "$kind" 1
    # Drop the initializer function: measure the struct's expansion alone.
    sed -i '/^pub fn new_s0/,$d' "$WORK/one-$kind/src/lib.rs"
    (cd "$WORK/one-$kind" && CARGO_TARGET_DIR="$WORK/target-one" cargo +nightly rustc --quiet --lib -- -Zunpretty=expanded 2>/dev/null) \
        | rustfmt --edition 2021 > "$WORK/one-$kind.expanded.rs"
    printf '%-6s %5d lines %7d bytes\n' "$kind" "$(wc -l < "$WORK/one-$kind.expanded.rs")" "$(wc -c < "$WORK/one-$kind.expanded.rs")"
done

echo "== expansion of one pin_init! of that struct"
gen_crate "$WORK/init-pin" pin 1
(cd "$WORK/init-pin" && CARGO_TARGET_DIR="$WORK/target-one" cargo +nightly rustc --quiet --lib -- -Zunpretty=expanded 2>/dev/null) \
    | rustfmt --edition 2021 > "$WORK/init-pin.expanded.rs"
struct_lines=$(wc -l < "$WORK/one-pin.expanded.rs")
printf 'pin_init! adds %d lines\n' "$(( $(wc -l < "$WORK/init-pin.expanded.rs") - struct_lines - 3 ))"

echo "== crate-only rebuild of $N structs (debug, $(rustc --version))"
for kind in pin plain; do
    gen_crate "$WORK/many-$kind" "$kind" "$N"
    (cd "$WORK/many-$kind" && CARGO_TARGET_DIR="$WORK/target-many-$kind" cargo build --quiet)
    best=
    for run in 1 2 3; do
        touch "$WORK/many-$kind/src/lib.rs"
        start=$(date +%s%N)
        (cd "$WORK/many-$kind" && CARGO_TARGET_DIR="$WORK/target-many-$kind" cargo build --quiet)
        end=$(date +%s%N)
        ms=$(( (end - start) / 1000000 ))
        if [ -z "$best" ] || [ "$ms" -lt "$best" ]; then best=$ms; fi
    done
    printf '%-6s best of 3: %6d ms\n' "$kind" "$best"
done
