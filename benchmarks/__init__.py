"""ClosureBench benchmarks: ``python -m benchmarks`` prints the generation suite's table.

``benchmarks.suite`` measures generation (rate, scaling with n, cold start, split rebuild,
memory, parallelism) side by side with reasoning-gym; ``benchmarks.scoring_speed`` measures
scoring; ``benchmarks.heldout_styles`` counts what the judge credits, misses and over-credits
on answer styles it was not tuned on. See ``benchmarks/README.md``.
"""
