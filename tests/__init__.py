"""The tests, a package so helpers are imported by name (`tests.engine.invariants`)."""
