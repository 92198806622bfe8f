# Offline wiring test of flake.nix: its `outputs` evaluated with the
# stand-ins of nix/stubs.nix for nixpkgs and crane, then checks of what the
# flake handed them. It proves the flake's own plumbing (names, arguments
# against the real functions' formals, which derivation goes where: every
# stand-in output has its own path, the shared files it reads), that the VM
# node asserts what NixOS requires of the kernel's config, and the source
# sets; not that nixpkgs and crane behave as the stand-ins do. Run by
# scripts/check-nix.sh with `nix-instantiate --eval --strict --json
# --readonly-mode`; evaluates to the list of failures.
{ flakeFile ? ../flake.nix
, root ? ../.
, files ? null
}:
let
  parse = import ./parse.nix;
  world = import ./stubs.nix { inherit flakeFile files; };
  inherit (world)
    lib
    tools
    linux_6_12
    pkgs
    out
    ;

  packages = out.packages.x86_64-linux;
  checks = out.checks.x86_64-linux;
  shell = out.devShells.x86_64-linux.default;

  hasInfix = needle: s: builtins.match ".*${needle}.*" s != null;
  hasPrefix = p: s: builtins.substring 0 (builtins.stringLength p) s == p;
  hasSuffix = p: s:
    let
      n = builtins.stringLength s;
      m = builtins.stringLength p;
    in
    m <= n && builtins.substring (n - m) m s == p;
  expect = name: actual: expected: if actual == expected then [ ] else [
    {
      test = name;
      inherit actual expected;
    }
  ];
  paths = map (d: d.outPath);
  distinct = l: builtins.length
    (builtins.attrNames (builtins.listToAttrs (map
      (p: {
        name = p;
        value = null;
      })
      l))) == builtins.length l;

  plain = {
    yes = "y";
    no = "n";
    module = "m";
    freeform = v: v;
  };
  fragments = parse.fragmentsIn (root + "/kunit-configs");
  debugFragments = fragments ++ parse.fragmentsIn (root + "/kunit-configs/debug");
  nixosFragment = root + "/nix/nixos-vm.config";
  prefixed = files: lib.mapAttrs' (n: v: lib.nameValuePair "CONFIG_${n}" v) (parse.configFromFragments plain files);
  ours = parse.configFromFragments plain fragments;
  nixosOnly = parse.configFromFragments plain [ nixosFragment ];
  series = parse.parseSeries (builtins.readFile (root + "/patches/series"));

  kernel = packages.kernel;
  lenient = packages.kernel-lenient;
  kernelArgs = kernel.manualConfigArgs;
  configfile = kernel.configfile;
  vm = checks.vm-test.args;
  test = checks.pin-init-test;

  # What NixOS modules require of a kernel (system.requiredKernelConfig),
  # copied from nixpkgs: nixos/modules/system/boot/kernel.nix,
  # .../system/boot/systemd.nix, .../virtualisation/qemu-vm.nix (without
  # graphics, writable store) and .../testing/test-instrumentation.nix. The
  # real list is asserted by the VM node itself; this copy feeds the
  # node's assertions here.
  nixosRequires = [
    "MODULES"
    "BINFMT_ELF"
    "DEVTMPFS"
    "CGROUPS"
    "INOTIFY_USER"
    "SIGNALFD"
    "TIMERFD"
    "EPOLL"
    "NET"
    "SYSFS"
    "PROC_FS"
    "FHANDLE"
    "CRYPTO_USER_API_HASH"
    "CRYPTO_HMAC"
    "CRYPTO_SHA256"
    "DMIID"
    "AUTOFS_FS"
    "TMPFS_POSIX_ACL"
    "TMPFS_XATTR"
    "SECCOMP"
    "VIRTIO_BLK"
    "VIRTIO_PCI"
    "VIRTIO_NET"
    "EXT4_FS"
    "NET_9P_VIRTIO"
    "9P_FS"
    "BLK_DEV"
    "PCI"
    "NETDEVICES"
    "NET_CORE"
    "INET"
    "NETWORK_FILESYSTEMS"
    "SERIAL_8250_CONSOLE"
    "SERIAL_8250"
    "OVERLAY_FS"
    "VIRTIO_CONSOLE"
  ];
  # nixos/modules/system/boot/kernel.nix: config.lib.kernelConfig.
  kernelConfigLib = {
    isYes = option: {
      assertion = config: config.isYes option;
      message = "CONFIG_${option} is not yes!";
      configLine = "CONFIG_${option}=y";
    };
  };
  # The node module as NixOS evaluates it: the kernel after boot.kernelPackages'
  # apply (kernel.override { randstructSeed, kernelPatches, features }).
  nixosKernel = (pkgs.linuxKernel.packagesFor kernel).kernel.override {
    randstructSeed = "";
    kernelPatches = kernel.kernelPatches;
    features = kernel.features;
  };
  node = vm.nodes.machine {
    config = {
      system.requiredKernelConfig = map kernelConfigLib.isYes nixosRequires;
      boot.kernelPackages.kernel = nixosKernel;
    };
    inherit pkgs lib;
  };
  failedAssertions = map (a: a.message) (builtins.filter (a: !a.assertion) (node.assertions or [ ]));

  # nix/kernel.nix on its own, for what the flake does not expose, called
  # as flake.nix calls it.
  linux = import ./kernel.nix {
    inherit pkgs lib root;
    inherit (test) cargoVendorDir;
  };
  logBufLen = builtins.filter (p: builtins.match "log_buf_len=[0-9]+[KMG]?" p != null) (node.boot.kernelParams or [ ]);
  kernelMake = builtins.filter (p: (p.name or "") == "kernel-make") shell.args.packages;
