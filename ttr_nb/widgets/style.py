"""The widgets' one stylesheet: how every `ttr-*` class looks.

Every widget puts the same small `ipywidgets.HTML` holding a ``<style>`` element at the
top of its tree (`stylesheet()`): it travels with the widget, so it works in JupyterLab,
in Voilà, after a page reload and offline, and nothing is fetched. The HTML the widgets
write carries class names only; colours that are data (a player's colour, a bar's
length) are the only values written on an element.
"""
from __future__ import annotations

import ipywidgets as W

from ..viz.cards import CARD_COLOURS
from .html import card_css
from .responsive import LAYOUT_CSS

__all__ = ["CSS", "stylesheet"]

_FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif'

CSS = f"""
.ttr-text, .ttr-explorer, .ttr-payment, .ttr-tunnel-lab, .ttr-game-table, .ttr-scoring {{
  font-family: {_FONT}; line-height: 1.35;
}}
.ttr-muted {{ color: #666; font-weight: 400; }}
.ttr-small {{ font-size: 13.5px; }}
.ttr-heading {{ font-size: 17px; font-weight: 600; margin-bottom: 2px; }}
.ttr-subheading {{ font-weight: 600; margin: 0 0 2px; }}
.ttr-caption {{ margin-bottom: 4px; }}
.ttr-footnote {{ color: #666; font-size: 12.5px; margin-top: 3px; }}
.ttr-note {{ margin-top: 3px; }}
.ttr-panel-text {{ font-size: 15px; margin-top: 8px; line-height: 1.5; }}
.ttr-name {{ white-space: nowrap; }}
.ttr-number {{ text-align: right; font-weight: 600; }}

/* the status line */
.ttr-status-line {{ font-size: 15px; min-height: 1.4em; }}
.ttr-scoring .ttr-status-line:empty {{ min-height: 0; }}
.ttr-status-info {{ color: #234; }}
.ttr-status-ok {{ color: #1a6b1a; }}
.ttr-status-refused {{ color: #a33; }}
.ttr-status-error {{ color: #a00; }}

/* cards */
.ttr-chip {{
  display: inline-block; border: 1px solid #333; border-radius: 5px; padding: 1px 7px;
  margin: 1px 3px 1px 0; font-size: 15px; font-weight: 600; white-space: nowrap;
}}
.ttr-mini-cards {{ white-space: nowrap; }}
.ttr-mini-card {{
  display: inline-block; min-width: 19px; height: 19px; line-height: 19px; border: 1px solid #444;
  border-radius: 3px; text-align: center; font-size: 12px; font-weight: 700; margin-right: 2px;
  vertical-align: middle;
}}
.ttr-swatch {{
  display: inline-block; width: 14px; height: 14px; border-radius: 3px; border: 1px solid #333;
  vertical-align: -2px; margin-right: 6px;
}}
{card_css()}

/* tables */
.ttr-table {{ border-collapse: collapse; margin: 4px 0; }}
.ttr-table th {{ padding: 4px 7px; border-bottom: 2px solid #333; text-align: right; vertical-align: bottom; }}
.ttr-table td {{ padding: 3px 7px; border-bottom: 1px solid #ddd; text-align: right; white-space: nowrap; }}
.ttr-table .ttr-label {{ text-align: left; }}

/* the edition explorer */
.ttr-doubles-text {{ font-size: 15px; margin: 4px 0 0 4px; }}
.ttr-rules-table {{ width: 100%; }}
.ttr-rules-table th, .ttr-rules-table td {{ text-align: left; vertical-align: top; white-space: normal; }}
.ttr-row-name {{ font-weight: 600; }}
.ttr-rule.ttr-differs td {{ background: #fff1b8; }}
.ttr-rule.ttr-differs .ttr-edition-value {{ font-weight: 600; }}
.ttr-board-facts {{ margin-top: 8px; }}
.ttr-columns > tbody > tr > td, .ttr-columns > tr > td {{ vertical-align: top; padding-right: 16px; }}
.ttr-facts td:first-child {{ padding: 0 8px 0 0; }}
.ttr-bars {{ border-collapse: collapse; font-size: 13px; line-height: 1.25; }}
.ttr-bar-label {{ padding: 1px 8px 1px 0; white-space: nowrap; }}
.ttr-bar {{
  display: inline-block; height: 13px; border: 1px solid #555; border-radius: 2px; vertical-align: -1px;
}}
.ttr-bar-count {{ margin-left: 6px; }}

/* the payment checker */
.ttr-count {{
  width: 50px; height: 58px; border-radius: 6px; border: 2px solid #333; text-align: center;
  box-sizing: border-box;
}}
.ttr-count-number {{ font-size: 24px; font-weight: 700; line-height: 34px; }}
.ttr-count-label {{ font-size: 11px; line-height: 14px; }}
.ttr-card-missing {{ background: #f6f6f6; color: #8a8a8a; border: 2px dashed #bbb; border-top-width: 7px; }}
.ttr-card-missing .ttr-count-number {{ line-height: 28px; }}
{chr(10).join(f".ttr-stripe-{name} {{ border-top: 7px solid {colour}; }}" for name, colour in CARD_COLOURS.items())}
.ttr-intro {{ font-size: 15px; color: #444; margin-top: 10px; }}
.ttr-route-title {{ font-size: 18px; font-weight: 600; margin: 10px 0 2px; }}
.ttr-route-facts {{ font-size: 14px; color: #333; margin-bottom: 6px; }}
.ttr-no-payment {{ font-size: 16px; color: #a33; font-weight: 600; }}
.ttr-reason {{ font-size: 15px; color: #a33; margin-top: 4px; }}
.ttr-option-count {{ font-size: 16px; font-weight: 600; color: #1a6b1a; }}
.ttr-option-group {{ margin-top: 5px; }}
.ttr-option-group-title {{ font-weight: 600; }}
.ttr-option-list {{ margin: 1px 0 0 0; padding-left: 18px; list-style: none; }}
.ttr-option {{ margin: 1px 0; }}
.ttr-more {{ color: #666; list-style: none; margin-top: 4px; }}
.ttr-payment .ttr-text {{ font-size: 15px; }}

/* the tunnel lab */
.ttr-unseen, .ttr-expected {{ margin-top: 4px; }}
.ttr-odds {{ font-size: 15px; margin: 6px 0 0 40px; }}
.ttr-odds th, .ttr-odds td {{ padding: 3px 10px; }}
.ttr-exact {{ color: #1f6ccf; font-weight: 600; }}
.ttr-observed {{ color: #c25e00; font-weight: 600; }}

/* the game table */
.ttr-banner {{ font-size: 22px; margin: 2px 0 4px 0; }}
.ttr-final-round {{ color: #a33; }}
.ttr-scores-table {{ font-size: 14px; margin: 6px 0; }}
.ttr-scores-table th, .ttr-scores-table td {{ padding: 3px 6px; }}
.ttr-score-row.ttr-to-move, .ttr-score-row.ttr-winner-row {{ background: #fff3c4; font-weight: bold; }}
.ttr-log-box {{ font-size: 14px; border-top: 1px solid #ccc; padding-top: 4px; }}
.ttr-log-line {{ padding: 1px 0; color: #333; }}
.ttr-log-line.ttr-latest {{ font-weight: bold; color: inherit; }}
.ttr-bonus-cards {{ font-size: 14px; border-top: 1px solid #ccc; padding: 4px 0; }}
.ttr-bonus-cards .ttr-heading {{ font-size: 15px; }}
.ttr-bonus-list {{ margin: 2px 0; padding-left: 0; list-style: none; }}
.ttr-bonus-card {{ padding: 1px 0; }}
.ttr-bonus-letter {{ display: inline-block; min-width: 1.4em; text-align: center; font-weight: bold;
                    border: 1px solid #555; border-radius: 3px; margin-right: 2px; }}
.ttr-bonus-points {{ color: #555; }}
.ttr-done {{ color: #1a6b1a; }}
.ttr-not-yet {{ color: #a33; }}
.ttr-choice {{ border: 2px solid #e0a800; padding: 4px 8px; margin: 6px 0; }}
.ttr-hint-text {{ font-size: 16px; line-height: 1.35; border-left: 4px solid #1f77b4; background: #eef5fb;
                 padding: 4px 8px; margin: 4px 0; white-space: normal; }}
.ttr-choice-text {{ font-size: 16px; }}
.ttr-choice .ttr-chip {{ font-size: 15px; }}
.ttr-ticket-choice {{ font-size: 15px; }}
.ttr-private {{ column-gap: 28px; }}
.ttr-ticket {{ display: inline-block; margin-right: 14px; white-space: nowrap; }}
.ttr-game-table .ttr-panel-text {{ margin-top: 4px; }}
button.ttr-card-button {{ border: 1px solid #555; }}

/* the scoring walkthrough */
.ttr-title {{ font-size: 24px; font-weight: bold; margin: 4px 0; }}
.ttr-counter {{ font-size: 15px; margin-left: 14px; color: #555; white-space: nowrap; }}
.ttr-step-body {{ font-size: 17px; line-height: 1.45; }}
.ttr-totals {{ margin: 4px 0; }}
.ttr-total {{
  border: 1px solid #bbb; border-radius: 6px; padding: 4px 10px; margin: 2px 6px 2px 0;
  display: inline-block; font-size: 17px;
}}
.ttr-total.ttr-active {{ border-width: 3px; }}
.ttr-delta {{ font-weight: bold; }}
.ttr-gain {{ color: #1a6b1a; }}
.ttr-loss {{ color: #a33; }}
.ttr-score-table {{ font-size: 15px; }}
.ttr-score-table td {{ padding: 5px 7px; border-bottom-color: #ccc; }}
.ttr-score-table-box {{ max-width: 100%; overflow-x: auto; }}
/* beside a board: every column in the panel's width (seven of them in Europe and India: the
   players' names wrap too) */
.ttr-split .ttr-score-table {{ font-size: 13px; }}
.ttr-split .ttr-score-table th, .ttr-split .ttr-score-table td {{ padding: 3px 3px; white-space: normal; }}
.ttr-split .ttr-score-table .ttr-name {{ white-space: normal; }}
/* the game's scores beside a board: a long seat name ("Spiller 3 (Planlæggeren)") wraps, so the
   stations column of Europe stays in the panel's width */
.ttr-split .ttr-scores-table .ttr-name {{ white-space: normal; }}
.ttr-split .widget-html, .ttr-split .widget-html-content {{ min-width: 0; max-width: 100%; }}
.ttr-winner {{ font-size: 18px; margin-top: 8px; }}
.ttr-tie-line {{ color: #444; font-size: 14px; }}

/* the layout of a board and its panel (responsive.py) */
{LAYOUT_CSS}
"""


_sheet: W.HTML | None = None


def stylesheet() -> W.HTML:
    """The HTML widget holding the stylesheet: one per kernel, shared by every widget."""
    global _sheet
    if _sheet is None or getattr(_sheet, "comm", None) is None:
        _sheet = W.HTML(f"<style>{CSS}</style>", layout=W.Layout(display="none"))
        _sheet.add_class("ttr-stylesheet")
    return _sheet
