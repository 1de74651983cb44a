"""Tells systemd how the app is doing: ready, still alive (the watchdog), stopping.

This is the ``sd_notify`` protocol: one datagram of ``KEY=VALUE`` lines sent to the AF_UNIX socket
named by ``$NOTIFY_SOCKET`` (a path, or an abstract name written with a leading ``@``). The service
unit (``deploy/table-companion.service``) is ``Type=notify`` with ``WatchdogSec=``: the app calls
:func:`ready` once its first screen is up and :func:`ping` from its main loop every
:func:`ping_interval` seconds (:func:`keep_alive` schedules that), so a frozen main loop stops the
pings and systemd restarts the app; :func:`stopping` when it quits on purpose.

Outside systemd (a terminal, the tests) ``$NOTIFY_SOCKET`` is absent and every call does nothing and
returns False. A message that cannot be sent is logged and returns False: it never raises into the
main loop, and never blocks it for more than :data:`SEND_TIMEOUT` seconds.
"""

from __future__ import annotations

import logging
import os
import socket
from collections.abc import Callable

NOTIFY_SOCKET_ENV = "NOTIFY_SOCKET"
WATCHDOG_USEC_ENV = "WATCHDOG_USEC"
WATCHDOG_PID_ENV = "WATCHDOG_PID"
SEND_TIMEOUT = 1.0
"""Seconds a send may wait for room in the service manager's queue."""

_log = logging.getLogger(__name__)


def ready(status: str | None = None) -> bool:
    """The app has started and shows its first screen (``READY=1``)."""
    return notify("READY=1", *_status(status))


def ping() -> bool:
    """The main loop is alive (``WATCHDOG=1``): call every :func:`ping_interval` seconds."""
    return notify("WATCHDOG=1")


def stopping(status: str | None = None) -> bool:
    """The app is shutting down on purpose (``STOPPING=1``)."""
    return notify("STOPPING=1", *_status(status))


def keep_alive(schedule_interval: Callable[[Callable[[float], object], float], object]) -> bool:
    """Have the main loop call :func:`ping` every :func:`ping_interval` seconds, through its own
    scheduler (Kivy: ``keep_alive(Clock.schedule_interval)``); False when no watchdog is asked."""
    interval = ping_interval()
    if interval is None:
        return False
    schedule_interval(lambda _elapsed: ping(), interval)
    _log.info("watchdog: pinging the service manager every %.1f s", interval)
    return True


def ping_interval() -> float | None:
    """Seconds between two :func:`ping` calls: half the watchdog timeout systemd asked for, as
    systemd recommends; None when no watchdog is asked of this process."""
    usec = os.environ.get(WATCHDOG_USEC_ENV, "")
    pid = os.environ.get(WATCHDOG_PID_ENV, "")
    if pid and pid != str(os.getpid()):
        return None
    try:
        timeout = int(usec)
    except ValueError:
        return None
    return timeout / 2 / 1_000_000 if timeout > 0 else None


def notify(*assignments: str) -> bool:
    """Send ``KEY=VALUE`` lines to the service manager in one datagram; True once sent."""
    address = _socket_address(os.environ.get(NOTIFY_SOCKET_ENV, ""))
    if address is None:
        return False
    message = "\n".join(assignments).encode()
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as sock:
            sock.settimeout(SEND_TIMEOUT)
            sock.sendto(message, address)
    except OSError as error:
        _log.warning("cannot notify the service manager at %s: %s", address, error)
        return False
    _log.debug("notified the service manager: %s", " ".join(assignments))
    return True


def _socket_address(name: str) -> str | bytes | None:
    """The socket address ``$NOTIFY_SOCKET`` names, or None when it names none this module can use."""
    if not name:
        return None
    if name.startswith("@"):
        return b"\0" + name[1:].encode()
    if name.startswith("/"):
        return name
    _log.warning("ignoring %s=%r: not a socket path or an abstract name", NOTIFY_SOCKET_ENV, name)
    return None


def _status(status: str | None) -> tuple[str, ...]:
    return () if status is None else (f"STATUS={status}",)