in
expect "package names" (builtins.attrNames packages) [
  "default"
  "kernel"
  "kernel-debug"
  "kernel-lenient"
  "pin-init-doc"
  "xtask"
]
++ expect "check names" (builtins.attrNames checks) [
  "pin-init-clippy"
  "pin-init-doc"
  "pin-init-fmt"
  "pin-init-test"
  "vm-test"
]
++ expect "every package and check is its own derivation"
  (distinct (paths [
    packages.kernel
    packages.kernel-debug
    packages.kernel-lenient
    packages.xtask
    packages.pin-init-doc
    checks.pin-init-test
    checks.pin-init-clippy
    checks.pin-init-fmt
    checks.vm-test
  ]))
  true
++ expect "default is the kernel" packages.default.outPath kernel.outPath
++ expect "xtask package: crane buildPackage of the xtask crate"
  [ packages.xtask.pname (hasInfix "--package xtask" packages.xtask.buildPhase) ]
  [ "xtask" true ]
++ expect "pin-init-doc package: the doc check, the stable features" [ packages.pin-init-doc.outPath (hasInfix "doc --locked --no-deps --package pin-init --features std,fallible-alloc,unsafe-pinned" packages.pin-init-doc.buildPhase) ] [ checks.pin-init-doc.outPath true ]
# The kernel: our fragments on nixpkgs' 6.12 source, clang + LLVM binutils.
++ expect "kernel is linuxManualConfig" (kernel ? manualConfigArgs) true
++ expect "kernel source: nixpkgs' 6.12 src" kernelArgs.src.outPath linux_6_12.src.outPath
++ expect "kernel version" [ kernelArgs.version kernelArgs.modDirVersion ] [ linux_6_12.version linux_6_12.modDirVersion ]
++ expect "kernel stdenv: clang with LLVM's bintools"
  (paths [ kernelArgs.stdenv.overrides.stdenv kernelArgs.stdenv.overrides.cc ])
  (paths [ pkgs.llvmPackages.stdenv (pkgs.llvmPackages.clang.override { inherit (pkgs.llvmPackages) bintools; }) ])
++ expect "kernel built with LLVM=1 CLIPPY=1" (builtins.filter (f: f == "LLVM=1" || f == "CLIPPY=1") kernelArgs.extraMakeFlags) [
  "LLVM=1"
  "CLIPPY=1"
]
++ expect "clippy-driver is nixpkgs' clippy" (builtins.elem "CLIPPY_DRIVER=${tools.clippy}/bin/clippy-driver" kernelArgs.extraMakeFlags) true
++ expect "Rust warnings are errors" (hasSuffix " -Dwarnings" kernel.env.KRUSTFLAGS) true
++ expect "nixpkgs' KRUSTFLAGS kept" (hasPrefix "--remap-path-prefix" kernel.env.KRUSTFLAGS) true
++ expect "lenient kernel: LLVM=1, no CLIPPY, no -Dwarnings, same source and config"
  [ lenient.manualConfigArgs.extraMakeFlags (hasInfix "-Dwarnings" lenient.env.KRUSTFLAGS) lenient.postPatch lenient.manualConfigArgs.config ]
  [ [ "LLVM=1" ] false kernel.postPatch kernelArgs.config ]
