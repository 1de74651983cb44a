"""The table's resident process: the command line, pydantic, every game's rules and the exports'
libraries loaded once, and its workers, children that run the commands ``table-companion``
processes hand over (:mod:`companion.cli.handoff` says what it passes and what it gets back).

A command goes to the worker waiting for one, else to a worker forked for it; a worker that ends a
command waits for the next, unless one waits already (:mod:`companion.cli.worker` says how each
command starts as in a fresh child, and what ends a worker). The resident itself never runs a
command, opens a database nor reads a config. Before each command it checks every file it loaded
(and the folders it imports from): if one changed (an update, an edit), it takes no more commands
and stops, its waiting worker too, and the client runs the command itself. One resident per
interpreter and its settings (:func:`handoff.interpreter_key`); a lock file beside the socket keeps
a second one from starting. It listens only on its Unix socket, in a folder that is its user's
alone, and takes commands only from processes of that user; a signal the client passes on reaches
the worker only while it runs that client's command.

``python -m companion.cli.resident SOCKET`` starts one (:func:`handoff._start_resident` does)."""

from __future__ import annotations

import contextlib
import fcntl
import gc
import logging
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
import typing
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import IO

from companion.cli import handoff, heap, worker
from companion.cli.request import Request

_log = logging.getLogger(__name__)

