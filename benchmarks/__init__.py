"""ClosureBench benchmarks: ``python -m benchmarks`` prints the generation suite's table.

``benchmarks.suite`` measures generation (rate, scaling with n, cold start, split rebuild,
memory, parallelism) side by side with reasoning-gym; ``benchmarks.scoring_speed`` measures
scoring. See ``benchmarks/README.md``.
"""
