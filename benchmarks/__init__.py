"""Benchmark scripts (run as modules, e.g. ``python3 -m benchmarks.longest_networks``)."""
