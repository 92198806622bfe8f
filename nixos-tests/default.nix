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
  nodes.machine =
    { config, ... }:
    {
      boot.kernelPackages = pkgs.linuxKernel.packagesFor kernel;
      # The script reads the boot's KTAP back from the kernel's ring buffer
      # (dmesg) after boot: the default 128 KiB would lose the start of it
      # under NixOS' own boot messages (more still on the debug kernel), and
      # `xtask verdict` fails a log without the top-level KTAP plan.
      boot.kernelParams = [ "log_buf_len=16M" ];
      # The kernel builds in everything the VM needs before the root file
      # system is mounted (nix/nixos-vm.config): the initrd loads no module,
      # so NixOS' default lists (SATA, USB, HID, dm_mod, ...) that this small
      # kernel does not have are not asked for.
      boot.initrd.includeDefaultModules = false;
      boot.initrd.availableKernelModules = pkgs.lib.mkForce [ ];
      boot.initrd.kernelModules = pkgs.lib.mkForce [ ];
      virtualisation.memorySize = 2048;
      # NixOS asserts system.requiredKernelConfig only for a kernel without
      # `features`, and every linuxManualConfig kernel has them: so the
      # options the NixOS modules of this VM require are asserted here,
      # against the options the kernel's config attributes hold (those of
      # its fragments, see nix/README.md).
      assertions = map
        (required: {
          assertion = required.assertion config.boot.kernelPackages.kernel.config;
          message = "pin-init test kernel: ${required.message} (set ${required.configLine or "it"} in nix/nixos-vm.config)";
        })
        config.system.requiredKernelConfig;
    };
  testScript = ''
    vm_check = "${vmCheck}"
    manifest = "${manifest}"
    xtask = "${xtask}/bin/xtask"
  ''
  + builtins.readFile ./vm-test.py;
}