++ expect "source prepared first in postPatch" (hasPrefix "cp -r --no-preserve=mode /nix/store/" kernel.postPatch) true
++ expect "prepare-tree.sh runs on the unpacked source" (hasInfix "sh \"\\$NIX_BUILD_TOP/repo/scripts/prepare-tree.sh\" \"\\$PWD\"" kernel.postPatch) true
++ expect "nixpkgs' postPatch kept, after ours" (hasSuffix "\n# nixpkgs: randstruct seed, patchShebangs\n" kernel.postPatch) true
++ expect "git for make-series.sh" (builtins.elem tools.git kernel.nativeBuildInputs) true
++ expect "patch count from patches/series" (hasInfix ", ${toString (builtins.length series)} from patches/series" kernel.postPatch) true
++ expect "prepare-tree.sh gets the tree inputs and the flattened vendor dir"
  [ (hasPrefix "cp -r --no-preserve=mode ${linux.treeInputs} " kernel.postPatch) (hasInfix "cp -rL --no-preserve=mode ${linux.vendorDir} " kernel.postPatch) ]
  [ true true ]
++ expect "vendor dir: crane's vendorCargoDeps, flattened" (hasInfix "${test.cargoVendorDir}/\\*/\\*/" linux.vendorDir.buildCommand) true
++ expect "tree inputs: what prepare-tree.sh reads, and the series' patches"
  (builtins.filter (f: !builtins.elem f linux.treeInputs.files) ([
    "Cargo.lock"
    "scripts/prepare-tree.sh"
    "scripts/make-series.sh"
    "scripts/crate-steps.sh"
    "patches/series"
    "patches/crate/series"
  ]
  ++ map (p: "patches/${p}") series))
  [ ]
# Its config: olddefconfig over the fragments, on the kernel's own source.
++ expect "config fragments: kunit-configs/*.config, then nix/nixos-vm.config" configfile.fragments (fragments ++ [ nixosFragment ])
++ expect "kernel-debug adds kunit-configs/debug" packages.kernel-debug.configfile.fragments (
  debugFragments ++ [ nixosFragment ]
)
++ expect "config built on the kernel's prepared source" [ configfile.src configfile.patches configfile.postPatch ] [ kernel.src kernel.patches kernel.postPatch ]
++ expect "config built with the kernel's tools and make flags" [ configfile.nativeBuildInputs configfile.depsBuildBuild configfile.makeFlags ] [ kernel.nativeBuildInputs kernel.depsBuildBuild kernel.commonMakeFlags ]
++ expect "config: olddefconfig, then scripts/check-config.sh over the fragments"
  (hasInfix ".*make \"\\$\\{makeFlags\\[@]}\" O=build olddefconfig\nsh [^ ]*check-config.sh build/.config \"\\$\\{fragments\\[@]}\".*" configfile.buildPhase)
  true
++ expect "NixOS reads the fragments' options as kernel.config" kernelArgs.config (prefixed (fragments ++ [ nixosFragment ]))
++ expect "no KUnit suite by default" (kernelArgs.config.CONFIG_KUNIT_ALL_TESTS or "unset") "n"
++ expect "nix/nixos-vm.config sets no option of kunit-configs/ otherwise"
  (builtins.filter (o: ours ? ${o} && ours.${o} != nixosOnly.${o}) (builtins.attrNames nixosOnly))
  [ ]
# The VM test.
++ expect "vm-test boots the kernel" node.boot.kernelPackages.kernel.outPath kernel.outPath
++ expect "vm-test: the node asserts every requiredKernelConfig against the kernel's config"
  [ (builtins.length (node.assertions or [ ])) failedAssertions ]
  [ (builtins.length nixosRequires) [ ] ]
++ expect "vm-test: the initrd loads no module"
  [ node.boot.initrd.includeDefaultModules node.boot.initrd.availableKernelModules node.boot.initrd.kernelModules ]
  [ false (lib.mkForce [ ]) (lib.mkForce [ ]) ]
