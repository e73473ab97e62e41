"""`make bench`: every benchmark of the project, one after the other."""
import importlib
import platform
import sys

print(f"Python {platform.python_version()} on {platform.machine()}, {platform.system()}")
for name in ("benchmarks.engine_speed", "benchmarks.agent_speed", "benchmarks.decision_time", "benchmarks.longest_networks", "benchmarks.viz_timings",
             "benchmarks.import_timings"):
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name != name:
            raise
        continue
    print()
    module.main()
    sys.stdout.flush()
