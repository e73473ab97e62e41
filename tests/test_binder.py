"""Binder's configuration: the environment `binder/postBuild` prepares, as Binder's Jupyter server
reads it, with none of the project's own settings of JUPYTER_CONFIG_PATH or JUPYTER_PATH (the
Makefile, `ttr-nb` and the browser tests set them; Binder does not).

An environment of its own (a venv in a temporary folder, with a home of its own) holds what
installing Voilà puts in an environment's `etc/jupyter` (the file enabling its server extension);
postBuild runs in it as Binder runs it, and a Jupyter server initialised there (not started) says
which MathJax the `urlpath=voila/render/...` pages load and which Voilà template they use."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

ASK = """
import json, sys
from jupyter_server.serverapp import ServerApp
app = ServerApp()
app.initialize(argv=["--ServerApp.open_browser=False", "--ServerApp.root_dir=" + sys.argv[1]], new_httpserver=False)
settings = app.web_app.settings
print(json.dumps({"prefix": sys.prefix, "config_paths": app.config_file_paths,
                  "mathjax_url": settings.get("mathjax_url", "not set"),
                  "extensions": sorted(app.extension_manager.extensions),
                  "templates": [str(p) for p in settings["voila_jinja2_env"].loader.searchpath]}))
"""


@pytest.fixture(scope="module")
def binder_env(tmp_path_factory):
    pytest.importorskip("voila")
    enabling = Path(sys.prefix) / "etc" / "jupyter" / "jupyter_server_config.d" / "voila.json"
    if not enabling.is_file():
        pytest.skip(f"Voilà's server extension is not enabled in this environment ({enabling} missing)")
    base = tmp_path_factory.mktemp("binder")
    env_dir, home = base / "env", base / "home"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(env_dir)], check=True, timeout=120)
    home.mkdir()
    (env_dir / "etc" / "jupyter" / "jupyter_server_config.d").mkdir(parents=True)
    shutil.copy(enabling, env_dir / "etc" / "jupyter" / "jupyter_server_config.d" / "voila.json")
    environ = {k: v for k, v in os.environ.items() if not k.startswith("JUPYTER")}
    environ.update(HOME=str(home), PATH=f"{env_dir / 'bin'}{os.pathsep}{environ.get('PATH', '')}")
    # postBuild as Binder runs it: from the repository's root, `python` being the environment's
    subprocess.run(["bash", str(ROOT / "binder" / "postBuild")], cwd=ROOT, env=environ, check=True,
                   capture_output=True, text=True, timeout=120)
    # the environment's Python with this one's packages (as Binder's has them installed); no .pth
    # file of this environment runs, so nothing of this checkout is on the path but what it imports
    environ["PYTHONPATH"] = sysconfig.get_paths()["purelib"]
    done = subprocess.run([str(env_dir / "bin" / "python"), "-c", ASK, str(base)], cwd=base, env=environ,
                          capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr[-3000:]
    return env_dir, json.loads(done.stdout.strip().splitlines()[-1])


def test_binder_reads_the_configuration_of_its_own_environment(binder_env):
    env_dir, found = binder_env
    assert Path(found["prefix"]) == env_dir
    assert str(env_dir / "etc" / "jupyter") in found["config_paths"]
    assert "voila.server_extension" in found["extensions"]


def test_binders_voila_pages_load_no_mathjax_from_a_cdn(binder_env):
    # Voilà's handler takes the page's MathJax from the server's settings, and a CDN's when they
    # have none ("not set"); None: the pages use the MathJax bundled with JupyterLab
    _, found = binder_env
    assert found["mathjax_url"] is None


def test_binders_voila_pages_use_the_offline_template(binder_env):
    env_dir, found = binder_env
    offline = env_dir / "share" / "jupyter" / "voila" / "templates" / "ttr-offline"
    assert str(offline) in found["templates"]
    assert (offline / "index.html.j2").read_text() == (ROOT / "jupyter" / "voila" / "templates" / "ttr-offline" /
                                                       "index.html.j2").read_text()


def test_the_settings_are_merged_into_a_server_configuration_already_there(tmp_path):
    config = tmp_path / "etc" / "jupyter"
    config.mkdir(parents=True)
    (config / "jupyter_server_config.json").write_text(json.dumps(
        {"ServerApp": {"tornado_settings": {"headers": {"X-Frame-Options": "DENY"}}, "ip": "0.0.0.0"},
         "LabApp": {"collaborative": False}}))
    (config / "jupyter_server_config.d").mkdir()
    (config / "jupyter_server_config.d" / "ttr_nb.json").write_text("{}")       # an earlier version's file
    subprocess.run([sys.executable, str(ROOT / "scripts" / "jupyter_settings.py"), str(tmp_path)], check=True,
                   capture_output=True, timeout=60)
    merged = json.loads((config / "jupyter_server_config.json").read_text())
    assert merged == {"ServerApp": {"ip": "0.0.0.0", "tornado_settings": {"headers": {"X-Frame-Options": "DENY"},
                                                                          "mathjax_url": None,
                                                                          "mathjax_config": None}},
                      "LabApp": {"collaborative": False}}
    assert not (config / "jupyter_server_config.d" / "ttr_nb.json").exists()
