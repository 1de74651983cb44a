"""The table's resident process: the command line, pydantic, every game's rules and the exports'
libraries loaded once, and a child forked for each command a ``table-companion`` process hands
over (:mod:`companion.cli.handoff` says what it passes and what it gets back).

A child starts from the state the resident had before any command ran (the resident never opens a
database nor reads a config), so a command's effects never reach the next one. Before each
command the resident checks every file it loaded (and the folders it imports from): if one
changed (an update, an edit), it takes no more commands and stops, and the client runs the command
itself. One resident per interpreter and its settings (:func:`handoff.interpreter_key`); a lock
file beside the socket keeps a second one from starting. It listens only on its Unix socket, in a
folder that is its user's alone, and takes commands only from processes of that user.

``python -m companion.cli.resident SOCKET`` starts one (:func:`handoff._start_resident` does).
"""

from __future__ import annotations

import atexit
import contextlib
import fcntl
import gc
import io
import logging
import marshal
import os
import pkgutil
import selectors
import signal
import site
import socket
import struct
import subprocess
import sys
import sysconfig
import time
import traceback
import typing
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime
from typing import IO, Any

from companion.cli import handoff

_log = logging.getLogger(__name__)

REQUEST_TIMEOUT = 5.0
"""Seconds a client has to send its whole request once connected."""
MAX_REQUEST = 16 * 1024 * 1024
DESCRIPTORS = 4
SOCKET_CHECK_SECONDS = 10.0
"""How often an idle resident checks that its socket is still there (it stops when it is gone:
a folder cleaned up, a test's run ended)."""
"""Standard input, output, error and the working directory."""


def interpreter_options() -> list[str]:
    """This interpreter's command-line options (``-X``, ``-O``, ...), for a resident started under
    the same ones (the standard library's own helper for a child interpreter, as
    :mod:`multiprocessing` uses it)."""
    return list(subprocess._args_from_interpreter_flags())  # type: ignore[attr-defined]


