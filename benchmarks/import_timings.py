"""What a fresh kernel pays before the first board appears: import times and the first figures.

    python -m benchmarks.import_timings

Measured with the interpreter of the notebooks' kernel (the `python3` kernelspec of this
environment: `make` points it at .venv/kernel; otherwise this Python). Each line is measured
in a new process of it (nothing imported or cached before it),
from the first import to the result built: CPU time (`time.process_time`) and wall time,
the median of several processes with the range. Targets: `import ttr_nb.widgets`
<= 250 ms and `GameTable("usa")` displayed <= 1.0 s of CPU.

The first board is also timed in this environment itself, which holds JupyterLab and Voilà
(the single environment of `pip install "ttr-nb[lab,app]"`), after what a kernel has imported
before its first cell (ipykernel, IPython): target <= 0.5 s of CPU from `import ttr_nb` to the
first board widget (before ttr_nb/viz/plotly_widget.py: ~1.4 s, nbformat's jsonschema compiling
IRI grammars).

Also says which optional modules the figures pulled in (networkx, nbformat, jsonschema's
IRI grammar `rfc3987_syntax`): the biggest costs measured before they were avoided.
"""
from __future__ import annotations

import json
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ROUNDS = 5
WATCHED = ("networkx", "nbformat", "jsonschema", "rfc3987_syntax", "IPython", "ipywidgets", "plotly", "numpy")
#: what a fresh kernel has imported before it runs the first cell
KERNEL_PREAMBLE = "import ipykernel.ipkernel, IPython"
FIRST_BOARD = "import ttr_nb\nfrom ttr_nb.widgets import GameTable\nGameTable('usa')._repr_mimebundle_()"
FIRST_BOARD_TARGET = 0.5

# (label, code timed, target CPU seconds or None)
CASES = [
    ("import ttr_nb", "import ttr_nb", None),
    ("import ttr_nb.widgets", "import ttr_nb.widgets", 0.250),
    ("first board figure", "from ttr_nb.viz import board_figure\nboard_figure('usa')", None),
    ("first FigureWidget", "from ttr_nb.viz import board_figure\nboard_figure('usa', widget=True)", None),
    ("GameTable('usa') displayed",
     "from ttr_nb.widgets import GameTable\nGameTable('usa')._repr_mimebundle_()", 1.0),
]

_RUNNER = """
import json, sys, time
exec(sys.argv[3])
c0, w0 = time.process_time(), time.perf_counter()
exec(compile(sys.argv[1], "<timed>", "exec"), {})
c1, w1 = time.process_time(), time.perf_counter()
print(json.dumps({"cpu": c1 - c0, "wall": w1 - w0,
                  "loaded": [m for m in json.loads(sys.argv[2]) if m in sys.modules]}))
"""


def kernel_python() -> str:
    """The interpreter the notebooks' `python3` kernel runs (this one if the kernelspec names none)."""
    spec = Path(sys.prefix) / "share" / "jupyter" / "kernels" / "python3" / "kernel.json"
    try:
        command = json.loads(spec.read_text(encoding="utf-8"))["argv"][0]
    except (OSError, ValueError, KeyError, IndexError):
        return sys.executable
    return sys.executable if command in ("python", "python3") else command


def measure(code: str, python: str | None = None, preamble: str = "") -> dict:
    """One fresh process: CPU and wall seconds of `code` (after `preamble`, not timed), and which
    watched modules it loaded."""
    done = subprocess.run([python or kernel_python(), "-c", _RUNNER, code, json.dumps(WATCHED), preamble], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    if done.returncode:
        raise RuntimeError(f"timing {code!r} failed:\n{done.stderr}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def _spread(values: list[float]) -> str:
    ms = sorted(v * 1000 for v in values)
    return f"{statistics.median(ms):7.0f} ({ms[0]:.0f}-{ms[-1]:.0f})"


def _row(label: str, runs: list[dict], target: float | None) -> None:
    cpu = [r["cpu"] for r in runs]
    verdict = ""
    if target is not None:
        verdict = f"{'ok' if statistics.median(cpu) <= target else 'OVER'} {target * 1000:.0f}"
    loaded = ", ".join(m for m in WATCHED if m in runs[-1]["loaded"]) or "-"
    print(f"{label:<28} {_spread(cpu):>18} {_spread([r['wall'] for r in runs]):>18}  {verdict:<7} {loaded}")


def main(rounds: int = ROUNDS) -> None:
    python = kernel_python()
    print(f"Fresh-process timings with {python}, median of {rounds} processes (range), ms")
    print(f"{'':<28} {'CPU':>18} {'wall':>18}  target  modules loaded")
    for label, code, target in CASES:
        _row(label, [measure(code, python) for _ in range(rounds)], target)
    import importlib.util
    if not (importlib.util.find_spec("jupyterlab") and importlib.util.find_spec("voila")):
        print(f"(the first board in one environment with JupyterLab and Voilà: not measured, {sys.prefix} holds "
              "neither; `make bench` installs them)")
        return
    print(f"In one environment with JupyterLab and Voilà ({sys.executable}), after `{KERNEL_PREAMBLE}`:")
    _row("first board widget", [measure(FIRST_BOARD, sys.executable, KERNEL_PREAMBLE) for _ in range(rounds)],
         FIRST_BOARD_TARGET)


if __name__ == "__main__":
    main()
