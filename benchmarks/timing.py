"""What every benchmark module shares: the row it reports and a median timer."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

Row = tuple[str, str, str]
"""(what was measured, the figure, a note such as the target)."""


def median_seconds(run: Callable[[], object], repeats: int) -> float:
    """The median wall-clock seconds of ``repeats`` calls of ``run``."""
    samples = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)
