# `nix develop`: the workspace's Rust toolchain and the Nix kernel's own
# build environment (its stdenv: clang with LLVM's binutils; its inputs:
# bison, flex, perl, bc, openssl, elfutils, pahole, kmod, rsync, python3,
# cpio, zstd, rustc-unwrapped, rust-bindgen-unwrapped, ...), so that the
# kernel builds by hand. `kernel-make` is make with the Nix kernel's own
# flags (nixpkgs' commonMakeFlags: absolute CC, LD, AR, ... of its stdenv,
# so the PATH order of wrapped and unwrapped clang/ld.lld does not matter;
# LLVM=1, CLIPPY=1), and -Dwarnings for Rust. The PIN_INIT_HARNESS_*
# variables make `cargo xtask kernel` use this shell's tools, nixpkgs' 6.12
# source and the same make flags instead of Debian's /usr/bin and tarball.
{ pkgs
, lib
, kernel
, kernelStdenv
,
}:
let
  # What the kernel build runs, first on `cargo xtask kernel`'s tool path:
  # rustc-unwrapped as nixpkgs' kernel build uses it, LLVM's ld.lld unwrapped
  # (nixpkgs' wrapper breaks linking the kernel), the wrapped clang (it knows
  # its headers).
  toolPath = [
    pkgs.rustc-unwrapped
    pkgs.clippy
    pkgs.rustfmt
    pkgs.lld
    pkgs.llvm
    kernelStdenv.cc
    pkgs.gnumake
    pkgs.gnutar
    pkgs.xz
    pkgs.gnupatch
    # scripts/make-series.sh (run by prepare-tree.sh) writes the crate patches with git.
    pkgs.git
    pkgs.flex
    pkgs.bison
    pkgs.bc
    pkgs.qemu
  ];

  kernelMake = pkgs.writeShellScriptBin "kernel-make" ''
    exec make ${lib.escapeShellArgs kernel.commonMakeFlags} ${
      lib.escapeShellArg "KRUSTFLAGS=${kernel.env.KRUSTFLAGS}"
    } "$@"
  '';
in
(pkgs.mkShell.override { stdenv = kernelStdenv; }) {
  inputsFrom = [ kernel ];
  packages = [
    pkgs.rustc
    pkgs.cargo
    pkgs.clippy
    pkgs.rustfmt
    pkgs.lld
    pkgs.llvm
    pkgs.qemu
    # `make rust-analyzer`, the kernel's scripts, modules_install, BTF,
    # menuconfig.
    pkgs.python3
    pkgs.rsync
    pkgs.kmod
    pkgs.pahole
    pkgs.ncurses
    pkgs.pkg-config
    pkgs.gnumake
    pkgs.gnutar
    pkgs.xz
    pkgs.gnupatch
    kernelMake
  ];
  # nixpkgs' own kernel build turns off the compiler wrappers' hardening
  # flags (bindnow format fortify stackprotector pic ...): so does this shell.
  hardeningDisable = [ "all" ];
  RUST_LIB_SRC = pkgs.rustPlatform.rustLibSrc;
  PIN_INIT_HARNESS_TOOL_PATH = lib.makeBinPath toolPath;
  PIN_INIT_HARNESS_BINDGEN = "${pkgs.rust-bindgen-unwrapped}/bin/bindgen";
  PIN_INIT_HARNESS_TARBALL = "${kernel.src}";
  # Appended to every make of `cargo xtask kernel` (whitespace-separated:
  # nixpkgs' flags are store paths and words).
  PIN_INIT_HARNESS_MAKE_FLAGS = toString kernel.commonMakeFlags;
  # Static busybox for the plain harness's initramfs (not on PATH: it would
  # shadow coreutils).
  PIN_INIT_HARNESS_BUSYBOX = "${pkgs.pkgsStatic.busybox}/bin/busybox";
}
