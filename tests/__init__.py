"""The tests, a package so that shared test modules are imported by name (`tests.engine.invariants`)."""
