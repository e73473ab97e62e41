"""`python -m ttr_nb` / `ttr-nb`: get the notebooks, open them in JupyterLab, serve the app.

    ttr-nb notebooks DIR [--force]   copy the curriculum into DIR (a student's edited copy is kept)
    ttr-nb lab [DIR]                 copy what is missing into DIR (default: ttr_nb_notebooks), open JupyterLab
    ttr-nb app [DIR] [--network]     the same, then serve the app notebook with Voilà
    ttr-nb tournament --edition usa --players 2 --agents route-focus,long-route --games 200
                                     play agents against each other, seats rotated; print the table
    ttr-nb --version

Options the command does not know are handed to JupyterLab or Voilà (e.g. `--port=8899`).
JupyterLab and Voilà start with the package's Jupyter settings first on JUPYTER_PATH and
JUPYTER_CONFIG_PATH (`jupyter_folder()`), so their pages load nothing from other hosts;
JupyterLab's extension manager is read-only (it asks no package index for extensions).

Both serve the computer's own user only: they listen on 127.0.0.1, want the token of the URL
they print (JupyterLab's, and Voilà's `auto_token` in the package's voila.json), and refuse a
request naming another host (JupyterLab's own check; Voilà's through its `tornado_settings` in
voila.json), so that a web page cannot reach them by DNS rebinding. `ttr-nb app --network`
serves the app to a class on purpose: every address of the computer, no token, any host name.

JupyterLab and Voilà are extras: `pip install "ttr-nb[lab]"` or `pip install "ttr-nb[app]"`.
"""
from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import threading
import webbrowser
from dataclasses import dataclass
from pathlib import Path
from typing import Callable
from urllib.parse import urlsplit

APP_NOTEBOOK = "app.ipynb"
DEFAULT_DIR = "ttr_nb_notebooks"
MANIFEST = ".ttr_nb-copied.json"       # what `notebooks` copied last time, to tell edited copies apart
PATTERNS = ("*.ipynb", "*.md")          # the notebooks and the teachers' guide
TRANSLATIONS = ("da",)                 # the folders of the notebooks in another language (notebooks/da/)


class MissingExtra(RuntimeError):
    """A command needs an optional part of the package that is not installed."""


def curriculum_folder():
    """The folder of the notebooks shipped with the package (a Path or an importlib Traversable)."""
    from importlib.resources import files
    packaged = files("ttr_nb") / "notebooks"
    if packaged.is_dir():
        return packaged
    # a source checkout (an editable install included): the repository's notebooks/
    return Path(__file__).resolve().parents[1] / "notebooks"


def curriculum() -> dict[str, bytes]:
    """The curriculum's files by name: every notebook and the teachers' guide, whatever they are called,
    and the same in each language's folder (named "da/00_start_here.ipynb")."""
    folder = curriculum_folder()

    def found(where, prefix=""):
        return {prefix + p.name: p for p in where.iterdir()
                if p.is_file() and any(Path(p.name).match(pattern) for pattern in PATTERNS)}

    files = found(folder)
    if not files:
        raise FileNotFoundError(f"No notebooks found in {folder}: the package was installed without them.")
    for code in TRANSLATIONS:
        if (folder / code).is_dir():
            files.update(found(folder / code, f"{code}/"))
    return {name: files[name].read_bytes() for name in sorted(files)}


def jupyter_folder() -> Path:
    """The Jupyter settings shipped with the package (the repository's jupyter/): the Voilà
    template `ttr-offline` without Font Awesome and Mermaid from a CDN, `voila.json` selecting
    it, and `jupyter_server_config.json` keeping MathJax on the copy bundled with JupyterLab."""
    here = Path(__file__).resolve()
    for folder in (here.parent / "jupyter",          # installed from the wheel
                   here.parents[1] / "jupyter"):     # a source checkout (an editable install included)
        if (folder / "voila.json").is_file():
            return folder
    raise FileNotFoundError(f"No Jupyter settings found in {here.parent / 'jupyter'}: "
                            "the package was installed without them.")


