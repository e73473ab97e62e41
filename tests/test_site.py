"""The course site (`make site`, scripts/build_site.py): read from build/site/, which `make test`
builds before the tests run (its build runs every notebook: a failing cell fails it).

Every notebook and both teachers' guides have a page; boards are drawn as plotly figures with
plotly.js from the site itself, once per page; every lesson has its JupyterLite and Binder links;
the search index holds the lessons. (tests/browser/test_site.py opens the pages in Chromium.)"""
from __future__ import annotations

import html
import importlib.util
import json
import re
import sys
from pathlib import Path

import plotly
import pytest

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "build" / "site"
spec = importlib.util.spec_from_file_location("build_site", ROOT / "scripts" / "build_site.py")
build_site = importlib.util.module_from_spec(spec)
spec.loader.exec_module(build_site)
links = sys.modules["links"]

NOTEBOOKS = sorted(p.relative_to(ROOT).with_suffix("") for p in
                   [*(ROOT / "notebooks").glob("*.ipynb"), *(ROOT / "notebooks" / "da").glob("*.ipynb")])


@pytest.fixture(scope="module")
def site() -> Path:
    if not (SITE / "index.html").is_file():
        pytest.fail("No course site in build/site: `make site` builds it (`make test` does first)")
    return SITE


def page(site: Path, doc) -> str:
    return (site / f"{doc}.html").read_text(encoding="utf-8")


def test_every_notebook_and_both_teachers_guides_have_a_page(site):
    assert len(NOTEBOOKS) >= 20
    for doc in NOTEBOOKS:
        assert (site / f"{doc}.html").is_file(), doc
    assert "<h1>A guide for teachers" in page(site, "notebooks/TEACHERS")
    assert "<h1>Lærervejledning" in page(site, "notebooks/da/TEACHERS")
    home = page(site, "index")
    for doc in [*NOTEBOOKS, "notebooks/TEACHERS", "notebooks/da/TEACHERS"]:
        assert f'href="{doc}.html"' in home, doc          # the navigation reaches every page


def test_a_lesson_shows_its_boards_drawn_with_the_sites_own_plotly_js(site):
    lesson = page(site, "notebooks/12_usa_claiming_routes")
    assert lesson.count('class="plotly-graph-div"') >= 5 and lesson.count("Plotly.newPlot(") >= 5
    assert lesson.count('src="../_static/plotly.min.js"') == 1
    assert lesson.index('src="../_static/plotly.min.js"') < lesson.index("Plotly.newPlot(")
    shipped = (Path(plotly.__file__).parent / "package_data" / "plotly.min.js").read_bytes()
    assert (site / "_static" / "plotly.min.js").read_bytes() == shipped
    # a page with no figure loads no plotly.js
    assert "plotly.min.js" not in page(site, "notebooks/TEACHERS")


def test_the_teaching_widgets_are_drawn_as_html_and_never_wait_for_a_kernel(site):
    explorer = page(site, "notebooks/50_editions_compared")
    assert "ttr-explorer" in explorer and "<select disabled>" in explorer and "plotly-graph-div" in explorer
    for doc in NOTEBOOKS:
        text = page(site, doc)
        assert "application/vnd.jupyter.widget-view+json" not in text, doc
        assert "application/vnd.jupyter.widget-state+json" not in text, doc      # no dead weight
        assert "This figure is drawn when the notebook runs" not in text, doc
        assert "Traceback" not in text, doc


def test_every_lesson_links_to_itself_in_jupyterlite_and_on_binder(site):
    repository, _ = links.home()
    for doc in NOTEBOOKS:
        text = page(site, doc)
        up = "../" * (len(doc.parts) - 1)
        in_lite = str(doc.relative_to("notebooks")) + ".ipynb"
        assert f'href="{up}lite/lab/index.html?path={in_lite}"' in text, doc
        assert (ROOT / "notebooks" / in_lite).is_file()
        if repository is None:
            assert "Launch on Binder: no link" in text and "mybinder.org" not in text, doc
        else:
            assert f'href="https://mybinder.org/v2/gh/{repository.slug}/HEAD?labpath={doc}.ipynb"' in text, doc


def test_the_binder_links_name_the_repository_github_actions_builds():
    repository, why = links.home(environ={"GITHUB_REPOSITORY": "school/ttr_nb"})
    assert repository == links.Repository("school", "ttr_nb") and not why
    assert links.home(environ={"GITHUB_REPOSITORY": "not a repo"})[0] is None


