"""A command handed over to the resident process, as it goes on a Unix socket: its length and
fields (``marshal``), with the caller's standard input, output and error and its working folder
passed as descriptors (``SCM_RIGHTS``). A client sends it to the resident
(:func:`companion.cli.handoff._send_request`), which hands it on the same way to a worker
(:mod:`companion.cli.worker`)."""

from __future__ import annotations

import marshal
import os
import socket
import struct
from dataclasses import dataclass

from companion.cli import handoff

REQUEST_TIMEOUT = 5.0
"""Seconds a client has to send its whole request once connected."""
MAX_REQUEST = 16 * 1024 * 1024
DESCRIPTORS = 4
"""Standard input, output, error and the working directory."""


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
    def read(cls, connection: socket.socket, timeout: float | None = REQUEST_TIMEOUT) -> Request:
        """The request, with the descriptors it passed (ours now, to close)."""
        connection.settimeout(timeout)
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

    @classmethod
    def receive(cls, channel: socket.socket) -> Request:
        """The next request handed to a worker on ``channel``, however long it waits for one
        (a :class:`ValueError` once the resident closed it)."""
        return cls.read(channel, timeout=None)

    def send(self, channel: socket.socket) -> None:
        """Hand this request, its descriptors too, to the worker on ``channel``."""
        fields = {name: value for name, value in vars(self).items() if name != "descriptors"}
        body = marshal.dumps(fields)
        message = len(body).to_bytes(handoff.HEADER, "little") + body
        passed = struct.pack(f"{len(self.descriptors)}i", *self.descriptors)
        sent = channel.sendmsg([message], [(socket.SOL_SOCKET, socket.SCM_RIGHTS, passed)])
        if sent < len(message):
            channel.sendall(message[sent:])
