"""The kiosk unit's system call filter, applied to a command as systemd applies it (libseccomp).

``allowed_syscalls`` expands the unit's ``SystemCallFilter=`` lines with ``systemd-analyze
syscall-filter`` (an allow list, then ``~`` lines taking groups away); run as a program, this
module installs that allow list (every other call fails with the given errno, as
``SystemCallErrorNumber=`` makes it) and execs the command:

    python syscall_filter.py ERRNO ALLOWED_FILE COMMAND...
"""

from __future__ import annotations

import ctypes
import os
import subprocess
import sys

SCMP_ACT_ALLOW = 0x7FFF0000


def _groups(analyze: str) -> dict[str, list[str]]:
    """Every syscall group systemd knows -> its members (calls and nested groups)."""
    listing = subprocess.run(
        [analyze, "syscall-filter"], capture_output=True, text=True, timeout=60, check=True
    ).stdout
    groups: dict[str, list[str]] = {}
    members: list[str] = []
    for line in listing.splitlines():
        if line.startswith("@"):
            members = groups.setdefault(line.strip(), [])
        elif line.strip() and not line.strip().startswith("#") and line.startswith(" "):
            members.append(line.strip())
    return groups


def _expand(name: str, groups: dict[str, list[str]]) -> set[str]:
    if not name.startswith("@"):
        return {name}
    return set().union(*(_expand(member, groups) for member in groups[name]))


def allowed_syscalls(filters: list[str], analyze: str) -> set[str]:
    """The calls a unit's ``SystemCallFilter=`` values (in order) allow, the first an allow list."""
    groups = _groups(analyze)
    allowed: set[str] = set()
    for value in filters:
        deny = value.startswith("~")
        names = set().union(*(_expand(n, groups) for n in value.lstrip("~").split()))
        allowed = allowed - names if deny else allowed | names
    return allowed


def install(allowed: set[str], error: int) -> None:
    """Allow ``allowed`` (native calls only), fail every other call with ``error``."""
    seccomp = ctypes.CDLL("libseccomp.so.2")
    seccomp.seccomp_init.restype = ctypes.c_void_p
    seccomp.seccomp_init.argtypes = [ctypes.c_uint32]
    seccomp.seccomp_syscall_resolve_name.argtypes = [ctypes.c_char_p]
    seccomp.seccomp_rule_add.argtypes = [
        ctypes.c_void_p,
        ctypes.c_uint32,
        ctypes.c_int,
        ctypes.c_uint,
    ]
    seccomp.seccomp_load.argtypes = [ctypes.c_void_p]
    context = seccomp.seccomp_init(0x00050000 | (error & 0xFFFF))  # SCMP_ACT_ERRNO(error)
    for name in sorted(allowed):
        number = seccomp.seccomp_syscall_resolve_name(name.encode())
        if number >= 0:  # names of other architectures do not resolve here
            seccomp.seccomp_rule_add(context, SCMP_ACT_ALLOW, number, 0)
    if seccomp.seccomp_load(context) != 0:
        raise OSError("seccomp_load failed")


if __name__ == "__main__":
    error, names, *command = sys.argv[1:]
    with open(names) as listed:
        install(set(listed.read().split()), int(error))
    os.execv(command[0], command)
