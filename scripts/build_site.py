"""Build the course site (`make site`): build/site/, a static course of the executed notebooks.

    python scripts/build_site.py                 # build/site/ (every notebook executed)
    python scripts/build_site.py --lite build/lite   # and the JupyterLite site inside it, as lite/
    python scripts/build_site.py --lite build/lite --no-build   # only put it into the site built before (make pages)

Sphinx with myst-nb and the sphinx-book-theme (course/conf.py says how): the English notebooks,
the Danish ones, both teachers' guides and the app, each a page, searchable, with the boards and
charts drawn as they were when the notebook ran (no kernel needed to read them), and a
"Launch in JupyterLite" and a "Launch on Binder" link on every notebook. The Binder link names the
repository of $GITHUB_REPOSITORY (as GitHub Actions sets it) or of the clone's GitHub remote
(scripts/links.py); without either the page says there is no link. The site loads nothing from
another host: plotly.js is a file of the site.

Every notebook runs in the build, two at a time (`-j`), and a failing cell fails it: the build is
the notebooks' check in `make test`.
"""
from __future__ import annotations

import argparse
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BUILD = ROOT / "build"
SOURCES = BUILD / "site-src"
OUT = BUILD / "site"

spec = importlib.util.spec_from_file_location("links", ROOT / "scripts" / "links.py")
links = importlib.util.module_from_spec(spec)
sys.modules.setdefault("links", links)          # dataclasses look their module up by name
spec.loader.exec_module(links)


def lay_out(sources: Path = SOURCES) -> Path:
    """build/site-src/: the course's pages (course/*.md) and a copy of notebooks/ (a copy, not a link:
    Sphinx resolves a link's real path, and the notebooks' links to each other would leave the site)."""
    if sources.exists():
        shutil.rmtree(sources)
    sources.mkdir(parents=True)
    for page in sorted((ROOT / "course").glob("*.md")):
        (sources / page.name).symlink_to(page)
    shutil.copytree(ROOT / "notebooks", sources / "notebooks",
                    ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"))
    return sources


#: what sphinx prints when a notebook's kernel lost its port to another kernel starting beside it
KERNEL_START_RACE = re.compile(r"Kernel died before replying to kernel_info|ZMQError: Address already in use")


def sphinx(jobs: int = 2, out: Path = OUT, sources: Path | None = None) -> int:
    """Run every notebook and write the site into `out`; sphinx's exit status."""
    repository, why = links.home()
    print(f"Binder links for {repository.slug}" if repository else f"No Binder links: {why}", flush=True)
    sources = sources or lay_out()
    if out.exists():
        shutil.rmtree(out)
    env = dict(os.environ, TTR_NB_STATIC_HTML="1")
    started = time.monotonic()
    command = [sys.executable, "-m", "sphinx", "-b", "html", "-q", "-j", str(jobs), "-E",
               "-c", str(ROOT / "course"), "-d", str(out.parent / f"{out.name}-doctrees"),
               "-D", f"ttr_repository={repository.slug if repository else ''}", str(sources), str(out)]
    for attempt in (1, 2):
        done = subprocess.run(command, env=env, cwd=ROOT, stderr=subprocess.PIPE, text=True)
        sys.stderr.write(done.stderr)
        # Two kernels started at once can pick the same free port (jupyter_client chooses its ports
        # before it binds them): the kernel dies before it answers, no cell ran. That, and only that,
        # is tried once more; a failing cell fails the build at once.
        if done.returncode == 0 or attempt == 2 or not KERNEL_START_RACE.search(done.stderr):
            break
        print("A notebook's kernel did not start (its port was taken meanwhile): building once more.",
              file=sys.stderr, flush=True)
    if done.returncode != 0:
        print(f"The course site did not build (sphinx exited with {done.returncode}): see the cell above.",
              file=sys.stderr)
    else:
        print(f"The course site is in {out} ({time.monotonic() - started:.0f} s).")
    return done.returncode


def add_lite(lite: Path, out: Path = OUT) -> int:
    """Put the JupyterLite site `lite` into the course site, as its lite/ folder."""
    if not (out / "index.html").is_file():
        print(f"No course site in {out} (make site builds it).", file=sys.stderr)
        return 1
    if not (lite / "index.html").is_file():
        print(f"No JupyterLite site in {lite} (make lite builds it).", file=sys.stderr)
        return 1
    if (out / "lite").exists():
        shutil.rmtree(out / "lite")
    shutil.copytree(lite, out / "lite", ignore=shutil.ignore_patterns(".inputs-hash"))
    print(f"The JupyterLite site is in {out / 'lite'}.")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--jobs", "-j", type=int, default=2, help="notebooks executed at once (default 2)")
    parser.add_argument("--lite", type=Path, metavar="DIR", help="put the JupyterLite site in DIR into the site")
    parser.add_argument("--no-build", action="store_true", help="with --lite: into the site built before")
    args = parser.parse_args(argv)
    if args.no_build and args.lite is None:
        parser.error("--no-build only goes with --lite DIR")
    code = 0 if args.no_build else sphinx(args.jobs)
    return code or (add_lite(args.lite) if args.lite is not None else 0)


if __name__ == "__main__":
    sys.exit(main())
