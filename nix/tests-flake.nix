# Offline wiring test of flake.nix: its `outputs` evaluated with the
# stand-ins of nix/stubs.nix for nixpkgs and crane, then checks of what the
# flake handed them. It proves the flake's own plumbing (names, arguments,
# the shared files it reads) and that the kernel config asks for what NixOS
# asserts, not the real nixpkgs/crane APIs. Run by scripts/check-nix.sh with
# `nix-instantiate --eval --strict --json --readonly-mode`; evaluates to the
# list of failures.
{ flakeFile ? ../flake.nix
, root ? ../.
,
}:
let
  parse = import ./parse.nix;
  world = import ./stubs.nix { inherit flakeFile; };
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
  kernelArgs = kernel.args;
  configfile = kernelArgs.configfile;
  vm = checks.vm-test.args;
  test = checks.pin-init-test.args;
  node = vm.nodes.machine;

  # What NixOS modules assert of a kernel (system.requiredKernelConfig),
  # copied from nixpkgs: nixos/modules/system/boot/kernel.nix,
  # .../system/boot/systemd.nix, .../virtualisation/qemu-vm.nix (without
  # graphics, writable store) and .../testing/test-instrumentation.nix.
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
  # nix/kernel.nix on its own, for what the flake does not expose.
  linux = import ./kernel.nix {
    inherit pkgs lib root;
    cargoVendorDir = world.stub "vendor" { };
  };
  srcFiles = src: map (f: f.path or f) src.args.fileset.args;
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
++ expect "default is the kernel" packages.default kernel
# The kernel: our fragments on nixpkgs' 6.12 source, clang + LLVM binutils.
++ expect "kernel is linuxManualConfig" kernel.stub "linuxManualConfig"
++ expect "kernel source: nixpkgs' 6.12 src" kernelArgs.src linux_6_12.src
++ expect "kernel version" [ kernelArgs.version kernelArgs.modDirVersion ] [ "6.12.0" "6.12.0" ]
++ expect "kernel stdenv: clang with LLVM's bintools" kernelArgs.stdenv.args {
  stdenv = pkgs.llvmPackages.stdenv;
  cc = pkgs.llvmPackages.clang.override { inherit (pkgs.llvmPackages) bintools; };
}
++ expect "kernel built with LLVM=1 CLIPPY=1" (builtins.filter (f: f == "LLVM=1" || f == "CLIPPY=1") kernelArgs.extraMakeFlags) [
  "LLVM=1"
  "CLIPPY=1"
]
++ expect "clippy-driver is nixpkgs' clippy" (builtins.elem "CLIPPY_DRIVER=${tools.clippy}/bin/clippy-driver" kernelArgs.extraMakeFlags) true
++ expect "Rust warnings are errors" (hasSuffix " -Dwarnings" kernel.env.KRUSTFLAGS) true
++ expect "nixpkgs' KRUSTFLAGS kept" (hasPrefix "--remap-path-prefix" kernel.env.KRUSTFLAGS) true
++ expect "source prepared first in postPatch" (hasPrefix "cp -r --no-preserve=mode /nix/store/" kernel.postPatch) true
++ expect "prepare-tree.sh runs on the unpacked source" (hasInfix "sh \"\\$NIX_BUILD_TOP/repo/scripts/prepare-tree.sh\" \"\\$PWD\"" kernel.postPatch) true
++ expect "nixpkgs' postPatch kept, after ours" (hasSuffix "\n# nixpkgs: randstruct seed, patchShebangs\n" kernel.postPatch) true
++ expect "git for make-series.sh" (builtins.elem tools.git kernel.nativeBuildInputs) true
++ expect "patch count from patches/series" (hasInfix ", ${toString (builtins.length series)} from patches/series" kernel.postPatch) true
++ expect "vendor dir: crane's vendorCargoDeps, flattened" (hasInfix "stub-vendor/\\*/\\*/" linux.vendorDir.args.script) true
++ expect "prepare-tree.sh gets the flattened vendor dir" (hasInfix "cp -rL --no-preserve=mode ${linux.vendorDir} " linux.kernel.postPatch) true
# Its config: olddefconfig over the fragments, on the kernel's own source.
++ expect "config fragments: kunit-configs/*.config, then nix/nixos-vm.config" configfile.args.fragments (fragments ++ [ nixosFragment ])
++ expect "kernel-debug adds kunit-configs/debug" packages.kernel-debug.args.configfile.args.fragments (
  debugFragments ++ [ nixosFragment ]
)
++ expect "config built on the kernel's prepared source" [ configfile.args.src configfile.args.patches configfile.args.postPatch ] [ kernel.src kernel.patches kernel.postPatch ]
++ expect "config built with the kernel's tools and make flags" [ configfile.args.nativeBuildInputs configfile.args.depsBuildBuild configfile.args.makeFlags ] [ kernel.nativeBuildInputs kernel.depsBuildBuild kernel.commonMakeFlags ]
++ expect "config: olddefconfig, then scripts/check-config.sh over the fragments"
  (hasInfix ".*make \"\\$\\{makeFlags\\[@]}\" O=build olddefconfig\nsh [^ ]*check-config.sh build/.config \"\\$\\{fragments\\[@]}\".*" configfile.args.buildPhase)
  true
