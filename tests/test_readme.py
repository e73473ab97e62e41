"""The README's Python examples run as written."""
import doctest
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_examples():
    result = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 10
    assert result.failed == 0


def _shell_lines() -> list[str]:
    text = README.read_text(encoding="utf-8")
    blocks = text.split("```sh\n")[1:]
    return [line.split("#")[0].strip() for block in blocks for line in block.split("```")[0].splitlines()]


def test_the_readme_installs_only_what_exists_until_the_package_is_published():
    """`pip install ttr-nb` needs the package on the package index: the README installs from a clone
    or from the wheel it builds, whose file name is this version's."""
    import ttr_nb
    installs = [line for line in _shell_lines() if line.startswith("pip install")]
    assert installs and not any(line.split()[2].strip("'\"").startswith("ttr-nb") for line in installs)
    wheel = f"dist/ttr_nb-{ttr_nb.__version__}-py3-none-any.whl"
    assert any(wheel in line for line in installs)
    assert "is not on the package index yet" in README.read_text(encoding="utf-8")


def _links():
    import importlib.util
    import sys
    spec = importlib.util.spec_from_file_location("links", README.parent / "scripts" / "links.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["links"] = module
    spec.loader.exec_module(module)
    return module


def test_the_readme_has_no_placeholder_links_and_says_where_the_links_come_from():
    links = _links()
    text = README.read_text(encoding="utf-8")
    assert "OWNER" not in text
    part = links.readme_part(text)
    assert part is not None
    assert "mybinder.org/v2/gh/" not in text.replace(part, "")     # only in the block `make readme-links` writes
    assert "`make links`" in text and "`make readme-links`" in text


def test_the_readme_links_are_the_ones_make_readme_links_writes_for_this_clone():
    """With a GitHub remote (or $GITHUB_REPOSITORY), the block is exactly what `make readme-links` writes
    for it. A clone whose remote is not GitHub (a mirror, CI's clone of a folder) cannot tell which
    repository is right: its block must then be one `make readme-links` writes, for the repository it
    names or for none, and the test prints what it would write here."""
    import re
    links = _links()
    part = links.readme_part(README.read_text(encoding="utf-8"))
    repository, why = links.home(README.parent)
    if repository is not None:
        assert part == links.readme_block(repository), "the README's links are stale: run `make readme-links`"
        return
    named = re.search(r"https://github\.com/([^/]+)/([^/]+)/actions/workflows/test\.yml\)", part)
    if named:
        assert part == links.readme_block(links.Repository(*named.groups()))
    else:
        assert part.startswith(f"{links.BEGIN}\nNo links yet. ") and "mybinder" not in part
    print(f"No GitHub remote here ({why}); `make readme-links` would write:\n{links.readme_block(None, why)}")


def test_the_readme_gives_jupyterlab_and_the_app_their_own_ports_and_says_how_to_serve_a_class():
    text = README.read_text(encoding="utf-8")
    assert "http://127.0.0.1:8866/?token=" in text and "8888" in text and "127.0.0.1:8888/" not in text
    assert "`make app NETWORK=1`" in text and "`ttr-nb app --network`" in text
