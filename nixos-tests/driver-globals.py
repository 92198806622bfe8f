# SPDX-License-Identifier: Apache-2.0 OR MIT
# Typed stand-ins for the globals nixpkgs' NixOS test driver defines for a
# testScript, written from nixpkgs' nixos/lib/test-script-prepend.py,
# nixos/lib/test-driver/src/test_driver/driver.py (Driver.test_symbols) and
# .../machine/__init__.py (the Machine methods). scripts/check-nix.sh puts
# this in front of the test script and runs `mypy --no-implicit-optional`
# on the result, as nixos/lib/testing/driver.nix does with the real
# prepend: a script that assigns another type to one of these (e.g.
# `log = "..."`) fails there before any VM boots.
import unittest
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any


def _stub() -> Any:
    raise Exception("type information for the check only")


class Logger:
    def log(self, message: str, attributes: dict[str, str] = {}) -> None:
        _stub()

    def info(self, *args: Any, **kwargs: Any) -> None:
        _stub()

    def warning(self, *args: Any, **kwargs: Any) -> None:
        _stub()

    def error(self, *args: Any, **kwargs: Any) -> None:
        _stub()

    def nested(
        self, message: str, attributes: dict[str, str] = {}
    ) -> AbstractContextManager[None]:
        return _stub()


class Machine:
    name: str

    def start(self) -> None:
        _stub()

    def shutdown(self) -> None:
        _stub()

    def wait_for_unit(
        self, unit: str, user: str | None = None, timeout: int = 900
    ) -> None:
        _stub()

    def execute(
        self,
        command: str,
        check_return: bool = True,
        check_output: bool = True,
        timeout: int | None = 900,
    ) -> tuple[int, str]:
        return _stub()

    def succeed(self, *commands: str, timeout: int | None = None) -> str:
        return _stub()

    def fail(self, *commands: str, timeout: int | None = None) -> str:
        return _stub()

    def wait_until_succeeds(self, command: str, timeout: int = 900) -> str:
        return _stub()

    def wait_for_file(self, filename: str, timeout: int = 900) -> None:
        _stub()

    def log(self, msg: str) -> None:
        _stub()


class VLan:
    nr: int


class Driver:
    machines: list[Machine]
    vlans: list[VLan]


start_all: Callable[[], None]
subtest: Callable[[str], AbstractContextManager[None]]
retry: Callable[..., None]
test_script: Callable[[], None]
machines: list[Machine]
vlans: list[VLan]
driver: Driver
log: Logger
create_machine: Callable[..., Machine]
run_tests: Callable[[], None]
join_all: Callable[[], None]
serial_stdout_off: Callable[[], None]
serial_stdout_on: Callable[[], None]
polling_condition: Callable[..., Any]
t: unittest.TestCase
# The one node of nixos-tests/default.nix.
machine: Machine
