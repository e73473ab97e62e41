"""Write the project's Jupyter settings into an environment (the Makefile's venv, Binder's):

- JupyterLab settings overrides: no news or update checks (they would reach the internet and
  cover the page with a notice);
- the repository's jupyter/ folder: the Voilà template `ttr-offline` (Voilà's lab template
  without its Font Awesome links to a CDN), `voila.json` selecting it (and giving a standalone
  Voilà a token and the check of the Host header), and the server setting
  that keeps Voilà pages inside a Jupyter server on the MathJax bundled with JupyterLab.

`make app`, `make lab` and the browser tests also put jupyter/ on JUPYTER_PATH and
JUPYTER_CONFIG_PATH, so they use the repository's current files."""
import json
import shutil
import sys
from pathlib import Path

JUPYTER = Path(__file__).resolve().parents[1] / "jupyter"

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
(config / "jupyter_server_config.d").mkdir(parents=True, exist_ok=True)
shutil.copy(JUPYTER / "voila.json", config / "voila.json")
shutil.copy(JUPYTER / "jupyter_server_config.json", config / "jupyter_server_config.d" / "ttr_nb.json")
print(f"wrote {config / 'voila.json'} and {config / 'jupyter_server_config.d' / 'ttr_nb.json'}")
