"""Verbosity: longer node names at a fixed structure (GrAlgoBench §3.1's token-length study).

At verbosity ``v >= 1`` every node is named by ``v`` CamelCase words joined without a
separator (``AmberHarbor``, ``CedarLanternMeadow``), drawn from ``WORDS``. Verbosity 0 is
no change at all: the labels the surface chose, byte for byte.

No name lies inside another, even with case and spaces folded away as the judge folds them
(``sparrow`` holds ``arrow``, so ``Arrow`` is not a word here). Why, given:

* every name of one instance has the same number of words;
* no folded word is a prefix of another (``prefix_free``);
* a folded word occurs in two folded words joined, ``b + c``, only at 0 or at ``len(b)``
  (``separable``; both are checked by a test, and together they rule out a word inside
  another word).

Each occurrence of a name ``a``'s first word inside a name ``b`` then either lies within two
neighbouring words of ``b``, so it starts at one of them and (prefix-free) is that word, or
spans three and holds a whole word of ``b`` inside it, which cannot be. Word by word, ``a``
lines up with ``b``'s words, and having as many, ``a`` is ``b``. Names are distinct because
their first ``code_words(n)`` words spell distinct numbers in base ``len(WORDS)``; the
remaining words are free draws.

The words come from their own stream (``seeds.rng("verbosity", surface_seed, v)``), and the
names replace the surface's labels one for one after every other surface choice is made, so
the domain, style, node order and edge order are those of verbosity 0: only names change.
"""

from __future__ import annotations

import random
from itertools import pairwise

__all__ = ["MAX_VERBOSITY", "WORDS", "code_words", "prefix_free", "separable",
           "verbose_names"]

#: Most words per name: at n = 80 with 200 edges, ~110 words per name already make a
#: 64k-token question; 512 leaves room for denser graphs without making a config that
#: cannot be printed.
MAX_VERBOSITY = 512

WORDS: tuple[str, ...] = (
    "Acorn", "Amber", "Anchor", "Apple", "Aspen", "Autumn", "Badger", "Bamboo",
    "Banner", "Barley", "Basil", "Beacon", "Birch", "Blossom", "Bramble", "Breeze", "Bridge",
    "Brook", "Bucket", "Cabin", "Canyon", "Carrot", "Castle", "Cedar", "Cherry", "Chimney",
    "Cinder", "Clover", "Cobalt", "Comet", "Copper", "Coral", "Cotton", "Crystal", "Daisy",
    "Delta", "Desert", "Dolphin", "Dragon", "Drum", "Eagle", "Ember", "Falcon", "Feather",
    "Fern", "Fiddle", "Forest", "Fountain", "Garden", "Garnet", "Ginger", "Glacier", "Granite",
    "Gravel", "Hammer", "Harbor", "Hazel", "Heather", "Helmet", "Hollow", "Honey", "Indigo",
    "Iris", "Island", "Ivory", "Jasmine", "Jigsaw", "Juniper", "Kettle", "Kite", "Lagoon",
    "Lantern", "Lavender", "Lemon", "Lily", "Lotus", "Magnet", "Mango", "Maple", "Marble",
    "Meadow", "Mirror", "Mountain", "Nectar", "Needle", "Nutmeg", "Oak", "Ocean", "Olive",
    "Orchid", "Otter", "Paddle", "Pebble", "Pepper", "Pigeon", "Pillow", "Pine", "Planet",
    "Pocket", "Poppy", "Quartz", "Quill", "Rabbit", "Radish", "Raven", "Ribbon", "River",
    "Rocket", "Saddle", "Saffron", "Salmon", "Sandal", "Shadow", "Silver", "Sparrow", "Spruce",
    "Squirrel", "Summit", "Thistle", "Thunder", "Timber", "Tulip", "Valley", "Velvet",
    "Walnut", "Willow", "Winter",
)
"""The name words: common, capitalised, ``prefix_free`` and ``separable`` when folded."""


def prefix_free(words: tuple[str, ...]) -> bool:
    """Whether no folded word is a prefix of another (sorted, a prefix sits right before its
    extensions, so neighbours suffice)."""
    ordered = sorted(w.casefold() for w in words)
    return len(set(ordered)) == len(ordered) and not any(
        b.startswith(a) for a, b in pairwise(ordered))


def separable(words: tuple[str, ...]) -> bool:
    """Whether each folded word occurs in any two folded words joined only where one starts.

    >>> separable(("Oak", "Pine")), separable(("Arrow", "Sparrow", "Pine"))
    (True, False)
    """
    folded = [w.casefold() for w in words]
    for b in folded:
        for c in folded:
            joined = b + c
            for a in folded:
                at = joined.find(a)
                while at != -1:
                    if at not in (0, len(b)):
                        return False
                    at = joined.find(a, at + 1)
    return True


def code_words(n: int) -> int:
    """Words needed to give ``n`` nodes distinct names: ``ceil(log_P n)``, at least 1."""
    k, size = 1, len(WORDS)
    while size < n:
        k, size = k + 1, size * len(WORDS)
    return k


def verbose_names(rng: random.Random, n: int, verbosity: int) -> list[str]:
    """``n`` distinct names of ``max(verbosity, code_words(n))`` words each, in random order.

    >>> import random
    >>> names = verbose_names(random.Random(0), 3, 2)
    >>> len(names), all(sum(c.isupper() for c in x) == 2 for x in names)
    (3, True)
    """
    if not 1 <= verbosity <= MAX_VERBOSITY:
        raise ValueError(f"verbosity must be between 1 and {MAX_VERBOSITY}, got {verbosity}")
    size, k = len(WORDS), code_words(n)
    codes = rng.sample(range(size ** k), n)
    extra = max(verbosity, k) - k
    names = []
    for code in codes:
        words = []
        for _ in range(k):
            code, digit = divmod(code, size)
            words.append(WORDS[digit])
        words.extend(WORDS[rng.randrange(size)] for _ in range(extra))
        names.append("".join(words))
    return names
