# nixpkgs' Linux 6.12 turned into this project's kernel by the one shared
# preparation step (scripts/prepare-tree.sh: pin-init, the vendored crates and
# patches/series), configured from kunit-configs/ (parsed by nix/parse.nix).
{ pkgs
, lib
, root
, cargoVendorDir
,
}:
let
  parse = import ./parse.nix;
  base = pkgs.linuxKernel.kernels.linux_6_12;

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
        (root + "/scripts/prepare-tree.sh")
        (root + "/scripts/make-series.sh")
        (root + "/patches/series")
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

  preparedSrc = pkgs.stdenvNoCC.mkDerivation {
    pname = "linux-pin-init-src";
    inherit (base) version src;
    dontConfigure = true;
    dontFixup = true;
    # make-series.sh writes the crate patches with git format-patch.
    nativeBuildInputs = [ pkgs.git ];
    buildPhase = ''
      runHook preBuild
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
      runHook postBuild
    '';
    installPhase = ''
      runHook preInstall
      cp -r . "$out"
      runHook postInstall
    '';
  };

  # kunit-configs/*.config (plus debug/ for the debug kernel) in the plain
  # harness's merge order. Forced: the fragments win over nixpkgs'
  # common-config as they win over defconfig in the plain path, and nixpkgs
  # fails the build when one of them does not survive (ignoreConfigErrors is
  # false on x86_64), like `cargo xtask kernel` does.
  configFor =
    debug:
    lib.mapAttrs (_: lib.mkForce) (
      parse.configFromFragments lib.kernel (
        parse.fragmentsIn (root + "/kunit-configs")
        ++ lib.optionals debug (parse.fragmentsIn (root + "/kunit-configs/debug"))
      )
    );

  # Still overridable: NixOS re-overrides kernelPatches (boot.kernelPatches).
  kernelFor =
    debug:
    base.override {
      argsOverride.src = preparedSrc;
      structuredExtraConfig = configFor debug;
    };
in
{
  inherit preparedSrc vendorDir series;
  kernel = kernelFor false;
  kernel-debug = kernelFor true;
}
