"""Figures and widgets as plain HTML, drawn when they are displayed: the course site's form of them.

A board widget is a plotly `FigureWidget` whose plotly.js comes from the kernel, and a teaching
widget is a tree of ipywidgets: without a kernel (a static web page) neither can draw. With the
environment variable ``TTR_NB_STATIC_HTML=1`` set in the kernel's environment (`make site` sets
it), `import ttr_nb` registers one display printer in IPython for every plotly figure, every
ipywidget and every teaching widget: each is then shown as HTML -- the figure as plotly's own
``<div>`` and ``Plotly.newPlot`` call, *without* plotly.js (the page loads that once, from its own
site), a widget as its tree drawn with plain elements (boxes as flex rows and columns, texts as
they are, buttons and menus disabled, showing their labels and choices) -- as it looks at the
moment it is displayed. The notebook's code runs unchanged; only what a display sends differs.

    >>> import ipywidgets as W
    >>> from ttr_nb.static_html import html_of
    >>> print(html_of(W.VBox([W.HTML("<b>Ready</b>"), W.Button(description="Claim")])))
    <div class="ttr-static-box" style="display:flex;flex-direction:column;gap:4px"><b>Ready</b><button class="ttr-static-button" disabled>Claim</button></div>

What is left out: a widget hidden by its layout (``display: none``), and what an `Output` widget
caught with ``with out:`` (that goes to the front end, not to the kernel's copy of the widget).
"""
from __future__ import annotations

import html
import itertools
import os
import sys
from typing import Any

__all__ = ["ENVIRONMENT", "enabled", "install", "html_of", "figure_html"]

#: the environment variable that turns the static form on
ENVIRONMENT = "TTR_NB_STATIC_HTML"

_ids = itertools.count(1)


def enabled() -> bool:
    return os.environ.get(ENVIRONMENT, "") not in ("", "0")


def figure_html(fig) -> str:
    """A plotly figure (a `go.Figure`, our `Figure`, a `FigureWidget`) as plotly's ``<div>`` and
    script, without plotly.js: as wide as its layout says, or narrower where the page is, keeping
    its proportions (plotly's responsive mode draws it to the box)."""
    import plotly.io as pio
    from .viz.figure import Figure
    spec = (fig if isinstance(fig, Figure) else Figure(fig)).spec()
    if not isinstance(fig, Figure):
        spec["config"] = {}      # a widget keeps its toolbar, as it has it in JupyterLab
    layout = dict(spec["layout"])
    width, height = layout.pop("width", None) or 700, layout.pop("height", None) or 450
    spec["layout"] = dict(layout, autosize=True)
    div = pio.to_html(spec, config=dict(spec.get("config") or {}, responsive=True), include_plotlyjs=False,
                      full_html=False, div_id=f"ttr-figure-{next(_ids)}", validate=False,
                      default_width="100%", default_height="100%")
    # as wide as the page lets it be, up to its own width, and as high as its proportions want
    box = f"width:100%;max-width:{width}px;aspect-ratio:{width}/{height}"
    return f'<div class="ttr-static-figure" style="{box}">{div}</div>'


def _hidden(widget) -> bool:
    layout = getattr(widget, "layout", None)
    return layout is not None and (getattr(layout, "display", None) == "none"
                                   or getattr(layout, "visibility", None) == "hidden")


def _classes(widget, *own: str) -> str:
    return " ".join([*own, *getattr(widget, "_dom_classes", ())])


def _choice(widget) -> tuple[list[str], str | None]:
    """The labels of a selection widget's options, and the one chosen."""
    labels = [str(label) for label in getattr(widget, "_options_labels", ())]
    chosen = getattr(widget, "label", None)
    if hasattr(widget, "index") and isinstance(widget.index, int) and 0 <= widget.index < len(labels):
        chosen = labels[widget.index]
    return labels, chosen


def _toggle(label: str, pressed: bool, classes: str = "") -> str:
    """A button pressed or not (a ToggleButton, one of ToggleButtons), disabled."""
    own = f' class="{classes}"' if classes else ""
    bold = ' style="font-weight:600"' if pressed else ""
    return f'<button{own} disabled aria-pressed="{str(pressed).lower()}"{bold}>{html.escape(label)}</button>'


def _description(widget) -> str:
    text = getattr(widget, "description", "") or ""
    return f'<span class="ttr-static-description">{html.escape(text)}</span> ' if text else ""


def _output_html(output: dict) -> str:
    kind = output.get("output_type")
    if kind == "stream":
        return f"<pre>{html.escape(output.get('text', ''))}</pre>"
    data = output.get("data") or {}
    if "text/html" in data:
        return data["text/html"]
    if "text/plain" in data:
        return f"<pre>{html.escape(data['text/plain'])}</pre>"
    if kind == "error":
        return f"<pre>{html.escape(output.get('ename', ''))}: {html.escape(output.get('evalue', ''))}</pre>"
    return ""


def _is_teaching_widget(widget) -> bool:
    base = sys.modules.get("ttr_nb.widgets.base")        # (imported once a teaching widget exists)
    return base is not None and isinstance(widget, base.WidgetBase)


