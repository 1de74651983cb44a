"""The resident's memory kept for its workers' next commands (:mod:`companion.cli.resident`).

A worker runs one command after another. By default the C library gives back to the system what a
command freed at its end (the top of its heap past 128 KiB or so, and each block of 128 KiB or more
at once), and the next command takes it again a page at a time, each page zeroed by the kernel: a
``history`` of a thousand games (2 MB of text read, hashed, joined and written) took some 2,000
fresh pages per call, a third of its worker's time. With :func:`keep_freed_memory` set in the
resident before it forks, its workers keep up to :data:`KEPT_FREE` bytes freed at the top of their
heap, and make blocks of up to :data:`HEAP_BLOCKS` bytes on it (so they are kept too): the next
command reuses them. A worker's growth stays bounded by :data:`companion.cli.worker.MAX_GROWTH`.

glibc's ``mallopt``; a C library without it (musl) is left as it is (logged)."""

from __future__ import annotations

import logging

_log = logging.getLogger(__name__)

KEPT_FREE = 16 * 1024 * 1024
"""Bytes freed at the top of the heap that are kept, not given back (``M_TRIM_THRESHOLD``)."""
HEAP_BLOCKS = 8 * 1024 * 1024
"""A block this large or larger is mapped on its own and given back when freed
(``M_MMAP_THRESHOLD``); smaller ones come from the heap."""
_M_TRIM_THRESHOLD = -1
_M_MMAP_THRESHOLD = -3
"""``mallopt``'s parameters, as glibc's ``malloc.h`` numbers them."""


def keep_freed_memory() -> bool:
    """Set this process's C library to keep freed memory for reuse (the module's text): whether it
    could (children forked after inherit it)."""
    import ctypes

    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError) as error:
        _log.info("freed memory is given back at once (no mallopt: %s)", error)
        return False
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    mallopt.restype = ctypes.c_int
    done: bool = mallopt(_M_MMAP_THRESHOLD, HEAP_BLOCKS) == 1
    done = mallopt(_M_TRIM_THRESHOLD, KEPT_FREE) == 1 and done
    if not done:
        _log.info("freed memory is given back at once (mallopt refused)")
    return done
