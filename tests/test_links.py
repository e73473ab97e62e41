"""`make links` (scripts/links.py): the Binder and JupyterLite links of the clone's GitHub remote,
and a plain "no GitHub remote" when there is none. Real git clones in a temporary folder."""
from __future__ import annotations

import importlib.util
import io
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location("links", ROOT / "scripts" / "links.py")
links = importlib.util.module_from_spec(spec)
sys.modules["links"] = links            # dataclasses look their module up by name
spec.loader.exec_module(links)


@pytest.mark.parametrize("url", [
    "https://github.com/alice-b/ttr_nb.git", "https://github.com/alice-b/ttr_nb", "https://github.com/alice-b/ttr_nb/",
    "http://github.com/alice-b/ttr_nb.git", "git@github.com:alice-b/ttr_nb.git", "git@github.com:alice-b/ttr_nb",
    "ssh://git@github.com/alice-b/ttr_nb.git", "ssh://git@github.com:22/alice-b/ttr_nb.git",
    "git://github.com/alice-b/ttr_nb.git", "https://user:secret@github.com/alice-b/ttr_nb.git",
    "https://GitHub.com/alice-b/ttr_nb.git",
])
def test_every_form_of_a_github_remote_names_its_owner_and_repository(url):
    assert links.github_repository(url) == links.Repository("alice-b", "ttr_nb")


@pytest.mark.parametrize("url", [
    "https://gitlab.com/alice/ttr_nb.git", "git@gitlab.com:alice/ttr_nb.git", "/srv/git/ttr_nb.git",
    "https://github.com.example/alice/ttr_nb", "https://github.com/alice", "https://github.com/alice/ttr_nb/tree/main",
    "https://notgithub.com/alice/ttr_nb", "file:///home/alice/ttr_nb",
])
def test_other_remotes_are_not_github(url):
    assert links.github_repository(url) is None


def _clone(tmp_path: Path, **remotes: str) -> Path:
    folder = tmp_path / "clone"
    subprocess.run(["git", "init", "-q", str(folder)], check=True)
    for name, url in remotes.items():
        subprocess.run(["git", "-C", str(folder), "remote", "add", name, url], check=True)
    return folder


def _run(folder: Path, *argv: str, capsys) -> tuple[int, str, str]:
    out = io.StringIO()
    code = links.main(list(argv), folder=folder, out=out)
    return code, out.getvalue(), capsys.readouterr().err


def test_the_links_of_the_origin_remote(tmp_path, capsys):
    folder = _clone(tmp_path, origin="git@github.com:alice/ttr_nb.git", fork="https://github.com/bob/ttr_nb.git")
    code, out, err = _run(folder, capsys=capsys)
    assert code == 0 and not err
    assert "alice/ttr_nb (the remote 'origin')" in out
    for link in ("https://mybinder.org/v2/gh/alice/ttr_nb/HEAD?labpath=notebooks/00_start_here.ipynb",
                 "https://mybinder.org/v2/gh/alice/ttr_nb/HEAD?urlpath=voila/render/notebooks/app.ipynb",
                 "https://mybinder.org/v2/gh/alice/ttr_nb/HEAD?labpath=notebooks/da/00_start_here.ipynb",
                 "https://alice.github.io/ttr_nb/lite/lab/index.html?path=00_start_here.ipynb",
                 "https://alice.github.io/ttr_nb/"):
        assert f"  {link}\n" in out
    assert "[the game app in Voilà](https://mybinder.org/v2/gh/alice/ttr_nb/HEAD?urlpath=voila/render/notebooks/app.ipynb)" in out
    assert "bob" not in out
    code, out, _ = _run(folder, "--remote", "fork", capsys=capsys)
    assert code == 0 and "bob/ttr_nb (the remote 'fork')" in out and "alice" not in out


def test_the_paths_in_the_links_are_files_of_the_repository(tmp_path, capsys):
    for what, link in links.links(links.Repository("alice", "ttr_nb")):
        if "path=" not in link:
            continue                        # the course site's home
        path = link.split("path=", 1)[1].removeprefix("voila/render/")
        where = ROOT / path if "mybinder" in link else ROOT / "notebooks" / path     # the site holds notebooks/
        assert where.is_file(), (what, link)


def test_a_single_github_remote_of_another_name_is_taken_and_credentials_never_printed(tmp_path, capsys):
    folder = _clone(tmp_path, upstream="https://x-access-token:s3cret@github.com/school/ttr_nb.git",
                    backup="/srv/git/ttr_nb.git")
    code, out, _ = _run(folder, capsys=capsys)
    assert code == 0 and "school/ttr_nb (the remote 'upstream')" in out and "s3cret" not in out


