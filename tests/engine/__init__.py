"""Engine tests; the shared helpers are `tests.engine.invariants` and `tests.engine.scenario`."""