def test_the_search_index_holds_every_page_and_their_words(site):
    text = (site / "searchindex.js").read_text(encoding="utf-8")
    index = json.loads(text[text.index("(") + 1:text.rindex(")")])
    assert {f"{doc}" for doc in NOTEBOOKS} <= set(index["docnames"])
    for word in ("tunnel", "ferri", "locomot", "lærervejledn"):
        assert any(term.startswith(word) for term in index["terms"]), word
    assert (site / "search.html").is_file()


def test_no_page_names_a_script_style_or_font_of_another_host(site):
    remote = re.compile(r"""<(?:script|link|img|iframe)\b[^>]*\b(?:src|href)=["'](?:https?:)?//""", re.I)
    for html in site.rglob("*.html"):
        if "lite" in html.relative_to(site).parts:
            continue
        assert not remote.search(html.read_text(encoding="utf-8")), html


def test_a_notebook_whose_cell_fails_fails_the_build(tmp_path):
    sources = tmp_path / "src"
    (sources / "notebooks").mkdir(parents=True)
    (sources / "index.md").write_text("# Site\n\n```{toctree}\nnotebooks/bad\n```\n", encoding="utf-8")
    cell = {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
            "source": "assert 1 + 1 == 3, 'the prose is wrong'"}
    notebook = {"cells": [{"cell_type": "markdown", "metadata": {}, "source": "# Bad"}, cell],
                "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
                "nbformat": 4, "nbformat_minor": 5}
    (sources / "notebooks" / "bad.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    assert build_site.sphinx(jobs=1, out=tmp_path / "out", sources=sources) != 0
    assert not (tmp_path / "out" / "notebooks" / "bad.html").exists()


def output_lines(text: str) -> list[str]:
    """The sentences and lines a page's cell outputs show (printed text, tables, widgets drawn as
    HTML) and its boards' titles, as a reader sees them."""
    lines = []
    for block in text.split('<div class="cell_output docutils container">')[1:]:
        block = block.split('<div class="cell docutils container"', 1)[0].split("<section", 1)[0]
        lines += [json.loads(f'"{t}"') for t in re.findall(r'"title":\{[^{}]*?"text":"((?:[^"\\]|\\.)*)"', block)]
        block = re.sub(r"<script.*?</script>|<style.*?</style>|<!--.*?-->", " ", block, flags=re.S)
        shown = html.unescape(re.sub(r"<[^>]+>", "\n", block))
        lines += [" ".join(part.split()) for part in re.split(r"\n|(?<=[.:;!?])\s", shown) if part.strip()]
    return lines


def english_lines(lines: list[str]) -> list[str]:
    """The lines more English than Danish: two or more common English words, more than Danish ones.
    "to" is left out (it is Danish for two, and Danish counts are written as words) and so is the
    game's own name, Ticket to Ride."""
    from tests.notebooks.test_danish import DANISH_WORDS, ENGLISH_WORDS

    english_words = ENGLISH_WORDS - {"to"}
    found = []
    for line in lines:
        words = [w.casefold() for w in re.findall(r"[^\W\d_]+", line.replace("Ticket to Ride", ""))]
        english = sum(w in english_words for w in words)
        if english >= 2 and english > sum(w in DANISH_WORDS for w in words):
            found.append(line)
    return found


DANISH_PAGES = [doc for doc in NOTEBOOKS if doc.parent.name == "da"]


@pytest.mark.parametrize("doc", DANISH_PAGES, ids=[doc.name for doc in DANISH_PAGES])
def test_a_danish_notebooks_outputs_hold_no_english_sentence(site, doc):
    """What a Danish notebook shows when it runs (the engine's sentences, the widgets, the tables,
    the boards' titles) is Danish: no line of its outputs reads as English."""
    lines = output_lines(page(site, doc))
    assert len(lines) > 5, f"{doc}: no outputs on its page"
    leaked = english_lines(lines)
    assert not leaked, f"{doc} shows English: {leaked[:5]}"


def test_the_english_line_search_finds_the_english_outputs(site):
    """The search above can tell: the English twin of a Danish notebook shows many English lines."""
    english = Path("notebooks") / DANISH_PAGES[-1].name
    assert len(english_lines(output_lines(page(site, english)))) > 5
