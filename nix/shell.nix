# The kernel toolchain (what `make LLVM=1 rustavailable` checks) plus the
# host tools of the plain harness.
{ pkgs }:
pkgs.mkShell {
  packages = [
    pkgs.rustc
    pkgs.cargo
    pkgs.clippy
    pkgs.rustfmt
    pkgs.rust-bindgen
    pkgs.clang
    pkgs.lld
    pkgs.llvm
    pkgs.qemu
    pkgs.flex
    pkgs.bison
    pkgs.bc
    pkgs.elfutils
    pkgs.openssl
    pkgs.cpio
    pkgs.perl
    pkgs.gnumake
  ];
  RUST_LIB_SRC = pkgs.rustPlatform.rustLibSrc;
  # Static busybox for the plain harness's initramfs (not on PATH: it would
  # shadow coreutils).
  PIN_INIT_HARNESS_BUSYBOX = "${pkgs.pkgsStatic.busybox}/bin/busybox";
}
