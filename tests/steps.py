"""`steps(fn, *args)`: how many bytecode instructions a call runs, a measure of work that
does not depend on the machine or its load (for tests of how work grows with the input;
time limits belong to the benchmarks)."""
from __future__ import annotations

import sys


def steps(fn, *args, **kwargs) -> tuple[int, object]:
    """(instructions run by ``fn(*args, **kwargs)`` and the functions it calls, its result)."""
    count = 0

    def local(frame, event, arg):
        nonlocal count
        if event == "opcode":
            count += 1
        return local

    def calls(frame, event, arg):
        frame.f_trace_opcodes = True
        return local

    previous = sys.gettrace()
    sys.settrace(calls)
    try:
        result = fn(*args, **kwargs)
    finally:
        sys.settrace(previous)
    return count, result
