"""The stored results of the studies too large for the tests (`make study`), as JSON package
data: each file names the command and the seed that made it (``head_to_head.json``:
scripts/head_to_head.py; ``route_claims.json``: scripts/route_claims.py).

    >>> study("route_claims")["command"].startswith("python scripts/route_claims.py")
    True
"""
from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources

__all__ = ["study", "STUDIES"]

STUDIES = ("head_to_head", "route_claims")


@lru_cache(maxsize=None)
def _text(name: str) -> str:
    return resources.files(__name__).joinpath(f"{name}.json").read_text("utf-8")


def study(name: str) -> dict:
    """The stored study called `name` (one of `STUDIES`), as the JSON its script wrote (a fresh copy)."""
    if name not in STUDIES:
        raise ValueError(f"No study is called {name!r}: the studies are {', '.join(STUDIES)}.")
    return json.loads(_text(name))