def server_environment(environ=None) -> dict[str, str]:
    """The environment JupyterLab and Voilà start in: `environ` (default: this process's) with
    the package's Jupyter settings first on JUPYTER_PATH and JUPYTER_CONFIG_PATH, and any
    folders already there after them."""
    env = dict(os.environ if environ is None else environ)
    folder = str(jupyter_folder())
    for name in ("JUPYTER_PATH", "JUPYTER_CONFIG_PATH"):
        env[name] = os.pathsep.join([folder, env[name]]) if env.get(name) else folder
    return env


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@dataclass(frozen=True)
class CopyReport:
    folder: Path
    added: tuple[str, ...] = ()
    updated: tuple[str, ...] = ()      # copies the student had not changed, brought up to date
    replaced: tuple[str, ...] = ()     # edited copies overwritten because of --force
    kept: tuple[str, ...] = ()         # edited copies left as they were
    unchanged: tuple[str, ...] = ()

    def lines(self) -> list[str]:
        out = []
        for word, names in (("added", self.added), ("updated", self.updated), ("replaced", self.replaced),
                            ("unchanged", self.unchanged)):
            out += [f"  {word:<10} {name}" for name in names]
        out += [f"  {'kept':<10} {name}  (changed since it was copied: kept as it is; --force replaces it)"
                for name in self.kept]
        return out

    def summary(self) -> str:
        counts = [f"{len(v)} {k}" for k, v in (("added", self.added), ("updated", self.updated),
                                               ("replaced", self.replaced), ("kept", self.kept),
                                               ("unchanged", self.unchanged)) if v]
        return f"Notebooks in {self.folder}: " + ", ".join(counts) + "."


