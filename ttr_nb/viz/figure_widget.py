"""`FigureWidget`: plotly's `go.FigureWidget`, with plotly.js sent to a page once, not once per figure.

plotly (since 6) makes `go.FigureWidget` an anywidget whose `_esm` trait is plotly's whole widget
bundle (plotly.js and plotly's widget code, ~5 MB): every figure carries it in its state, so three
boards on a Voilà page cost 15.6 MB over the websocket and a notebook saved with widget state grows
~5 MB per board.

Here `_esm` is a small loader (~4 KB).  The first figure on a page asks the kernel for the bundle by
a custom message; the kernel answers with the file plotly installed (`widgetbundle.js`) as a binary
buffer, and the page imports it once and keeps the module on `window`, under plotly's version; every
later figure on the page uses that module and asks for nothing.  plotly's own front end does the
drawing (its `FigureModel` and `FigureView`, the code every FigureWidget runs), so clicks, hover,
restyles and relayouts behave as they do in plotly, and the Python side is plotly's: `data`,
`layout`, `batch_update()`, `on_click` all work unchanged.

Why this and not a widget of our own, or a URL:
- anywidget holds every message to a model until the ESM's `initialize()` has returned and gives
  up after 2 s ("Failed to initialize model"), after which the model drops every message.  So the
  loader never waits in `initialize()`: it only queues the restyles that arrive before the bundle
  does (the first figure, for the fraction of a second the bundle travels) and `render()` awaits
  the page's one bundle, then replays the queue into plotly's `FigureModel` before drawing.
- A widget of our own would have to re-implement plotly's Python side (property paths, batched
  updates, point callbacks): the package's views use all of it (`fig.data[i].x = ...`,
  `trace.update`, `layout[...]`, `on_click`).
- A static URL (the jupyterlab-plotly extension's files) is served by JupyterLab and Voilà but not
  by a JupyterLite site, and does not hold plotly's widget code; the kernel always has the bundle,
  in every front end, offline.

Measured (tests/browser/test_plotly_once.py, tests/viz/test_figure_widget.py): two boards on a Voilà
page received 10.5 MB over the websocket with plotly's FigureWidget (5.3 and 5.2 MB a board), 5.3 MB
with this one (the first board 5.2 MB with the bundle, the second 155 KB); five boards add 0.74 MB of
widget state to a saved notebook (5.2 MB a board before).

What it costs: a notebook saved with widget state keeps each figure's data and layout but no
plotly.js, so a saved board draws again only when the kernel runs (without one it says so).
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import plotly
import traitlets

from ..engine.i18n import translations
from .plotly_widget import figure_widget_class

_ = translations("widgets")[0]

__all__ = ["FigureWidget", "plotly_bundle", "ASK", "ANSWER"]

#: The custom messages: the page asks for the bundle, the kernel answers with it as a buffer.
ASK = "ttr-plotly-bundle?"
ANSWER = "ttr-plotly-bundle"


@lru_cache(maxsize=1)
def plotly_bundle() -> bytes:
    """plotly's widget bundle (plotly.js and plotly's widget front end), as installed with plotly."""
    return (Path(plotly.__file__).parent / "package_data" / "widgetbundle.js").read_bytes()


_LOADER = """
const VERSION = %(version)s;
const KEY = "__ttrPlotlyWidget:" + VERSION;       // one bundle per page and plotly version
const ASK = %(ask)s, ANSWER = %(answer)s;
const WAIT_MS = 20000, ATTEMPTS = 3;
const KINDS = ["addTraces", "deleteTraces", "moveTraces", "restyle", "relayout", "update", "animate",
               "removeLayoutProps", "removeTraceProps"];

function page() {
  if (!window[KEY]) {
    const slot = { module: null, promise: null, resolve: null, reject: null, asked: false };
    slot.promise = new Promise((resolve, reject) => { slot.resolve = resolve; slot.reject = reject; });
    slot.promise.catch(() => {});
    window[KEY] = slot;
  }
  return window[KEY];
}

