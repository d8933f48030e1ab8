"""Index-range parallelism: instance k depends only on (config, k), so workers split ranges.

Output order (and therefore every byte) is the same for any number of workers.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from closurebench.config import Config
from closurebench.errors import ConfigError
from closurebench.generator import instance

__all__ = ["generate_parallel"]


def _chunk(cfg: Config, start: int, stop: int, cross_check: bool) -> list[dict[str, Any]]:
    return [instance(cfg, k, cross_check=cross_check) for k in range(start, stop)]


def generate_parallel(
    cfg: Config,
    start: int = 0,
    stop: int | None = None,
    *,
    workers: int = 1,
    cross_check: bool = True,
    chunk: int = 128,
) -> Iterator[dict[str, Any]]:
    """Records ``start..stop`` of ``cfg`` in order, computed by ``workers`` processes.

    At most ``4 * workers`` chunks are in flight, so memory stays flat for any range.
    """
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ConfigError(f"workers must be an integer >= 1, got {workers!r}")
    stop = cfg.size if stop is None else min(stop, cfg.size)
    if workers == 1:
        for k in range(start, stop):
            yield instance(cfg, k, cross_check=cross_check)
        return
    bounds = iter(range(start, stop, chunk))
    with ProcessPoolExecutor(workers) as pool:
        pending: deque = deque()
        for a in bounds:
            pending.append(pool.submit(_chunk, cfg, a, min(a + chunk, stop), cross_check))
            if len(pending) >= 4 * workers:
                yield from pending.popleft().result()
        while pending:
            yield from pending.popleft().result()
