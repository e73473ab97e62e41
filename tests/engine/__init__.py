"""Engine tests; the shared modules are `tests.engine.invariants` and `tests.engine.scenario`."""
