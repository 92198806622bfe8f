# What the flake's builds run in their sandboxes, computed from the flake
# itself (flake.nix, nix/rust.nix, nix/kernel.nix) with the stand-ins of
# nix/stubs.nix: for every crane derivation of `checks` and `packages`, and
# for the kernel's preparation step (its postPatch), the files of its source
# set, the packages of its PATH (stdenv's, the derivation's
# nativeBuildInputs) and its phases. Evaluates to a plan: a shell script of
# `unit_*` calls that scripts/check-nix.sh defines and runs, so that a test
# or step that reads a file outside its set, or runs a tool its derivation
# does not have, fails offline as it would in the sandbox.
{ flakeFile ? ../flake.nix
, files ? null
  # Where the plan's store paths are materialised (the /nix/store prefix
  # is replaced by it).
, storeDir ? "/tmp/nix-sandbox-store"
}:
let
  world = import ./stubs.nix { inherit flakeFile files; };
  inherit (world) out root;
  rootStr = toString root;

  inherit (builtins)
    attrNames
    concatMap
    concatStringsSep
    filter
    isAttrs
    isBool
    isInt
    isList
    isString
    listToAttrs
    map
    replaceStrings
    sort
    ;

  q = s: "'" + replaceStrings [ "'" ] [ "'\\''" ] s + "'";
  inStore = s: replaceStrings [ "/nix/store/" ] [ "${storeDir}/" ] (builtins.unsafeDiscardStringContext s);

  # A derivation's attribute as its builder sees it in the environment
  # (stdenv without structured attributes: true is 1, false empty, a list
  # its elements separated by spaces, a derivation its path).
  envValue =
    v:
    if isString v then
      v
    else if isBool v then
      (if v then "1" else "")
    else if isInt v then
      toString v
    else if isAttrs v && v ? outPath then
      toString v.outPath
    else if isList v then
      concatStringsSep " " (map (x: toString (envValue x)) v)
    else
      null;
  shellName = n: builtins.match "[A-Za-z_][A-Za-z0-9_]*" n != null;
  envOf =
    drv:
    let
      attrs = drv.drvAttrs;
      plain = filter (n: shellName n && envValue attrs.${n} != null) (attrNames (removeAttrs attrs [ "env" "passthru" ]));
      extra = attrs.env or { };
    in
    map (n: { name = n; value = envValue attrs.${n}; }) plain
    ++ map (n: { name = n; value = envValue extra.${n}; }) (attrNames extra);
  envFile =
    vars:
    let
      delimiter = "__PIN_INIT_SANDBOX_ENV__";
      lines = concatStringsSep "" (map (v: "export ${v.name}=${q (inStore v.value)}\n") vars);
    in
    if builtins.match ".*${delimiter}.*" lines != null then
      throw "sandbox.nix: a value contains ${delimiter}"
    else
      "unit_env <<'${delimiter}'\n${lines}${delimiter}\n";

  # The packages whose programs the builder has on PATH: stdenv's
  # initialPath and cc, its default inputs, then the derivation's.
  toolsOf =
    drv:
    let
      s = drv.stdenv;
      pkgs =
        s.initialPath
        ++ (if s.cc == null then [ ] else [ s.cc ])
        ++ s.defaultNativeBuildInputs
        ++ (drv.drvAttrs.depsBuildBuild or [ ])
        ++ (drv.drvAttrs.nativeBuildInputs or [ ]);
    in
    concatMap (p: p.provides) pkgs;
  toolsLine = provides: "unit_tools ${concatStringsSep " " (map q provides)}\n";
  filesBlock = fs: "${concatStringsSep "\n" fs}\n__PIN_INIT_SANDBOX_FILES__\n";

  # --- the crane derivations ---------------------------------------------------

  candidates = out.checks.x86_64-linux // out.packages.x86_64-linux;
  craneDrvs = filter (n: candidates.${n}.isCraneDerivation or false) (attrNames candidates);
  # One unit per derivation (a package that is also a check runs once).
  byPath = listToAttrs (map
    (n: {
      name = candidates.${n}.outPath;
      value = n;
    })
    (sort (a: b: a > b) craneDrvs));
  craneUnits = sort (a: b: a < b) (map (p: byPath.${p}) (attrNames byPath));

  craneUnit =
    name:
    let
      drv = candidates.${name};
      src = drv.src;
      phases = [ "configurePhase" "buildPhase" ] ++ (if drv.doCheck or false then [ "checkPhase" ] else [ ]);
    in
    ''
      unit_begin ${q name} crane
      unit_source ${q "${rootStr}${if src.from == "" then "" else "/${src.from}"}"} <<'__PIN_INIT_SANDBOX_FILES__'
      ${filesBlock src.files}${toolsLine (toolsOf drv)}${envFile (envOf drv)}unit_run ${concatStringsSep " " phases}
    '';

  # --- the kernel's preparation ------------------------------------------------

  linux = import ./kernel.nix {
    inherit (world) pkgs lib;
    root = root;
    inherit (world.out.checks.x86_64-linux.pin-init-test) cargoVendorDir;
  };
  kernel = out.packages.x86_64-linux.kernel;
  vendorStore = out.checks.x86_64-linux.pin-init-test.cargoVendorDir;
  # The store paths the kernel's postPatch names (and those they name), and
  # how to make each: a source set, crane's vendor directory (from
  # Cargo.lock), or a runCommand to run. Any other fails the plan.
  known = listToAttrs (map
    (o: {
      name = o.outPath;
      value = o;
    }) [
    linux.treeInputs
    linux.vendorDir
    vendorStore
  ]);
  storePathsIn =
    s:
    let
      parts = builtins.split "(/nix/store/[0-9a-z]{32}-[^/\"' \n$]+)" s;
    in
    attrNames (listToAttrs (map
      (p: {
        name = p;
        value = null;
      })
      (concatMap (p: if isList p then p else [ ]) parts)));
  makeStore =
    path:
    let
      o = known.${path} or (throw "sandbox.nix: the kernel's postPatch names ${path}, which the offline check cannot make");
    in
    if o ? _source then
      ''
        unit_store_source ${q (inStore path)} ${q "${rootStr}${if o.from == "" then "" else "/${o.from}"}"} <<'__PIN_INIT_SANDBOX_FILES__'
        ${filesBlock o.files}''
    else if o ? buildCommand then
      concatStringsSep "" (map makeStore (storePathsIn o.buildCommand))
      + ''
        unit_store_run_begin ${q (inStore path)}
        ${toolsLine (toolsOf o)}${envFile (envOf o)}unit_store_run_end
      ''
    else if o ? cargoVendor then
      "unit_store_cargo_vendor ${q (inStore path)} ${q "${rootStr}/Cargo.lock"}\n"
    else
      throw "sandbox.nix: do not know how to make ${path}";
  kernelUnit = ''
    unit_begin kernel-prepare kernel
    ${concatStringsSep "" (map makeStore (storePathsIn kernel.postPatch))}unit_kernel_tree
    ${toolsLine (toolsOf kernel)}${envFile (envOf kernel)}unit_run postPatch
  '';
in
{
  plan = concatStringsSep "" (map craneUnit craneUnits) + kernelUnit;
  units = craneUnits ++ [ "kernel-prepare" ];
}