async function load(buffer) {
  const slot = page();
  if (slot.module) return;
  const url = URL.createObjectURL(new Blob([buffer], { type: "text/javascript" }));
  try {
    slot.module = await import(/* webpackIgnore: true */ url);
    slot.resolve(slot.module);
  } catch (error) {
    slot.reject(error);
  } finally {
    URL.revokeObjectURL(url);
  }
}

function ask(model) {
  // the first figure on the page asks; with no answer in time (that figure was closed, or no kernel
  // runs) the page forgets the question and the next figure waiting asks again
  const slot = page();
  if (slot.module || slot.asked) return;
  slot.asked = true;
  const forget = (why) => {
    if (!slot.module && window[KEY] === slot) {
      delete window[KEY];
      slot.reject(new Error(why));
    }
  };
  try {
    model.send({ type: ASK });
  } catch (error) {             // a model restored from a saved notebook has no kernel to ask
    forget("no kernel to ask");
    return;
  }
  setTimeout(() => forget("no answer from the kernel"), WAIT_MS);
}

async function bundle(model) {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const slot = page();
    if (slot.module) return slot.module;
    ask(model);
    try { return await slot.promise; } catch (error) { /* ask again */ }
  }
  throw new Error("plotly's bundle did not come");
}

export default () => {
  let model = null;
  let inner = null;                   // plotly's own widget ({initialize, render}), once loaded
  const queue = [];                   // [trait, value] that arrived before it
  const handlers = {};

  function start(module) {
    if (inner) return inner;
    const over = {};
    // plotly's FigureModel reads each message from the model: replay the queued ones through this
    const proxy = {
      get: (k) => (k in over ? over[k] : model.get(k)),
      set: (k, v) => model.set(k, v),
      on: (event, fn) => { (handlers[event] = handlers[event] || []).push(fn); model.on(event, fn); },
      save_changes: () => model.save_changes(),
    };
    inner = module.default();
    inner.initialize({ model: proxy });
    for (const [trait, value] of queue.splice(0)) {
      over[trait] = value;
      for (const fn of handlers["change:" + trait] || []) fn();
      delete over[trait];
    }
    return inner;
  }

  return {
    initialize(ctx) {
      model = ctx.model;
      model.on("msg:custom", (msg, buffers) => {
        if (msg && msg.type === ANSWER && buffers && buffers.length) load(buffers[0]);
      });
      const slot = page();
      if (slot.module) { start(slot.module); return; }
      for (const kind of KINDS) {
        const trait = "_py2js_" + kind;
        model.on("change:" + trait, () => {
          const value = model.get(trait);
          if (!inner && value !== null && value !== undefined) queue.push([trait, value]);
        });
      }
      ask(model);
    },
    async render({ el }) {
      let module;
      try {
        module = await bundle(model);
      } catch (error) {
        el.textContent = model.get("_waiting_text");
        el.classList.add("ttr-figure-waiting");
        return;
      }
      return start(module).render({ el });
    },
  };
};
"""


def _loader() -> str:
    import json
    return _LOADER % dict(version=json.dumps(plotly.__version__), ask=json.dumps(ASK), answer=json.dumps(ANSWER))


class FigureWidget(figure_widget_class()):
    """plotly's `go.FigureWidget` whose front end fetches plotly.js once per page (see the module
    docstring); the same Python API.  Each figure answers the page's request for the bundle."""

    _esm = _loader()
    #: shown in place of the figure when no kernel answers (a notebook saved with its widgets)
    _waiting_text = traitlets.Unicode().tag(sync=True)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._waiting_text = _("This figure is drawn when the notebook runs.")
        self.on_msg(self._answer)

    def __repr__(self) -> str:
        # plotly's repr of a figure is its whole JSON, pretty-printed (a board's: ~60 ms of CPU);
        # ipywidgets asks for the repr of every widget shown, and of the widgets in a box, for a
        # text/plain that it cuts at 110 characters.  The JSON is `to_plotly_json()`.
        title = self.layout.title.text
        return (f"{type(self).__name__}({len(self.data)} traces"
                + (f", title={title!r}" if title else "") + ")")

    def _answer(self, _widget, content, _buffers) -> None:
        if isinstance(content, dict) and content.get("type") == ASK:
            self.send({"type": ANSWER}, buffers=[plotly_bundle()])