++ expect "NixOS reads the fragments' options as kernel.config" kernelArgs.config (prefixed (fragments ++ [ nixosFragment ]))
++ expect "no KUnit suite by default" (kernelArgs.config.CONFIG_KUNIT_ALL_TESTS or "unset") "n"
++ expect "every option NixOS asserts is y"
  (builtins.filter (o: (kernelArgs.config."CONFIG_${o}" or "unset") != "y") nixosRequires)
  [ ]
++ expect "nix/nixos-vm.config sets no option of kunit-configs/ otherwise"
  (builtins.filter (o: ours ? ${o} && ours.${o} != nixosOnly.${o}) (builtins.attrNames nixosOnly))
  [ ]
# The VM test.
++ expect "vm-test boots the kernel" node.boot.kernelPackages.kernel kernel
++ expect "vm-test: the initrd loads no module"
  [ node.boot.initrd.includeDefaultModules node.boot.initrd.availableKernelModules node.boot.initrd.kernelModules ]
  [ false (lib.mkForce [ ]) (lib.mkForce [ ]) ]
++ expect "vm-test script: the store paths, then nixos-tests/vm-test.py"
  (hasSuffix "xtask = \"${out.packages.x86_64-linux.pin-init.outPath}/bin/xtask\"\n${builtins.readFile (root + "/nixos-tests/vm-test.py")}" vm.testScript)
  true
++ expect "vm-test runs vm-check.sh over samples.manifest"
  (hasPrefix "vm_check = \"/nix/store/" vm.testScript && hasInfix "\nmanifest = \"/nix/store/[a-z0-9]+-samples.manifest\"\n.*" vm.testScript)
  true
# The Rust checks.
++ expect "cargoTest runs the whole workspace" (hasInfix "(.* )?--workspace( .*)?" (test.cargoTestExtraArgs or "")) true
++ expect "cargoTest keeps what xtask/tests and the ui fallback read"
  (builtins.filter (p: !builtins.elem p (srcFiles test.src)) [
    (root + "/pin-init/tests/ui-compare.sh")
    (root + "/scripts/prepare-tree.sh")
    (root + "/kunit-configs")
    (root + "/nixos-tests")
    (root + "/patches")
    (root + "/README.md")
  ])
  [ ]
++ expect "cargoTest keeps the reviewed .stderr files"
  (builtins.elem (root + "/pin-init/tests") (map (f: f.path) (builtins.filter (f: f ? fileFilter) test.src.args.fileset.args)))
  true
++ expect "cargoTest re-records the ui cases and compares them with ui-compare.sh"
  [ (hasInfix ".*export TRYBUILD=overwrite.*" test.preCheck) (hasInfix ".*sh pin-init/tests/ui-compare.sh .*" test.postCheck) ]
  [ true true ]
# The devShell.
++ expect "devShell: the kernel's stdenv and inputs" [ (shell.overriddenWith.stdenv or null) (shell.args.inputsFrom or [ ]) ] [ kernelArgs.stdenv [ kernel ] ]
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
++ expect "devShell: cargo xtask kernel uses nixpkgs' source and tools"
  [
    (shell.args.PIN_INIT_HARNESS_TARBALL or null)
    (shell.args.PIN_INIT_HARNESS_BINDGEN or null)
    (hasPrefix "${tools.rustc-unwrapped}/bin:" (shell.args.PIN_INIT_HARNESS_TOOL_PATH or ""))
  ]
  [ "${linux_6_12.src}" "${tools.rust-bindgen-unwrapped}/bin/bindgen" true ]