def copy_notebooks(folder, force: bool = False) -> CopyReport:
    """Copy the curriculum into `folder` (created if missing).

    A file already there is replaced only if it is still exactly what an earlier copy put
    there (so a newer curriculum reaches notebooks nobody changed), or with `force`. A
    file a student changed is kept. Files of the folder that are not in the curriculum are
    never touched."""
    folder = Path(folder).expanduser()
    if folder.exists() and not folder.is_dir():
        raise NotADirectoryError(f"{folder} is a file, not a folder: give a folder to copy the notebooks into.")
    files = curriculum()
    folder.mkdir(parents=True, exist_ok=True)
    manifest_path = folder / MANIFEST
    try:
        copied = json.loads(manifest_path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        copied = {}
    result: dict[str, list[str]] = {k: [] for k in ("added", "updated", "replaced", "kept", "unchanged")}
    for name, data in files.items():
        target = folder / name
        if not target.exists():
            outcome = "added"
        else:
            current = _digest(target.read_bytes())
            if current == _digest(data):
                outcome = "unchanged"
            elif current == copied.get(name):
                outcome = "updated"
            elif force:
                outcome = "replaced"
            else:
                outcome = "kept"
        if outcome in ("added", "updated", "replaced"):
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        if outcome != "kept":
            copied[name] = _digest(data)
        result[outcome].append(name)
    manifest_path.write_text(json.dumps(copied, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return CopyReport(folder, **{k: tuple(v) for k, v in result.items()})


def _require(module: str, name: str, extra: str, purpose: str) -> None:
    if importlib.util.find_spec(module) is None:
        raise MissingExtra(f"{name} is not installed: install ttr-nb[{extra}] to {purpose} "
                           f"(pip install \"ttr-nb[{extra}]\").")


def _as_root() -> list[str]:
    return ["--allow-root"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []


def _names_address(option: str) -> bool:
    name = option.split("=", 1)[0]
    return name == "--ip" or name.endswith(".ip")


def _unless_given(ours, extra: list[str]) -> list[str]:
    """Our options, without those `extra` gives too (an address, however written, or the same
    option): a server refuses a setting given twice."""
    address = any(_names_address(option) for option in extra)
    names = {option.split("=", 1)[0] for option in extra}
    return [option for option in ours
            if not (address and _names_address(option)) and option.split("=", 1)[0] not in names]


#: JupyterLab's extension manager lists what is installed and installs nothing: its default one
#: asks the package index for extensions (as `make lab`, which gives the same option).
READONLY_EXTENSIONS = "--LabApp.extension_manager=readonly"


def lab_command(folder: Path, workspaces: Path, extra: list[str]) -> list[str]:
    """JupyterLab on `folder`, on 127.0.0.1 unless `extra` names an address (with its token, and
    its check of the Host header on a loopback address), with a fresh workspaces folder: it
    opens no tabs or kernels left over from another folder or an earlier run; its extension
    manager is read-only unless `extra` chooses another."""
    return [sys.executable, "-m", "jupyterlab",
            *_unless_given(["--ServerApp.ip=127.0.0.1", READONLY_EXTENSIONS], extra),
            f"--ServerApp.root_dir={folder}", f"--LabApp.workspaces_dir={workspaces}", *_as_root(), *extra]


#: Voilà for the computer's own user: on 127.0.0.1; the token and the host check are the
#: package's voila.json (jupyter/), as for `make app`.
LOCAL_APP = ("--Voila.ip=127.0.0.1",)
#: Voilà serving a class on purpose (`ttr-nb app --network`, `make app NETWORK=1`): every address
#: of the computer, no token, any host name. (Voilà's own setting allows any host; a dict item
#: given on the command line is a string, and any non-empty one turns the check off.)
NETWORK_APP = ("--Voila.ip=0.0.0.0", "--Voila.auto_token=False", "--Voila.tornado_settings=allow_remote_access=True")


#: The app's page loads no jupyterlab-plotly extension (4.8 MB: plotly.js and the renderer of
#: plotly's mime type, for figures shown as pictures): the app draws its boards as widgets, which
#: get plotly.js once from the kernel (ttr_nb/viz/figure_widget.py).  Only the app's Voilà, which
#: serves the app alone: a lesson's static figures in JupyterLab or Voilà need the extension.
APP_EXTENSIONS = "--VoilaConfiguration.extension_denylist=jupyterlab-plotly"   # a one-item list: traitlets
# reads `=["..."]` too, but warns that the list form is deprecated on the command line


def app_command(notebook: Path, extra: list[str], network: bool = False) -> list[str]:
    """Voilà serving `notebook`, without the jupyterlab-plotly extension (`APP_EXTENSIONS`). It
    never opens a browser itself: its browser page would not carry the token; `ttr-nb app` opens
    the URL Voilà prints instead (`announce_app`). An address given among `extra`
    (`--Voila.ip=...`) is used instead of ours, and so is a list of extensions to leave out."""
    ours = [*(NETWORK_APP if network else LOCAL_APP), APP_EXTENSIONS]
    return [sys.executable, "-m", "voila", str(notebook), *_unless_given(ours, extra), "--no-browser", *extra]


#: the URL a server prints alone on a line once it listens (Voilà: "Voilà is running at:" and then it)
PRINTED_URL = re.compile(rb"^\s*(https?://\S+)\s*$")


def _copy_watching(stream, sink, on_url: Callable[[str], None]) -> None:
    """Copy a server's output to `sink` line by line; call `on_url` with the first URL printed alone on a line."""
    seen = False
    for line in iter(stream.readline, b""):
        try:
            sink.buffer.write(line)
        except AttributeError:
            sink.write(line.decode("utf-8", "replace"))
        sink.flush()
        found = None if seen else PRINTED_URL.match(line)
        if found:
            seen = True
            on_url(found.group(1).decode("utf-8", "replace"))


def run_server(command: list[str], env: dict[str, str] | None = None,
               on_url: Callable[[str], None] | None = None) -> int:
    """Run a server (in `env`, default: this process's environment) until it stops; stopping
    this command (Ctrl-C, SIGTERM) stops the server too. With `on_url`, the server's error
    stream (where Jupyter servers log) is copied to this one's, and `on_url` is called with
    the first URL the server prints alone on a line."""
    proc = subprocess.Popen(command, env=env, stderr=subprocess.PIPE if on_url else None)
    watcher = None
    if on_url:
        watcher = threading.Thread(target=_copy_watching, args=(proc.stderr, sys.stderr, on_url), daemon=True)
        watcher.start()

    def stop(signum, frame):
        proc.terminate()

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        while True:
            try:
                code = proc.wait()
                return 128 - code if code < 0 else code       # killed by a signal: as a shell says it
            except KeyboardInterrupt:      # the server got the Ctrl-C as well: let it shut down
                proc.terminate()
    finally:
        signal.signal(signal.SIGTERM, previous)
        if watcher is not None:
            watcher.join(timeout=5)        # the server's last lines (its kernels may hold the stream a moment longer)


def announce_app(url: str, out, network: bool = False, browser: bool = True) -> None:
    """What `ttr-nb app` says once Voilà prints its URL, and the browser it opens.

    For the computer's own user the URL carries Voilà's token: printed in full, and opened.
    Serving a class, the URL is this computer's name: printed for the students, and the
    teacher's browser opens the app on 127.0.0.1."""
    parts = urlsplit(url)
    token = "token=" in parts.query
    hidden = token and parts.query.endswith("...")   # a token set by hand (JUPYTER_TOKEN, --Voila.token=)
    if network:
        print(f"The app is served to the network on port {parts.port}{'' if token else ', with no token'}: "
              f"students open {url} (or this computer's address instead of {parts.hostname}). Anyone who "
              f"can reach this computer{' with the token' if token else ''} can open it; Ctrl-C stops it.",
              file=out, flush=True)
        if browser and not hidden:
            webbrowser.open(f"http://127.0.0.1:{parts.port}{parts.path or '/'}{'?' + parts.query if token else ''}")
        return
    if hidden:
        print(f"The app is at {url}, with the token you set (Ctrl-C stops it).", file=out, flush=True)
        return
    if token:
        print(f"The app is at {url}\n(the token in this URL lets your browser in; without it the app is refused. "
              "Ctrl-C stops it.)", file=out, flush=True)
    else:
        print(f"The app is at {url}, with no token: the options given turned it off (Ctrl-C stops it).",
              file=out, flush=True)
    if browser:
        webbrowser.open(url)


def _prepare(folder: str | None, out) -> Path:
    report = copy_notebooks(folder or DEFAULT_DIR)
    print(report.summary(), file=out)
    return report.folder.resolve()


def _tournament(args, out) -> int:
    """`ttr-nb tournament`: the table of a tournament (`ttr_nb.analysis.tournament`), progress on stderr."""
    from concurrent.futures import ProcessPoolExecutor

    from .analysis.tournament import tournament
    agents = [a.strip() for a in args.agents.split(",") if a.strip()]
    workers = args.workers if args.workers is not None else ((os.cpu_count() or 1) if args.games >= 100 else 1)
    try:
        if workers > 1:
            with ProcessPoolExecutor(workers) as pool:
                result = tournament(args.edition, agents, players=args.players, games=args.games, seed=args.seed,
                                    executor=pool)
        else:
            result = tournament(args.edition, agents, players=args.players, games=args.games, seed=args.seed)
    except ValueError as e:
        print(f"ttr-nb tournament: {e}", file=sys.stderr)
        return 2
    print(result.table(), file=out)
    return 0


def main(argv: list[str] | None = None, out=None) -> int:
    out = out or sys.stdout
    parser = argparse.ArgumentParser(prog="ttr-nb",
                                     description="The Ticket to Ride notebooks: copy them, open them in "
                                                 "JupyterLab, serve the app.",
                                     epilog="Options not listed here are handed to JupyterLab or Voilà.")
    parser.add_argument("--version", action="store_true", help="print the version and stop")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    nb = sub.add_parser("notebooks", help="copy the notebooks into a folder")
    nb.add_argument("folder", metavar="DIR", help="the folder to copy them into (created if missing)")
    nb.add_argument("--force", action="store_true", help="also replace copies that were changed since")
    lab = sub.add_parser("lab", help="copy the notebooks (what is missing) and open JupyterLab on them")
    lab.add_argument("folder", metavar="DIR", nargs="?", help=f"the notebooks' folder (default: {DEFAULT_DIR})")
    app = sub.add_parser("app", help="copy the notebooks (what is missing) and serve the app with Voilà",
                         description="Serve the app for this computer's user: on 127.0.0.1, with a token in the "
                                     "URL it prints, refusing requests that name another host.")
    app.add_argument("folder", metavar="DIR", nargs="?", help=f"the notebooks' folder (default: {DEFAULT_DIR})")
    app.add_argument("--network", action="store_true",
                     help="serve the app to a class on purpose: on every address of this computer, with no "
                          "token, for any host name (anyone who can reach the computer can open it)")
    app.add_argument("--no-browser", action="store_true", help="print the app's URL, open no browser")
    tour = sub.add_parser("tournament", help="play agents against each other and print the table",
                          description="Seeded games between agents, the seats rotated; the same seed gives the "
                                      "same table however many processes play it.")
    tour.add_argument("--edition", default="usa", help="the edition (default: usa)")
    tour.add_argument("--agents", required=True,
                      help="the agents, one per seat, separated by commas (e.g. route-focus,long-route)")
    tour.add_argument("--players", type=int, help="the players (default: as many as the agents)")
    tour.add_argument("--games", type=int, default=100, help="the games to play (default: 100)")
    tour.add_argument("--seed", type=int, default=0, help="the tournament's seed (default: 0)")
    tour.add_argument("--workers", type=int,
                      help="processes to play in (default: every CPU for 100 games or more, else this one)")
    args, extra = parser.parse_known_args(argv)
    if extra and args.command not in ("lab", "app"):
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    if args.version:
        from . import __version__
        print(f"ttr-nb {__version__}", file=out)
        return 0
    if args.command is None:
        parser.print_help(out)
        return 2
    if args.command == "tournament":
        return _tournament(args, out)
    try:
        if args.command == "notebooks":
            report = copy_notebooks(args.folder, force=args.force)
            print(report.summary(), file=out)
            print("\n".join(report.lines()), file=out)
            return 0
        if args.command == "lab":
            _require("jupyterlab", "JupyterLab", "lab", "open JupyterLab")
            env = server_environment()
            folder = _prepare(args.folder, out)
            with tempfile.TemporaryDirectory(prefix="ttr_nb-workspaces-") as workspaces:
                return run_server(lab_command(folder, Path(workspaces), extra), env=env)
        _require("voila", "Voilà", "app", "serve the app")
        env = server_environment()
        folder = _prepare(args.folder, out)
        notebook = folder / APP_NOTEBOOK
        if not notebook.exists():
            raise FileNotFoundError(f"{notebook} is missing: this version of the notebooks has no app.")

        def announce(url):
            announce_app(url, out, network=args.network, browser=not args.no_browser)

        return run_server(app_command(notebook, extra, network=args.network), env=env, on_url=announce)
    except (MissingExtra, OSError) as e:
        print(f"ttr-nb: {e}", file=sys.stderr)
        return 1
