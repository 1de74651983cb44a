"""Benchmarks: ``scripts/run-benchmarks`` (or ``python -m benchmarks``) prints every figure."""
