"""Generation: a config and a seed in, records out, every byte fixed by them.

The one-way flow of an instance: ``config`` (the axes, validated) → ``pose`` (seed → graph →
query → answer, the structural half, with the rules every instance must meet) → ``records``
(labels, frame, style, encoding: the text, and the engines' cross-check) → ``instances``
(record k of a config, on its own). Beside them: ``presets`` (named size sweeps), ``twins``
and ``sensitivity`` (rules ``pose`` checks), ``release`` (the released splits' seeds),
``io``/``schema`` (writing records) and ``parallel`` (index-range workers and shards).
"""