SOCKET_CHECK_SECONDS = 10.0
"""How often an idle resident checks that its socket is still there (it stops when it is gone:
a folder cleaned up, a test's run ended)."""


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
    rules (their pydantic schemas), what the standard library loads on a first use, and what
    the commands derive from the code alone (the schema a store's open expects, the parser of a
    backup's name, the digest of the code behind the texts ``history`` and ``stats`` keep): never
    anything read from a file a command may change."""
    import importlib.resources.readers

    import companion
    from companion.rules.registry import GAMES, rules_for

    for module in pkgutil.walk_packages(companion.__path__, "companion."):
        if not module.name.endswith(".__main__"):
            importlib.import_module(module.name)
    from companion.after import printed
    from companion.cli import dispatch, games
    from companion.storage import backup, schema

    schema.expected_schema(schema.SCHEMA_VERSION)
    printed.code_version()
    backup.taken_at(Path(f"game.sqlite3.{datetime(2000, 1, 1):%Y%m%dT%H%M%S%fZ}.backup"))
    for game in GAMES:
        made = type(rules_for(game)).setup
        games.state_adapter(typing.get_type_hints(made)["return"])
    dispatch.core_parser()


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
class Worker:
    """A child of the resident (:mod:`companion.cli.worker`): its channel, and the connection of
    the client whose command it runs (None: it waits for one)."""

    pid: int
    channel: socket.socket
    connection: socket.socket | None = None


class Resident:
    """Takes commands on ``listener`` (bound to ``path``, holding ``lock``) until idle for
    ``idle`` seconds or its code changes. A command goes to the worker waiting for one, else to
    a new one; a worker that ends a command waits for the next unless one waits already."""

    def __init__(
        self, listener: socket.socket, path: str, lock: IO[str], key: str, idle: float
    ) -> None:
        self.listener, self.path, self.lock, self.key, self.idle = listener, path, lock, key, idle
        self.bound = os.stat(path).st_ino
        self.loaded = LoadedFiles.now()
        self.workers: dict[int, Worker] = {}
        self.waiting: Worker | None = None
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
        while self.taking or self.workers:
            timeout = None  # a child's end wakes it (SIGCHLD)
            if self.taking and not self._busy():
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
                elif isinstance(key.data, Worker) and key.fileobj is key.data.channel:
                    self._heard_from(key.data)
                elif isinstance(key.data, Worker):
                    self._signal_from_the_client(key.data)
            self._reap()

    def _busy(self) -> bool:
        return any(each.connection is not None for each in self.workers.values())

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
            self.lock.close()  # a new resident may start while this one's workers end
            if self.waiting is not None:  # it ends as its channel closes
                self._let_go_of(self.waiting)

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
        try:
            taking = self._worker_for(request)
        except OSError as error:  # no process to be had (a fork refused): nothing ran
            _log.warning("no worker for a command: %s", error)
            with contextlib.suppress(OSError):
                connection.sendall(handoff.RUN_IT_YOURSELF)
            connection.close()
            return
        finally:
            for descriptor in request.descriptors:
                os.close(descriptor)
        taking.connection = connection
        self.selector.register(connection, selectors.EVENT_READ, taking)
        self.last_command = time.monotonic()
        with contextlib.suppress(OSError):  # the client left: its command runs to its end
            connection.sendall(
                handoff.STARTED + taking.pid.to_bytes(handoff.HEADER, "little", signed=True)
            )

    def _worker_for(self, request: Request) -> Worker:
        """The waiting worker, given ``request``; else a new one, started on it."""
        waiting, self.waiting = self.waiting, None
        if waiting is not None:
            try:
                request.send(waiting.channel)
                return waiting
            except OSError as error:  # it ended meanwhile: its end is reaped as any
                _log.info("worker %d took no command: %s", waiting.pid, error)
                self._let_go_of(waiting)
        ours, its = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        pid = os.fork()
        if pid == 0:
            try:
                ours.close()
                self._leave_the_resident()
                worker.serve(its, request)  # never returns
            finally:
                os._exit(1)  # nothing that escapes a worker runs on as the resident
        its.close()
        started = Worker(pid, ours)
        self.workers[pid] = started
        self.selector.register(ours, selectors.EVENT_READ, started)
        return started

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

    def _heard_from(self, reporting: Worker) -> None:
        """A worker ended a command and takes another (or it is ending: its channel closed)."""
        size = 1 + worker.CODE_BYTES
        try:
            report = reporting.channel.recv(size, socket.MSG_WAITALL)
        except OSError:
            report = b""
        if len(report) != size or report[:1] != worker.DONE:
            self._let_go_of(reporting)  # its end comes with its exit status (_reap)
            return
        code = int.from_bytes(report[1:], "little", signed=True)
        self._tell_the_end(reporting, (code & 0xFF) << 8)  # the wait status of that exit
        if self.taking and self.waiting is None:
            self.waiting = reporting
        else:
            self._let_go_of(reporting)

    def _signal_from_the_client(self, running: Worker) -> None:
        """Signals the client got, passed on to the worker of its command (never to another
        command: its connection is closed once its command ended)."""
        connection = running.connection
        assert connection is not None
        try:
            numbers = connection.recv(64)
        except OSError:
            numbers = b""
        if not numbers:  # the client left: its command runs to its end
            self.selector.unregister(connection)
            return
        for number in numbers:
            if number in handoff.PASSED_SIGNALS:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(running.pid, number)

    def _tell_the_end(self, ended: Worker, status: int) -> None:
        """Tell the client of ``ended``'s command how it ended; close its connection."""
        connection, ended.connection = ended.connection, None
        if connection is None:
            return
        with contextlib.suppress(KeyError, ValueError):
            self.selector.unregister(connection)
        with contextlib.suppress(OSError):
            connection.sendall(
                handoff.ENDED + status.to_bytes(handoff.HEADER, "little", signed=True)
            )
        connection.close()

    def _let_go_of(self, done: Worker) -> None:
        """Close the channel to ``done``: a waiting worker exits then."""
        if self.waiting is done:
            self.waiting = None
        if done.channel.fileno() >= 0:
            with contextlib.suppress(KeyError, ValueError):
                self.selector.unregister(done.channel)
            done.channel.close()

    def _reap(self) -> None:
        while self.workers:
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                return
            if pid == 0:
                return
            self.last_command = time.monotonic()
            ended = self.workers.pop(pid, None)
            if ended is None:
                continue
            self._tell_the_end(ended, status)
            self._let_go_of(ended)

    def _leave_the_resident(self) -> None:
        """In a new worker: let go of all the resident holds (its socket, its lock, the other
        workers' channels and clients), as a child that only runs commands."""
        signal.set_wakeup_fd(-1)
        self.selector.close()
        held = [self.listener]
        for other in self.workers.values():
            held += [other.channel, *filter(None, [other.connection])]
        for each in held:
            each.close()
        os.close(self.wake_read)
        os.close(self.wake_write)
        self.lock.close()  # else the lock outlives the resident while this command runs


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
    heap.keep_freed_memory()  # its workers reuse what a command freed for the next one
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
