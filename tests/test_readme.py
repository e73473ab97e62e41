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


def test_the_readme_has_no_placeholder_links_and_says_where_the_links_come_from():
    text = README.read_text(encoding="utf-8")
    assert "OWNER" not in text
    assert "mybinder.org/v2/gh/" not in text            # `make links` prints them for the clone's remote
    assert "`make links`" in text


def test_the_readme_gives_jupyterlab_and_the_app_their_own_ports_and_says_how_to_serve_a_class():
    text = README.read_text(encoding="utf-8")
    assert "http://127.0.0.1:8866/?token=" in text and "8888" in text and "127.0.0.1:8888/" not in text
    assert "`make app NETWORK=1`" in text and "`ttr-nb app --network`" in text
