# The Rust workspace built with crane: its checks (test, clippy, fmt, doc),
# the crate's documentation, xtask (for `xtask verdict` in the VM test, and
# as a package) and the vendored crates the kernel tree takes
# syn/quote/proc-macro2 from.
{ lib
, craneLib
, root
, pkgs
,
}:
let
  # crane's default source set (*.rs, *.toml, Cargo.lock) plus the reviewed
  # trybuild .stderr files: without them trybuild writes wip/ and fails.
  src = lib.fileset.toSource {
    inherit root;
    fileset = lib.fileset.unions [
      (craneLib.fileset.commonCargoSources root)
      (lib.fileset.fileFilter (file: file.hasExt "stderr") (root + "/pin-init/tests"))
    ];
  };

  commonArgs = {
    inherit src;
    pname = "pin-init";
    version = "0.1.0";
    strictDeps = true;
  };

  # The crates.io sources Cargo.lock pins, as crane fetches them.
  cargoVendorDir = craneLib.vendorCargoDeps { inherit src; };

  cargoArtifacts = craneLib.buildDepsOnly (commonArgs // { inherit cargoVendorDir; });

  withDeps = commonArgs // {
    inherit cargoArtifacts cargoVendorDir;
  };

  # `cargo test --workspace` also runs xtask/tests, which read these
  # (scripts/check-nix.sh runs this check's cargo command on exactly this
  # set, with only the tools below and stdenv's on PATH).
  testSrc = lib.fileset.toSource {
    inherit root;
    fileset = lib.fileset.unions [
      (craneLib.fileset.commonCargoSources root)
      (lib.fileset.fileFilter (file: file.hasExt "stderr") (root + "/pin-init/tests"))
      (root + "/pin-init/tests/ui-compare.sh")
      (root + "/pin-init/tests/ui-compare-1.78.txt")
      (root + "/pin-init/tests/diag-score.sh")
      (root + "/scripts/prepare-tree.sh")
      (root + "/scripts/make-series.sh")
      (root + "/scripts/crate-steps.sh")
      (root + "/kunit-configs")
      (root + "/nixos-tests")
      (root + "/xtask/tests/fixtures")
      # xtask/tests/module.rs maps tree files to patches/; module_e2e.rs reads
      # the example module of docs/your-own-module.md; readme.rs reads every
      # Markdown file (links, counts, the crate's README), .ci/run and
      # rust-toolchain.toml, and the files the documentation links to.
      (root + "/patches")
      (lib.fileset.fileFilter (file: file.hasExt "md") root)
      (root + "/.ci/run")
      (root + "/rust-toolchain.toml")
      (root + "/flake.nix")
      (root + "/LICENSE-APACHE")
      (root + "/LICENSE-MIT")
      (root + "/kernel")
      (root + "/scripts/save-patches.sh")
      (root + "/scripts/check-config.sh")
      (root + "/scripts/check-nix.sh")
    ];
  };

  # Tools the xtask tests run besides stdenv's (coreutils, sed, awk, tar,
  # patch, bash, ...): git (make-series.sh, the `git am` tests), GNU cpio
  # (tests/initramfs.rs reads the initramfs back), python3 (expat checks
  # the JUnit XML in tests/formats.rs).
  testTools = [
    pkgs.git
    pkgs.cpio
    pkgs.python3
  ];

  doc = craneLib.cargoDoc (
    withDeps
    // {
      # Every feature stable Rust builds (the `std` and `fallible-alloc` items
      # the crate docs link to); `alloc` is nightly-only, as upstream's, and
      # stops a stable build with a compile_error!.
      cargoDocExtraArgs = "--no-deps --package pin-init --features std,fallible-alloc,unsafe-pinned";
      env.RUSTDOCFLAGS = "--deny warnings";
    }
  );

  # The compile-fail corpus has .stderr files reviewed for rustc 1.95
  # (tests/ui) and Debian's 1.85 (tests/ui-1.85); pin-init/tests/ui.rs picks
  # one by the compiler's version. nixpkgs' rustc may be neither, and even at
  # 1.95 prints the paths of its library sources otherwise than rustup's: so
  # trybuild re-records the messages (TRYBUILD=overwrite; a case that
  # compiles still fails), and postCheck requires each case to fail with the
  # reviewed errors (tests/ui-compare.sh: our own messages, rustc's error
  # codes), and says whether the whole text matched too.
  uiCheck = {
    preCheck = ''
      ui=tests/ui
      minor=$(rustc --version | sed -n 's/^rustc 1\.\([0-9]*\)\..*/\1/p')
      [ -n "$minor" ] && [ "$minor" -lt 90 ] && ui=tests/ui-1.85
      echo "ui tests: $(rustc --version): re-recording pin-init/$ui, then comparing with the reviewed errors"
      echo "$ui" >"$NIX_BUILD_TOP/ui-dir"
      # The whole tree: the cases are in folders, at any depth (ui-compare.sh
      # reads the .stderr files only).
      cp -R "pin-init/$ui" "$NIX_BUILD_TOP/ui-reviewed"
      export TRYBUILD=overwrite
    '';
    postCheck = ''
      ui=pin-init/$(cat "$NIX_BUILD_TOP/ui-dir")
      sh pin-init/tests/ui-compare.sh "$NIX_BUILD_TOP/ui-reviewed" "$ui"
      same=0
      for f in $(cd "$NIX_BUILD_TOP/ui-reviewed" && find . -name '*.stderr' -type f); do
        cmp -s "$NIX_BUILD_TOP/ui-reviewed/$f" "$ui/$f" || same=$((same + 1))
      done
      echo "ui tests: $same of the reviewed files differ in their whole text (paths, wording), none in the errors"
    '';
  };
in
{
  inherit cargoVendorDir;

  # The crate's rustdoc (its stable features), also a check: share/doc/pin_init.
  inherit doc;

  # bin/xtask: the harness, e.g. `xtask verdict LOG` on a saved console log.
  xtask = craneLib.buildPackage (
    withDeps
    // {
      pname = "xtask";
      cargoExtraArgs = "--locked --package xtask";
      doCheck = false;
    }
  );

  checks = {
    pin-init-test = craneLib.cargoTest (
      withDeps
      // uiCheck
      // {
        src = testSrc;
        nativeBuildInputs = testTools;
        # The whole workspace, as `cargo xtask test` runs it (xtask/tests too).
        cargoTestExtraArgs = "--workspace";
      }
    );
    pin-init-clippy = craneLib.cargoClippy (
      withDeps
      // {
        # The whole workspace, as `cargo xtask test` lints it.
        cargoClippyExtraArgs = "--workspace --all-targets -- --deny warnings";
      }
    );
    pin-init-fmt = craneLib.cargoFmt commonArgs;
    pin-init-doc = doc;
  };
}
