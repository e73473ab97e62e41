"""`steps(fn, *args)`: how many bytecode instructions a call runs, a measure of work that
does not depend on the machine or its load (for tests of how work grows with the input;
time limits belong to the benchmarks).

The garbage collector is run before and kept off during the call: a collection in the middle
would run other objects' finalizers (an ipywidgets Widget's `__del__` closes its comm) and
count their instructions as the call's."""
from __future__ import annotations

import gc
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

    gc.collect()
    collecting = gc.isenabled()
    gc.disable()
    previous = sys.gettrace()
    sys.settrace(calls)
    try:
        result = fn(*args, **kwargs)
    finally:
        sys.settrace(previous)
        if collecting:
            gc.enable()
    return count, result
