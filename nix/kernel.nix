# The project's test kernel on nixpkgs' Linux 6.12 source, built like the
# plain harness builds it (`cargo xtask kernel`): the tree prepared by the one
# shared step (scripts/prepare-tree.sh: pin-init, the vendored crates,
# patches/series), configured by `make olddefconfig` from kunit-configs/
# (plus nix/nixos-vm.config, what NixOS needs to boot it in the test VM), and
# built with LLVM=1 and CLIPPY=1, Rust warnings being errors (the lenient
# variant: LLVM=1 only, warnings stay warnings). A small kernel of our
# fragments, not nixpkgs' distribution config: see nix/README.md.
{ pkgs
, lib
, root
, cargoVendorDir
,
}:
let
  parse = import ./parse.nix;

  # The 6.12.y releases the series is tested on (oldest first). An older
  # nixpkgs 6.12 fails here, at evaluation, rather than in a patch hunk
  # half-way through the build.
  testedVersions = parse.parseVersions (builtins.readFile (root + "/patches/tested-versions"));
  oldestTested = builtins.head testedVersions;
  nixpkgsLinux = pkgs.linuxKernel.kernels.linux_6_12;
  base =
    if builtins.compareVersions nixpkgsLinux.version oldestTested < 0 then
      throw
        (
          "pin-init: nixpkgs' linux_6_12 is ${nixpkgsLinux.version}, older than ${oldestTested}, "
          + "the oldest Linux 6.12.y the kernel series is tested on (patches/tested-versions: "
          + builtins.concatStringsSep ", " testedVersions
          + "). Update the nixpkgs input (nix flake update nixpkgs), or build with cargo xtask kernel."
        )
    else
      nixpkgsLinux;

  series = parse.parseSeries (builtins.readFile (root + "/patches/series"));

  # Exactly what prepare-tree.sh reads: a patch that is not in the series
  # (e.g. a commented-out one) does not rebuild the kernel.
  treeInputs = lib.fileset.toSource {
    inherit root;
    fileset = lib.fileset.unions (
      [
        (root + "/Cargo.lock")
        (root + "/pin-init/src")
        (root + "/pin-init/internal/src")
        (root + "/kernel")
        (root + "/scripts/prepare-tree.sh")
        (root + "/scripts/make-series.sh")
        (root + "/scripts/crate-steps.sh")
        (root + "/patches/series")
        # The crate in steps: make-series.sh reads it for every series.
        (root + "/patches/crate")
      ]
      ++ map (p: root + "/patches/${p}") series
    );
  };

  # crane's vendor directory is <registry-hash>/<crate>-<version>; the
  # prepare-tree.sh interface is <crate>-<version>/ directly.
  vendorDir = pkgs.runCommandLocal "pin-init-vendor-flat" { } ''
    mkdir -p "$out"
    for d in ${cargoVendorDir}/*/*/; do
      ln -s "$d" "$out/$(basename "$d")"
    done
  '';

  # Run first in the kernel's postPatch (and so in the config's, which
  # inherits it): no second copy of the tree in the store.
  prepareTree = ''
    cp -r --no-preserve=mode ${treeInputs} "$NIX_BUILD_TOP/repo"
    cp -rL --no-preserve=mode ${vendorDir} "$NIX_BUILD_TOP/vendor"
    sh "$NIX_BUILD_TOP/repo/scripts/prepare-tree.sh" "$PWD" "$NIX_BUILD_TOP/repo" "$NIX_BUILD_TOP/vendor" \
      >"$NIX_BUILD_TOP/prepare.log"
    cat "$NIX_BUILD_TOP/prepare.log"
    # The series as Nix read it (for the source filter above) must be the
    # series the script applied.
    grep -q ', ${toString (builtins.length series)} from patches/series' "$NIX_BUILD_TOP/prepare.log" || {
      echo "prepare-tree.sh applied another number of patches than the ${toString (builtins.length series)} Nix read from patches/series" >&2
      exit 1
    }
  '';

  # Clang and LLVM's binutils (ld.lld, llvm-ar, ...): nixpkgs' kernel build
  # passes CC, LD, AR, NM, ... of this stdenv explicitly (common-flags.nix).
  llvm = pkgs.llvmPackages;
  kernelStdenv = pkgs.overrideCC llvm.stdenv (llvm.clang.override { inherit (llvm) bintools; });

  # In merge order: kunit-configs/*.config, kunit-configs/debug/*.config for
  # the debug kernel, then nix/nixos-vm.config.
  fragmentsFor =
    debug:
    parse.fragmentsIn (root + "/kunit-configs")
    ++ lib.optionals debug (parse.fragmentsIn (root + "/kunit-configs/debug"))
    ++ [ ./nixos-vm.config ];

  # What NixOS reads of the config (kernel.config.isYes "MODULES", ...):
  # the options the fragments set, which the config step checks.
  configAttrs =
    fragments:
    lib.mapAttrs' (n: v: lib.nameValuePair "CONFIG_${n}" v) (
      parse.configFromFragments
        {
          yes = "y";
          no = "n";
          module = "m";
          freeform = v: v;
        }
        fragments
    );

  # `make olddefconfig` over the merged fragments on the kernel's own
  # prepared source, with the kernel's own tools and make flags, then
  # scripts/check-config.sh: every option of the fragments survived, and no
  # KUnit suite they do not name is on. (The kernel's configurePhase runs
  # `make oldconfig` on it, which then has nothing to ask.)
  configfileFor =
    kernel: fragments:
    kernelStdenv.mkDerivation {
      pname = "linux-pin-init-config";
      inherit (base) version;
      inherit (kernel)
        src
        patches
        postPatch
        nativeBuildInputs
        depsBuildBuild
        ;
      __structuredAttrs = true;
      makeFlags = kernel.commonMakeFlags;
      env.RUST_LIB_SRC = pkgs.rustPlatform.rustLibSrc;
      inherit fragments;
      dontConfigure = true;
      buildPhase = ''
        runHook preBuild
        mkdir build
        cat "''${fragments[@]}" >build/.config
        make "''${makeFlags[@]}" O=build olddefconfig
        sh ${root + "/scripts/check-config.sh"} build/.config "''${fragments[@]}"
        runHook postBuild
      '';
      installPhase = ''
        cp build/.config "$out"
      '';
    };

  # strict: CLIPPY=1 and -Dwarnings, as `cargo xtask kernel` builds (the
  # checks use it). Not strict: for a nixpkgs whose rustc or clippy is newer
  # than 6.12's code and warns in it; the warnings are printed, not fatal.
  kernelFor =
    { debug, strict }:
    let
      fragments = fragmentsFor debug;
      # Still overridable: NixOS calls kernel.override (randstructSeed,
      # kernelPatches, features); overrideAttrs survives it.
      kernel =
        (pkgs.linuxManualConfig {
          pname = if strict then "linux-pin-init" else "linux-pin-init-lenient";
          inherit (base) version modDirVersion src;
          stdenv = kernelStdenv;
          configfile = configfileFor kernel fragments;
          config = configAttrs fragments;
          extraMakeFlags = [
            "LLVM=1"
          ]
          ++ lib.optionals strict [
            # Every Rust object through clippy, as `cargo xtask kernel` does.
            "CLIPPY=1"
            "CLIPPY_DRIVER=${pkgs.clippy}/bin/clippy-driver"
          ];
        }).overrideAttrs
          (old: {
            postPatch = prepareTree + old.postPatch;
            # make-series.sh (run by prepare-tree.sh) writes the crate
            # patches with git format-patch.
            nativeBuildInputs = (old.nativeBuildInputs or [ ]) ++ [ pkgs.git ];
            # rustc and clippy warnings fail the build (the plain harness
            # fails on any in its log).
            env =
              (old.env or { })
              // lib.optionalAttrs strict {
                KRUSTFLAGS = (old.env.KRUSTFLAGS or "") + " -Dwarnings";
              };
          });
    in
    kernel;
in
{
  inherit
    vendorDir
    treeInputs
    series
    kernelStdenv
    testedVersions
    ;
  kernel = kernelFor {
    debug = false;
    strict = true;
  };
  kernel-debug = kernelFor {
    debug = true;
    strict = true;
  };
  kernel-lenient = kernelFor {
    debug = false;
    strict = false;
  };
}
