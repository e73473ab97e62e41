"""Write JupyterLab settings overrides into an environment: no news or update checks
(they would reach the internet and cover the page with a notice)."""
import json
import sys
from pathlib import Path

env = Path(sys.argv[1] if len(sys.argv) > 1 else sys.prefix)
target = env / "share" / "jupyter" / "lab" / "settings" / "overrides.json"
target.parent.mkdir(parents=True, exist_ok=True)
target.write_text(json.dumps({
    "@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": False},
}, indent=2))
print(f"wrote {target}")
