# Offline wiring test of flake.nix: calls its `outputs` with stand-ins for
# nixpkgs and crane (which cannot be fetched or evaluated here) that record
# their arguments, then checks what the flake handed them. It proves the
# flake's own plumbing (names, arguments, the shared files it reads), not
# the real nixpkgs/crane APIs. Run by scripts/check-nix.sh with
# `nix-instantiate --eval --strict --json --readonly-mode`; evaluates to the
# list of failures.
{ flakeFile ? ../flake.nix
, root ? ../.
,
}:
let
  parse = import ./parse.nix;

  stub = name: args: {
    stub = name;
    inherit args;
    outPath = "/nix/store/00000000000000000000000000000000-stub-${name}";
  };

  lib = {
    inherit (builtins) mapAttrs;
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
        "cargo"
        "clippy"
        "rustfmt"
        "rust-bindgen"
        "clang"
        "lld"
        "llvm"
        "qemu"
        "flex"
        "bison"
        "bc"
        "elfutils"
        "openssl"
        "cpio"
        "perl"
        "gnumake"
      ]
  );

  linux_6_12 = stub "linux_6_12" { } // {
    version = "6.12.0";
    src = stub "linux-6.12-src" { };
    override = stub "linux_6_12.override";
  };

  pkgs = tools // {
    inherit lib;
    linuxKernel = {
      kernels = { inherit linux_6_12; };
      packagesFor = kernel: { inherit kernel; };
    };
    runCommandLocal =
      name: env: script:
      stub "runCommandLocal" { inherit name env script; };
    stdenvNoCC.mkDerivation = stub "stdenvNoCC.mkDerivation";
    testers.runNixOSTest = stub "runNixOSTest";
    mkShell = stub "mkShell";
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

  packages = out.packages.x86_64-linux;
  checks = out.checks.x86_64-linux;
  shell = out.devShells.x86_64-linux.default;

  hasInfix = needle: s: builtins.match ".*${needle}.*" s != null;
  expect = name: actual: expected: if actual == expected then [ ] else [
    {
      test = name;
      inherit actual expected;
    }
  ];

  fragments = parse.fragmentsIn (root + "/kunit-configs");
  debugFragments = fragments ++ parse.fragmentsIn (root + "/kunit-configs/debug");
  forced = files: builtins.mapAttrs (_: lib.mkForce) (parse.configFromFragments lib.kernel files);
  series = parse.parseSeries (builtins.readFile (root + "/patches/series"));

  kernelArgs = packages.kernel.args;
  prepared = kernelArgs.argsOverride.src;
  vm = checks.vm-test.args;
  test = checks.pin-init-test.args;

  # nix/kernel.nix on its own, for what the flake does not expose.
  linux = import ./kernel.nix {
    inherit pkgs lib root;
    cargoVendorDir = stub "vendor" { };
  };
in
expect "package names" (builtins.attrNames packages) [
  "default"
  "kernel"
  "kernel-debug"
  "pin-init"
]
++ expect "check names" (builtins.attrNames checks) [
  "pin-init-clippy"
  "pin-init-doc"
  "pin-init-fmt"
  "pin-init-test"
  "vm-test"
]
++ expect "default is the kernel" packages.default packages.kernel
++ expect "kernel is linux_6_12.override" packages.kernel.stub "linux_6_12.override"
++ expect "kernel config = kunit-configs/*.config, forced" kernelArgs.structuredExtraConfig (forced fragments)
++ expect "kernel-debug config adds kunit-configs/debug" packages.kernel-debug.args.structuredExtraConfig (
  forced debugFragments
)
++ expect "kernel source: nixpkgs' 6.12 src" prepared.args.src linux_6_12.src
++ expect "source prepared by scripts/prepare-tree.sh" (hasInfix "scripts/prepare-tree.sh\" \"\\$PWD\"" prepared.args.buildPhase) true
++ expect "patch count from patches/series" (hasInfix ", ${toString (builtins.length series)} from patches/series" prepared.args.buildPhase) true
++ expect "vendor dir: crane's vendorCargoDeps, flattened" (hasInfix "stub-vendor/\\*/\\*/" linux.vendorDir.args.script) true
++ expect "prepare-tree.sh gets the flattened vendor dir" (hasInfix "${linux.vendorDir}" linux.preparedSrc.args.buildPhase) true
++ expect "vm-test boots the kernel" vm.nodes.machine.boot.kernelPackages.kernel packages.kernel
++ expect "vm-test runs vm-check.sh over samples.manifest"
  (
    hasInfix "sh /nix/store/[a-z0-9]+-vm-check.sh /nix/store/[a-z0-9]+-samples.manifest" vm.testScript
  )
  true
++ expect "vm-test judges with xtask verdict" (hasInfix "stub-buildPackage/bin/xtask\", \"verdict\"" vm.testScript) true
++ expect "cargoTest keeps the reviewed .stderr files"
  (builtins.elem
    {
      fileFilter = null;
      path = root + "/pin-init/tests";
    }
    (map (f: f // { fileFilter = null; }) (builtins.filter (f: f ? fileFilter) test.src.args.fileset.args)))
  true
++ expect "cargoTest handles a compiler without reviewed .stderr" (hasInfix "TRYBUILD=overwrite" test.preCheck) true
++ expect "devShell RUST_LIB_SRC" shell.args.RUST_LIB_SRC pkgs.rustPlatform.rustLibSrc
++ expect "devShell has the kernel toolchain"
  (builtins.all (t: builtins.elem tools.${t} shell.args.packages) [
    "rustc"
    "rust-bindgen"
    "clang"
    "lld"
    "llvm"
    "qemu"
  ])
  true
