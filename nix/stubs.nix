# Stand-ins for nixpkgs and crane (which cannot be fetched or evaluated
# here), and flake.nix's outputs computed with them. Only builtins:
# `nix-instantiate --eval --readonly-mode` evaluates it offline. Used by
# nix/tests-flake.nix (the wiring checks), nix/sandbox.nix (what each crane
# check and the kernel's preparation run, for scripts/check-nix.sh to run it
# offline) and scripts/check-nix.sh (the VM test's script).
#
# What makes them worth testing against:
# - every stand-in derivation has an output path derived from its name and
#   arguments, so two different derivations never compare equal;
# - stand-in functions check their arguments against the formal argument
#   lists of the real ones (nixpkgs' and crane's sources, 2026), as Nix
#   does: an unknown or a missing argument fails evaluation here too;
# - lib.fileset is a real implementation over the flake's source (the files
#   git tracks: a flake sees nothing else), and crane's file sets follow
#   crane's lib/fileset/*.nix at the locked revision, so a check's `src`
#   here is the list of files its sandbox gets;
# - mkDerivation, linuxManualConfig and crane's functions compose their
#   results (phases, nativeBuildInputs, make flags, passthru) as the real
#   ones do, as far as the flake uses them; every package says which Debian
#   package provides its programs here (`provides`), so a derivation's tools
#   can be put on a PATH of their own.
{ flakeFile ? ../flake.nix
  # The flake's source: file paths relative to flake.nix's directory (what
  # `git ls-files` lists). null: every file below it but target/ and
  # dot-directories.
, files ? null
  # nixpkgs' linux_6_12.version; null: the newest of patches/tested-versions.
, linuxVersion ? null
}:
let
  inherit (builtins)
    attrNames
    concatMap
    concatStringsSep
    elem
    filter
    hasAttr
    isAttrs
    isFunction
    isList
    isString
    listToAttrs
    stringLength
    substring
    typeOf
    ;

  root = dirOf flakeFile;
  rootStr = toString root;

  hasPrefix = p: s: substring 0 (stringLength p) s == p;
  hasSuffix = p: s:
    let
      n = stringLength s;
      m = stringLength p;
    in
    m <= n && substring (n - m) m s == p;
  unique = l: attrNames (listToAttrs (map
    (x: {
      name = x;
      value = null;
    })
    l));
  mapAttrs' = f: set: listToAttrs (map (n: f n set.${n}) (attrNames set));

  # A value as text, for the output paths: a derivation (anything with an
  # outPath) by its path, a function as <lambda>.
  describe =
    v:
    let
      t = typeOf v;
    in
    if t == "set" then
      (
        if v ? outPath then
          toString v.outPath
        else
          "{" + concatStringsSep "" (map (n: "${n}=${describe v.${n}};") (attrNames v)) + "}"
      )
    else if t == "list" then
      "[" + concatStringsSep " " (map describe v) + "]"
    else if t == "lambda" then
      "<lambda>"
    else if t == "null" then
      "null"
    else if t == "bool" then
      (if v then "true" else "false")
    else if t == "path" then
      toString v
    else if t == "string" then
      builtins.unsafeDiscardStringContext v
    else
      toString v;

  storePath = name: args: "/nix/store/${substring 0 32 (builtins.hashString "sha256" "${name}:${describe args}")}-${name}";

  # F called with ARGS after Nix's own checks of a lambda's formals:
  # FORMALS as builtins.functionArgs gives them (name -> has a default),
  # ELLIPSIS whether the real function has `...`.
  strict =
    name: formals: ellipsis: f: args:
    let
      unexpected = filter (n: !(hasAttr n formals)) (attrNames args);
      missing = filter (n: !formals.${n} && !(hasAttr n args)) (attrNames formals);
    in
    if !(isAttrs args) then
      throw "stand-in ${name}: called with ${typeOf args}, not an attribute set"
    else if !ellipsis && unexpected != [ ] then
      throw "function '${name}' called with unexpected argument '${builtins.head unexpected}'"
    else if missing != [ ] then
      throw "function '${name}' called without required argument '${builtins.head missing}'"
    else
      f args;

  # A stand-in of a function's result: what it was called with, and an
  # output path of its own.
  stub = name: args: {
    stub = name;
    inherit args;
    outPath = storePath name args;
  };

  # A package: `provides` lists where its programs are on this machine:
  # "deb:PKG" every program of the Debian package PKG, "cmd:NAME" (or
  # "cmd:NAME=OTHER") NAME as found (OTHER linked as NAME) on the host's
  # /usr/bin:/bin:/usr/sbin:/sbin, "rust:NAME" a program of the Rust
  # toolchain scripts/check-nix.sh runs cargo with.
  pkg = name: provides: stub name { } // {
    pname = name;
    inherit provides;
  };

  tools = builtins.mapAttrs pkg {
    # stdenv's initialPath (pkgs/stdenv/generic/common-path.nix).
    # GNU coreutils installs kill and uptime, which Debian's coreutils
    # leaves to procps.
    coreutils = [
      "deb:coreutils"
      "cmd:kill"
      "cmd:uptime"
    ];
    findutils = [ "deb:findutils" ];
    diffutils = [ "deb:diffutils" ];
    gnused = [ "deb:sed" ];
    gnugrep = [ "deb:grep" ];
    gawk = [
      "deb:gawk"
      "cmd:awk"
    ];
    gnutar = [ "deb:tar" ];
    gzip = [ "deb:gzip" ];
    bzip2 = [ "deb:bzip2" ];
    gnumake = [ "deb:make" ];
    bash = [
      "deb:bash"
      "cmd:sh=bash"
    ];
    gnupatch = [ "deb:patch" ];
    xz = [ "deb:xz-utils" ];
    file = [ "deb:file" ];
    # stdenv's default nativeBuildInputs on Linux.
    patchelf = [ "deb:patchelf" ];
    git = [ "deb:git" ];
    cpio = [ "deb:cpio" ];
    rsync = [ "deb:rsync" ];
    zstd = [ "deb:zstd" ];
    python3 = [
      "deb:python3-minimal"
      "deb:python3"
    ];
    python3Minimal = [ "deb:python3-minimal" ];
    perl = [
      "deb:perl-base"
      "deb:perl"
    ];
    bc = [ "deb:bc" ];
    bison = [ "deb:bison" ];
    flex = [ "deb:flex" ];
    openssl = [ "deb:openssl" ];
    elfutils = [ "deb:elfutils" ];
    kmod = [ "deb:kmod" ];
    hexdump = [ "deb:bsdextrautils" ];
    pahole = [ "deb:dwarves" ];
    gmp = [ ];
    libmpc = [ ];
    mpfr = [ ];
    zlib = [ ];
    ncurses = [ ];
    pkg-config = [ "deb:pkg-config" ];
    rustc = [
      "rust:rustc"
      "rust:rustdoc"
    ];
    rustc-unwrapped = [
      "rust:rustc"
      "rust:rustdoc"
    ];
    cargo = [ "rust:cargo" ];
    clippy = [
      "rust:cargo-clippy"
      "rust:clippy-driver"
    ];
    rustfmt = [
      "rust:rustfmt"
      "rust:cargo-fmt"
    ];
    rust-bindgen-unwrapped = [ ];
    lld = [ "deb:lld" ];
    llvm = [ "deb:llvm" ];
    qemu = [ "deb:qemu-system-x86" ];
  };

  # --- lib ---------------------------------------------------------------------

  # The flake's source, relative to its root.
  walk =
    dir:
    let
      entries = builtins.readDir (if dir == "" then root else root + "/${dir}");
    in
    concatMap
      (
        n:
        let
          p = if dir == "" then n else "${dir}/${n}";
        in
        if entries.${n} == "directory" then
          (if (dir == "" && n == "target") || hasPrefix "." n then [ ] else walk p)
        else
          [ p ]
      )
      (attrNames entries);
  sourceFiles = if files == null then walk "" else files;

  fileset =
    let
      rel =
        p:
        let
          s = toString p;
        in
        if s == rootStr then
          ""
        else if hasPrefix (rootStr + "/") s then
          substring (stringLength rootStr + 1) (stringLength s) s
        else
          throw "lib.fileset: ${s} is not in the flake's source (${rootStr})";
      under = r: filter (f: r == "" || f == r || hasPrefix (r + "/") f) sourceFiles;
      make = l: {
        _fileset = true;
        files = unique l;
      };
      coerce =
        x:
        if isAttrs x && x ? _fileset then
          x.files
        else if typeOf x == "path" then
          (
            let
              l = under (rel x);
            in
            if l == [ ] then
              throw "lib.fileset: ${toString x} does not exist in the flake's source (files git does not track are not in it)"
            else
              l
          )
        else
          throw "lib.fileset: not a file set or a path: ${describe x}";
      fileInfo = f: rec {
        name = baseNameOf f;
        type = "regular";
        hasExt = ext: hasSuffix ".${ext}" name;
      };
    in
    {
      unions =
        list:
        if isList list then make (concatMap coerce list) else throw "lib.fileset.unions: not a list";
      fileFilter =
        predicate: path:
        if typeOf path != "path" then
          throw "lib.fileset.fileFilter: second argument is not a path"
        else if coerce path == [ ] then
          make [ ]
        else
          make (filter (f: predicate (fileInfo f)) (under (rel path)));
      toSource = strict "lib.fileset.toSource"
        {
          root = false;
          fileset = false;
        }
        false
        (
          args:
          let
            r = rel args.root;
            all = coerce args.fileset;
            outside = filter (f: !(r == "" || hasPrefix (r + "/") f)) all;
            strip = f: if r == "" then f else substring (stringLength r + 1) (stringLength f) f;
            sourceFiles' = map strip all;
          in
          if outside != [ ] then
            throw "lib.fileset.toSource: ${builtins.head outside} is not below root ${toString args.root}"
          else
            {
              _source = true;
              # Below `root`, which is `from` in the flake's source.
              files = sourceFiles';
              from = r;
              outPath = storePath "source" sourceFiles';
            }
        );
    };

  lib = {
    inherit (builtins) mapAttrs elem;
    inherit mapAttrs' fileset;
    nameValuePair = name: value: { inherit name value; };
    makeBinPath = ps: concatStringsSep ":" (map (p: "${p}/bin") ps);
    mkForce = content: {
      _type = "override";
      priority = 50;
      inherit content;
    };
    optionals = c: l: if c then l else [ ];
    optionalAttrs = c: a: if c then a else { };
    escapeShellArg = s: "'" + builtins.replaceStrings [ "'" ] [ "'\\''" ] (toString s) + "'";
    escapeShellArgs = l: concatStringsSep " " (map lib.escapeShellArg l);
    kernel = {
      yes = "y";
      no = "n";
      module = "m";
      freeform = v: "freeform:${v}";
    };
  };

  # --- stdenv ------------------------------------------------------------------

  initialPath = with tools; [
    coreutils
    findutils
    diffutils
    gnused
    gnugrep
    gawk
    gnutar
    gzip
    bzip2
    gnumake
    bash
    gnupatch
    xz
    file
  ];

  # stdenv.mkDerivation as far as the flake and crane use it: the attributes
  # become the derivation's (passthru too), overrideAttrs re-derives.
  mkDerivationFor =
    stdenv: attrs0:
    let
      attrs = if isFunction attrs0 then attrs0 drv else attrs0;
      drv =
        removeAttrs attrs [ "passthru" ]
        // (attrs.passthru or { })
        // {
          type = "derivation";
          drvAttrs = attrs;
          inherit stdenv;
          name = attrs.name or "${attrs.pname}-${attrs.version or ""}";
          outPath = storePath (attrs.pname or attrs.name or "derivation") attrs;
          overrideAttrs =
            f:
            let
              new = f attrs;
            in
            mkDerivationFor stdenv (attrs // (if isFunction new then new attrs else new));
        };
    in
    drv;

  mkStdenv =
    name: cc:
    let
      self = stub name { inherit cc; } // {
        inherit cc initialPath;
        defaultNativeBuildInputs = [ tools.patchelf ];
        mkDerivation = mkDerivationFor self;
      };
    in
    self;

  bintools = pkg "bintools-wrapper" [
    "deb:binutils"
  ];
  gccWrapper = pkg "gcc-wrapper" [ "deb:gcc" "deb:g++" "deb:cpp" "cmd:cc" "cmd:c++" ] // {
    provides = [ "deb:gcc" "deb:g++" "deb:cpp" "cmd:cc" "cmd:c++" ] ++ bintools.provides;
    isClang = false;
    cc = pkg "gcc" [ ];
    inherit bintools;
  };
  stdenv = mkStdenv "stdenv" gccWrapper;
  stdenvNoCC = mkStdenv "stdenvNoCC" null;

  llvmBintools = pkg "llvm-bintools-wrapper" [
    "deb:lld"
    "deb:llvm"
    "cmd:ld=ld.lld"
    "cmd:ar=llvm-ar"
    "cmd:nm=llvm-nm"
    "cmd:objcopy=llvm-objcopy"
    "cmd:objdump=llvm-objdump"
    "cmd:ranlib=llvm-ranlib"
    "cmd:readelf=llvm-readelf"
    "cmd:strip=llvm-strip"
  ];
  # The cc-wrapper's formals (pkgs/build-support/cc-wrapper/default.nix).
  ccWrapperFormals = {
    name = true;
    lib = false;
    stdenvNoCC = false;
    runtimeShell = false;
    cc = true;
    libc = true;
    bintools = false;
    coreutils = true;
    apple-sdk = true;
    zlib = true;
    nativeTools = false;
    noLibc = true;
    nativeLibc = false;
    nativePrefix = true;
    propagateDoc = true;
    extraTools = true;
    extraPackages = true;
    extraBuildCommands = true;
    nixSupport = true;
    isGNU = true;
    isClang = true;
    isZig = true;
    isArocc = true;
    isCcache = true;
    gnugrep = true;
    expand-response-params = false;
    libcxx = true;
    useCcForLibs = true;
    gccForLibs = true;
    fortify-headers = true;
    includeFortifyHeaders = true;
  };
  clangWith =
    args:
    pkg "clang-wrapper" ([ "deb:clang" "cmd:cc=clang" "cmd:c++=clang++" ] ++ args.bintools.provides)
    // {
      isClang = true;
      cc = pkg "clang" [ ];
      inherit (args) bintools;
      # makeOverridable: the merged arguments meet the formals.
      override = new: strict "llvmPackages.clang.override" ccWrapperFormals false clangWith (args // new);
    };
  clang = clangWith {
    lib = null;
    stdenvNoCC = null;
    runtimeShell = null;
    bintools = llvmBintools;
    nativeTools = false;
    nativeLibc = false;
    expand-response-params = null;
  };

  # --- the kernel ----------------------------------------------------------------

  linuxVersion' =
    if linuxVersion != null then
      linuxVersion
    else
      let
        tested = (import ./parse.nix).parseVersions (builtins.readFile (root + "/patches/tested-versions"));
      in
      builtins.elemAt tested (builtins.length tested - 1);
  linux_6_12 = stub "linux_6_12" { } // {
    version = linuxVersion';
    modDirVersion = linuxVersion';
    src = stub "linux-${linuxVersion'}.tar.xz" { };
  };

  # pkgs/os-specific/linux/kernel/build.nix (linuxManualConfig): its formals,
  # the derivation's patches, postPatch (a marker), inputs, make flags
  # (common-flags.nix), env and passthru (config with isYes & co., the
  # common make flags), and makeOverridable's override.
  buildNixFormals = {
    version = false;
    pname = true;
    pos = true;
    extraMakeFlags = true;
    modDirVersion = true;
    src = false;
    kernelPatches = true;
    configfile = false;
    target = true;
    buildDTBs = true;
    config = true;
    randstructSeed = true;
    extraMeta = true;
    isZen = true;
    allowImportFromDerivation = true;
    features = true;
    lib = true;
    stdenv = true;
  };
  linuxManualConfigWith =
    args:
    let
      kstdenv = args.stdenv or stdenv;
      extraMakeFlags = args.extraMakeFlags or [ ];
      config =
        let
          attrName = attr: "CONFIG_" + attr;
        in
        {
          isSet = attr: hasAttr (attrName attr) config;
          getValue = attr: if config.isSet attr then config.${attrName attr} else null;
          isYes = attr: config.getValue attr == "y";
          isNo = attr: config.getValue attr == "n";
          isModule = attr: config.getValue attr == "m";
          isEnabled = attr: config.isModule attr || config.isYes attr;
          isDisabled = attr: !(config.isSet attr) || config.isNo attr;
        }
        // (args.config or { });
      withRust = config.isYes "RUST";
      cc = kstdenv.cc;
      commonMakeFlags = [
        "CC=${cc.cc}/bin/${if cc.isClang then "clang" else "gcc"}"
        "CXX=${cc.cc}/bin/${if cc.isClang then "clang++" else "g++"}"
        "LD=${cc.bintools}/bin/ld"
        "AR=${cc}/bin/ar"
        "NM=${cc}/bin/nm"
        "STRIP=${cc.bintools}/bin/strip"
        "OBJCOPY=${cc}/bin/objcopy"
        "OBJDUMP=${cc}/bin/objdump"
        "READELF=${cc}/bin/readelf"
        "HOSTCC=${gccWrapper}/bin/cc"
        "HOSTCXX=${gccWrapper}/bin/c++"
        "HOSTAR=${bintools}/bin/ar"
        "HOSTLD=${bintools}/bin/ld"
        "ARCH=x86_64"
        "CROSS_COMPILE="
      ]
      ++ lib.optionals cc.isClang [
        "CFLAGS_MODULE=-I${cc.cc}/lib/clang/21/include"
        "CFLAGS_KERNEL=-I${cc.cc}/lib/clang/21/include"
      ]
      ++ extraMakeFlags;
    in
    kstdenv.mkDerivation {
      pname = args.pname or "linux";
      inherit (args) version src;
      __structuredAttrs = true;
      patches = [ "randstruct-provide-seed-5.19.patch" ];
      depsBuildBuild = [ gccWrapper ];
      nativeBuildInputs = with tools; [
        bison
        flex
        perl
        bc
        openssl
        rsync
        gmp
        libmpc
        mpfr
        elfutils
        zstd
        python3Minimal
        kmod
        hexdump
        cpio
        pahole
        zlib
      ]
      ++ lib.optionals withRust [
        rustc-unwrapped
        rust-bindgen-unwrapped
      ];
      env = {
        RUST_LIB_SRC = if withRust then "${rustPlatform.rustLibSrc}" else "";
        KRUSTFLAGS = if withRust then "--remap-path-prefix ${rustPlatform.rustLibSrc}=/" else "";
      };
      makeFlags = [
        "O=$(buildRoot)"
        "KBUILD_BUILD_TIMESTAMP=@$(SOURCE_DATE_EPOCH)"
        "KBUILD_BUILD_VERSION=1-NixOS"
      ]
      ++ commonMakeFlags;
      postPatch = "\n# nixpkgs: randstruct seed, patchShebangs\n";
      passthru = {
        inherit (args) version configfile;
        modDirVersion = args.modDirVersion or args.version;
        inherit config commonMakeFlags withRust;
        features = args.features or { };
        kernelPatches = args.kernelPatches or [ ];
        manualConfigArgs = args;
      };
    };
  # lib.makeOverridable: override calls it again with the merged arguments,
  # and keeps what overrideAttrs did.
  overridable =
    f: args:
    let
      result = f args;
      withOverride =
        r: reapply:
        r
        // {
          override = new: reapply (overridable f (args // (if isFunction new then new args else new)));

          overrideAttrs = g: withOverride (r.overrideAttrs g) (o: (reapply o).overrideAttrs g);
        };
    in
    withOverride result (o: o);
  linuxManualConfig = overridable (strict "linuxManualConfig" buildNixFormals false linuxManualConfigWith);

  rustPlatform.rustLibSrc = stub "rust-lib-src" { };

  # --- pkgs ----------------------------------------------------------------------

  # pkgs/build-support/trivial-builders: runCommandLocal NAME ENV SCRIPT.
  runCommandLocal =
    name: env: script:
    if !(isString name && isAttrs env && isString script) then
      throw "stand-in runCommandLocal: expects NAME ENV SCRIPT"
    else
      stdenvNoCC.mkDerivation (
        env
        // {
          inherit name;
          buildCommand = script;
          preferLocalBuild = true;
          allowSubstitutes = false;
        }
      );

  writeShellScriptBin =
    name: text:
    if !(isString name && isString text) then
      throw "stand-in writeShellScriptBin: expects NAME TEXT"
    else
      stub "writeShellScriptBin" { inherit name text; } // { inherit name text; };

  # pkgs/build-support/mkshell/default.nix: its formals; override takes the
  # callPackage arguments (lib, stdenv, buildEnv).
  mkShellWith =
    overriddenWith:
    strict "mkShell"
      {
        name = true;
        packages = true;
        inputsFrom = true;
        buildInputs = true;
        nativeBuildInputs = true;
        propagatedBuildInputs = true;
        propagatedNativeBuildInputs = true;
      }
      true
      (args: stub "mkShell" args // { inherit overriddenWith; });
  mkShell = {
    __functor = _: mkShellWith null;
    override = strict "mkShell.override"
      {
        lib = true;
        stdenv = true;
        buildEnv = true;
      }
      false
      (o: { __functor = _: mkShellWith o; });
  };

  # nixos/lib/testing: the test module's top-level options.
  runNixOSTest = strict "runNixOSTest"
    {
      name = true;
      nodes = true;
      containers = true;
      defaults = true;
      nodeDefaults = true;
      containerDefaults = true;
      extraBaseModules = true;
      extraBaseNodeModules = true;
      node = true;
      sshBackdoor = true;
      testScript = false;
      skipTypeCheck = true;
      skipLint = true;
      extraPythonPackages = true;
      globalTimeout = true;
      enableOCR = true;
      enableDebugHook = true;
      meta = true;
      passthru = true;
      interactive = true;
      hostPkgs = true;
      qemu = true;
      extraDriverArgs = true;
      imports = true;
    }
    false
    (stub "runNixOSTest");

  pkgs = tools // {
    inherit
      lib
      stdenv
      stdenvNoCC
      linuxManualConfig
      runCommandLocal
      writeShellScriptBin
      mkShell
      rustPlatform
      ;
    linuxKernel = {
      kernels = { inherit linux_6_12; };
      packagesFor = kernel: { inherit kernel; };
    };
    llvmPackages = {
      stdenv = mkStdenv "llvmPackages.stdenv" clang;
      bintools = llvmBintools;
      inherit clang;
    };
    overrideCC = old: cc: mkStdenv "${old.stub}+${cc.pname}" cc // { overrides = { stdenv = old; inherit cc; }; };
    testers = { inherit runNixOSTest; };
    pkgsStatic.busybox = pkg "busybox-static" [ ];
  };

  # --- crane ---------------------------------------------------------------------

  # crane at the locked revision (lib/*.nix): the file sets, mkCargoDerivation
  # and the functions the flake calls, with their formals and how each
  # composes its phases and nativeBuildInputs. The hooks are packages that
  # provide no program.
  hook = name: pkg name [ ];
  craneLib = rec {
    # lib/fileset/{cargoTomlAndLock,rust,toml,configToml,commonCargoSources}.nix
    fileset = {
      cargoTomlAndLock = path: lib.fileset.fileFilter (file: elem file.name [ "Cargo.toml" "Cargo.lock" ]) path;
      rust = path: lib.fileset.fileFilter (file: file.hasExt "rs") path;
      toml = path: lib.fileset.fileFilter (file: file.hasExt "toml") path;
      configToml = path: lib.fileset.fileFilter (file: file.name == "config.toml") path;
      commonCargoSources =
        path:
        lib.fileset.unions [
          (fileset.cargoTomlAndLock path)
          (fileset.rust path)
          (fileset.toml path)
        ];
    };

    # lib/mkCargoDerivation.nix
    mkCargoDerivation = strict "mkCargoDerivation"
      {
        cargoArtifacts = false;
        buildPhaseCargoCommand = false;
        checkPhaseCargoCommand = true;
        installPhaseCommand = true;
      }
      true
      (
        args:
        let
          cleaned = removeAttrs args [
            "buildPhaseCargoCommand"
            "checkPhaseCargoCommand"
            "installPhaseCommand"
            "pnameSuffix"
            "stdenv"
          ];
        in
        stdenv.mkDerivation (
          cleaned
          // {
            isCraneDerivation = true;
            inherit (args) cargoArtifacts;
            pname = "${args.pname}${args.pnameSuffix or ""}";
            doInstallCargoArtifacts = args.doInstallCargoArtifacts or true;
            cargoVendorDir = args.cargoVendorDir or (vendorCargoDeps args);
            nativeBuildInputs = (args.nativeBuildInputs or [ ]) ++ [
              tools.cargo
              (hook "cargoHelperFunctionsHook")
              (hook "configureCargoCommonVarsHook")
              (hook "configureCargoVendoredDepsHook")
              (hook "inheritCargoArtifactsHook")
              (hook "installCargoArtifactsHook")
              (hook "replaceCargoLockHook")
              tools.rsync
              tools.rustc
              tools.zstd
            ];
            buildPhase =
              args.buildPhase or ''
                runHook preBuild
                cargo --version
                ${args.buildPhaseCargoCommand}
                runHook postBuild
              '';
            checkPhase =
              args.checkPhase or ''
                runHook preCheck
                ${args.checkPhaseCargoCommand or ""}
                runHook postCheck
              '';
            configurePhase =
              args.configurePhase or ''
                runHook preConfigure
                echo default configurePhase, nothing to do
                runHook postConfigure
              '';
            installPhase =
              args.installPhase or ''
                runHook preInstall
                ${args.installPhaseCommand or "mkdir -p $out"}
                runHook postInstall
              '';
          }
        )
      );

    # lib/cargoTest.nix
    cargoTest = strict "cargoTest"
      {
        cargoArtifacts = false;
        cargoExtraArgs = true;
        cargoTestExtraArgs = true;
      }
      true
      (
        origArgs:
        mkCargoDerivation (
          removeAttrs origArgs [ "cargoExtraArgs" "cargoTestExtraArgs" ]
          // {
            doCheck = origArgs.doCheck or true;
            pnameSuffix = "-test";
            buildPhaseCargoCommand = "";
            checkPhaseCargoCommand = "cargoWithProfile test ${origArgs.cargoExtraArgs or "--locked"} ${origArgs.cargoTestExtraArgs or ""}";
          }
        )
      );

    # lib/cargoClippy.nix
    cargoClippy = strict "cargoClippy"
      {
        cargoArtifacts = false;
        cargoClippyExtraArgs = true;
        cargoExtraArgs = true;
      }
      true
      (
        origArgs:
        mkCargoDerivation (
          removeAttrs origArgs [ "cargoClippyExtraArgs" "cargoExtraArgs" ]
          // {
            pnameSuffix = "-clippy";
            buildPhaseCargoCommand = "cargoWithProfile clippy ${origArgs.cargoExtraArgs or "--locked"} ${origArgs.cargoClippyExtraArgs or "--all-targets"}";
            nativeBuildInputs = (origArgs.nativeBuildInputs or [ ]) ++ [ tools.clippy ];
          }
        )
      );

    # lib/cargoFmt.nix
    cargoFmt = strict "cargoFmt"
      {
        cargoExtraArgs = true;
        rustFmtExtraArgs = true;
      }
      true
      (
        origArgs:
        mkCargoDerivation (
          removeAttrs origArgs [ "cargoExtraArgs" "rustFmtExtraArgs" ]
          // {
            cargoArtifacts = null;
            cargoVendorDir = null;
            pnameSuffix = "-fmt";
            buildPhaseCargoCommand = "cargo fmt ${origArgs.cargoExtraArgs or ""} -- --check ${origArgs.rustFmtExtraArgs or ""}";
            nativeBuildInputs = (origArgs.nativeBuildInputs or [ ]) ++ [ tools.rustfmt ];
          }
        )
      );

    # lib/cargoDoc.nix
    cargoDoc = strict "cargoDoc"
      {
        cargoDocExtraArgs = true;
        cargoExtraArgs = true;
      }
      true
      (
        origArgs:
        mkCargoDerivation (
          removeAttrs origArgs [ "cargoDocExtraArgs" "cargoExtraArgs" ]
          // {
            pnameSuffix = "-doc";
            buildPhaseCargoCommand = "cargoWithProfile doc ${origArgs.cargoExtraArgs or "--locked"} ${origArgs.cargoDocExtraArgs or "--no-deps"}";
            doInstallCargoArtifacts = origArgs.doInstallCargoArtifacts or false;
            installPhaseCommand = "mkdir -p $out/share && mv \"\${CARGO_TARGET_DIR:-target}/doc\" $out/share";
          }
        )
      );

    # lib/buildPackage.nix (with doCheck = false, as the flake calls it)
    buildPackage = strict "buildPackage"
      {
        cargoBuildCommand = true;
        cargoExtraArgs = true;
        cargoBuildExtraArgs = true;
        cargoTestCommand = true;
        cargoTestExtraArgs = true;
      }
      true
      (
        args:
        mkCargoDerivation (
          removeAttrs args [
            "cargoBuildCommand"
            "cargoExtraArgs"
            "cargoBuildExtraArgs"
            "cargoTestCommand"
            "cargoTestExtraArgs"
          ]
          // {
            doCheck = args.doCheck or true;
            doInstallCargoArtifacts = args.doInstallCargoArtifacts or false;
            cargoArtifacts = args.cargoArtifacts or (buildDepsOnly args);
            buildPhaseCargoCommand = "${args.cargoBuildCommand or "cargoWithProfile build"} --message-format json-render-diagnostics ${args.cargoExtraArgs or "--locked"} ${args.cargoBuildExtraArgs or ""} >\"$(mktemp cargoBuildLogXXXX.json)\"";
            checkPhaseCargoCommand = "${args.cargoTestCommand or "cargoWithProfile test"} ${args.cargoExtraArgs or "--locked"} ${args.cargoTestExtraArgs or ""}";
            nativeBuildInputs = (args.nativeBuildInputs or [ ]) ++ [
              (hook "installFromCargoBuildLogHook")
              (hook "removeReferencesToRustToolchainHook")
              (hook "removeReferencesToVendoredSourcesHook")
            ];
          }
        )
      );

    # lib/buildDepsOnly.nix: on a dummy source (mkDummySrc), so not run
    # offline (it builds only Cargo.lock's dependencies).
    buildDepsOnly = strict "buildDepsOnly"
      {
        cargoBuildCommand = true;
        cargoCheckCommand = true;
        cargoExtraArgs = true;
        cargoBuildExtraArgs = true;
        cargoTestCommand = true;
        cargoTestExtraArgs = true;
      }
      true
      (args: stub "buildDepsOnly" args // { dummySrc = true; });

    # lib/vendorCargoDeps.nix: reads src's Cargo.lock.
    vendorCargoDeps =
      args:
      if !(args ? src) && !(args ? cargoLock) then
        throw "vendorCargoDeps: unable to find `src` attribute"
      else if args ? src && !(elem "Cargo.lock" args.src.files) then
        throw "vendorCargoDeps: ${args.src.outPath} has no Cargo.lock"
      else
        stub "vendor-cargo-deps" args // { cargoVendor = true; };
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
    describe
    lib
    tools
    initialPath
    linux_6_12
    pkgs
    craneLib
    out
    root
    sourceFiles
    ;
}
