"""The course site's own Sphinx extension: launch links on every lesson, plotly.js from the site.

- Every notebook page opens with two links: "Launch in JupyterLite" (the JupyterLite site that
  `make pages` puts in the site's lite/ folder, opened on the same notebook: relative, so it works
  on any host) and "Launch on Binder" (the repository's Binder link, for the GitHub repository
  given as `ttr_repository`, OWNER/NAME; without one the page says why there is no link).
- The widgets' state that the run recorded is left out of the pages (they are drawn as HTML).
- A page that holds a plotly figure (ttr_nb/static_html.py writes them without plotly.js) loads
  plotly.js from the site's own _static/ folder, the file plotly installed: one file for the whole
  site, loaded only by the pages that draw, before their figures' scripts run.
"""
from __future__ import annotations

import html
import shutil
from pathlib import Path

import plotly

PLOTLY_JS = "plotly.min.js"
BINDER = "https://mybinder.org/v2/gh/{repository}/HEAD?labpath={path}"


def notebook_path(app, pagename: str) -> str | None:
    """notebooks/NAME.ipynb (or notebooks/da/NAME.ipynb) for a notebook's page, else None."""
    source = Path(app.env.doc2path(pagename))
    if source.suffix != ".ipynb":
        return None
    return f"{pagename}.ipynb"


def launch_bar(app, pagename: str, path: str) -> str:
    up = "../" * pagename.count("/")
    lite = f'{up}lite/lab/index.html?path={path.removeprefix("notebooks/")}'
    repository = app.config.ttr_repository
    links = [f'<a class="ttr-launch ttr-launch-lite" href="{html.escape(lite)}">Launch in JupyterLite</a>']
    if repository:
        binder = BINDER.format(repository=repository, path=path)
        links.append(f'<a class="ttr-launch ttr-launch-binder" href="{html.escape(binder)}">Launch on Binder</a>')
    else:
        links.append('<span class="ttr-launch ttr-launch-binder-missing">Launch on Binder: no link, this copy of '
                     'the course was built from a clone with no GitHub remote (<code>make links</code>)</span>')
    return f'<div class="ttr-launch-bar">{" ".join(links)}</div>\n'


WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
#: the title of a page whose notebook has no heading of its own (the app is a Voilà page)
TITLES = {"notebooks/app": "The game app"}


def give_titles(app, docname, source):
    """A notebook with no heading of its own gets its title as a first cell, on the site only."""
    if docname in TITLES:
        import json
        notebook = json.loads(source[0])
        first = notebook["cells"][0] if notebook["cells"] else {}
        if not (first.get("cell_type") == "markdown" and "".join(first.get("source", "")).startswith("# ")):
            notebook["cells"].insert(0, {"cell_type": "markdown", "metadata": {}, "source": f"# {TITLES[docname]}"})
            source[0] = json.dumps(notebook)


def page_context(app, pagename, templatename, context, doctree):
    # the widgets' state, which the notebook's run recorded: they are drawn as HTML, so it is dead
    # weight (~5 MB a board), and a widget manager from another host would be needed to read it
    context["script_files"][:] = [js for js in context["script_files"]
                               if getattr(js, "attributes", {}).get("type") != WIDGET_STATE]
    body = context.get("body")
    if not isinstance(body, str):
        return
    path = notebook_path(app, pagename)
    if path is not None:
        context["body"] = launch_bar(app, pagename, path) + body
    if "plotly-graph-div" in body:
        app.add_js_file(PLOTLY_JS, priority=100)      # only this page; before the figures' own scripts


def copy_plotly(app, exception):
    if exception is None and app.builder.format == "html":
        static = Path(app.outdir) / "_static"
        static.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(Path(plotly.__file__).parent / "package_data" / PLOTLY_JS, static / PLOTLY_JS)


CSS = """
.ttr-launch-bar { display: flex; flex-wrap: wrap; gap: .5rem; margin: 0 0 1rem; }
.ttr-launch { display: inline-block; padding: .25rem .7rem; border-radius: .3rem; font-size: .9rem;
  border: 1px solid var(--pst-color-border, #ccc); text-decoration: none; }
a.ttr-launch { background: var(--pst-color-surface, #f3f4f5); }
.ttr-launch-binder-missing { color: var(--pst-color-text-muted, #666); border-style: dashed; }
.ttr-static-button { opacity: 1; }
"""


def write_css(app):
    static = Path(app.outdir) / "_static"
    static.mkdir(parents=True, exist_ok=True)
    (static / "ttr-course.css").write_text(CSS, encoding="utf-8")


def setup(app):
    app.add_config_value("ttr_repository", "", "html")
    app.connect("builder-inited", write_css)
    app.add_css_file("ttr-course.css")
    app.connect("source-read", give_titles)
    app.connect("html-page-context", page_context, priority=900)      # after myst-nb's own
    app.connect("build-finished", copy_plotly)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
