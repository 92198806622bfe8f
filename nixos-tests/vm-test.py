# SPDX-License-Identifier: Apache-2.0 OR MIT
# The NixOS VM test's script (nixos-tests/default.nix reads it and prepends
# the store paths `vm_check`, `manifest` and `xtask`). The test driver
# type-checks it (mypy) and lints it (pyflakes) before any VM boots, with
# its own globals (`machine`, `log`, `start_all`, ...) declared: never
# assign to one of those. scripts/check-nix.sh checks it the same way.
import subprocess
import tempfile

machine.wait_for_unit("multi-user.target")
# vm-check.sh clears the kernel log (dmesg -c): keep the boot log (the KTAP
# of the built-in KUnit suites) first.
boot_log = machine.succeed("dmesg")
_, check_log = machine.execute(f"sh {vm_check} {manifest} 2>&1")
print(check_log)

with tempfile.NamedTemporaryFile(
    "w", prefix="vm-console-", suffix=".log", delete=False
) as console_log:
    console_log.write(boot_log)
    console_log.write(check_log)
verdict = subprocess.run(
    [xtask, "verdict", "--manifest", manifest, console_log.name],
    capture_output=True,
    text=True,
)
print(verdict.stdout)
print(verdict.stderr)
assert verdict.returncode == 0, "xtask verdict: FAIL"
