#!/bin/sh
# prepare-tree.sh KERNEL_TREE REPO_ROOT VENDOR_DIR
#
# The one definition of how a vanilla Linux 6.12 tree becomes this project's
# tree. Used by `cargo xtask kernel` and by the Nix flake. POSIX sh,
# coreutils, sed, awk and patch only.
#
#  1. pin-init/src          -> KERNEL_TREE/rust/pin-init/src
#     pin-init/internal/src -> KERNEL_TREE/rust/pin-init/internal/src
#  2. for proc-macro2, quote, syn and unicode-ident at the versions
#     pin-init-internal uses in REPO_ROOT/Cargo.lock: VENDOR_DIR/<crate>-<version>/src (or one directory
#     level deeper, VENDOR_DIR/*/<crate>-<version>/src) -> KERNEL_TREE/rust/<crate>
#  3. the patches listed in REPO_ROOT/patches/series, in order, with patch -p1.
#     A patch that does not apply is reported with its name, the file and the
#     hunk, and nothing of it is applied (dry run first).
#
# The tree must be a vanilla 6.12 tree: preparing a tree twice is refused.
set -eu

die() {
	echo "prepare-tree: error: $*" >&2
	exit 1
}

[ $# -eq 3 ] || die "usage: prepare-tree.sh KERNEL_TREE REPO_ROOT VENDOR_DIR"
tree=$1
repo=$2
vendor=$3

[ -f "$tree/Makefile" ] || die "$tree is not a kernel tree (no Makefile)"
version=$(sed -n 's/^VERSION = //p' "$tree/Makefile" | head -n 1)
patchlevel=$(sed -n 's/^PATCHLEVEL = //p' "$tree/Makefile" | head -n 1)
[ "$version.$patchlevel" = "6.12" ] ||
	die "$tree is Linux $version.$patchlevel, expected 6.12"
[ ! -e "$tree/rust/pin-init" ] ||
	die "$tree already has rust/pin-init: start from a vanilla 6.12 tree"
command -v patch >/dev/null 2>&1 ||
	die "patch not found (Debian package patch)"

copy_src() { # SRC_DIR DEST_DIR
	[ -d "$1" ] || die "missing directory $1"
	mkdir -p "$2"
	cp -R "$1/." "$2/"
}

# Version of crate $1 that pin-init-internal depends on (directly or not) in
# Cargo.lock. Other packages (e.g. test-only dependencies) may pull in other
# versions of the same crate; only pin-init-internal's build graph counts.
lock_version() {
	awk -v want="$1" '
		/^\[\[package\]\]/ { n++; indeps = 0; next }
		$1 == "name" && !indeps { gsub(/"/, "", $3); name[n] = $3; next }
		$1 == "version" && !indeps { gsub(/"/, "", $3); ver[n] = $3; next }
		$1 == "dependencies" { indeps = 1; next }
		indeps && /^\]/ { indeps = 0; next }
		indeps {
			d = $0; gsub(/[",]/, "", d); sub(/^[ \t]+/, "", d)
			split(d, p, " ")
			deps[n] = deps[n] "|" p[1] " " (p[2] == "" ? "*" : p[2])
			next
		}
		END {
			for (i = 1; i <= n; i++) if (name[i] == "pin-init-internal") root = i
			if (!root) exit
			queue[1] = root; qn = 1; seen[root] = 1
			for (q = 1; q <= qn; q++) {
				cnt = split(deps[queue[q]], ds, "|")
				for (k = 2; k <= cnt; k++) {
					split(ds[k], nv, " ")
					for (i = 1; i <= n; i++)
						if (!seen[i] && name[i] == nv[1] && (nv[2] == "*" || nv[2] == ver[i])) {
							seen[i] = 1; queue[++qn] = i
						}
				}
			}
			for (i = 1; i <= n; i++) if (seen[i] && name[i] == want) print ver[i]
		}
	' "$repo/Cargo.lock"
}

copy_src "$repo/pin-init/src" "$tree/rust/pin-init/src"
copy_src "$repo/pin-init/internal/src" "$tree/rust/pin-init/internal/src"

for crate in proc-macro2 quote syn unicode-ident; do
	ver=$(lock_version "$crate")
	[ -n "$ver" ] || die "$crate is not a dependency of pin-init-internal in $repo/Cargo.lock"
	case $ver in *"
"*) die "pin-init-internal depends on several versions of $crate: $(echo $ver)" ;; esac
	dir=$vendor/$crate-$ver
	if [ ! -d "$dir/src" ]; then
		for d in "$vendor"/*/"$crate-$ver"; do
			[ -d "$d/src" ] && dir=$d && break
		done
	fi
	[ -d "$dir/src" ] || die "vendored $crate $ver not found in $vendor (expected $crate-$ver/src)"
	copy_src "$dir/src" "$tree/rust/$crate"
done

# Print, for a failed dry run of PATCH, which file and hunk failed, with the
# hunk's @@ header from the patch.
explain_failure() { # PATCH OUTPUT
	printf '%s\n' "$2" | awk -v patchfile="$1" '
		function hunk_header(file, n,    line, infile, count) {
			infile = 0; count = 0
			while ((getline line < patchfile) > 0) {
				if (line ~ /^\+\+\+ /) {
					sub(/^\+\+\+ [^\/]*\//, "", line)
					sub(/\t.*/, "", line)
					infile = (line == file)
					continue
				}
				if (infile && line ~ /^@@ /) {
					count++
					if (count == n) { close(patchfile); return line }
				}
			}
			close(patchfile)
			return "(hunk not found in patch)"
		}
		/^(patching|checking) file / { file = $0; sub(/^(patching|checking) file /, "", file); next }
		/^Hunk #[0-9]+ FAILED/ {
			n = $2; sub(/#/, "", n)
			print "  " file ": hunk #" n " " hunk_header(file, n) " -- " $0
			next
		}
		/can.t find file to patch|No file to patch|Reversed \(or previously applied\)|malformed patch|Only garbage/ {
			print "  " (file != "" ? file ": " : "") $0
		}
	'
}

series=$repo/patches/series
[ -f "$series" ] || die "missing $series"
applied=0
# Strip comments and blank lines; one patch file name per line.
for p in $(sed -e 's/#.*//' -e 's/[[:space:]]*$//' -e '/^$/d' "$series"); do
	file=$repo/patches/$p
	[ -f "$file" ] || die "patch $p listed in patches/series does not exist"
	if ! out=$(patch -p1 --dry-run --forward --batch -d "$tree" -i "$file" 2>&1); then
		{
			echo "prepare-tree: error: patch $p does not apply to $tree:"
			explain_failure "$file" "$out"
			echo "  (patch output follows)"
			printf '%s\n' "$out" | sed 's/^/    /'
		} >&2
		exit 1
	fi
	patch -p1 --forward --batch --quiet --no-backup-if-mismatch -d "$tree" -i "$file" ||
		die "patch $p failed after a successful dry run"
	applied=$((applied + 1))
done
echo "prepare-tree: copied pin-init and vendored crates, applied $applied patch(es)"
