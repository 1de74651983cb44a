"""The sd_notify client, against real AF_UNIX datagram sockets standing in for systemd."""

from __future__ import annotations

import logging
import os
import socket
import subprocess
import sys
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from companion.installation import watchdog


@pytest.fixture
def manager(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[socket.socket]:
    """A datagram socket bound where ``$NOTIFY_SOCKET`` points, as systemd's would be."""
    path = tmp_path / "notify"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind(str(path))
        sock.settimeout(5)
        monkeypatch.setenv("NOTIFY_SOCKET", str(path))
        yield sock


def received(sock: socket.socket) -> list[str]:
    return sock.recv(4096).decode().split("\n")


def nothing_waiting(sock: socket.socket) -> bool:
    sock.setblocking(False)
    try:
        sock.recv(4096)
    except BlockingIOError:
        return True
    return False


def test_ready_ping_and_stopping_reach_the_manager(manager: socket.socket) -> None:
    assert watchdog.ready("Targi, round 3")
    assert received(manager) == ["READY=1", "STATUS=Targi, round 3"]
    assert watchdog.ping()
    assert received(manager) == ["WATCHDOG=1"]
    assert watchdog.stopping()
    assert received(manager) == ["STOPPING=1"]


def test_an_abstract_socket_name_is_reached(monkeypatch: pytest.MonkeyPatch) -> None:
    name = f"table-companion-test-{uuid.uuid4().hex}"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind(b"\0" + name.encode())
        sock.settimeout(5)
        monkeypatch.setenv("NOTIFY_SOCKET", f"@{name}")
        assert watchdog.ping()
        assert received(sock) == ["WATCHDOG=1"]


def test_outside_systemd_nothing_is_sent(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NOTIFY_SOCKET", raising=False)
    assert watchdog.ready() is False
    assert watchdog.ping() is False


def test_a_manager_that_is_gone_is_logged_not_raised(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setenv("NOTIFY_SOCKET", str(tmp_path / "nobody-listens"))
    with caplog.at_level(logging.WARNING, logger="companion.installation.watchdog"):
        assert watchdog.ping() is False
    assert "nobody-listens" in caplog.text


def test_an_unusable_socket_name_is_ignored(
    manager: socket.socket, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setenv("NOTIFY_SOCKET", "vsock:2:1234")
    with caplog.at_level(logging.WARNING, logger="companion.installation.watchdog"):
        assert watchdog.ready() is False
    assert "vsock:2:1234" in caplog.text
    assert nothing_waiting(manager)


@pytest.mark.parametrize(
    ("usec", "pid", "interval"),
    [
        ("30000000", None, 15.0),
        ("30000000", "self", 15.0),
        ("30000000", "other", None),
        ("0", None, None),
        ("soon", None, None),
        (None, None, None),
    ],
)
def test_ping_interval_is_half_the_watchdog_asked_of_this_process(
    monkeypatch: pytest.MonkeyPatch, usec: str | None, pid: str | None, interval: float | None
) -> None:
    for name, value in (("WATCHDOG_USEC", usec), ("WATCHDOG_PID", pid)):
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            own = str(os.getpid())
            monkeypatch.setenv(name, {"self": own, "other": own + "1"}.get(value, value))
    assert watchdog.ping_interval() == interval


def test_a_child_process_notifies_through_the_inherited_environment(
    manager: socket.socket,
) -> None:
    """How systemd runs the app: the variable comes from the environment of a fresh process."""
    code = "from companion.installation import watchdog; raise SystemExit(0 if watchdog.ready() else 1)"
    subprocess.run([sys.executable, "-c", code], check=True, env=os.environ.copy(), timeout=30)
    assert received(manager) == ["READY=1"]


def test_keep_alive_schedules_pings_at_the_interval(
    manager: socket.socket, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("WATCHDOG_USEC", "4000000")
    monkeypatch.delenv("WATCHDOG_PID", raising=False)
    scheduled: list[tuple[Callable[[float], object], float]] = []
    assert watchdog.keep_alive(lambda callback, interval: scheduled.append((callback, interval)))
    ((callback, interval),) = scheduled
    assert interval == 2.0
    callback(2.0)
    assert received(manager) == ["WATCHDOG=1"]


def test_keep_alive_schedules_nothing_without_a_watchdog(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("WATCHDOG_USEC", raising=False)
    scheduled: list[object] = []
    assert watchdog.keep_alive(lambda callback, interval: scheduled.append(interval)) is False
    assert scheduled == []
