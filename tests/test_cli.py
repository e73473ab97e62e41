"""`python -m ttr_nb` / `ttr-nb`: copying the notebooks, opening JupyterLab and Voilà, --version."""
from __future__ import annotations

import importlib.util
import io
import warnings
import json
import os
import signal
import subprocess
import sys
import time
from importlib import metadata
from pathlib import Path

import pytest

import ttr_nb
from ttr_nb import cli

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted(p.relative_to(ROOT / "notebooks").as_posix()
                   for p in [*(ROOT / "notebooks").glob("*.ipynb"), *(ROOT / "notebooks" / "da").glob("*.ipynb")])


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = cli.main(list(argv), out=out)
    return code, out.getvalue()


def test_the_curriculum_is_every_notebook_of_the_repository():
    files = cli.curriculum()
    assert NOTEBOOKS and set(NOTEBOOKS) <= set(files)
    assert {n for n in files if n.endswith(".ipynb")} == set(NOTEBOOKS)
    for name in NOTEBOOKS:
        assert files[name] == (ROOT / "notebooks" / name).read_bytes()


def test_notebooks_copies_the_curriculum_into_a_new_folder(tmp_path):
    target = tmp_path / "class" / "notebooks"
    code, out = run("notebooks", str(target))
    assert code == 0
    for name, data in cli.curriculum().items():
        assert (target / name).read_bytes() == data
        assert f"added      {name}" in out
    assert f"{len(cli.curriculum())} added" in out


def test_notebooks_never_overwrites_an_edited_copy_without_force(tmp_path):
    run("notebooks", str(tmp_path))
    edited = tmp_path / NOTEBOOKS[0]
    edited.write_text('{"my": "answers"}')
    mine = tmp_path / "my_own.ipynb"
    mine.write_text("{}")
    code, out = run("notebooks", str(tmp_path))
    assert code == 0
    assert edited.read_text() == '{"my": "answers"}'
    assert mine.read_text() == "{}"
    assert f"kept       {NOTEBOOKS[0]}" in out and "--force replaces it" in out
    assert "1 kept" in out and f"{len(cli.curriculum()) - 1} unchanged" in out

    code, out = run("notebooks", str(tmp_path), "--force")
    assert code == 0
    assert edited.read_bytes() == (ROOT / "notebooks" / NOTEBOOKS[0]).read_bytes()
    assert f"replaced   {NOTEBOOKS[0]}" in out
    assert mine.read_text() == "{}"                       # not part of the curriculum: never touched


def test_a_newer_curriculum_updates_only_the_copies_nobody_changed(tmp_path, monkeypatch):
    run("notebooks", str(tmp_path))
    first, second = NOTEBOOKS[0], NOTEBOOKS[1]
    (tmp_path / second).write_text("edited by a student")
    newer = dict(cli.curriculum())
    newer[first] = b'{"new": "version"}'
    newer[second] = b'{"new": "version too"}'
    monkeypatch.setattr(cli, "curriculum", lambda: newer)
    code, out = run("notebooks", str(tmp_path))
    assert code == 0
    assert (tmp_path / first).read_bytes() == b'{"new": "version"}'
    assert (tmp_path / second).read_text() == "edited by a student"
    assert f"updated    {first}" in out and f"kept       {second}" in out


def test_notebooks_into_a_file_is_refused_and_changes_nothing(tmp_path, capsys):
    target = tmp_path / "notes.txt"
    target.write_text("mine")
    code, _ = run("notebooks", str(target))
    assert code == 1
    assert "is a file, not a folder" in capsys.readouterr().err
    assert target.read_text() == "mine" and sorted(tmp_path.iterdir()) == [target]


@pytest.mark.parametrize("command, module, extra, purpose", [
    ("lab", "jupyterlab", "lab", "open JupyterLab"),
    ("app", "voila", "app", "serve the app"),
])
def test_a_missing_extra_is_named_and_nothing_is_started(tmp_path, monkeypatch, capsys, command, module, extra,
                                                         purpose):
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == module else real(name, *a))
    monkeypatch.setattr(cli, "run_server", lambda *a, **k: pytest.fail("started a server"))
    code, _ = run(command, str(tmp_path / "nb"))
    assert code == 1
    assert f"install ttr-nb[{extra}] to {purpose}" in capsys.readouterr().err
    assert not (tmp_path / "nb").exists()