++ expect "vm-test: a kernel log buffer for the whole boot's KTAP (log_buf_len)" (builtins.length logBufLen) 1
++ expect "vm-test script: the store paths (xtask the package), then nixos-tests/vm-test.py"
  (hasSuffix "xtask = \"${packages.xtask.outPath}/bin/xtask\"\n${builtins.readFile (root + "/nixos-tests/vm-test.py")}" vm.testScript)
  true
++ expect "vm-test runs vm-check.sh over samples.manifest"
  (hasPrefix "vm_check = \"/nix/store/" vm.testScript && hasInfix "\nmanifest = \"/nix/store/[a-z0-9]+-samples.manifest\"\n.*" vm.testScript)
  true
# The Rust checks.
++ expect "cargoTest runs the whole workspace" (hasInfix "cargoWithProfile test --locked --workspace" test.checkPhase) true
++ expect "cargoTest has the tools xtask/tests run"
  (builtins.filter (t: !builtins.elem tools.${t} test.nativeBuildInputs) [ "git" "cpio" ])
  [ ]
++ expect "cargoTest keeps what xtask/tests and the ui fallback read"
  (builtins.filter (f: !builtins.elem f test.src.files) [
    "pin-init/tests/ui-compare.sh"
    "pin-init/tests/diag-score.sh"
    "scripts/prepare-tree.sh"
    "scripts/make-series.sh"
    "nixos-tests/samples.manifest"
    "xtask/tests/fixtures/ktap/README.md"
    "xtask/tests/fixtures/ktap/vm-console.log"
    "patches/series"
    "README.md"
    "docs/your-own-module.md"
    ".ci/run"
    "rust-toolchain.toml"
  ])
  [ ]
++ expect "cargoTest keeps the reviewed .stderr files"
  (builtins.length (builtins.filter (f: hasPrefix "pin-init/tests/ui/" f && hasSuffix ".stderr" f) test.src.files) > 0)
  true
++ expect "cargoTest re-records the ui cases and compares them with ui-compare.sh"
  [ (hasInfix ".*export TRYBUILD=overwrite.*" test.preCheck) (hasInfix ".*sh pin-init/tests/ui-compare.sh .*" test.postCheck) ]
  [ true true ]
++ expect "clippy: the whole workspace, all targets, warnings denied" (hasInfix "clippy --locked --workspace --all-targets -- --deny warnings" checks.pin-init-clippy.buildPhase) true
# The devShell.
++ expect "devShell: the kernel's stdenv and inputs" [ (shell.overriddenWith.stdenv.outPath or null) (paths (shell.args.inputsFrom or [ ])) ] [ kernelArgs.stdenv.outPath [ kernel.outPath ] ]
++ expect "devShell: no hardening flags" (shell.args.hardeningDisable or [ ]) [ "all" ]
++ expect "devShell RUST_LIB_SRC" shell.args.RUST_LIB_SRC pkgs.rustPlatform.rustLibSrc
++ expect "devShell has the tools of a kernel built by hand"
  (builtins.filter (t: !builtins.elem tools.${t} shell.args.packages) [
    "rustc"
    "cargo"
    "lld"
    "llvm"
    "qemu"
    "python3"
    "rsync"
    "kmod"
    "pahole"
    "ncurses"
  ])
  [ ]
++ expect "devShell: kernel-make runs make with the kernel's make flags and KRUSTFLAGS"
  (map (p: p.text) kernelMake)
  [ "exec make ${lib.escapeShellArgs kernel.commonMakeFlags} ${lib.escapeShellArg "KRUSTFLAGS=${kernel.env.KRUSTFLAGS}"} \"$@\"\n" ]
++ expect "devShell: cargo xtask kernel uses nixpkgs' source, tools and make flags"
  [
    (shell.args.PIN_INIT_HARNESS_TARBALL or null)
    (shell.args.PIN_INIT_HARNESS_BINDGEN or null)
    (hasPrefix "${tools.rustc-unwrapped}/bin:" (shell.args.PIN_INIT_HARNESS_TOOL_PATH or ""))
    (shell.args.PIN_INIT_HARNESS_MAKE_FLAGS or null)
  ]
  [ "${linux_6_12.src}" "${tools.rust-bindgen-unwrapped}/bin/bindgen" true (toString kernel.commonMakeFlags) ]
