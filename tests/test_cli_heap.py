"""The resident's workers keep the memory a command freed for the next one
(:mod:`companion.cli.heap`): a block of a few megabytes freed and made again takes no fresh pages
(each a fault, the page zeroed by the kernel), as a 1000-game ``history``'s text does each call."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path
from types import SimpleNamespace

import pytest

from companion.cli import heap

CHILD = textwrap.dedent(
    """
    import resource, sys
    from companion.cli import heap
    kept = heap.keep_freed_memory() if sys.argv[1] == "kept" else None
    def faults():
        return resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    def command():  # blocks of 2 to 5 MB made, filled and freed, as a history's call
        texts = [b"x" * (2 << 20), b"y" * (3 << 20)]
        joined = b",".join(texts)
        del texts, joined
    command()
    before = faults()
    for _ in range(5):
        command()
    print(kept, faults() - before)
    """
)


def _faults(mode: str) -> tuple[str, int]:
    done = subprocess.run(
        [sys.executable, "-c", CHILD, mode], capture_output=True, text=True, check=True
    )
    kept, faults = done.stdout.split()
    return kept, int(faults)


def test_freed_blocks_are_made_again_without_fresh_pages() -> None:
    kept, faults = _faults("kept")
    assert kept == "True"
    assert faults < 200, f"{faults} fresh pages for 5 calls that reuse 10 MB"


def test_without_it_each_call_takes_fresh_pages() -> None:
    """The measure itself: the same calls with the C library's defaults take fresh pages each
    call, well over the bound above, so the test above tells the setting from none. How many
    depends on the C library's build (its threshold for mapping a block on its own moves as
    blocks are freed): about 2,500 a call on x86-64, 500 on arm64 (deploy/verify-arm64.sh)."""
    _kept, faults = _faults("default")
    assert faults > 5 * 200


def test_the_resident_sets_it_before_it_loads_anything_or_forks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The resident's start sets it first (its workers, forked later, inherit it)."""
    from companion.cli import handoff, resident

    folder = tmp_path / "residents"
    folder.mkdir(mode=0o700)
    monkeypatch.setenv(handoff.FOLDER_ENV, str(folder))
    steps: list[str] = []
    monkeypatch.setattr(heap, "keep_freed_memory", lambda: steps.append("heap") or True)
    monkeypatch.setattr(resident, "preload", lambda: steps.append("preload"))
    monkeypatch.setattr(resident.gc, "freeze", lambda: None)
    monkeypatch.setattr(
        resident, "Resident", lambda *_args: SimpleNamespace(serve=lambda: steps.append("serve"))
    )
    path = handoff.socket_path(str(folder), handoff.interpreter_key())
    assert resident.serve(path) == 0
    assert steps == ["heap", "preload", "serve"]
