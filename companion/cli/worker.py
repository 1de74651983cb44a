"""A child of the resident process (:mod:`companion.cli.resident`) that runs the commands handed
to it, one at a time, each as a fresh ``table-companion`` process would run it.

A fresh child of the resident pays for its first command: every page of the resident's it writes
is copied then (each object a command touches has its reference count written), about 2,000
page faults, most of a ``game act``'s time. A worker that ran a command has those pages of its
own, so it takes the next one: its second ``game act`` costs a fifth of its first.

Each command still starts from what a fresh child has:

- the client's standard streams, folder, environment, umask, arguments and ``sys.path``
  (:func:`take_on`), the default signal handlers and a reseeded ``random``, as a fork has them;
- the logging, the warning filters and the warnings already shown, and the interpreter's hooks, as
  the worker had them before its first command (:class:`Baseline`).

What a command keeps in the process (a cache of the code's own data, a module it imported) holds
for every command alike. A command that leaves more than that behind ends its worker: a thread
still running, a descriptor still open, an exit handler registered, an exception that escaped, a
process grown by over :data:`MAX_GROWTH` bytes, or :data:`MAX_COMMANDS` run. Then the worker exits
as a fresh child would, and the next command gets a new one.

Once a command ends, the worker lets go of the client's descriptors (its output reaches its end
of file with the client's) and of its folder before it says so.
"""

from __future__ import annotations

import atexit
import contextlib
import io
import logging
import os
import random
import signal
import socket
import sys
import threading
import traceback
import warnings
from dataclasses import dataclass, field
from typing import Any, NoReturn

from companion.cli.request import Request

_log = logging.getLogger(__name__)

MAX_COMMANDS = 200
"""Commands one worker runs before it exits (a bound on whatever slips past :class:`Baseline`)."""
MAX_GROWTH = 64 * 1024 * 1024
"""Bytes of memory a worker may have grown by (a 1000-game history makes a process grow) and
still take another command."""
DONE = b"D"
"""A worker's report that a command ended and it takes another: the exit code follows."""
CODE_BYTES = 8


def _open_descriptors() -> frozenset[str]:
    return frozenset(os.listdir("/proc/self/fd"))


def _resident_bytes() -> int:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


@dataclass
class Baseline:
    """The worker's process state before its first command: what each command starts from, and
    what it must leave as it found for the worker to take another."""

    descriptors: frozenset[str] = field(default_factory=_open_descriptors)
    memory: int = field(default_factory=_resident_bytes)
    exit_handlers: int = field(default_factory=atexit._ncallbacks)
    handlers: list[logging.Handler] = field(default_factory=lambda: list(logging.root.handlers))
    level: int = field(default_factory=lambda: logging.root.level)
    disabled: int = field(default_factory=lambda: logging.root.manager.disable)
    filters: list[Any] = field(default_factory=lambda: list(warnings.filters))
    hooks: tuple[Any, Any, Any] = field(
        default_factory=lambda: (sys.excepthook, sys.displayhook, sys.unraisablehook)
    )

    def why_not_again(self, commands: int) -> str | None:
        """Why this worker must not take another command (what the last one left), or None."""
        if commands >= MAX_COMMANDS:
            return f"{commands} commands run"
        if threading.active_count() > 1:
            return f"{threading.active_count() - 1} thread(s) still running"
        if _open_descriptors() != self.descriptors:
            return "a descriptor opened and not closed"
        if atexit._ncallbacks() != self.exit_handlers:
            return "an exit handler registered"
        grown = _resident_bytes() - self.memory
        if grown > MAX_GROWTH:
            return f"grown by {grown // (1024 * 1024)} MiB"
        return None

    def restore(self) -> None:
        """The logging, the warnings and the hooks as they were before the first command."""
        for handler in logging.root.handlers[:]:
            if handler not in self.handlers:
                logging.root.removeHandler(handler)
                handler.close()
        logging.root.handlers[:] = self.handlers
        logging.root.setLevel(self.level)
        logging.disable(self.disabled)
        warnings.filters[:] = self.filters  # type: ignore[index]  # a list, typed read-only
        warnings._filters_mutated()  # type: ignore[attr-defined]  # every warning shows again
        sys.excepthook, sys.displayhook, sys.unraisablehook = self.hooks