def test_lab_opens_jupyterlab_on_the_copied_notebooks_with_a_fresh_workspace(tmp_path, monkeypatch):
    started = []

    def call(command, env=None, on_url=None):
        assert on_url is None                 # JupyterLab opens its own browser page, with its token
        workspaces = Path(next(a for a in command if a.startswith("--LabApp.workspaces_dir=")).split("=", 1)[1])
        started.append((command, workspaces.is_dir() and not any(workspaces.iterdir())))
        return 0

    monkeypatch.setattr(cli, "run_server", call)
    code, out = run("lab", str(tmp_path), "--port=8899")
    assert code == 0
    (command, fresh), = started
    assert command[:3] == [sys.executable, "-m", "jupyterlab"]
    assert f"--ServerApp.root_dir={tmp_path.resolve()}" in command and "--port=8899" in command
    assert "--ServerApp.ip=127.0.0.1" in command and not any("allow_remote_access" in a for a in command)
    assert not any(a.startswith("--port") for a in command[:command.index("--port=8899")])  # JupyterLab's own 8888
    assert fresh
    # the extension manager installs nothing and asks no package index, as under `make lab`
    assert "--LabApp.extension_manager=readonly" in command
    assert "--LabApp.extension_manager=readonly" in (ROOT / "Makefile").read_text()
    assert all((tmp_path / name).exists() for name in NOTEBOOKS)


def test_jupyterlab_reads_the_lab_command_as_a_read_only_extension_manager(tmp_path):
    pytest.importorskip("jupyterlab")
    from jupyterlab.labapp import LabApp

    def manager(extra):
        app = LabApp()
        app.parse_command_line(cli.lab_command(tmp_path, tmp_path / "ws", extra)[3:])
        return app.extension_manager

    assert LabApp.class_traits()["extension_manager"].default_value == "pypi"    # what it would be without
    assert manager([]) == "readonly"
    assert "readonly" in {e.name for e in metadata.entry_points(group="jupyterlab.extension_manager_v1")}
    assert manager(["--LabApp.extension_manager=pypi"]) == "pypi"      # one's own choice wins


def _started_apps(tmp_path, monkeypatch) -> list:
    started = []
    monkeypatch.setattr(cli, "run_server", lambda command, env=None, on_url=None: started.append((command, on_url)) or 0)
    files = dict(cli.curriculum(), **{cli.APP_NOTEBOOK: b"{}"})
    monkeypatch.setattr(cli, "curriculum", lambda: files)
    return started


def test_app_serves_the_app_notebook_with_voila_on_its_own_port_for_this_computer_only(tmp_path, monkeypatch):
    started = _started_apps(tmp_path, monkeypatch)
    assert run("app", str(tmp_path), "--port=8898")[0] == 0
    assert run("app", str(tmp_path))[0] == 0
    notebook = str(tmp_path.resolve() / cli.APP_NOTEBOOK)
    (given, on_url), (default, _) = started
    assert given == [sys.executable, "-m", "voila", notebook, "--Voila.ip=127.0.0.1", cli.APP_EXTENSIONS,
                     "--no-browser", "--port=8898"]
    assert default == [sys.executable, "-m", "voila", notebook, "--Voila.ip=127.0.0.1", cli.APP_EXTENSIONS,
                       "--no-browser"]
    assert callable(on_url)                   # ttr-nb says the printed URL and opens it, with its token
    from voila.app import Voila
    from jupyter_server.serverapp import ServerApp
    assert (Voila.port.default_value, ServerApp.port_default_value) == (8866, 8888)   # side by side


