#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# Measures what the macros cost a crate at compile time, before and after a change: a crate with
# 20 self-referential structs (shared, mutable, invariant and existential borrows, chains,
# generics, PinnedDrop), each built with pin_init! and read through its accessors, compiled
# against pin-init at git revision OLD (default: main) and against the working tree. It prints
# the median CPU time (user + system) of a crate-only rebuild (`touch src/lib.rs`, debug build)
# over RUNS runs (default 7), alternating the two so that machine load drifts evenly, and the
# ratio new/old.
# Usage: pin-init/benches/compile-time.sh [OLD [RUNS [WORK_DIR]]]   (default work dir:
#        ~/.cache/pin-init-bench/compile-time)
set -eu
REPO=$(cd "$(dirname "$0")/../.." && pwd)
OLD=${1:-main}
RUNS=${2:-7}
WORK=${3:-${HOME}/.cache/pin-init-bench/compile-time}
mkdir -p "$WORK"

# The old crate: a checkout of OLD's pin-init (a git worktree, detached).
rm -rf "$WORK/old-src"
git -C "$REPO" worktree remove --force "$WORK/old-src" 2>/dev/null || true
git -C "$REPO" worktree add --detach "$WORK/old-src" "$OLD" >/dev/null 2>&1
trap 'git -C "$REPO" worktree remove --force "$WORK/old-src" >/dev/null 2>&1 || true' EXIT

gen_structs() { # the 20 structs and their initializers
    i=0
    while [ "$i" -lt 4 ]; do
        cat <<EOF
#[pin_data]
pub struct Shared$i {
    key: &'text str,
    value: &'text str,
    parts: Vec<&'words str>,
    words: String,
    text: String,
}
pub fn shared$i(line: &str) -> impl PinInit<Shared$i> + '_ {
    pin_init!(Shared$i {
        text: line.to_owned(),
        words: text.to_uppercase(),
        key: text.split('=').next().unwrap_or(""),
        value: text.split('=').nth(1).unwrap_or(""),
        parts: words.split(' ').collect(),
    })
}
pub fn read_shared$i(s: &Shared$i) -> usize { s.key().len() + s.value().len() + s.parts().len() }

#[pin_data]
pub struct Mutable$i {
    head: &'buf mut [u8],
    #[borrowed(mut)]
    buf: [u8; 64],
    count: u32,
}
pub fn mutable$i() -> impl PinInit<Mutable$i> {
    pin_init!(Mutable$i { count: 1, buf: [0; 64], head: &mut buf[..8] })
}

#[pin_data]
pub struct Invariant$i<'a> {
    #[uses('names: invariant)]
    current: Mutex<&'names str>,
    names: Vec<String>,
    dev: &'a Device,
}
pub fn invariant$i(dev: &Device) -> impl PinInit<Invariant$i<'_>> + '_ {
    pin_init!(Invariant$i {
        dev,
        names: vec![String::from("video")],
        current: Mutex::new(names[0].as_str()),
    })
}
pub fn read_invariant$i(s: &Invariant$i<'_>) -> usize { s.with_current(|m| m.lock().unwrap().len()) }

#[pin_data]
pub struct Existential$i<'a>
where
    exists<'q>: 'a,
{
    #[pin]
    #[uses('q: invariant)]
    inner: Mutex<Inner<'q>>,
    dev: &'a Device,
}
pub fn existential$i(dev: &Device) -> impl PinInit<Existential$i<'_>> + '_ {
    pin_init!(Existential$i { dev, inner: Mutex::new(Inner { dev, seq: 0 }) })
}

#[pin_data(PinnedDrop)]
pub struct Generic$i<'a, T: Clone> {
    view: Reader<'buf>,
    buf: Vec<u8>,
    source: &'a T,
    #[pin]
    _pin: PhantomPinned,
}
#[pinned_drop]
impl<T: Clone> PinnedDrop for Generic$i<'_, T> {
    fn drop(self: Pin<&mut Self>) {}
}
pub fn generic$i<T: Clone>(source: &T) -> impl PinInit<Generic$i<'_, T>> + '_ {
    pin_init!(Generic$i {
        source,
        buf: vec![1, 2, 3],
        view: Reader(&buf[..]),
        _pin: PhantomPinned,
    })
}
EOF
        i=$((i + 1))
    done
}

gen_crate() { # $1 = dir, $2 = pin-init path
    mkdir -p "$1/src"
    cat > "$1/Cargo.toml" <<EOF
[package]
name = "selfref-compile-time"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
pin-init = { path = "$2", features = ["std"] }

[workspace]
EOF
    {
        echo '#![allow(dead_code)]'
        echo 'use core::{marker::PhantomPinned, pin::Pin};'
        echo 'use pin_init::*;'
        echo 'use std::sync::Mutex;'
        echo 'pub struct Device { pub name: &'"'"'static str }'
        echo 'pub struct Inner<'"'"'d> { dev: &'"'"'d Device, seq: u32 }'
        echo 'pub struct Reader<'"'"'b>(&'"'"'b [u8]);'
        echo 'impl Drop for Reader<'"'"'_> { fn drop(&mut self) { let _ = self.0.first(); } }'
        gen_structs
    } > "$1/src/lib.rs"
}

gen_crate "$WORK/old" "$WORK/old-src/pin-init"
gen_crate "$WORK/new" "$REPO/pin-init"
for side in old new; do
    (cd "$WORK/$side" && CARGO_TARGET_DIR="$WORK/target-$side" cargo build --quiet)
done

cpu_of_rebuild() { # $1 = side; prints user+system seconds of one crate-only rebuild
    touch "$WORK/$1/src/lib.rs"
    (cd "$WORK/$1" && CARGO_TARGET_DIR="$WORK/target-$1" /usr/bin/time -f '%U %S' -o "$WORK/time" cargo build --quiet)
    awk '{ printf "%.2f\n", $1 + $2 }' "$WORK/time"
}

: > "$WORK/old.times"
: > "$WORK/new.times"
run=0
while [ "$run" -lt "$RUNS" ]; do
    cpu_of_rebuild old >> "$WORK/old.times"
    cpu_of_rebuild new >> "$WORK/new.times"
    run=$((run + 1))
done
median() { sort -n "$1" | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
old=$(median "$WORK/old.times")
new=$(median "$WORK/new.times")
echo "== crate-only rebuild of 20 self-referential structs, CPU seconds (user + system), median of $RUNS ($(rustc --version))"
printf 'old (%s): %s s   new (working tree): %s s   new/old: %s\n' "$OLD" "$old" "$new" \
    "$(awk -v a="$new" -v b="$old" 'BEGIN { printf "%.3f", a / b }')"
