"""The app as the kiosk service starts it: the unit's own environment, a notify socket standing in
for systemd's, the real ``table-companion`` entry point.

Only the video driver differs (SDL's offscreen instead of KMS/DRM: there is no display here) and
gpiozero gets its mock pin factory (there is no Pi). The app must say READY=1 and then ping the
watchdog from its main loop at the interval systemd asks for, keep its database and Kivy's settings
in the state directory, and stop on SIGTERM as systemd stops it.
"""

from __future__ import annotations

import ctypes
import errno
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from deploy_files import DEPLOY, UNIT, unit_settings
from syscall_filter import allowed_syscalls

ENTRY_POINT = Path(sys.executable).parent / "table-companion"
WATCHDOG_USEC = 1_000_000
"""A 1 s watchdog: the app must ping every 0.5 s."""


def unit_environment(state: Path, configuration: Path) -> dict[str, str]:
    """The unit's Environment= lines with %S and %E pointing at the test's directories."""
    environment = {}
    for assignment in unit_settings(UNIT)["Service"]["Environment"]:
        key, _, value = assignment.partition("=")
        environment[key] = value.replace("%S", str(state)).replace("%E", str(configuration))
    return environment


@pytest.fixture
def notify_socket(tmp_path: Path) -> Iterator[socket.socket]:
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind(str(tmp_path / "notify"))
        yield sock


def messages_until(sock: socket.socket, wanted: str, deadline: float) -> list[str]:
    """Every line received until one equals ``wanted`` (or the deadline passes)."""
    lines: list[str] = []
    while wanted not in lines and time.monotonic() < deadline:
        sock.settimeout(max(deadline - time.monotonic(), 0.01))
        try:
            lines += sock.recv(4096).decode().split("\n")
        except TimeoutError:
            break
    return lines


def run_the_kiosk(tmp_path: Path, notify_socket: socket.socket, prefix: list[str]) -> None:
    """Start the entry point (behind ``prefix``, a wrapper that execs it) as the unit would; it
    must say READY=1, keep pinging the watchdog, and stop on SIGTERM."""
    state, etc = tmp_path / "var-lib", tmp_path / "etc"
    (state / "table-companion").mkdir(parents=True)
    (etc / "table-companion").mkdir(parents=True)
    template = (DEPLOY / "config.toml").read_text()
    database = state / "table-companion" / "companion.sqlite3"
    config = template.replace("/var/lib/table-companion/companion.sqlite3", str(database))
    assert config != template
    (etc / "table-companion" / "config.toml").write_text(config)

    environment = unit_environment(state, etc) | {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "SDL_VIDEODRIVER": "offscreen",
        "GPIOZERO_PIN_FACTORY": "mock",
        "NOTIFY_SOCKET": notify_socket.getsockname(),
        "WATCHDOG_USEC": str(WATCHDOG_USEC),
    }
    log = tmp_path / "journal.txt"  # a file, not a pipe nobody reads until the end: it could fill
    with log.open("wb") as journal:
        app = subprocess.Popen(
            [*prefix, str(ENTRY_POINT)],
            env=environment,
            cwd=state / "table-companion",
            stdout=journal,
            stderr=subprocess.STDOUT,
        )
    try:
        started = messages_until(notify_socket, "READY=1", time.monotonic() + 60)
        assert "READY=1" in started, "the app never told systemd it was ready"
        pings_from = time.monotonic()
        pings = 0
        while pings < 4 and time.monotonic() < pings_from + 10:
            pings += messages_until(notify_socket, "WATCHDOG=1", pings_from + 10).count(
                "WATCHDOG=1"
            )
        # Repeated pings prove the main loop pings; their interval (WATCHDOG_USEC / 2) is
        # test_watchdog's, not a wall-clock bound here that a slow machine (qemu) would break.
        assert pings >= 4, "the main loop does not keep pinging the watchdog"
        assert database.is_file()
        assert (state / "table-companion" / "kivy" / "config.ini").is_file()
    finally:
        app.send_signal(signal.SIGTERM)
        app.wait(timeout=15)
    assert app.returncode in (0, -signal.SIGTERM), log.read_text(errors="replace")


def test_the_service_environment_runs_the_app_with_its_watchdog(
    tmp_path: Path, notify_socket: socket.socket
) -> None:
    run_the_kiosk(tmp_path, notify_socket, [])


def test_the_app_runs_under_the_units_system_call_filter(
    tmp_path: Path, notify_socket: socket.socket
) -> None:
    """Python, Kivy, SDL, Mesa (llvmpipe here) and SQLite within SystemCallFilter=; a call outside
    it fails with SystemCallErrorNumber=, as under systemd (which this machine may not run)."""
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("no systemd-analyze here to expand the filter's groups (deploy/lint.sh has it)")
    try:
        ctypes.CDLL("libseccomp.so.2")
    except OSError:
        pytest.skip("no libseccomp here to install the filter")
    service = unit_settings(UNIT)["Service"]
    allowed = tmp_path / "allowed.txt"
    allowed.write_text("\n".join(sorted(allowed_syscalls(service["SystemCallFilter"], analyze))))
    (error,) = service["SystemCallErrorNumber"]
    wrapper = [sys.executable, str(Path(__file__).parent / "syscall_filter.py")]
    run_the_kiosk(tmp_path, notify_socket, [*wrapper, str(getattr(errno, error)), str(allowed)])
