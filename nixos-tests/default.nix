# The NixOS VM test: boots the flake's kernel, keeps the boot log (KTAP of
# the built-in KUnit suites), runs the in-VM check script of the plain path
# (vm-check.sh over samples.manifest, modprobe mode) and judges the log with
# the plain path's verdict rules (`xtask verdict`). The script itself is
# vm-test.py, checked offline like the driver checks it
# (scripts/check-nix.sh).
{ pkgs
, kernel
, xtask
,
}:
let
  manifest = ./samples.manifest;
  vmCheck = ./vm-check.sh;
in
pkgs.testers.runNixOSTest {
  name = "pin-init-kernel";
  nodes.machine = {
    boot.kernelPackages = pkgs.linuxKernel.packagesFor kernel;
    # The kernel builds in everything the VM needs before the root file
    # system is mounted (nix/nixos-vm.config): the initrd loads no module,
    # so NixOS' default lists (SATA, USB, HID, dm_mod, ...) that this small
    # kernel does not have are not asked for.
    boot.initrd.includeDefaultModules = false;
    boot.initrd.availableKernelModules = pkgs.lib.mkForce [ ];
    boot.initrd.kernelModules = pkgs.lib.mkForce [ ];
    virtualisation.memorySize = 2048;
  };
  testScript = ''
    vm_check = "${vmCheck}"
    manifest = "${manifest}"
    xtask = "${xtask}/bin/xtask"
  ''
  + builtins.readFile ./vm-test.py;
}
