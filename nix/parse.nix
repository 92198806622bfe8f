# Pure parsers for the two files the flake shares with the plain harness
# (`cargo xtask` and scripts/prepare-tree.sh). Only builtins, no nixpkgs, so
# scripts/check-nix.sh can evaluate them offline with `nix-instantiate`.
let
  lines = text: builtins.filter builtins.isString (builtins.split "\n" text);

  # Leading and trailing blanks removed.
  trim =
    s:
    let
      m = builtins.match "[[:space:]]*(.*[^[:space:]])[[:space:]]*" s;
    in
    if m == null then "" else builtins.head m;
in
rec {
  # patches/series: one patch file name per line, `#` starts a comment,
  # blank lines ignored (what prepare-tree.sh applies, in order). Lines that
  # start with `+` or `-` add a file to the patch before them (from kernel/,
  # or a deletion generated against the tree): they are not patches.
  parseSeries =
    text:
    builtins.filter (l: l != "" && builtins.match "[-+].*" l == null) (
      map (l: trim (builtins.head (builtins.split "#" l))) (lines text)
    );

  # One kunit-configs/*.config fragment: `CONFIG_FOO=y|m|n|"str"|num` and
  # `# CONFIG_FOO is not set`; other lines are comments. Returns an attrset
  # FOO -> value built with `kernel` (nixpkgs' lib.kernel: yes, no, module,
  # freeform). String values lose their quotes: nixpkgs' generate-config.pl
  # answers kconfig's prompt with the bare text.
  parseConfig =
    kernel: text:
    let
      entry =
        line:
        let
          l = trim line;
          set = builtins.match "CONFIG_([A-Za-z0-9_]+)=(.*)" l;
          unset = builtins.match "# CONFIG_([A-Za-z0-9_]+) is not set" l;
          value =
            v:
            if v == "y" then
              kernel.yes
            else if v == "m" then
              kernel.module
            else if v == "n" then
              kernel.no
            else
              let
                quoted = builtins.match "\"(.*)\"" v;
              in
              kernel.freeform (if quoted == null then v else builtins.head quoted);
        in
        if set != null then
          [
            {
              name = builtins.elemAt set 0;
              value = value (builtins.elemAt set 1);
            }
          ]
        else if unset != null then
          [
            {
              name = builtins.head unset;
              value = kernel.no;
            }
          ]
        else
          [ ];
    in
    builtins.listToAttrs (builtins.concatMap entry (lines text));

  # The `*.config` files of DIR in lexical order (the plain harness's merge
  # order), as paths.
  fragmentsIn =
    dir:
    let
      entries = builtins.readDir dir;
      names = builtins.filter
        (
          n: entries.${n} == "regular" && builtins.match ".*\\.config" n != null
        )
        (builtins.attrNames entries);
    in
    map (n: dir + "/${n}") names;

  # patches/tested-versions: the Linux 6.12.y releases the series is tested
  # on, one version per line (`#` starts a comment, blank lines ignored).
  # Returns them sorted, oldest first; a line that is not a 6.12.y version
  # is an error naming it.
  parseVersions =
    text:
    let
      versions = builtins.filter (l: l != "") (
        map (l: trim (builtins.head (builtins.split "#" l))) (lines text)
      );
      checked = map
        (
          v:
          if builtins.match "6\\.12\\.[0-9]+" v != null then
            v
          else
            throw "patches/tested-versions: `${v}` is not a Linux 6.12.y version (one per line, e.g. 6.12.38)"
        )
        versions;
    in
    if checked == [ ] then
      throw "patches/tested-versions lists no version"
    else
      builtins.sort (a: b: builtins.compareVersions a b < 0) checked;

  # The merged configuration of FILES (paths, in merge order): a later
  # fragment overrides an earlier one, as in `cargo xtask kernel`.
  configFromFragments =
    kernel: files:
    builtins.foldl' (acc: f: acc // parseConfig kernel (builtins.readFile f)) { } files;
}
