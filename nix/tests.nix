# Offline tests of the pure Nix parts, run by scripts/check-nix.sh with
# `nix-instantiate --eval --strict --json`. Evaluates to the list of
# failures (empty: all passed). The arguments exist so that the script's
# self-test can hand in wrong expectations and see a failure.
{ fixtures ? ./fixtures
, flakeFile ? ../flake.nix
, lockFile ? ../flake.lock
,
}:
let
  parse = import ./parse.nix;
  readJSON = f: builtins.fromJSON (builtins.readFile f);

  # Stand-in for nixpkgs' lib.kernel (yes/no/module/freeform): the parsers
  # take it as an argument, so plain values show which helper was chosen.
  kernel = {
    yes = "y";
    no = "n";
    module = "m";
    freeform = v: "freeform:${v}";
  };

  expect = name: actual: expected: if actual == expected then [ ] else [
    {
      test = name;
      inherit actual expected;
    }
  ];

  # Each flake input URL must be what flake.lock's `original` records, and
  # every locked github input must carry rev, narHash and lastModified.
  flake = import flakeFile;
  lock = readJSON lockFile;
  urlOf =
    o:
    if o.type == "github" then
      "github:${o.owner}/${o.repo}" + (if o ? ref then "/${o.ref}" else "")
    else
      "unsupported lock type ${o.type}";
  inputNames = builtins.attrNames flake.inputs;
  lockChecks = builtins.concatMap
    (
      n:
      let
        node = lock.nodes.${lock.nodes.${lock.root}.inputs.${n}};
      in
      expect "flake.lock original of ${n}" (urlOf node.original) flake.inputs.${n}.url
      ++ expect "flake.lock locked fields of ${n}"
        (builtins.all (a: node.locked ? ${a}) [
          "rev"
          "narHash"
          "lastModified"
        ])
        true
    )
    inputNames;
in
expect "parseSeries" (parse.parseSeries (builtins.readFile (fixtures + "/series")))
  (
    readJSON (fixtures + "/series.expected.json")
  )
++ expect "fragmentsIn + configFromFragments"
  (parse.configFromFragments kernel (
    parse.fragmentsIn (fixtures + "/fragments")
  ))
  (readJSON (fixtures + "/fragments.expected.json"))
++ expect "parseVersions: sorted oldest first, comments and blanks ignored"
  (parse.parseVersions "# tested\n6.12.118\n\n  6.12.9 # old\n6.12.38\n")
  [
    "6.12.9"
    "6.12.38"
    "6.12.118"
  ]
++ expect "parseVersions: a line that is not 6.12.y is an error"
  (builtins.tryEval (parse.parseVersions "6.12.38\n6.13.1\n")).success
  false
++ expect "flake.lock version" lock.version 7
++ expect "flake.lock root inputs" (builtins.attrNames lock.nodes.${lock.root}.inputs) inputNames
++ lockChecks