def _widget_html(widget) -> str:
    import ipywidgets as W
    if _hidden(widget):
        return ""
    if isinstance(widget, (W.Tab, W.Accordion, W.Stack)):
        titles = list(getattr(widget, "titles", ()) or ())
        parts = []
        for i, child in enumerate(widget.children):
            title = titles[i] if i < len(titles) and titles[i] else ""
            heading = f'<div class="ttr-static-tab-title"><b>{html.escape(title)}</b></div>' if title else ""
            parts.append(f"<div>{heading}{html_of(child)}</div>")
        return f'<div class="{_classes(widget, "ttr-static-box")}">{"".join(parts)}</div>'
    if isinstance(widget, W.Box):
        if _is_teaching_widget(widget):
            widget.build()              # a teaching widget makes its children when it is first shown
        row = isinstance(widget, W.HBox)
        style = ("display:flex;flex-direction:row;flex-wrap:wrap;gap:8px;align-items:flex-start" if row
                 else "display:flex;flex-direction:column;gap:4px")
        if isinstance(widget, W.GridBox) and widget.layout.grid_template_columns:
            style = f"display:grid;grid-template-columns:{widget.layout.grid_template_columns};gap:4px"
        inner = "".join(html_of(child) for child in widget.children)
        return f'<div class="{_classes(widget, "ttr-static-box")}" style="{style}">{inner}</div>'
    if isinstance(widget, (W.HTML, W.HTMLMath)):
        return widget.value
    if isinstance(widget, W.Label):
        return f'<span class="{_classes(widget, "ttr-static-label")}">{html.escape(widget.value)}</span>'
    if isinstance(widget, W.ToggleButton):
        return _toggle(widget.description, bool(widget.value), _classes(widget, "ttr-static-button"))
    if isinstance(widget, W.Button):
        return (f'<button class="{_classes(widget, "ttr-static-button")}" disabled>'
                f"{html.escape(widget.description)}</button>")
    if isinstance(widget, W.ToggleButtons):
        labels, chosen = _choice(widget)
        buttons = "".join(_toggle(label, label == chosen) for label in labels)
        return f'<div class="{_classes(widget, "ttr-static-choice")}">{_description(widget)}{buttons}</div>'
    if isinstance(widget, (W.Dropdown, W.Select, W.RadioButtons)):
        labels, chosen = _choice(widget)
        options = "".join(f'<option{" selected" if label == chosen else ""}>{html.escape(label)}</option>'
                          for label in labels)
        return (f'<label class="{_classes(widget, "ttr-static-choice")}">{_description(widget)}'
                f"<select disabled>{options}</select></label>")
    if isinstance(widget, W.Checkbox):
        return (f'<label class="{_classes(widget, "ttr-static-choice")}"><input type="checkbox" disabled'
                f'{" checked" if widget.value else ""}> {html.escape(widget.description)}</label>')
    if isinstance(widget, (W.Text, W.Textarea)):
        return (f'<label class="{_classes(widget, "ttr-static-choice")}">{_description(widget)}'
                f'<input type="text" disabled value="{html.escape(widget.value)}"></label>')
    if isinstance(widget, W.Output):
        return f'<div class="{_classes(widget)}">{"".join(_output_html(o) for o in widget.outputs)}</div>'
    if isinstance(widget, W.Image):
        import base64
        data = base64.b64encode(widget.value).decode("ascii")
        return f'<img class="{_classes(widget)}" src="data:image/{widget.format};base64,{data}">'
    if hasattr(widget, "value") and isinstance(widget, W.DOMWidget):       # sliders, numbers, progress
        return (f'<span class="{_classes(widget, "ttr-static-value")}">{_description(widget)}'
                f"{html.escape(str(widget.value))}</span>")
    return f"<!-- {type(widget).__name__}: not drawn without a kernel -->"


def html_of(obj: Any) -> str:
    """`obj` (a plotly figure, an ipywidget -- a teaching widget is one -- or an object holding an
    ipywidget as ``.widget``) as HTML."""
    from plotly.basedatatypes import BaseFigure
    if isinstance(obj, BaseFigure):
        return figure_html(obj)
    import ipywidgets as W
    if isinstance(obj, W.Widget):
        return _widget_html(obj)
    inner = getattr(obj, "widget", None)
    if isinstance(inner, W.Widget):
        return _widget_html(inner)
    raise TypeError(f"{type(obj).__name__} is neither a plotly figure nor a widget")


def _display(obj) -> None:
    from IPython.display import display
    display({"text/html": html_of(obj), "text/plain": f"<{type(obj).__name__}>"}, raw=True)


#: (module, class) of what is shown as HTML; registered by name, so nothing is imported before it is used
SHOWN = (("plotly.basedatatypes", "BaseFigure"), ("ipywidgets.widgets.widget", "Widget"))   # teaching widgets too


def install(shell=None) -> bool:
    """Show every figure and widget as HTML in the running IPython (or `shell`); False outside IPython."""
    if shell is None:
        try:
            from IPython import get_ipython
        except ImportError:
            return False
        shell = get_ipython()
    if shell is None:
        return False
    printer = shell.display_formatter.ipython_display_formatter
    for module, name in SHOWN:
        printer.for_type_by_name(module, name, _display)
    return True
