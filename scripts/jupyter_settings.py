"""Write the project's Jupyter settings into an environment (the Makefile's venv, Binder's):

- JupyterLab settings overrides: no news or update checks (they would reach the internet and
  cover the page with a notice);
- the repository's jupyter/ folder: the Voilà template `ttr-offline` (Voilà's lab template
  without its Font Awesome links to a CDN), `voila.json` selecting it (and giving a standalone
  Voilà a token and the check of the Host header), and the server setting (in the environment's
  `etc/jupyter/jupyter_server_config.json`) that keeps Voilà pages inside a Jupyter server, as
  Binder's `urlpath=voila/render/...`, on the MathJax bundled with JupyterLab.

`make app`, `make lab` and the browser tests also put jupyter/ on JUPYTER_PATH and
JUPYTER_CONFIG_PATH, so they use the repository's current files."""
import json
import shutil
import sys
from pathlib import Path

JUPYTER = Path(__file__).resolve().parents[1] / "jupyter"



def merge(base: dict, ours: dict) -> dict:
    """`base` with the settings of `ours` put in, section by section (a dict within a dict is merged)."""
    out = dict(base)
    for key, value in ours.items():
        out[key] = merge(out[key], value) if isinstance(value, dict) and isinstance(out.get(key), dict) else value
    return out


env = Path(sys.argv[1] if len(sys.argv) > 1 else sys.prefix)
target = env / "share" / "jupyter" / "lab" / "settings" / "overrides.json"
target.parent.mkdir(parents=True, exist_ok=True)
target.write_text(json.dumps({
    "@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": False},
}, indent=2))
print(f"wrote {target}")

templates = env / "share" / "jupyter" / "voila" / "templates"
for template in (JUPYTER / "voila" / "templates").iterdir():
    shutil.copytree(template, templates / template.name, dirs_exist_ok=True)
    print(f"wrote {templates / template.name}")
config = env / "etc" / "jupyter"
config.mkdir(parents=True, exist_ok=True)
shutil.copy(JUPYTER / "voila.json", config / "voila.json")
# The server's settings go into the environment's jupyter_server_config.json, merged with what is
# there: a Jupyter server reads its `jupyter_server_config.d/` folders for the extensions to
# enable only, so a file there left Binder's /voila/render/... pages on MathJax from a CDN.
server = config / "jupyter_server_config.json"
merged = merge(json.loads(server.read_text(encoding="utf-8")) if server.exists() else {},
               json.loads((JUPYTER / "jupyter_server_config.json").read_text(encoding="utf-8")))
server.write_text(json.dumps(merged, indent=2) + "\n", encoding="utf-8")
(config / "jupyter_server_config.d" / "ttr_nb.json").unlink(missing_ok=True)     # where an earlier version put them
print(f"wrote {config / 'voila.json'} and {server}")
