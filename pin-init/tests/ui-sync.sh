#!/bin/sh
# Links the compile-fail sources of tests/ui (stable) into tests/ui-1.85 (Debian's 1.85), whose
# .stderr files differ (relative symbolic links: one source, two reviewed outputs). Then regenerate and review both sets of .stderr files:
#   TRYBUILD=overwrite cargo test -p pin-init --test ui
#   TRYBUILD=overwrite RUSTC=/usr/bin/rustc RUSTDOC=/usr/bin/rustdoc cargo test -p pin-init --test ui
set -eu
cd "$(dirname "$0")"
mkdir -p ui-1.85
rm -f ui-1.85/*.rs
for f in ui/*.rs; do
    ln -s "../ui/$(basename "$f")" "ui-1.85/$(basename "$f")"
done
for f in ui-1.85/*.stderr; do
    [ -e "$f" ] || continue
    [ -e "ui/$(basename "$f")" ] || rm -f "$f"
done