def running(socket_path: str) -> bool:
    """Whether a resident holds (or is starting on) ``socket_path``."""
    try:
        with open(_lock_path(socket_path), "a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    except OSError:
        return True  # cannot tell: start none
    return False


def pid(socket_path: str) -> int | None:
    """The pid of the resident on ``socket_path`` (its lock file names it), if one runs."""
    if not running(socket_path):
        return None
    try:
        with open(_lock_path(socket_path)) as lock:
            return int(lock.read().strip() or 0) or None
    except (OSError, ValueError):
        return None


def _lock_path(socket_path: str) -> str:
    return socket_path.removesuffix(".sock") + ".lock"


def preload() -> None:
    """Everything a core command imports or builds before its own work: every module of the
    core (the whole command line, the config's schema, the exports' libraries), every game's
    rules (their pydantic schemas), the database schema a store's opening checks a file against,
    the digest of the code that writes the texts ``history`` and ``stats`` keep, and what the
    standard library loads on a first use."""
    import importlib.resources.readers

    import companion
    from companion.rules.registry import GAMES, rules_for

    datetime.strptime("2000", "%Y")  # loads its parser, as a first call does
    for module in pkgutil.walk_packages(companion.__path__, "companion."):
        if not module.name.endswith(".__main__"):
            importlib.import_module(module.name)
    from companion.cli import dispatch, games

    for game in GAMES:
        made = type(rules_for(game)).setup
        games.state_adapter(typing.get_type_hints(made)["return"])
    dispatch.core_parser()
    from companion.after import printed
    from companion.storage import schema

    schema.expected_schema(schema.SCHEMA_VERSION)  # built in memory: ~10 ms of each command
    printed.code_version()


@dataclass
class LoadedFiles:
    """The files the resident's modules came from and the folders it imports from, as they were
    when it loaded them: a change in any means the resident's code is no longer the installed
    code.

    The standard library changes only with the interpreter (another resident's key), and an
    installed package only by an install, which changes its folder (a ``*.dist-info`` made or
    removed): those folders are watched, not each of their files. Every other module's file is
    (the table's own code in a checkout, an editable install, a ``PYTHONPATH`` folder)."""

    seen: dict[str, tuple[int, int]] = field(default_factory=dict)

    @classmethod
    def now(cls) -> LoadedFiles:
        loaded = cls()
        for path in cls._paths():
            loaded.seen[path] = cls._stamp(path)
        return loaded

    @staticmethod
    def _paths() -> Iterator[str]:
        standard = sysconfig.get_paths()
        installed = [*site.getsitepackages(), site.getusersitepackages()]
        unwatched = tuple(
            os.path.join(folder, "")
            for folder in (standard["stdlib"], standard["platstdlib"], *installed)
        )
        for module in list(sys.modules.values()):
            path = getattr(module, "__file__", None)
            if isinstance(path, str) and not path.startswith(unwatched):
                yield path
        for entry in (*sys.path, *installed):
            if entry and os.path.isdir(entry):
                yield entry

    @staticmethod
    def _stamp(path: str) -> tuple[int, int]:
        try:
            status = os.stat(path)
        except OSError:
            return (-1, -1)
        return (status.st_mtime_ns, status.st_size)

    def changed(self) -> str | None:
        """A file or folder that changed since, or None."""
        return next((path for path, stamp in self.seen.items() if self._stamp(path) != stamp), None)


@dataclass
class Request:
    """A handed-over command, as :func:`handoff._send_request` sends it."""

    key: str
    argv: list[str]
    path: list[str]
    env: dict[bytes, bytes]
    umask: int
    streams: list[tuple[str, str, bool, bool] | None]
    descriptors: list[int]

    @classmethod
    def read(cls, connection: socket.socket) -> Request:
        """The request, with the descriptors it passed (ours now, to close)."""
        connection.settimeout(REQUEST_TIMEOUT)
        space = socket.CMSG_SPACE(DESCRIPTORS * 4)
        data, ancillary, _flags, _address = connection.recvmsg(65536, space)
        descriptors: list[int] = []
        for level, kind, payload in ancillary:
            if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
                usable = len(payload) - len(payload) % 4
                descriptors += struct.unpack(f"{usable // 4}i", payload[:usable])
        try:
            if len(data) < handoff.HEADER or len(descriptors) != DESCRIPTORS:
                raise ValueError("a request without its length or its descriptors")
            size = int.from_bytes(data[: handoff.HEADER], "little")
            if size > MAX_REQUEST:
                raise ValueError(f"a request of {size} bytes")
            body = bytearray(data[handoff.HEADER :])
            while len(body) < size:
                chunk = connection.recv(size - len(body))
                if not chunk:
                    raise ValueError("a request cut short")
                body += chunk
            fields = marshal.loads(bytes(body))
            return cls(**fields, descriptors=descriptors)
        except BaseException:
            for descriptor in descriptors:
                os.close(descriptor)
            raise


class Resident:
    """Takes commands on ``listener`` (bound to ``path``, holding ``lock``) until idle for
    ``idle`` seconds or its code changes."""

    def __init__(
        self, listener: socket.socket, path: str, lock: IO[str], key: str, idle: float
    ) -> None:
        self.listener, self.path, self.lock, self.key, self.idle = listener, path, lock, key, idle
        self.bound = os.stat(path).st_ino
        self.loaded = LoadedFiles.now()
        self.children: dict[int, socket.socket] = {}
        self.taking = True
        self.last_command = time.monotonic()
        self.wake_read, self.wake_write = os.pipe()
        os.set_blocking(self.wake_read, False)
        os.set_blocking(self.wake_write, False)
        self.selector = selectors.DefaultSelector()

    def serve(self) -> None:
        signal.set_wakeup_fd(self.wake_write, warn_on_full_buffer=False)
        signal.signal(signal.SIGCHLD, lambda *_: None)
        signal.signal(signal.SIGTERM, lambda *_: self._stop_taking("asked to stop"))
        self.selector.register(self.listener, selectors.EVENT_READ)
        self.selector.register(self.wake_read, selectors.EVENT_READ)
        while self.taking or self.children:
            timeout = None  # a child's end wakes it (SIGCHLD)
            if self.taking and not self.children:
                idle_for = time.monotonic() - self.last_command
                if idle_for >= self.idle:
                    self._stop_taking("idle")
                    continue
                if not self._socket_is_its_own():
                    self._stop_taking("its socket was removed")
                    continue
                timeout = min(self.idle - idle_for, SOCKET_CHECK_SECONDS)
            for key, _events in self.selector.select(timeout):
                if key.fileobj is self.listener and self.taking:
                    self._take()
                elif key.fileobj == self.wake_read:
                    with contextlib.suppress(BlockingIOError):
                        while os.read(self.wake_read, 512):
                            pass
            self._reap()

    def _socket_is_its_own(self) -> bool:
        try:
            return os.stat(self.path).st_ino == self.bound
        except OSError:
            return False

    def _stop_taking(self, why: str) -> None:
        if self.taking:
            _log.info("resident stops taking commands: %s", why)
            self.taking = False
            if self._socket_is_its_own():  # a newer resident's is not
                os.unlink(self.path)
            self.selector.unregister(self.listener)
            self.listener.close()
            self.lock.close()  # a new resident may start while this one's children end

    def _take(self) -> None:
        try:
            connection, _address = self.listener.accept()
        except OSError:
            return
        try:
            request = self._request(connection)
        except (OSError, ValueError, TypeError, EOFError) as error:
            _log.warning("a request refused: %s", error)
            with contextlib.suppress(OSError):
                connection.sendall(handoff.RUN_IT_YOURSELF)
            connection.close()
            return
        if request is None:
            connection.close()
            return
        pid = os.fork()
        if pid == 0:
            self._child(connection, request)  # never returns
        for descriptor in request.descriptors:
            os.close(descriptor)
        self.children[pid] = connection
        self.last_command = time.monotonic()
        with contextlib.suppress(OSError):  # the client left: its child runs to its end
            connection.sendall(
                handoff.STARTED + pid.to_bytes(handoff.HEADER, "little", signed=True)
            )

    def _request(self, connection: socket.socket) -> Request | None:
        """The connection's request, or None (told to run it itself) when it is not for this
        resident: another user, another interpreter key, or code changed since it loaded."""
        peer = connection.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i"))
        _pid, uid, _gid = struct.unpack("3i", peer)
        if uid != os.getuid():
            _log.warning("a request from another user's process (uid %d) refused", uid)
            return None
        request = Request.read(connection)
        changed = self.loaded.changed()
        refusal = (
            "another interpreter's request" if request.key != self.key
            else f"{changed} changed since it was loaded" if changed
            else None
        )  # fmt: skip
        if refusal is None:
            return request
        _log.info("run it yourself: %s", refusal)
        for descriptor in request.descriptors:
            os.close(descriptor)
        if changed:  # before the reply: the client then starts a resident of the new code
            self._stop_taking("its code changed")
        with contextlib.suppress(OSError):
            connection.sendall(handoff.RUN_IT_YOURSELF)
        return None

    def _reap(self) -> None:
        while self.children:
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                return
            if pid == 0:
                return
            self.last_command = time.monotonic()
            connection = self.children.pop(pid, None)
            if connection is None:
                continue
            with contextlib.suppress(OSError):
                connection.sendall(
                    handoff.ENDED + status.to_bytes(handoff.HEADER, "little", signed=True)
                )
            connection.close()

    def _child(self, connection: socket.socket, request: Request) -> None:
        """In the forked child: become the client's process and run its command."""
        code = 1
        try:
            self._leave_the_resident(connection)
            _take_on(request)
            code = _run_command(request.argv[1:])
        except BaseException:  # the command's own failures are reported by _run_command
            with contextlib.suppress(BaseException):
                traceback.print_exc()
        finally:
            os._exit(code)

    def _leave_the_resident(self, connection: socket.socket) -> None:
        signal.set_wakeup_fd(-1)
        for number in (signal.SIGCHLD, signal.SIGTERM, signal.SIGHUP):
            signal.signal(number, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        self.selector.close()
        for held in (self.listener, connection, *self.children.values()):
            held.close()
        os.close(self.wake_read)
        os.close(self.wake_write)
        self.lock.close()  # else the lock outlives the resident while this command runs


def _take_on(request: Request) -> None:
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


def _run_command(arguments: list[str]) -> int:
    """Run the command as ``raise SystemExit(main())`` in a fresh interpreter would, and end as
    it ends: the exit code, a traceback for what escapes, the atexit handlers, the flush."""
    from companion.cli.start import main

    try:
        code = _exit_code(main(arguments))
    except SystemExit as exit_:
        code = _exit_code(exit_.code)
    except KeyboardInterrupt:
        traceback.print_exc()
        _flush()
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        os.kill(os.getpid(), signal.SIGINT)
        code = 128 + signal.SIGINT
    except BaseException:
        sys.excepthook(*sys.exc_info())
        code = 1
    atexit._run_exitfuncs()
    return _flush(code)


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


def serve(socket_path: str) -> int:
    """Be the resident on ``socket_path`` until idle: 0, or 1 when another one holds it or its
    key is not the one the path was named for."""
    key = handoff.interpreter_key()
    if os.path.dirname(socket_path) != handoff.folder() or socket_path != handoff.socket_path(
        os.path.dirname(socket_path), key
    ):
        _log.warning("not a resident's socket for this interpreter: %s", socket_path)
        return 1
    lock = open(_lock_path(socket_path), "a")  # noqa: SIM115 - held for the resident's life
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return 1
    lock.truncate(0)
    lock.write(f"{os.getpid()}\n")
    lock.flush()
    gc.disable()  # objects preloaded stay where they are: the children share their pages
    preload()
    gc.freeze()  # and are never scanned, here or in a child (gc.freeze's own use)
    gc.enable()
    with contextlib.suppress(FileNotFoundError):
        os.unlink(socket_path)
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(socket_path)
    listener.listen(16)
    idle = float(os.environ.get(handoff.IDLE_ENV) or handoff.IDLE_SECONDS)
    try:
        Resident(listener, socket_path, lock, key, idle).serve()
    finally:
        lock.close()
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit("usage: python -m companion.cli.resident SOCKET")
    raise SystemExit(serve(sys.argv[1]))
