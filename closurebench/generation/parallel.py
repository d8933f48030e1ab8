"""Index-range parallelism: instance k depends only on (config, k), so workers split ranges.

Output order (and therefore every byte) is the same for any number of workers. The same holds
across machines: shard ``i`` of ``n`` is the index range ``shard_range(size, i, n)``, and the
shards' JSONL files concatenated in order are byte-identical to the unsharded file, so any task
runner (``datasets`` with ``num_proc``, Ray, Dask, a batch queue) can run ``write_shard``.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from closurebench.errors import ConfigError
from closurebench.generation.config import Config
from closurebench.generation.instances import instance

__all__ = ["generate_parallel", "shard_range", "write_shard"]


def shard_range(size: int, i: int, n: int) -> tuple[int, int]:
    """Index range ``[start, stop)`` of shard ``i`` of ``n`` over ``size`` instances.

    Shards differ in size by at most one and cover ``0..size`` in order (``--shard I/N``).

    >>> [shard_range(10, i, 3) for i in range(3)]
    [(0, 3), (3, 6), (6, 10)]
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 1 or not 0 <= i < n:
        raise ConfigError(f"shard must satisfy 0 <= i < n, got i={i!r}, n={n!r}")
    return size * i // n, size * (i + 1) // n


def write_shard(cfg: Config, i: int, n: int, out: str, *, cross_check: bool = True) -> int:
    """Generate shard ``i`` of ``n`` of ``cfg`` into ``out`` (JSONL or Parquet); the count.

    A self-contained task for a process pool or a cluster: it needs only the (picklable)
    config and the shard number, and it streams, so a worker's memory stays flat.
    """
    from closurebench.generation.io import write_records

    start, stop = shard_range(cfg.size, i, n)
    return write_records(generate_parallel(cfg, start, stop, cross_check=cross_check), out)


def _chunk(cfg: Config, start: int, stop: int, cross_check: bool) -> list[dict[str, Any]]:
    return [instance(cfg, k, cross_check=cross_check) for k in range(start, stop)]


def generate_parallel(
    cfg: Config,
    start: int = 0,
    stop: int | None = None,
    *,
    workers: int = 1,
    cross_check: bool = True,
    chunk: int | None = None,
) -> Iterator[dict[str, Any]]:
    """Records ``start..stop`` of ``cfg`` in order, computed by ``workers`` processes.

    At most ``4 * workers`` chunks are in flight, so memory stays flat for any range. By
    default a chunk is 1/8 of each worker's share, capped at 128 instances: small enough to
    keep both cores busy to the end of a short range (or of a few slow n = 2,000 instances),
    large enough that shipping records back costs little next to making them.
    """
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ConfigError(f"workers must be an integer >= 1, got {workers!r}")
    stop = cfg.size if stop is None else min(stop, cfg.size)
    if workers == 1:
        for k in range(start, stop):
            yield instance(cfg, k, cross_check=cross_check)
        return
    if chunk is None:
        chunk = min(128, max(1, (stop - start) // (8 * workers)))
    bounds = iter(range(start, stop, chunk))
    with ProcessPoolExecutor(workers) as pool:
        pending: deque = deque()
        for a in bounds:
            pending.append(pool.submit(_chunk, cfg, a, min(a + chunk, stop), cross_check))
            if len(pending) >= 4 * workers:
                yield from pending.popleft().result()
        while pending:
            yield from pending.popleft().result()
