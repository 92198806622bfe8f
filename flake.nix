{
  description = "pin-init with safe self-referential structs, and Linux 6.12 built and tested with it";

  inputs = {
    nixpkgs.url = "github:NixOS/nixpkgs/nixos-26.05";
    # crane has no nixpkgs input of its own: nothing to follow.
    crane.url = "github:ipetkov/crane";
  };

  outputs =
    { nixpkgs, crane, ... }:
    let
      system = "x86_64-linux";
      pkgs = nixpkgs.legacyPackages.${system};
      inherit (pkgs) lib;
      craneLib = crane.mkLib pkgs;

      rust = import ./nix/rust.nix {
        inherit pkgs lib craneLib;
        root = ./.;
      };
      linux = import ./nix/kernel.nix {
        inherit pkgs lib;
        root = ./.;
        inherit (rust) cargoVendorDir;
      };
    in
    {
      # What each output is: nix/README.md.
      packages.${system} = {
        inherit (linux) kernel kernel-debug kernel-lenient;
        default = linux.kernel;
        inherit (rust) xtask;
        pin-init-doc = rust.doc;
      };

      checks.${system} = rust.checks // {
        vm-test = import ./nixos-tests/default.nix {
          inherit pkgs;
          inherit (linux) kernel;
          inherit (rust) xtask;
        };
      };

      devShells.${system}.default = import ./nix/shell.nix {
        inherit pkgs lib;
        inherit (linux) kernel kernelStdenv;
      };
    };
}
