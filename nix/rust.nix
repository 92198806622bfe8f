# The Rust workspace built with crane: the pin-init package, its checks
# (test, clippy, fmt, doc), xtask (for `xtask verdict` in the VM test) and
# the vendored crates the kernel tree takes syn/quote/proc-macro2 from.
{ lib
, craneLib
, root
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

  # The compile-fail corpus has .stderr files reviewed for rustc 1.95
  # (tests/ui) and Debian's 1.85 (tests/ui-1.85); pin-init/tests/ui.rs picks
  # tests/ui for every rustc >= 1.90. With another nixpkgs rustc, trybuild
  # still demands that every case fails to compile, but re-records the
  # messages (TRYBUILD=overwrite); postCheck then requires the same error
  # headlines (`error[E...]: ...` lines) as the reviewed files, so a case
  # that fails for another reason still fails the check.
  uiCheck = {
    preCheck = ''
      if rustc --version | grep -q '^rustc 1\.95\.'; then
        echo "ui tests: rustc 1.95, comparing with the reviewed tests/ui/*.stderr"
      else
        echo "ui tests: $(rustc --version) has no reviewed .stderr: re-recording, then comparing error headlines"
        export TRYBUILD=overwrite
        cp -r pin-init/tests/ui "$NIX_BUILD_TOP/ui-reviewed"
      fi
    '';
    postCheck = ''
      if [ -d "$NIX_BUILD_TOP/ui-reviewed" ]; then
        bad=0
        for want in "$NIX_BUILD_TOP"/ui-reviewed/*.stderr; do
          got=pin-init/tests/ui/$(basename "$want")
          if ! diff <(grep -E '^error(\[E[0-9]+\])?: ' "$want") \
                    <(grep -E '^error(\[E[0-9]+\])?: ' "$got"); then
            echo "ui test $(basename "$want" .stderr): error headlines differ from the reviewed file"
            bad=1
          fi
        done
        [ "$bad" -eq 0 ]
      fi
    '';
  };
in
{
  inherit cargoVendorDir;

  # Compiled, not installed (a library workspace has no binaries): the
  # output holds the cargo target directory.
  package = craneLib.buildPackage (
    withDeps
    // {
      doCheck = false;
      doInstallCargoArtifacts = true;
    }
  );

  xtask = craneLib.buildPackage (
    withDeps
    // {
      pname = "xtask";
      cargoExtraArgs = "--locked --package xtask";
      doCheck = false;
    }
  );

  checks = {
    pin-init-test = craneLib.cargoTest (withDeps // uiCheck);
    pin-init-clippy = craneLib.cargoClippy (
      withDeps
      // {
        # The whole workspace, as `cargo xtask test` lints it.
        cargoClippyExtraArgs = "--workspace --all-targets -- --deny warnings";
      }
    );
    pin-init-fmt = craneLib.cargoFmt commonArgs;
    pin-init-doc = craneLib.cargoDoc (
      withDeps
      // {
        # All features: the `alloc`/`std` items the crate docs link to.
        cargoDocExtraArgs = "--no-deps --all-features";
        env.RUSTDOCFLAGS = "--deny warnings";
      }
    );
  };
}