def test_app_network_serves_a_class_on_purpose(tmp_path, monkeypatch):
    started = _started_apps(tmp_path, monkeypatch)
    assert run("app", str(tmp_path), "--network")[0] == 0
    assert run("app", str(tmp_path), "--network", "--Voila.ip=192.168.1.5")[0] == 0     # the school's address
    (everywhere, _), (chosen, _) = started
    assert everywhere[4:] == [*cli.NETWORK_APP, cli.APP_EXTENSIONS, "--no-browser"]
    assert cli.NETWORK_APP == ("--Voila.ip=0.0.0.0", "--Voila.auto_token=False",
                               "--Voila.tornado_settings=allow_remote_access=True")
    assert "--Voila.ip=0.0.0.0" not in chosen and chosen[-1] == "--Voila.ip=192.168.1.5"
    assert [a for a in chosen if a.startswith("--Voila.ip")] == ["--Voila.ip=192.168.1.5"]   # Voilà refuses two


def test_voila_reads_the_app_command_as_leaving_the_jupyterlab_plotly_extension_out(tmp_path):
    # (tests/browser/test_page_weight.py: the app's page then loads none of its files, and draws its board)
    from voila.app import Voila
    from voila.configuration import VoilaConfiguration

    def denied(extra, ours_only=True):
        app = Voila()
        with warnings.catch_warnings(record=True) as said:
            warnings.simplefilter("always")
            app.parse_command_line(cli.app_command(tmp_path / cli.APP_NOTEBOOK, extra)[4:])
        assert not ours_only or not [str(w.message) for w in said]               # no deprecated form
        return VoilaConfiguration(config=app.config).extension_denylist

    assert not VoilaConfiguration().extension_denylist                           # every extension, without it
    assert denied([]) == ["jupyterlab-plotly"]
    assert denied(["--VoilaConfiguration.extension_denylist=[]"], ours_only=False) == []   # one's own choice wins
    # make app gives the same option, for the app's notebook only (another may show static figures)
    from tests.test_makefile import _server_line
    assert cli.APP_EXTENSIONS in _server_line("app").replace("'", "")
    assert "extension_denylist" not in _server_line("app", "NB=00_start_here.ipynb")


@pytest.fixture
def opened(monkeypatch):
    urls = []
    monkeypatch.setattr(cli.webbrowser, "open", urls.append)
    return urls


def test_app_says_the_url_voila_printed_and_opens_it_with_its_token(opened):
    out = io.StringIO()
    url = "http://127.0.0.1:8866/?token=" + "ab12" * 12
    cli.announce_app(url, out)
    assert out.getvalue().startswith(f"The app is at {url}\n")
    assert opened == [url]
    cli.announce_app(url, io.StringIO(), browser=False)
    assert opened == [url]                    # --no-browser: printed only


def test_lab_listens_on_the_address_given_instead_of_ours(tmp_path, monkeypatch):
    started = []
    monkeypatch.setattr(cli, "run_server", lambda command, env=None, on_url=None: started.append(command) or 0)
    for given in ("--ip=0.0.0.0", "--ServerApp.ip=0.0.0.0"):
        assert run("lab", str(tmp_path), given)[0] == 0
        addresses = [a for a in started[-1] if a.split("=")[0] in ("--ip", "--ServerApp.ip")]
        assert addresses == [given]                       # JupyterLab refuses an address given twice


def test_app_with_its_token_turned_off_by_the_options_says_so_and_opens_it(opened):
    out = io.StringIO()
    cli.announce_app("http://127.0.0.1:8866/", out)
    assert "with no token: the options given turned it off" in out.getvalue()
    assert opened == ["http://127.0.0.1:8866/"]


def test_app_for_a_class_with_a_token_asked_for_says_the_students_need_it(opened):
    out = io.StringIO()
    cli.announce_app("http://teachers-pc:8866/?token=abc", out, network=True)
    assert "no token" not in out.getvalue() and "with the token can open it" in out.getvalue()
    assert opened == ["http://127.0.0.1:8866/?token=abc"]


def test_app_with_a_token_of_ones_own_opens_no_page_without_it(opened):
    out = io.StringIO()
    cli.announce_app("http://127.0.0.1:8866/?token=...", out)      # Voilà hides a token it did not make
    assert opened == [] and "with the token you set" in out.getvalue()


