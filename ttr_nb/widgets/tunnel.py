"""`TunnelLab`: the exact odds of a tunnel asking for 0-3 extra cards, and digs to compare.

    >>> lab = TunnelLab("europe", seed=1, tunnel="Marseille-Zürich", payment="pink*2")
    >>> [round(float(p), 3) for p in lab.odds]
    [0.447, 0.418, 0.123, 0.011]
    >>> lab.dig()["route"]
    'Marseille-Zürich'
    >>> lab.dig_many(99)
    True
    >>> sum(lab.observed)
    100

The position: player 0 holds exactly the payment; the face-up display (and a discard pile,
empty unless `set_seen` says otherwise) is seen; every other card is unseen, in the deck.
`odds` are `ttr_nb.analysis.tunnel_odds` for that position: exact fractions, from the deck's
composition. `dig()` plays the claim through the engine on that position with the unseen
cards freshly shuffled by the lab's seeded generator, and reads the revealed cards from
`state.view(0)["last_tunnel_reveal"]`; `observed` counts the digs by extra cards asked for.

Every control calls a public method: `set_edition`, `select_tunnel`, `set_payment`,
`set_seen`, `dig`, `dig_many`, `reset`.
"""
from __future__ import annotations

import random
from fractions import Fraction

import ipywidgets as W
import plotly.graph_objects as go

from ..analysis.tunnels import expected_extra, matching, tunnel_odds
from ..engine import Claim, Match, editions, load_game
from ..engine.cards import CARD_NAMES, COLOURS, LOCO, Cards, card_index, colour_name
from ..engine.i18n import N_, translations
from ..engine.narration import and_list, cards_text, or_list
from ..engine.numerals import decimal, percent, separators
from ..engine.queries import tunnel_extra_kinds
from ..engine.rules import load_rules
from ..engine.serialize import PositionError
from ..viz import keep_state_fresh
from ..viz.figure import percent_axis
from .arguments import ArgumentError, check_cards, check_edition, check_flag, check_route, check_seed, refuse
from .base import RouteController
from .explorer import edition_name, route_label
from .html import CARDS_OF, route_colour, cards_chips as _cards_chips, chip as _chip, esc as _esc
from .refusals import whole_number
from .style import stylesheet

__all__ = ["TunnelLab", "MAX_DIGS"]

#: The most digs `dig_many` does in one call.
MAX_DIGS = 20_000
_EXACT = "#1f6ccf"
_OBSERVED = "#f58a1f"
_, ngettext = translations("widgets")

_X = (N_("0 extra"), N_("1 extra"), N_("2 extra"), N_("3 extra"))


def _position_problems(error: PositionError) -> str:
    """The problems a `PositionError` lists, as one sentence."""
    lines = [ln[2:] for ln in str(error).splitlines() if ln.startswith("- ")]
    text = " ".join(lines) or str(error)
    return text[:1].upper() + text[1:] + "."


def _pct(p) -> str:
    """A chance as a percentage with one decimal, written the language's way: '44.7%', '44,7 %'."""
    return percent(float(p), 1)


