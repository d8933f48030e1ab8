"""Node-label pools: letters, personal names, server ids, animals, and integer ids.

Pools are pairwise disjoint, so a label alone tells which pool it came from. A graph larger than
its pool gets systematic suffixed labels (``Z`` -> ``A1`` ... for letters, ``srv-30`` ... for
servers, ``Alice-2`` ... for names and animals), so any n up to 2,000 has distinct labels.
"""

from __future__ import annotations

import random
import string

__all__ = ["POOLS", "pool_labels", "sample_labels"]

LETTERS = tuple(string.ascii_uppercase)
NAMES = (
    "Alice", "Bob", "Carol", "Dave", "Eve", "Frank", "Grace", "Heidi", "Ivan", "Judy", "Karl",
    "Liam", "Mallory", "Nina", "Oscar", "Peggy", "Quinn", "Rupert", "Sam", "Tina", "Uma", "Vic",
    "Wendy", "Xavier", "Yara", "Zoe", "Amir", "Bea", "Chen", "Dina", "Emil", "Fatima", "Gus",
    "Hana", "Igor", "Jana", "Kofi", "Lena", "Mateo", "Noor", "Omar", "Priya", "Rosa", "Sven",
    "Tariq", "Ursula", "Vera", "Wiktor", "Ximena", "Yusuf", "Zaid", "Ada", "Boris", "Clara",
    "Diego", "Elena", "Felix", "Greta", "Hugo", "Iris",
)
ANIMALS = (
    "ant", "bear", "bison", "camel", "crab", "crow", "deer", "dingo", "eagle", "eel", "emu",
    "ferret", "finch", "fox", "gecko", "goat", "heron", "hyena", "ibis", "impala", "jackal",
    "koala", "kiwi", "lemur", "lynx", "mole", "moose", "newt", "otter", "owl", "panda",
    "puma", "quail", "rabbit", "raven", "robin", "seal", "shrew", "sloth", "stork", "tapir",
    "tiger", "toad", "urchin", "viper", "vole", "walrus", "wasp", "wolf", "yak", "zebra", "zebu",
)
SERVERS = tuple(f"srv-{i:02d}" for i in range(30))

POOLS: dict[str, tuple[str, ...]] = {
    "letters": LETTERS,
    "names": NAMES,
    "servers": SERVERS,
    "animals": ANIMALS,
}
"""Base pools by id. ``numeric`` (``"0"``, ``"1"``, ...) is used by the numeric encoding only."""


def pool_labels(pool: str, n: int) -> list[str]:
    """The first ``n`` labels of a pool, extended systematically beyond its base size."""
    if pool == "numeric":
        return [str(i) for i in range(n)]
    base = POOLS[pool]
    out = list(base[:n])
    k = 1 if pool == "letters" else 2
    while len(out) < n:
        if pool == "servers":
            out.extend(f"srv-{i:02d}" for i in range(len(out), n))
            break
        sep = "" if pool == "letters" else "-"
        out.extend(f"{b}{sep}{k}" for b in base[: n - len(out)])
        k += 1
    return out


def sample_labels(rng: random.Random, pool: str, n: int) -> list[str]:
    """``n`` distinct labels drawn from the pool in random order (``numeric`` stays 0..n-1)."""
    if pool == "numeric":
        return pool_labels(pool, n)
    size = max(n, len(POOLS[pool]))
    return rng.sample(pool_labels(pool, size), n)