def test_app_for_a_class_names_the_url_students_open_and_opens_it_here_on_127_0_0_1(opened):
    out = io.StringIO()
    cli.announce_app("http://teachers-pc:8866/", out, network=True)
    said = out.getvalue()
    assert "students open http://teachers-pc:8866/" in said and "no token" in said and "Anyone" in said
    assert opened == ["http://127.0.0.1:8866/"]


def test_the_server_output_is_copied_and_its_first_printed_url_is_reported(tmp_path, capfd):
    said = ("import sys; print('[Voila] Voila is running at:', file=sys.stderr); "
            "print('http://127.0.0.1:1/?token=abc', file=sys.stderr); "
            "print('http://127.0.0.1:2/ again', file=sys.stderr); print('http://127.0.0.1:3/', file=sys.stderr)")
    urls = []
    assert cli.run_server([sys.executable, "-c", said], on_url=urls.append) == 0
    assert urls == ["http://127.0.0.1:1/?token=abc"]
    err = capfd.readouterr().err
    assert "[Voila] Voila is running at:" in err and "http://127.0.0.1:3/" in err


def test_app_without_an_app_notebook_says_so(tmp_path, monkeypatch, capsys):
    files = {k: v for k, v in cli.curriculum().items() if k != cli.APP_NOTEBOOK}
    monkeypatch.setattr(cli, "curriculum", lambda: files)
    monkeypatch.setattr(cli, "run_server", lambda *a, **k: pytest.fail("started a server"))
    assert run("app", str(tmp_path))[0] == 1
    assert f"{cli.APP_NOTEBOOK} is missing" in capsys.readouterr().err


JUPYTER = ROOT / "jupyter"
JUPYTER_FILES = ("voila.json", "jupyter_server_config.json", "voila/templates/ttr-offline/index.html.j2",
                 "voila/templates/ttr-offline/conf.json")


def test_the_jupyter_settings_of_a_checkout_are_the_repositorys_one_copy():
    assert cli.jupyter_folder() == JUPYTER
    assert all((JUPYTER / name).is_file() for name in JUPYTER_FILES)
    assert json.loads((JUPYTER / "voila.json").read_text())["VoilaConfiguration"]["template"] == "ttr-offline"
    voila = json.loads((JUPYTER / "voila.json").read_text())["Voila"]
    assert voila["auto_token"] is True                              # the URL Voilà prints carries a token
    assert voila["tornado_settings"] == {"allow_remote_access": False, "local_hostnames": ["localhost"]}
    server = json.loads((JUPYTER / "jupyter_server_config.json").read_text())["ServerApp"]
    assert server["tornado_settings"]["mathjax_url"] is None


def test_installed_settings_next_to_the_module_come_before_the_checkouts(tmp_path, monkeypatch):
    installed = tmp_path / "site-packages" / "ttr_nb"
    (installed / "jupyter").mkdir(parents=True)
    (installed / "jupyter" / "voila.json").write_text("{}")
    monkeypatch.setattr(cli, "__file__", str(installed / "cli.py"))
    assert cli.jupyter_folder() == installed / "jupyter"


@pytest.mark.parametrize("command", ["lab", "app"])
@pytest.mark.parametrize("mine", [None, os.pathsep.join(["/my/jupyter", "/more/jupyter"])])
def test_lab_and_app_start_the_server_with_the_packaged_jupyter_settings_first(tmp_path, monkeypatch, command,
                                                                              mine):
    for name in ("JUPYTER_PATH", "JUPYTER_CONFIG_PATH"):
        if mine is None:
            monkeypatch.delenv(name, raising=False)
        else:
            monkeypatch.setenv(name, mine)
    monkeypatch.setenv("TTR_NB_SOMETHING_OF_MINE", "kept")
    started = []
    monkeypatch.setattr(cli, "run_server", lambda command, env=None, on_url=None: started.append(env) or 0)
    files = dict(cli.curriculum(), **{cli.APP_NOTEBOOK: b"{}"})
    monkeypatch.setattr(cli, "curriculum", lambda: files)
    assert run(command, str(tmp_path))[0] == 0
    env, = started
    for name in ("JUPYTER_PATH", "JUPYTER_CONFIG_PATH"):
        assert env[name].split(os.pathsep) == [str(JUPYTER), *(mine.split(os.pathsep) if mine else [])]
    assert env["TTR_NB_SOMETHING_OF_MINE"] == "kept"
    assert os.environ.get("JUPYTER_PATH") == mine          # this process's own environment is left alone


