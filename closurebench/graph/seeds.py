"""Seeds by hashing: every random stream is a pure function of named parts.

Instance k of a config must be computable on its own, whatever the order, sharding or process
count, and must not collide across seeds (``Random(seed + k)`` makes seed 42 item 1 equal seed 43
item 0). So each stream is keyed by SHA-256 over its tagged parts and fed to
``random.Random``, whose integer seeding and ``random()``/``getrandbits`` streams are fixed
across CPython versions (numpy does not promise that for ``Generator`` methods).
"""

from __future__ import annotations

import hashlib
import random
import struct

__all__ = ["derive", "rng"]

_NAMESPACE = "closurebench/v1"
_unpack_u64 = struct.Struct(">Q").unpack_from  # the digest's first 8 bytes, big-endian


def derive(*parts: object) -> int:
    """A 63-bit integer from the tagged parts, stable across machines and Python versions.

    Parts are joined by their ``repr`` of ints and strings only, so ``derive("a", 1)`` and
    ``derive("a1")`` differ.

    >>> derive("structural", 0, "reachability", 3) == derive("structural", 0, "reachability", 3)
    True
    """
    chunks = [_NAMESPACE]  # hashing the namespace and parts at once: the same digest
    for p in parts:
        kind = type(p)
        if kind is str:
            chunks.append("\x1fs" + p)
        elif kind is int:
            chunks.append(f"\x1fi{p}")
        elif isinstance(p, int) and not isinstance(p, bool):  # an int subclass, as its value
            chunks.append(f"\x1fi{int(p)}")
        else:
            raise TypeError(f"seed parts must be int or str, got {kind.__name__}")
    return _unpack_u64(hashlib.sha256("".join(chunks).encode()).digest())[0] >> 1


def rng(*parts: object) -> random.Random:
    """A private ``random.Random`` for one purpose (never the global one)."""
    return random.Random(derive(*parts))
