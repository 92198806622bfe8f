# Stand-ins for nixpkgs and crane (which cannot be fetched or evaluated
# here) that record their arguments, and flake.nix's outputs computed with
# them. Used by nix/tests-flake.nix (the wiring checks) and by
# scripts/check-nix.sh (which type-checks the VM test's script as the flake
# hands it to runNixOSTest). Only builtins: `nix-instantiate --eval
# --readonly-mode` evaluates it offline.
{ flakeFile ? ../flake.nix
}:
let
  stub = name: args: {
    stub = name;
    inherit args;
    outPath = "/nix/store/00000000000000000000000000000000-stub-${name}";
  };

  lib = {
    inherit (builtins) mapAttrs;
    mapAttrs' = f: set: builtins.listToAttrs (map (n: f n set.${n}) (builtins.attrNames set));
    nameValuePair = name: value: { inherit name value; };
    makeBinPath = ps: builtins.concatStringsSep ":" (map (p: "${p}/bin") ps);
    mkForce = content: {
      _type = "override";
      priority = 50;
      inherit content;
    };
    optionals = c: l: if c then l else [ ];
    kernel = {
      yes = "y";
      no = "n";
      module = "m";
      freeform = v: "freeform:${v}";
    };
    fileset = {
      toSource = stub "fileset.toSource";
      unions = stub "fileset.unions";
      fileFilter = f: path: {
        fileFilter = f;
        inherit path;
      };
    };
  };

  tools = builtins.listToAttrs (
    map
      (n: {
        name = n;
        value = stub n { };
      })
      [
        "rustc"
        "rustc-unwrapped"
        "cargo"
        "clippy"
        "rustfmt"
        "rust-bindgen-unwrapped"
        "lld"
        "llvm"
        "qemu"
        "flex"
        "bison"
        "bc"
        "gnumake"
        "gnutar"
        "xz"
        "gnupatch"
        "git"
        "python3"
        "rsync"
        "kmod"
        "pahole"
        "ncurses"
        "pkg-config"
      ]
  );

  linux_6_12 = stub "linux_6_12" { } // {
    version = "6.12.0";
    modDirVersion = "6.12.0";
    src = stub "linux-6.12-src" { };
  };

  # nixpkgs' build.nix as far as nix/kernel.nix uses it: the derivation's
  # own src, patches, postPatch, inputs, env and passthru.commonMakeFlags.
  linuxManualConfig =
    args:
    let
      drvAttrs = {
        inherit (args) src;
        patches = [ "randstruct-provide-seed-5.19.patch" ];
        postPatch = "\n# nixpkgs: randstruct seed, patchShebangs\n";
        nativeBuildInputs = [ tools.rustc-unwrapped tools.rust-bindgen-unwrapped tools.pahole ];
        depsBuildBuild = [ "buildPackages.stdenv.cc" ];
        env = {
          RUST_LIB_SRC = "rustLibSrc";
          KRUSTFLAGS = "--remap-path-prefix rustLibSrc=/";
        };
      };
      result =
        attrs:
        stub "linuxManualConfig" args
        // attrs
        // {
          commonMakeFlags = [ "CC=clang" ] ++ args.extraMakeFlags;
          overrideAttrs = f: result (attrs // f attrs);
        };
    in
    result drvAttrs;

  clang = stub "llvmPackages.clang" { } // {
    override = stub "llvmPackages.clang.override";
  };

  pkgs = tools // {
    inherit lib linuxManualConfig;
    linuxKernel = {
      kernels = { inherit linux_6_12; };
      packagesFor = kernel: { inherit kernel; };
    };
    llvmPackages = {
      stdenv = stub "llvmPackages.stdenv" { };
      bintools = stub "llvmPackages.bintools" { };
      inherit clang;
    };
    overrideCC = stdenv: cc: stub "overrideCC" { inherit stdenv cc; } // {
      inherit cc;
      mkDerivation = stub "kernelStdenv.mkDerivation";
    };
    runCommandLocal =
      name: env: script:
      stub "runCommandLocal" { inherit name env script; };
    stdenvNoCC.mkDerivation = stub "stdenvNoCC.mkDerivation";
    testers.runNixOSTest = stub "runNixOSTest";
    mkShell = stub "mkShell" { } // {
      override = o: { __functor = _: args: stub "mkShell" args // { overriddenWith = o; }; };
    };
    rustPlatform.rustLibSrc = stub "rustLibSrc" { };
    pkgsStatic.busybox = stub "busybox" { };
  };

  craneLib = {
    fileset.commonCargoSources = path: { commonCargoSources = path; };
    vendorCargoDeps = stub "vendorCargoDeps";
    buildDepsOnly = stub "buildDepsOnly";
    buildPackage = stub "buildPackage";
    cargoTest = stub "cargoTest";
    cargoClippy = stub "cargoClippy";
    cargoFmt = stub "cargoFmt";
    cargoDoc = stub "cargoDoc";
  };

  out = (import flakeFile).outputs {
    self = out;
    nixpkgs.legacyPackages.x86_64-linux = pkgs;
    crane.mkLib = p: if p == pkgs then craneLib else throw "crane.mkLib got another pkgs";
  };
in
{
  inherit
    stub
    lib
    tools
    linux_6_12
    pkgs
    craneLib
    out
    ;
}
