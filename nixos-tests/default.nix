# The NixOS VM test: boots the flake's kernel, keeps the boot log (KTAP of
# the built-in KUnit suites), runs the in-VM check script of the plain path
# (vm-check.sh over samples.manifest, modprobe mode) and judges the log with
# the plain path's verdict rules (`xtask verdict`).
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
    virtualisation.memorySize = 2048;
  };
  testScript = ''
    import os
    import subprocess
    import tempfile

    machine.wait_for_unit("multi-user.target")
    # vm-check.sh clears the kernel log (dmesg -c): keep the boot log first.
    boot_log = machine.succeed("dmesg")
    _, check_log = machine.execute("sh ${vmCheck} ${manifest} 2>&1")
    print(check_log)

    log = os.path.join(tempfile.gettempdir(), "vm-console.log")
    with open(log, "w") as f:
        f.write(boot_log)
        f.write(check_log)
    verdict = subprocess.run(
        ["${xtask}/bin/xtask", "verdict", "--manifest", "${manifest}", log],
        capture_output=True,
        text=True,
    )
    print(verdict.stdout)
    print(verdict.stderr)
    assert verdict.returncode == 0, "xtask verdict: FAIL"
  '';
}
