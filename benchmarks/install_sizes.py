"""How big an install of the package is, without extras and with each one, and what a fresh
install can do: copy the notebooks, and play a game and draw the board in a real kernel.

    python -m benchmarks.install_sizes [--keep DIR]

Builds the wheel from this checkout, then, for each set of extras, makes a new virtual
environment, installs the wheel into it from the package index, and reports the size on
disk and the number of distributions installed (pip itself not counted). It needs the
package index (this is not part of `make bench`). In the environment without extras it runs
`python -m ttr_nb notebooks DIR`; in the ones with a kernel it starts one (jupyter_client)
and, in a fresh kernel, imports the widgets, builds and displays `GameTable("usa")` and plays
a few moves, reporting the CPU time the kernel spent from the import to the table displayed.
"""
from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXTRAS = ("", "kernel", "lab", "app")

KERNEL_CODE = textwrap.dedent("""
    import sys, time
    c0 = time.process_time()
    from ttr_nb.widgets import GameTable
    c1 = time.process_time()
    table = GameTable("usa", seats=["human", "greedy"], seed=0, bot_delay=0)
    display(table)
    c2 = time.process_time()
    assert table.keep([0, 1]) and table.draw_deck() and table.draw_deck()
    print(f"import {1000 * (c1 - c0):.0f} ms, GameTable displayed {1000 * (c2 - c0):.0f} ms CPU;",
          "nbformat loaded" if "nbformat" in sys.modules else "no nbformat;", table.log[-1])
""")


def run(*command, **kw) -> subprocess.CompletedProcess:
    done = subprocess.run([str(c) for c in command], capture_output=True, text=True, **kw)
    if done.returncode:
        raise RuntimeError(f"{' '.join(map(str, command))} failed:\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}")
    return done


def build_wheel(out: Path, log: list[str] | None = None) -> Path:
    """Build the wheel of this checkout into `out` (without fetching anything: setuptools and
    build come with the test extra), from a copy, so no build folder lands in the checkout.
    What the build printed (its output and its warnings) is appended to `log` if given."""
    source = Path(tempfile.mkdtemp(prefix="ttr_nb-source-")) / "ttr_nb"
    try:
        shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(".*", "build", "dist", "*.egg-info",
                                                                    "__pycache__"))
        done = run(sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", out, source,
                   timeout=600)
        if log is not None:
            log.append(done.stdout + done.stderr)
    finally:
        shutil.rmtree(source.parent, ignore_errors=True)
    wheel, = Path(out).glob("ttr_nb-*.whl")
    return wheel


def size_mb(folder: Path) -> float:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink()) / 1e6


def kernel_check(python: Path, workdir: Path) -> str:
    """Start a kernel of this environment, run KERNEL_CODE in it, return what it printed."""
    code = textwrap.dedent(f"""
        from jupyter_client.manager import start_new_kernel
        km, kc = start_new_kernel(kernel_name="python3", cwd={str(workdir)!r})
        try:
            out = []
            def hook(msg):
                if msg["msg_type"] == "stream":
                    out.append(msg["content"]["text"])
                elif msg["msg_type"] == "error":
                    out.append("ERROR " + msg["content"]["ename"] + ": " + msg["content"]["evalue"])
            kc.execute_interactive({KERNEL_CODE!r}, output_hook=hook, timeout=300)
            print("".join(out).strip())
        finally:
            kc.stop_channels(); km.shutdown_kernel(now=True)
    """)
    return run(python, "-c", code, timeout=600).stdout.strip()


def measure(wheel: Path, extra: str, base: Path) -> dict:
    env = base / f"venv-{extra or 'none'}"
    run(sys.executable, "-m", "venv", env, timeout=300)
    python = env / "bin" / "python"
    target = f"{wheel}[{extra}]" if extra else str(wheel)
    run(python, "-m", "pip", "install", "-q", "--disable-pip-version-check", target, timeout=1800)
    listed = json.loads(run(python, "-m", "pip", "list", "--format=json", "--disable-pip-version-check").stdout)
    names = sorted(p["name"].lower() for p in listed if p["name"].lower() not in ("pip", "setuptools"))
    site = next((env / "lib").glob("python*/site-packages"))
    result = {"extra": extra or "(none)", "mb": size_mb(env), "site_mb": size_mb(site), "packages": len(names),
              "numpy": "numpy" in names, "nbformat": "nbformat" in names}
    if not extra:
        folder = base / "class"
        result["notebooks"] = run(python, "-m", "ttr_nb", "notebooks", folder).stdout.splitlines()[0]
    if "ipykernel" in names:
        result["kernel"] = kernel_check(python, base)
    return result


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--keep", type=Path, help="make the environments here and keep them")
    args = parser.parse_args(argv)
    base = args.keep or Path(tempfile.mkdtemp(prefix="ttr_nb-sizes-"))
    base.mkdir(parents=True, exist_ok=True)
    try:
        wheel = build_wheel(base / "dist")
        print(f"{wheel.name}, {wheel.stat().st_size / 1e3:.0f} kB; Python {sys.version.split()[0]}")
        print(f"{'extras':<10} {'venv MB':>8} {'site MB':>8} {'packages':>9}  numpy  nbformat")
        for extra in EXTRAS:
            r = measure(wheel, extra, base)
            print(f"{r['extra']:<10} {r['mb']:>8.0f} {r['site_mb']:>8.0f} {r['packages']:>9}  "
                  f"{'yes' if r['numpy'] else 'no':<6} {'yes' if r['nbformat'] else 'no'}")
            for key in ("notebooks", "kernel"):
                if key in r:
                    print(f"{'':<10} {key}: {r[key]}")
            sys.stdout.flush()
    finally:
        if not args.keep:
            shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    main()
