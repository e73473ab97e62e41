"""The course site (`make site`): Sphinx with myst-nb, the sphinx-book-theme, and the extension in _ext/.

Sources: scripts/build_site.py lays out build/site-src/ (this folder's pages, and a copy of notebooks/) and runs sphinx-build with this folder as its configuration. Every
notebook is executed in the build (myst-nb, `force`), in the project's kernel, with
TTR_NB_STATIC_HTML=1 (ttr_nb/static_html.py: figures and widgets shown as HTML), and any cell
that fails fails the build: the build is the notebooks' check.
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "_ext"))

project = "ttr_nb · Ticket to Ride"
author = "the ttr_nb authors"
language = "en"
root_doc = "index"
extensions = ["myst_nb", "ttr_course"]
exclude_patterns = ["**/.ipynb_checkpoints", "**/__pycache__"]

# every notebook runs in the build; an error in any cell stops it (the notebooks' check)
nb_execution_mode = "force"
nb_execution_raise_on_error = True
nb_execution_show_tb = True
nb_execution_timeout = 600
nb_merge_streams = True
# no widget state is saved (figures and widgets are HTML), so nothing loads a widget manager or
# require.js from another host
nb_ipywidgets_js = {}
nb_output_stderr = "remove-warn"
# prose headings in the notebooks are chapters of their own page
myst_heading_anchors = 2

html_theme = "sphinx_book_theme"
html_title = "Ticket to Ride · ttr_nb"
html_theme_options = {
    "home_page_in_toc": True,
    "show_navbar_depth": 1,
    "use_download_button": False,
    "use_fullscreen_button": False,
    "navigation_with_keys": False,
}
html_last_updated_fmt = None
html_show_sourcelink = False
html_copy_source = False
suppress_warnings = ["mystnb.unknown_mime_type", "myst.header"]