class TunnelLab(RouteController):
    """Tunnel odds, exact and dug: ``TunnelLab(edition="europe", seed=0)``.

    Public methods (each returns whether it was done, `dig` the reveal or None; a refusal
    shows its reason in `status`): `set_edition(edition)`, `select_tunnel(route)`,
    `set_payment("red*2")`, `set_seen(display=None, discard=None)`, `dig()`, `dig_many(n)`,
    `reset()`.

    Attributes: `tunnels` (route keys), `tunnel` (the `Route` or None), `payment` (`Cards`),
    `payment_choices`, `odds` (4 `Fraction`s: P(0, 1, 2, 3 extra cards)), `expected`
    (expected extra cards), `observed` (4 counts), `digs`, `observed_frequencies`,
    `last_reveal` ({"route", "revealed", "extra"} or None), `unseen` (`Cards`),
    `figure` (the one bar-chart FigureWidget).

    The lab is an ipywidgets `VBox` (it goes into an `HBox` or a `Tab`, has a `.layout`) with
    the traits ``selected_route`` (the index of `tunnel`; setting it chooses a tunnel as
    `select_tunnel` does) and ``language``, which `observe` and `ipywidgets.link` follow.
    """

    def __init__(self, edition: str = "europe", seed: int = 0, *, tunnel=None, payment=None,
                 colour_blind: bool = False, language: str | None = None, **options):
        me = "TunnelLab"
        edition = check_edition(me, edition)
        self.seed = seed = check_seed(me, seed)
        # the lab draws no board; kept for the same call everywhere
        self.colour_blind = check_flag(me, "colour_blind", colour_blind)
        if payment is not None and not check_cards(me, "payment", payment).total:
            raise refuse(me, "payment", _("None or the cards paid for the tunnel, such as 'red*2'"), payment)
        try:
            game = load_game(edition, players=2, seed=seed, **options)
        except ValueError as e:
            raise ArgumentError(me, "options", str(e)) from None
        check_route(me, game, tunnel, "tunnel")
        self.rng = random.Random(seed)
        super().__init__(Match(game))
        self.edition_options = dict(options)
        self.tunnel = None
        self.payment: Cards | None = None
        self.payment_choices: list[Cards] = []
        self.odds: list[Fraction] = [Fraction(0)] * 4
        self.observed = [0, 0, 0, 0]
        self.last_reveal: dict | None = None
        self.unseen = Cards()
        self._quiet = False
        self._build_widgets()
        self._new_edition()
        if tunnel is not None and not self.select_tunnel(tunnel):
            raise ArgumentError(me, "tunnel", self.status.text)
        if payment is not None and not self.set_payment(payment):
            raise ArgumentError(me, "payment", self.status.text)

    # ------------------------------------------------------------------ properties
    @property
    def edition(self) -> str:
        return self.game.rules.id

    @property
    def tunnels(self) -> list[str]:
        return [r.key for r in sorted((r for r in self.game.board.routes if r.tunnel), key=route_label)]

    @property
    def digs(self) -> int:
        return sum(self.observed)

    @property
    def observed_frequencies(self) -> list[float]:
        n = self.digs
        return [k / n if n else 0.0 for k in self.observed]

    @property
    def expected(self) -> Fraction:
        return expected_extra(self.odds)

    @property
    def seen(self) -> dict:
        return {"display": [CARD_NAMES[c] for c in self._display], "discard": [CARD_NAMES[c] for c in self._discard]}

    # ------------------------------------------------------------------ public actions
    def set_edition(self, edition: str, **options) -> bool:
        """Another edition: its tunnels, a new face-up display from the seed."""
        if not isinstance(edition, str):
            return self.refuse("widget.unknown-edition", _("{edition} is not an edition: give its name, such as "
                                                           "europe.").format(edition=repr(edition)))
        try:
            game = load_game(edition, players=2, seed=self.seed, **options)
        except (ValueError, TypeError, OSError) as e:
            return self.refuse("widget.unknown-edition", str(e))
        self.match = Match(game)
        self.edition_options = dict(options)
        self._new_edition()
        return True

    def select_tunnel(self, route) -> bool:
        """Choose the tunnel (key like "Marseille-Zürich", index or Route)."""
        ri = self.route_or_refuse(route)
        if ri is None:
            return False
        r = self.game.board.routes[ri]
        if not r.tunnel:
            self._sync_controls()
            return self.refuse("widget.not-a-tunnel", _("{route} is not a tunnel: only tunnels reveal cards. The "
                                                        "tunnels of {board} are in the list.").format(
                route=route_label(r, self.game.board), board=self.game.board.display_title))
        self.tunnel = r
        full = (self.game.rules.cards_per_colour,) * 8 + (self.game.rules.locomotives,)
        self.payment_choices = list(self.game.payment_options(ri, full, complete=True))
        colour_first = sorted(self.payment_choices, key=lambda p: (p[LOCO], p))
        return self._set(r, colour_first[0], _("{route}: pay with {cards}.").format(
            route=route_label(r, self.game.board), cards=cards_text(colour_first[0])))

    def select_route(self, route) -> bool:
        """Choose the tunnel (what `select_tunnel` does)."""
        return self.select_tunnel(route)

    def clear_selection(self) -> bool:
        """Refused: the lab always studies one tunnel (choose another one instead)."""
        return self.refuse("widget.not-a-tunnel", _("The lab always studies one tunnel: choose another tunnel "
                                                    "instead of none."))

    def _route_selected(self) -> int | None:
        return None if self.tunnel is None else self.tunnel.index

    def set_payment(self, payment) -> bool:
        """The cards laid down for the tunnel: ``"red*2"``, ``"red*1+loco*1"``, a `Cards`."""
        if self.tunnel is None:
            return self._no_tunnel()
        try:
            pay = Cards.coerce(payment)
        except (ValueError, TypeError, OverflowError, AttributeError, KeyError) as e:
            self._sync_controls()
            return self.refuse("widget.payment-syntax", _("Cannot read the payment {payment}: {problem}").format(
                payment=repr(payment), problem=e))
        return self._set(self.tunnel, pay, _("{route} paid with {cards}.").format(route=route_label(self.tunnel, self.game.board),
                                                                                  cards=cards_text(pay)))

    def set_seen(self, display=None, discard=None) -> bool:
        """What the player sees besides their hand: the face-up `display` and the `discard`
        pile (lists of card names). Every other card is unseen, in the deck."""
        for name, cards in (("display", display), ("discard", discard)):
            if cards is not None and (isinstance(cards, (str, bytes)) or not isinstance(cards, (list, tuple))
                                      or not all(isinstance(c, str) for c in cards)):
                why = (_("The display is a list of card names such as ['red', 'loco'], not {cards}.")
                       if name == "display" else
                       _("The discard is a list of card names such as ['red', 'loco'], not {cards}."))
                return self.refuse("widget.unknown-card", why.format(cards=repr(cards)))
        try:
            new_display = self._display if display is None else tuple(card_index(c) for c in display)
            new_discard = self._discard if discard is None else tuple(card_index(c) for c in discard)
        except ValueError as e:
            return self.refuse("widget.unknown-card", str(e))
        old = self._display, self._discard
        self._display, self._discard = new_display, new_discard
        if self.tunnel is not None and not self._set(self.tunnel, self.payment, _("The player sees other cards.")):
            self._display, self._discard = old
            return False
        return True

    def dig(self):
        """Lay down the payment and reveal three cards, through the engine. Returns
        {"route", "revealed", "extra"} (and counts it in `observed`), or None if refused."""
        if self.tunnel is None:
            self._no_tunnel()
            return None
        reveal = self._dig()
        self.last_reveal = reveal
        self._show_counts()
        self._show_reveal()
        extra = reveal["extra"]
        shown = ", ".join(colour_name(c) for c in reveal["revealed"]) or _("no card")
        self.status.ok(_("Dig {n}: revealed {cards} — {extra}").format(n=self.digs, cards=shown,
                                                                      extra=self._extra_sentence(extra)))
        return reveal

    def dig_many(self, n: int = 100) -> bool:
        """Dig `n` times (the chart is redrawn once, at the end)."""
        if self.tunnel is None:
            return self._no_tunnel()
        if whole_number(n, 1, MAX_DIGS) is None:
            return self.refuse("widget.digs", _("Dig between 1 and {most} times at once, not {n}.").format(
                most=MAX_DIGS, n=repr(n)))
        n = whole_number(n)
        for _dig in range(n):
            self.last_reveal = self._dig()
        self._show_counts()
        self._show_reveal()
        freq = ", ".join(f"{_(_X[k])}: {_pct(f)}" for k, f in enumerate(self.observed_frequencies))
        self.status.ok(ngettext("{n} dig more, {all} in all. Observed {freq}.",
                                "{n} digs more, {all} in all. Observed {freq}.", n).format(n=n, all=self.digs,
                                                                                         freq=freq))
        return True

    def reset(self) -> bool:
        """Forget the digs (the exact odds stay)."""
        self.observed = [0, 0, 0, 0]
        self.last_reveal = None
        self._show_counts()
        self._show_reveal()
        self.status.show(_("No digs yet: the orange bars fill in as you dig."))
        return True

    def position(self, deck=None, shuffles: int = 0):
        """The lab's position: player 0 to move, holding the payment; the display and discard
        seen; the other cards in the deck (`deck`: top first; default: shuffled by the game)."""
        if self.payment is None:
            self._no_tunnel()
            return None
        d = {"hands": [self.payment.as_dict(), {}], "display": [CARD_NAMES[c] for c in self._display],
             "discard": [CARD_NAMES[c] for c in self._discard], "shuffles": shuffles}
        if deck is not None:
            try:
                d["deck"] = [CARD_NAMES[c if isinstance(c, int) and not isinstance(c, bool) else card_index(c)]
                             for c in deck]
            except (ValueError, TypeError, IndexError, AttributeError):
                self.refuse("widget.unknown-card", _("The deck is a list of cards (names or numbers 0-8), not "
                                                     "{deck}.").format(deck=repr(deck)))
                return None
        if whole_number(shuffles, 0) is None:
            self.refuse("widget.bad-argument", _("shuffles is a whole number, 0 or more, not {shuffles}.").format(
                shuffles=repr(shuffles)))
            return None
        if deck is None:
            return self.game.state_from_dict(d)     # the lab's own position: its problems are the caller's
        try:
            return self.game.state_from_dict(d)
        except PositionError as e:
            self.refuse("widget.position", _position_problems(e))
            return None

    # ------------------------------------------------------------------ internals
    def _new_edition(self) -> None:
        rules = self.game.rules
        deck = [c for c in range(8) for _ in range(rules.cards_per_colour)] + [LOCO] * rules.locomotives
        random.Random(f"{self.seed}/display").shuffle(deck)
        self._display = tuple(deck[:rules.display_size])
        self._discard = ()
        self.tunnel, self.payment, self.payment_choices = None, None, []
        self.odds = [Fraction(0)] * 4
        self.observed, self.last_reveal = [0, 0, 0, 0], None
        self._sync_controls()
        tunnels = self.tunnels
        if not tunnels:
            self._show_all()
            self._no_tunnel()
            return
        routes = [self.game.board.route[k] for k in tunnels]
        first = next((r for r in routes if r.colour != "gray" and r.length == 2), routes[0])
        self.select_tunnel(first.key)
        self.status.show(ngettext("{edition}: {n} tunnel. Choose one and a payment, then dig.",
                                  "{edition}: {n} tunnels. Choose one and a payment, then dig.", len(tunnels)).format(
            edition=edition_name(rules), n=len(tunnels)))

    def _no_tunnel(self) -> bool:
        return self.refuse("widget.no-tunnels", _("The {board} board has no tunnels: choose {editions}.").format(
            board=self.game.board.display_title,
            editions=or_list([edition_name(load_rules(e)) for e in editions() if self._has_tunnels(e)])))

    @staticmethod
    def _has_tunnels(edition: str) -> bool:
        from ..engine.board import load_board
        return any(r.tunnel for r in load_board(load_rules(edition).board).routes)

    def _set(self, route, payment: Cards, message: str) -> bool:
        """Judge `payment` for `route` in the lab's position; show the odds if legal."""
        old = (self.tunnel, self.payment)
        self.tunnel, self.payment = route, payment
        try:
            state = self.position()
        except PositionError as e:
            self.tunnel, self.payment = old
            self._sync_controls()
            return self.refuse("widget.position", _position_problems(e))
        reason = state.why_illegal(Claim(route.key, payment))
        if reason is not None:
            self.tunnel, self.payment = old
            self.status.refuse(reason)
            self._sync_controls()
            return False
        self.match = Match(self.game, state)
        odds = tunnel_odds(state, route.index, payment)
        self.odds = list(odds) + [Fraction(0)] * (4 - len(odds))
        self.unseen = state.unseen_cards(0)
        self.observed, self.last_reveal = [0, 0, 0, 0], None
        self._sync_controls()
        self._show_all()
        self.status.ok(_("{message} Exact chance of no extra card: {chance}.").format(message=message,
                                                                                    chance=_pct(self.odds[0])))
        return True

    def _dig(self) -> dict:
        hidden = [c for c, n in enumerate(self.unseen) for _ in range(n)]
        self.rng.shuffle(hidden)
        state = self.position(deck=hidden, shuffles=self.rng.randrange(1 << 30))
        match = Match(self.game, state)
        match.play(Claim(self.tunnel.key, self.payment))
        self.match = match
        reveal = match.state.view(0)["last_tunnel_reveal"]
        self.observed[reveal["extra"]] += 1
        return reveal

    def _colour(self) -> int:
        return self.game.prices[self.tunnel.index].split(self.payment)[0]

    def _extra_sentence(self, extra: int) -> str:
        if extra == 0:
            return _("no extra card: the tunnel is claimed with the cards laid down.")
        return ngettext("{n} extra card ({kinds}) to pay, or take the cards back.",
                        "{n} extra cards ({kinds}) to pay, or take the cards back.", extra).format(
            n=extra, kinds=or_list(self._extra_kinds()))

    def _extra_kinds(self) -> list[str]:
        """The kinds of card that may pay this tunnel's extra cards: 'red cards', 'locomotives'."""
        kinds = tunnel_extra_kinds(self._colour(), self.payment[LOCO] == sum(self.payment))
        return [_(CARDS_OF[k]) for k in kinds]

    # ------------------------------------------------------------------ widgets
    def _build_widgets(self) -> None:
        self.edition_select = W.Dropdown(options=[(edition_name(load_rules(e)), e) for e in editions()],
                                         value=self.edition, description=_("Edition"), layout=W.Layout(width="320px"))
        self.edition_select.add_class("ttr-edition")
        self.tunnel_select = W.Dropdown(description=_("Tunnel"), layout=W.Layout(width="320px"))
        self.tunnel_select.add_class("ttr-tunnel-select")
        self.payment_select = W.Dropdown(description=_("Payment"), layout=W.Layout(width="320px"))
        self.payment_select.add_class("ttr-payment-select")
        self.edition_select.observe(self.guarded(self._on_edition), names="value")
        self.tunnel_select.observe(self.guarded(self._on_tunnel), names="value")
        self.payment_select.observe(self.guarded(self._on_payment), names="value")
        self.dig_button = W.Button(description=_("Dig once"), button_style="primary", layout=W.Layout(width="110px"))
        self.dig_button.add_class("ttr-dig")
        self.dig100_button = W.Button(description=_("Dig 100 times"), layout=W.Layout(width="130px"))
        self.dig100_button.add_class("ttr-dig-many")
        self.reset_button = W.Button(description=_("Reset"), layout=W.Layout(width="80px"))
        self.reset_button.add_class("ttr-reset")
        self.dig_button.on_click(self.guarded(lambda _b: self.dig()))
        self.dig100_button.on_click(self.guarded(lambda _b: self.dig_many(100)))
        self.reset_button.on_click(self.guarded(lambda _b: self.reset()))
        self.seen_html = W.HTML(layout=W.Layout(width="auto"))   # (100% plus its margins would overflow)
        self.seen_html.add_class("ttr-seen")
        self.reveal_html = W.HTML(layout=W.Layout(width="auto"))   # (100% plus its margins would overflow)
        self.reveal_html.add_class("ttr-reveal")
        self.table_html = W.HTML(layout=W.Layout(width="auto"))   # (100% plus its margins would overflow)
        self.table_html.add_class("ttr-odds-table")
        xs = [_(x) for x in _X]
        from ..viz.figure_widget import FigureWidget      # (plotly's widget module: imported when needed)
        self.figure = FigureWidget(
            data=[go.Bar(name=_("exact"), x=xs, y=[0, 0, 0, 0], marker_color=_EXACT, text=["", "", "", ""],
                         textposition="outside", meta="exact", cliponaxis=False,
                         hovertemplate=_("%{x}: %{text} (exact)") + "<extra></extra>"),
                  go.Bar(name=_("observed"), x=xs, y=[0, 0, 0, 0], marker_color=_OBSERVED, text=["", "", "", ""],
                         textposition="outside", meta="observed", cliponaxis=False,
                         hovertemplate=_("%{x}: %{text} observed") + "<extra></extra>")],
            layout=go.Layout(width=600, height=420, barmode="group", bargap=0.25, margin=dict(l=60, r=20, t=60, b=50),
                             title=dict(text="", x=0.02, font=dict(size=17)),
                             yaxis=dict(title=_("probability"), range=[0, 1], fixedrange=True, **percent_axis()),
                             xaxis=dict(title=_("extra cards the tunnel asks for"), fixedrange=True),
                             legend=dict(orientation="h", x=1, xanchor="right", y=1.02, yanchor="bottom"),
                             font=dict(size=14), plot_bgcolor="#ffffff", paper_bgcolor="#ffffff",
                             dragmode=False, separators=separators()))
        self.figure.layout.yaxis.gridcolor = "#e4e4e4"
        keep_state_fresh(self.figure)
        self.figure_box = W.Box([self.figure])
        self.figure_box.add_class("ttr-tunnel-chart")
        controls = W.VBox([self.edition_select, self.tunnel_select, self.payment_select,
                           W.HBox([self.dig_button, self.dig100_button, self.reset_button]),
                           self.seen_html, self.reveal_html],
                          layout=W.Layout(width="520px", min_width="0", max_width="100%", padding="0 14px 0 0"))
        right = W.VBox([self.figure_box, self.table_html], layout=W.Layout(max_width="100%"))
        self.children = [stylesheet(), self.status.widget,
                         W.HBox([controls, right], layout=W.Layout(flex_flow="row wrap", align_items="flex-start")),
                         self.errors]
        self.add_class("ttr-tunnel-lab")

    def _on_edition(self, change) -> None:
        if not self._quiet and change["new"] != self.edition:
            self.set_edition(change["new"])

    def _on_tunnel(self, change) -> None:
        if not self._quiet and change["new"] is not None and (self.tunnel is None or change["new"] != self.tunnel.key):
            self.select_tunnel(change["new"])

    def _on_payment(self, change) -> None:
        if not self._quiet and change["new"] is not None and Cards.parse(change["new"]) != self.payment:
            self.set_payment(change["new"])

    def _sync_controls(self) -> None:
        self._quiet = True
        try:
            self.edition_select.value = self.edition
            tunnels = [(self._tunnel_option(self.game.board.route[k]), k) for k in self.tunnels]
            if list(self.tunnel_select.options) != tunnels:
                self.tunnel_select.options = tunnels
            self.tunnel_select.value = self.tunnel.key if self.tunnel is not None else None
            pays = [(cards_text(p), str(p)) for p in self.payment_choices]
            if self.payment is not None and self.payment not in self.payment_choices:
                pays.append((cards_text(self.payment), str(self.payment)))
            if list(self.payment_select.options) != pays:
                self.payment_select.options = pays
            self.payment_select.value = str(self.payment) if self.payment is not None else None
            off = self.tunnel is None
            for w in (self.tunnel_select, self.payment_select, self.dig_button, self.dig100_button,
                      self.reset_button):
                w.disabled = off
        finally:
            self._quiet = False

    def _tunnel_option(self, r) -> str:
        return f"{route_label(r, self.game.board)} ({r.length} {route_colour(r.colour)})"

    def _show_all(self) -> None:
        if self.tunnel is None:
            title = _("{board}: no tunnels").format(board=self.game.board.display_title)
        else:
            title = _("{route} paid with {cards}").format(route=route_label(self.tunnel, self.game.board), cards=cards_text(self.payment))
        exact_y = [float(p) for p in self.odds]
        with self.figure.batch_update():
            self.figure.layout.title.text = title
            self.figure.data[0].y = exact_y
            self.figure.data[0].text = [_pct(p) if self.tunnel is not None else "" for p in self.odds]
            self._restyle_observed(named=False)
        self._name_observed()           # a message of its own (see _name_observed)
        self.seen_html.value = self._seen_html()
        self._show_reveal()
        self.table_html.value = self._table_html()

    def _show_counts(self) -> None:
        with self.figure.batch_update():
            self._restyle_observed()        # one message: the observed bars alone change
        self.table_html.value = self._table_html()

    def _restyle_observed(self, named: bool = True) -> None:
        freq = self.observed_frequencies
        obs = self.figure.data[1]
        obs.y = freq
        obs.text = [_pct(f) if self.digs else "" for f in freq]
        if named:
            self._name_observed()
        top = max([float(p) for p in self.odds] + freq + [0.05])
        high = min(1.0, top * 1.18 + 0.02)
        self.figure.layout.yaxis.update(range=[0, high], **percent_axis(high))

    def _name_observed(self) -> None:
        """The observed bars' legend entry. Never in a batch that also restyles the exact bars:
        plotly then sends each trace a value of every property changed, `Undefined` for the
        exact bars' name, and JupyterLab's and JupyterLite's views of the widget read that as
        no name: the legend said "trace 0" (Voilà, drawing the state after the notebook ran,
        never saw the message)."""
        self.figure.data[1].name = ngettext("observed ({n} dig)", "observed ({n} digs)",
                                            self.digs).format(n=self.digs)

    def _seen_html(self) -> str:
        if self.tunnel is None:
            none = _("No tunnel on this board.")
            return f"<div class='ttr-text ttr-panel-text'>{_esc(none)}</div>"
        colour = self._colour()
        all_loco = self.payment[LOCO] == sum(self.payment)
        bad = matching(colour, all_loco, self.unseen)
        n = sum(self.unseen)
        kinds = tunnel_extra_kinds(colour, all_loco)
        what = and_list([_(CARDS_OF[k]) for k in kinds])
        words = " + ".join(f"{self.unseen[k]} {_(CARDS_OF[k])}" for k in kinds)
        discard = _cards_chips(Cards.from_list(self._discard)) if self._discard else _esc(_("empty"))
        laid, face_up, pile = _("Laid down:"), _("Face up:"), _("Discard pile:")
        unseen = ngettext("Unseen: {n} card. A revealed card asks for one more when it is one of the {what}: {bad} "
                          "of them ({words}).",
                          "Unseen: {n} cards. A revealed card asks for one more when it is one of the {what}: {bad} "
                          "of them ({words}).", n).format(n=f"<b>{n}</b>", what=_esc(what), bad=f"<b>{bad}</b>",
                                                          words=_esc(words))
        expected = _("Expected extra cards: {e} (= 3 × {bad}/{n} when the deck has 3 cards or more)").format(
            e=f"<b>{decimal(float(self.expected), 3)}</b>", bad=bad, n=n)
        return (f"<div class='ttr-text ttr-panel-text'>"
                f"<div><b>{_esc(laid)}</b> {_cards_chips(self.payment)}</div>"
                f"<div><b>{_esc(face_up)}</b> {''.join(_chip(CARD_NAMES[c]) for c in self._display)}</div>"
                f"<div><b>{_esc(pile)}</b> {discard}</div>"
                f"<div class='ttr-unseen'>{unseen}</div>"
                f"<div class='ttr-expected'>{expected}</div></div>")

    def _show_reveal(self) -> None:
        r = self.last_reveal
        if r is None:
            none = _("No dig yet.")
            self.reveal_html.value = f"<div class='ttr-text ttr-panel-text ttr-muted'>{_esc(none)}</div>"
            return
        chips = "".join(_chip(c) for c in r["revealed"]) or _esc(_("no card"))
        last = _("Last dig:")
        self.reveal_html.value = (f"<div class='ttr-text ttr-panel-text'><b>{_esc(last)}</b> {chips}"
                                  f"<div>{_esc(self._extra_sentence(r['extra']))}</div></div>")

    def _table_html(self) -> str:
        if self.tunnel is None:
            return ""
        rows = []
        freq = self.observed_frequencies
        for k in range(4):
            p = self.odds[k]
            rows.append(f"<tr class='ttr-odds-row'><td class='ttr-label'>{_esc(_(_X[k]))}</td>"
                        f"<td>{p.numerator}/{p.denominator}</td>"
                        f"<td class='ttr-exact'>{_pct(p)}</td>"
                        f"<td>{self.observed[k]}</td>"
                        f"<td class='ttr-observed'>{_pct(freq[k]) if self.digs else '—'}</td></tr>")
        head = "".join(f"<th>{_esc(h)}</th>" for h in (_("exact"), "", _("digs"), _("observed")))
        return ("<table class='ttr-text ttr-table ttr-odds'><thead><tr>"
                f"<th class='ttr-label'></th>{head}</tr></thead>"
                f"<tbody>{''.join(rows)}</tbody></table>")