def test_a_user_site_repository_is_the_root_of_its_pages(capsys):
    assert links.Repository("Alice", "alice.github.io").pages == "https://alice.github.io/"
    assert links.Repository("Alice", "ttr_nb").pages == "https://alice.github.io/ttr_nb/"


@pytest.mark.parametrize("remotes, said", [
    ({}, "No GitHub remote: this clone has no remote at all"),
    ({"origin": "git@gitlab.com:alice/ttr_nb.git"}, "No GitHub remote: this clone's remotes (origin) are not on GitHub"),
    ({"a": "https://github.com/alice/ttr_nb", "b": "https://github.com/bob/ttr_nb"}, "several GitHub remotes (a, b)"),
])
def test_without_one_github_remote_it_says_so_and_prints_no_link(tmp_path, capsys, remotes, said):
    code, out, err = _run(_clone(tmp_path, **remotes), capsys=capsys)
    assert code == 1 and out == ""
    assert said in err and "git remote add origin https://github.com/" in err


def test_a_folder_that_is_not_a_clone_has_no_remote(tmp_path, capsys):
    code, _, err = _run(tmp_path, capsys=capsys)
    assert code == 1 and "no remote at all" in err


def test_a_remote_asked_for_by_name_must_exist_and_be_on_github(tmp_path, capsys):
    folder = _clone(tmp_path, origin="https://github.com/alice/ttr_nb", mirror="/srv/git/ttr_nb.git")
    assert "no remote called 'nope' (its remotes: mirror, origin)" in _run(folder, "--remote", "nope", capsys=capsys)[2]
    assert "'mirror' is not a GitHub repository" in _run(folder, "--remote", "mirror", capsys=capsys)[2]


def test_the_script_runs_as_make_runs_it(tmp_path):
    folder = _clone(tmp_path, origin="https://github.com/alice/ttr_nb.git")
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "links.py")], cwd=folder, capture_output=True,
                          text=True, timeout=60)
    # it reads the repository it belongs to, not the current folder: this checkout's remotes
    expected = links.choose(links.remotes(ROOT))
    assert done.returncode == (1 if isinstance(expected, str) else 0), done.stderr
    if isinstance(expected, str):
        assert expected in done.stderr
    else:
        assert f"{expected[1].slug} (the remote {expected[0]!r})" in done.stdout


def test_the_readme_block_names_one_repository_with_its_badges_site_lite_and_binder():
    block = links.readme_block(links.Repository("alice", "ttr_nb"))
    assert block.startswith(links.BEGIN) and block.endswith(links.END)
    for part in ("https://github.com/alice/ttr_nb/actions/workflows/test.yml/badge.svg",
                 "https://github.com/alice/ttr_nb/actions/workflows/release.yml/badge.svg",
                 "(https://mybinder.org/v2/gh/alice/ttr_nb/HEAD?labpath=notebooks/00_start_here.ipynb)",
                 "[The course site](https://alice.github.io/ttr_nb/)",
                 "(https://alice.github.io/ttr_nb/lite/lab/index.html?path=00_start_here.ipynb)"):
        assert part in block, part
    none = links.readme_block(None, "No GitHub remote: here.")
    assert "No GitHub remote: here." in none and "github.com" not in none.replace(links.BEGIN, "")


def test_make_readme_links_replaces_the_block_only(tmp_path, capsys):
    folder = _clone(tmp_path, origin="https://github.com/alice/ttr_nb.git")
    (folder / "README.md").write_text(f"# Title\n\n{links.BEGIN}\nold\n{links.END}\n\nThe rest.\n", encoding="utf-8")
    out = io.StringIO()
    assert links.main(["--write-readme"], folder=folder, out=out) == 0
    text = (folder / "README.md").read_text(encoding="utf-8")
    assert text == f"# Title\n\n{links.readme_block(links.Repository('alice', 'ttr_nb'))}\n\nThe rest.\n"
    assert links.main(["--write-readme"], folder=folder, out=io.StringIO()) == 0
    assert (folder / "README.md").read_text(encoding="utf-8") == text          # unchanged the second time
    (folder / "README.md").write_text("no block\n", encoding="utf-8")
    with pytest.raises(ValueError, match="no single links block"):
        links.main(["--write-readme"], folder=folder, out=io.StringIO())