def serve(channel: socket.socket, request: Request) -> NoReturn:
    """Run ``request``, then each next one the resident hands over on ``channel``, reporting each
    end there; exit when one leaves the worker unfit for another, or the resident closes it."""
    baseline: Baseline | None = None
    commands = 0
    while True:
        _as_forked(request)
        baseline = baseline or Baseline()  # the first command's own descriptors in place
        code, clean = _run_command(request.argv[1:])
        commands += 1
        why = "an exception escaped" if not clean else baseline.why_not_again(commands)
        if why is not None:
            _log.debug("worker %d ends: %s", os.getpid(), why)
            if clean:  # as an interpreter's end: the exit handlers (their output the client's)
                atexit._run_exitfuncs()
                code = _flush(code)
            os._exit(code & 0xFF)
        _let_go()
        baseline.restore()
        try:
            channel.sendall(DONE + (code & 0xFF).to_bytes(CODE_BYTES, "little", signed=True))
            request = Request.receive(channel)
        except (OSError, ValueError, TypeError, EOFError):
            os._exit(0)  # the resident stopped (or sent what is no request)


def _as_forked(request: Request) -> None:
    """This process as a fresh child of the resident, become the client's process for
    ``request`` (which it stays until :func:`_let_go`). ``^C`` ends it as it ends a process not
    yet running Python code of its own, until the command runs (:func:`_run_command`)."""
    for number in (signal.SIGCHLD, signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
        signal.signal(number, signal.SIG_DFL)
    random.seed()  # as a fork does (random's own at-fork handler)
    take_on(request)


def take_on(request: Request) -> None:
    """This process takes on the client's descriptors, folder, environment, umask, arguments."""
    stdin, stdout, stderr, here = request.descriptors
    for descriptor, standard in ((stdin, 0), (stdout, 1), (stderr, 2)):
        os.dup2(descriptor, standard)
        os.close(descriptor)
    os.fchdir(here)
    os.close(here)
    os.umask(request.umask)
    os.environ.clear()
    for name, value in request.env.items():
        os.environb[name] = value
    sys.argv = list(request.argv)
    sys.path[:] = request.path
    sys.stdin = sys.__stdin__ = _stream(0, "r", request.streams[0])  # type: ignore[misc]
    sys.stdout = sys.__stdout__ = _stream(1, "w", request.streams[1])  # type: ignore[misc]
    sys.stderr = sys.__stderr__ = _stream(2, "w", request.streams[2])  # type: ignore[misc]


def _let_go() -> None:
    """The client's standard streams and folder released: /dev/null and / in their place."""
    null = os.open(os.devnull, os.O_RDWR)
    for standard in (0, 1, 2):
        os.dup2(null, standard)
    os.close(null)
    os.chdir("/")


def _stream(descriptor: int, mode: str, settings: tuple[str, str, bool, bool] | None) -> Any:
    """A standard stream on ``descriptor`` set up as the client's was."""
    encoding, errors, line_buffering, write_through = settings or ("utf-8", "strict", False, False)
    try:
        binary = open(descriptor, mode + "b", closefd=False)  # noqa: SIM115 - the stream's own
    except OSError:
        return None  # a closed descriptor: no such stream, as Python has it
    return io.TextIOWrapper(
        binary,
        encoding=encoding,
        errors=errors,
        newline="\n",
        line_buffering=line_buffering,
        write_through=write_through,
    )


def _run_command(arguments: list[str]) -> tuple[int, bool]:
    """Run the command as ``raise SystemExit(main())`` in a fresh interpreter would, and end as
    it ends: the exit code, a traceback for what escapes, the flush (the exit handlers too when
    something escaped: the worker ends then). Whether it ended by returning an exit code."""
    from companion.cli.start import main

    clean = False
    try:
        signal.signal(signal.SIGINT, signal.default_int_handler)  # a KeyboardInterrupt from here
        code = _exit_code(main(arguments))
        clean = True
    except SystemExit as exit_:
        code = _exit_code(exit_.code)
        clean = True
    except KeyboardInterrupt:
        traceback.print_exc()
        _flush()
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        os.kill(os.getpid(), signal.SIGINT)
        code = 128 + signal.SIGINT
    except BaseException:
        sys.excepthook(*sys.exc_info())
        code = 1
    signal.signal(signal.SIGINT, signal.SIG_DFL)  # the command is over: it ends the process
    if not clean:
        atexit._run_exitfuncs()
    for handler in logging.root.handlers:
        with contextlib.suppress(Exception):
            handler.flush()
    return _flush(code), clean


def _exit_code(code: object) -> int:
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=sys.stderr)  # SystemExit("message"): printed, exit status 1
    return 1


def _flush(code: int = 0) -> int:
    """Flush standard output and error as the interpreter does at its end: a write that fails
    then is reported and makes the exit code 120."""
    for stream in (sys.stdout, sys.stderr):
        if stream is None:
            continue
        try:
            stream.flush()
        except (OSError, ValueError):
            code = 120
    return code