def test_without_its_jupyter_settings_app_says_so_and_starts_nothing(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(cli, "__file__", str(tmp_path / "site-packages" / "ttr_nb" / "cli.py"))
    monkeypatch.setattr(cli, "run_server", lambda *a, **k: pytest.fail("started a server"))
    assert run("app", str(tmp_path / "nb"))[0] == 1
    assert "installed without them" in capsys.readouterr().err
    assert not (tmp_path / "nb").exists()


def test_the_server_runs_in_the_environment_it_is_given(tmp_path):
    env = cli.server_environment({"PATH": os.environ.get("PATH", ""), "JUPYTER_PATH": "/mine"})
    check = ("import os, sys; sys.exit(0 if os.environ['JUPYTER_PATH'] == sys.argv[1] "
             "and 'HOME' not in os.environ else 3)")
    assert cli.run_server([sys.executable, "-c", check, os.pathsep.join([str(JUPYTER), "/mine"])], env=env) == 0
    assert cli.run_server([sys.executable, "-c", check, "/mine"], env=env) == 3


def test_unknown_options_are_refused_outside_lab_and_app(tmp_path):
    with pytest.raises(SystemExit) as stop:
        run("notebooks", str(tmp_path), "--port=1")
    assert stop.value.code == 2
    assert not tmp_path.joinpath(NOTEBOOKS[0]).exists()


def test_version_is_the_one_version_of_pyproject():
    declared = next(line.split('"')[1] for line in (ROOT / "pyproject.toml").read_text().splitlines()
                    if line.startswith("version = "))
    assert ttr_nb.__version__ == metadata.version("ttr-nb") == declared
    assert run("--version") == (0, f"ttr-nb {declared}\n")


def test_version_falls_back_to_pyproject_in_a_source_tree(monkeypatch):
    def missing(name):
        raise metadata.PackageNotFoundError(name)

    monkeypatch.setattr(metadata, "version", missing)
    assert ttr_nb._version() == metadata.distribution("ttr-nb").version


@pytest.mark.parametrize("command", [[sys.executable, "-m", "ttr_nb"], [str(Path(sys.executable).parent / "ttr-nb")]])
def test_the_module_and_the_console_script_run(command):
    done = subprocess.run(command + ["--version"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"ttr-nb {ttr_nb.__version__}\n"


def test_the_copy_record_lists_what_was_copied(tmp_path):
    run("notebooks", str(tmp_path))
    record = json.loads((tmp_path / cli.MANIFEST).read_text())
    assert set(record) == set(cli.curriculum())


def test_stopping_the_command_stops_the_server_it_started(tmp_path):
    """SIGTERM to `ttr-nb` reaches the server (here a stand-in that waits), and the command returns."""
    marker = tmp_path / "started"
    server = [sys.executable, "-c",
              f"import os, pathlib, time; pathlib.Path({str(marker)!r}).write_text(str(os.getpid())); time.sleep(60)"]
    code = (f"import sys; sys.path.insert(0, {str(ROOT)!r}); from ttr_nb import cli; "
            f"sys.exit(cli.run_server({server!r}))")
    proc = subprocess.Popen([sys.executable, "-c", code])
    deadline = time.time() + 30
    while not (marker.exists() and marker.read_text()) and time.time() < deadline:
        time.sleep(0.05)
    child = int(marker.read_text())
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(timeout=20) == 128 + signal.SIGTERM     # the server was terminated, and so returned
    with pytest.raises(ProcessLookupError):
        os.kill(child, 0)
