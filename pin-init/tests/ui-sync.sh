#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# Links the compile-fail sources of tests/ui (stable) into tests/ui-1.85 (Debian's 1.85), whose
# .stderr files differ (relative symbolic links: one source, two reviewed outputs). Every
# ui/PATH.rs, in whatever folder below ui/, gets the link ui-1.85/PATH.rs; a .stderr of ui-1.85
# whose counterpart in ui/ is gone is removed, and so is a folder of ui-1.85 left empty. Then
# regenerate and review both sets of .stderr files (CONTRIBUTING.md):
#   TRYBUILD=overwrite cargo test -p pin-init --test ui
#   TRYBUILD=overwrite RUSTC=/usr/bin/rustc RUSTDOC=/usr/bin/rustdoc cargo test -p pin-init --test ui --target-dir target/debian-1.85
set -eu
cd "$(dirname "$0")"
mkdir -p ui-1.85
find ui-1.85 -name '*.rs' -exec rm -f {} +
find ui -name '*.rs' -type f | while read -r f; do
    rel=${f#ui/}
    dir=$(dirname "$rel")
    # From ui-1.85/DIR back to tests/: one `..` per folder of DIR, and one for ui-1.85.
    up=..
    [ "$dir" = . ] || up=$(echo "$dir" | sed 's|[^/][^/]*|..|g')/..
    mkdir -p "ui-1.85/$dir"
    ln -s "$up/ui/$rel" "ui-1.85/$rel"
done
find ui-1.85 -name '*.stderr' | while read -r f; do
    [ -e "ui/${f#ui-1.85/}" ] || rm -f "$f"
done
find ui-1.85 -mindepth 1 -depth -type d -empty -exec rmdir {} \;
