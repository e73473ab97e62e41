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
before its first cell (ipykernel, IPython), and in a real kernel of it (started as JupyterLab
starts one; the cell `display(GameTable('usa'))`, until the next cell runs: the widgets' messages
sent), the kernel's CPU time, all its threads: target <= 0.5 s of CPU from `import ttr_nb` to the
first board widget.  Before ttr_nb/viz/plotly_widget.py: ~1.4 s (nbformat's jsonschema compiling
IRI grammars); before ttr_nb/viz/figure.py's `built` (no default template, no validation of the
package's own dicts) and the FigureWidget's one-line repr: 366 ms after the preamble and 436 ms in
a kernel, after them 294 and 350 ms (medians of 7 alternating rounds, December 2026, on a shared
2-core machine at a load of 7-9: CPU time, not wall time, which the other users' load stretches).
What is left is mostly imports: numpy (~50 ms, plotly's widget serializers import it), plotly's
graph objects with narwhals (~50 ms) and its 3 MB table of validators read at the first figure
(~30 ms), ipywidgets (~40 ms).

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


_IN_KERNEL = ["import json, sys, time\n_c0, _w0 = time.process_time(), time.perf_counter()",
              "import ttr_nb\nfrom ttr_nb.widgets import GameTable\ndisplay(GameTable('usa'))",
              "print(json.dumps({'cpu': time.process_time() - _c0, 'wall': time.perf_counter() - _w0,\n"
              "                  'loaded': [m for m in %s if m in sys.modules]}))" % json.dumps(WATCHED)]


def measure_in_kernel(python: str) -> dict:
    """A fresh kernel of `python` (as JupyterLab starts one): the CPU seconds of all the kernel's
    threads from the first import to the first board displayed and its widgets sent (the next
    cell), the wall seconds, and which watched modules it loaded."""
    import tempfile
    from jupyter_client.kernelspec import KernelSpecManager
    from jupyter_client.manager import KernelManager
    printed: list[str] = []

    def keep(msg):
        if msg["msg_type"] == "stream":
            printed.append(msg["content"]["text"])
        elif msg["msg_type"] == "error":
            raise RuntimeError("\n".join(msg["content"]["traceback"]))

    with tempfile.TemporaryDirectory() as specs:
        (Path(specs) / "timed").mkdir()
        (Path(specs) / "timed" / "kernel.json").write_text(json.dumps(
            {"argv": [python, "-m", "ipykernel_launcher", "-f", "{connection_file}"], "language": "python",
             "display_name": "timed"}))
        km = KernelManager(kernel_name="timed", kernel_spec_manager=KernelSpecManager(kernel_dirs=[specs]))
        km.start_kernel(cwd=str(ROOT))
        kc = km.client()
        kc.start_channels()
        try:
            kc.wait_for_ready(timeout=120)
            for code in _IN_KERNEL:
                printed.clear()
                kc.execute_interactive(code, timeout=300, output_hook=keep)
        finally:
            kc.stop_channels()
            km.shutdown_kernel(now=True)
    return json.loads("".join(printed))


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
    print("In a fresh kernel of it (`display(GameTable('usa'))`; CPU: all the kernel's threads):")
    _row("first board in a kernel", [measure_in_kernel(sys.executable) for _ in range(rounds)], FIRST_BOARD_TARGET)


if __name__ == "__main__":
    main()
