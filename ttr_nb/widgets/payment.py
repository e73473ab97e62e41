"""`PaymentChecker`: an editable hand and a clicked route: every way to pay for it, or why not.

    >>> pc = PaymentChecker("nordic", hand={"blue": 2, "red": 2, "green": 1, "loco": 1})
    >>> pc.select_route("Stockholm-Turku")
    True
    >>> len(pc.options), pc.options[0].describe()
    (5, '2 blue and 1 locomotive')
    >>> pc.remove_card("loco")
    True
    >>> pc.options
    [Cards('red*2+green*1+blue*2')]
    >>> pc.remove_card("green")
    True
    >>> pc.options, pc.reason.rule
    ([], 'not-in-hand')
    >>> print(pc.status.text)
    Took away 1 green card. You pay 2 blue and 1 locomotive but hold 2 red and 2 blue. Any 3 cards may replace a missing locomotive: 2 blue + 3 more cards of any colour = 5 cards; the hand has 4.

Every control calls a public method: `set_hand`, `add_card`, `remove_card`, `clear_hand`,
`select_route` (also a click on a route), `set_edition`. The payments are the
engine's (`game.payment_options(route, hand, complete=True)`); when a hand cannot pay, the
engine's reason for a representative payment (`state.why_illegal(Claim(...))` on a position
where player 0 holds the hand) is shown.

Substitutions (Nordic ferries: any 3 cards for a locomotive; Murmansk–Lieksa: any 4 cards
for a card of the colour) make the complete list grow fast with the hand: the engine builds
those payments one by one (`ttr_nb.engine.payments.substitution_payments`) and this module
lists at most `MAX_LISTED` of them. Northern Lights ferries take a pair of cards of one
colour for a locomotive symbol: the engine's lazy `Payments` counts those payments exactly
and this module builds only the first `MAX_LISTED`, grouped by the cards that stand in for
the locomotives ("2 green cards stand in for a locomotive"). The panel groups payments (by
colour, or by what the substitutions replace) and shows the count and the first few of
each group.
"""
from __future__ import annotations

from itertools import islice


import ipywidgets as W

from ..engine import Claim, Match, load_game
from ..engine.cards import CARD_NAMES, COLOURS, LOCO, Cards, card_index, card_word, colour_name
from ..engine.errors import Reason
from ..engine.i18n import translations
from ..engine.payments import GREY
from ..engine.payments import substitution_payments as engine_substitution_payments
from ..engine.serialize import PositionError
from ..engine.narration import card_text, cards_text, in_words
from ..engine.queries import nearest_payment, payment_refusal, substitution_shortfall
from .arguments import ArgumentError, check_cards, check_edition, check_flag, check_route, check_whole
from .base import RouteController
from .boards import BoardMirror
from .explorer import edition_name, route_facts, route_label
from .html import cards_count, esc as _esc, mini_cards as _mini_cards, route_colour
from .refusals import whole_number
from .responsive import mark_root, split
from .style import stylesheet

__all__ = ["PaymentChecker", "substitution_payments", "MAX_LISTED"]

_, ngettext = translations("widgets")

#: The most payments listed for one route and hand (Murmansk–Lieksa with a big hand has more).
MAX_LISTED = 5000


def substitution_payments(price, hand, cap: int = MAX_LISTED) -> tuple[list[Cards], bool]:
    """The engine's payments with substitutions (`ttr_nb.engine.payments.substitution_payments`),
    at most `cap` of them: (payments sorted by size then cards, complete?)."""
    found = list(islice(engine_substitution_payments(price, hand), cap + 1))
    complete = len(found) <= cap
    return [Cards(p) for p in sorted(found[:cap], key=lambda p: (sum(p), p))], complete


class PaymentChecker(RouteController):
    """Every way a hand can pay for a route: ``PaymentChecker(edition="usa", hand=None)``.

    Public methods (each returns whether it was done; a refusal shows its reason in
    `status`): `set_hand(cards=None, **counts)` (``set_hand(red=3, loco=1)``,
    ``set_hand("red*3+loco*1")``), `add_card(colour, n=1)`, `remove_card(colour, n=1)`,
    `clear_hand()`, `select_route(route)` (key like ``"Stockholm-Turku"``, index, or a click on
    the route on the board), `set_edition(edition)` (keeps the hand).

    Attributes: `hand` (`Cards`), `route` (the selected `Route` or None), `options` (list of
    `Cards`: every payment, complete; capped at `MAX_LISTED`), `complete` (False when capped),
    `count` (how many ways there are: exact where `exact`, else at least), `exact`,
    `groups` (label, payments) as shown, `reason` (the engine's `Reason` when the hand cannot
    pay, else None), `status.text`, `figure` (the one board FigureWidget), `mirror`.

    The checker is an ipywidgets `VBox` (it goes into an `HBox` or a `Tab`, has a `.layout`)
    with the traits ``selected_route`` (the index of `route`, None for none; setting it
    chooses a route as a click does) and ``language``, which `observe` and `ipywidgets.link` follow.
    """

    def __init__(self, edition: str = "usa", hand=None, *, route=None, show_payable: bool = True,
                 shown_per_group: int = 4, shown_groups: int = 6, colour_blind: bool = False,
                 language: str | None = None, **options):
        me = "PaymentChecker"
        edition = check_edition(me, edition)
        start = check_cards(me, "hand", hand)
        show_payable = check_flag(me, "show_payable", show_payable)
        shown_per_group = check_whole(me, "shown_per_group", shown_per_group, 1, 1000)
        shown_groups = check_whole(me, "shown_groups", shown_groups, 1, 1000)
        colour_blind = check_flag(me, "colour_blind", colour_blind)
        try:
            game = load_game(edition, players=2, **options)
        except ValueError as e:
            raise ArgumentError(me, "options", str(e)) from None
        check_route(me, game, route)
        super().__init__(Match(game))
        self.edition_options = dict(options)
        self.show_payable = show_payable
        self.shown_per_group = shown_per_group
        self.shown_groups = shown_groups
        self.hand = Cards()
        self.route = None
        self.options: list[Cards] = []
        self.count = 0
        self.exact = True
        self.complete = True
        self.groups: list[tuple[str, list[Cards]]] = []
        self.reason: Reason | None = None
        self._quiet = False
        self.mirror = BoardMirror(guard=self.guarded, colour_blind=colour_blind)
        self.mirror.on_route_click(self.guarded(self.select_route))
        self._build_widgets()
        self._show_board()
        if not self._change_hand(start, ""):
            raise ArgumentError(me, "hand", self.status.text)
        if route is not None and not self.select_route(route):
            raise ArgumentError(me, "route", self.status.text)
        if route is None:
            self.status.show(_("Click a route on the board (any of its spaces), or pick one above, to see every way to pay for it."))

    # ------------------------------------------------------------------ properties
    @property
    def edition(self) -> str:
        return self.game.rules.id

    @property
    def figure(self):
        return self.mirror.figure

    @property
    def view(self):
        return self.mirror.view

    @property
    def price(self):
        return None if self.route is None else self.game.prices[self.route.index]

    # ------------------------------------------------------------------ public actions
    def set_hand(self, cards=None, **counts) -> bool:
        """Replace the hand: ``set_hand(red=3, loco=1)``, ``set_hand("red*3+loco*1")``,
        ``set_hand({"red": 3})`` or ``set_hand(Cards(...))``."""
        hand = self._read_hand(cards, counts)
        if hand is None:
            return False
        return self._change_hand(hand, _("Hand: {cards}.").format(cards=cards_text(hand)))

    def _read_hand(self, cards, counts: dict) -> Cards | None:
        """A hand from the forms `set_hand` takes, or None with the reason shown."""
        for name, n in counts.items():
            try:
                card_index(name)
            except ValueError as e:
                self.refuse("widget.unknown-card", str(e))
                return None
            if whole_number(n, 0) is None:
                self.refuse("widget.card-count", _("A hand holds a whole number of {name} cards, 0 or more, not {n}.").format(name=name, n=repr(n)))
                return None
        try:
            return Cards.coerce(cards) + (Cards.of(counts) if counts else Cards())
        except (ValueError, TypeError, OverflowError, AttributeError, KeyError) as e:
            self.refuse("widget.unknown-card", _("Cannot read the hand {cards}: {problem}").format(
                cards=repr(cards), problem=e))
            return None

    def _card_and_count(self, colour, n) -> tuple[int, int] | None:
        if not isinstance(colour, str):
            self.refuse("widget.unknown-card", _("{colour} is not a card colour: give one such as red or loco.")
                        .format(colour=repr(colour)))
            return None
        try:
            c = card_index(colour)
        except ValueError as e:
            self.refuse("widget.unknown-card", str(e))
            return None
        k = whole_number(n, 1)
        if k is None:
            self.refuse("widget.card-count", _("Add or take away a whole number of cards, 1 or more, not {n}.")
                        .format(n=repr(n)))
            return None
        return c, k

    def add_card(self, colour: str, n: int = 1) -> bool:
        """One more card of `colour` ("red", ..., "loco") in the hand (`n` more)."""
        read = self._card_and_count(colour, n)
        if read is None:
            return False
        c, n = read
        hand = list(self.hand)
        hand[c] += n
        return self._change_hand(Cards(hand), _("Added {cards}.").format(cards=_card_words(c, n)))

    def remove_card(self, colour: str, n: int = 1) -> bool:
        """One card of `colour` fewer in the hand (`n` fewer)."""
        read = self._card_and_count(colour, n)
        if read is None:
            return False
        c, n = read
        if self.hand[c] < n:
            held = _card_words(c, self.hand[c])
            if self.hand[c]:
                return self.refuse("widget.not-in-hand", _("The hand holds {cards}: {n} cannot be taken away.").format(
                    cards=held, n=n))
            return self.refuse("widget.not-in-hand", _("The hand holds {cards}: there is no {card} to take away.")
                               .format(cards=held, card=card_word(c)))
        hand = list(self.hand)
        hand[c] -= n
        return self._change_hand(Cards(hand), _("Took away {cards}.").format(cards=_card_words(c, n)))

    def clear_hand(self) -> bool:
        return self._change_hand(Cards(), _("The hand is empty."))

    def select_route(self, route) -> bool:
        """Choose the route to pay for: a key ("Stockholm-Turku", either order), an index, or a
        `Route`. A click on the route on the board does the same."""
        ri = self.route_or_refuse(route)
        if ri is None:
            return False
        self.route = self.game.board.routes[ri]
        self._update_options()
        self._quiet = True
        try:
            self.route_select.value = ri
        finally:
            self._quiet = False
        self.view.set_highlight(ri)
        self.mirror.sync()
        self._say_result()
        return True

    def clear_selection(self) -> bool:
        """Choose no route (the ways to pay are cleared)."""
        self.route = None
        self._quiet = True
        try:
            self.route_select.value = None
        finally:
            self._quiet = False
        self.view.set_highlight(None)
        self.mirror.sync()
        self._update_options()
        self.status.show(_("Click a route on the board (any of its spaces), or pick one above, to see every way to pay for it."))
        return True

    def _route_selected(self) -> int | None:
        return None if self.route is None else self.route.index

    def set_edition(self, edition: str, **options) -> bool:
        """Switch to another edition's board, keeping the hand (the route is cleared)."""
        if not isinstance(edition, str):
            return self.refuse("widget.unknown-edition", _("{edition} is not an edition: give its name, such as "
                                                           "usa or nordic.").format(edition=repr(edition)))
        try:
            game = load_game(edition, players=2, **options)
        except (ValueError, TypeError, OSError) as e:
            return self.refuse("widget.unknown-edition", str(e))
        try:
            position = game.state_from_dict({"hands": [self.hand.as_dict()] + [{}] * (game.players - 1)})
        except PositionError:               # a hand too big for this edition's deck
            self.hand = Cards()
            position = game.state_from_dict({})
        self.match = Match(game, position)
        self.edition_options = dict(options)
        self.route = None
        self._quiet = True
        try:
            self.edition_select.value = edition
        finally:
            self._quiet = False
        self._refresh_hand()
        self._show_board()
        self._update_options()
        self.status.ok(_("{edition}: click a route to see how to pay for it.").format(edition=edition_name(game.rules)))
        return True

    def position(self, hand=None):
        """The position the engine judges payments in: player 0 to move, holding `hand`
        (None, with the reason shown, for a hand that cannot be read or held)."""
        if hand is not None:
            hand = self._read_hand(hand, {})
            if hand is None:
                return None
        else:
            hand = self.hand
        try:
            return self.game.state_from_dict({"hands": [hand.as_dict()] + [{}] * (self.game.players - 1)})
        except PositionError as e:
            lines = [ln[2:] for ln in str(e).splitlines() if ln.startswith("- ")]
            text = " ".join(lines) or str(e)
            self.refuse("widget.position", text[:1].upper() + text[1:] + ".")
            return None

    # ------------------------------------------------------------------ computing
    def _change_hand(self, hand: Cards, message: str) -> bool:
        position = self.position(hand)
        if position is None:
            return False
        self.hand = hand
        self.match = Match(self.game, position)
        self._refresh_hand()
        self._update_options()
        if self.show_payable:
            self.view.set_overlays(payable=tuple(hand))
        self.mirror.sync()
        if self.route is not None:
            self._say_result(prefix=message)
        elif message:
            self.status.ok(message)
        return True

    def _payments(self) -> tuple[list[Cards], bool]:
        price = self.price
        hand = tuple(self.hand)
        if price.ferry_pair:
            # the engine's lazy sequence: counted exactly, only the first MAX_LISTED built
            every = self.game.payment_options(self.route.index, hand, complete=True)
            self.count, self.exact = len(every), True
            return list(islice(every, MAX_LISTED)), self.count <= MAX_LISTED
        self.count, self.exact = None, None
        if not (price.ferry_sub or price.colour_sub):
            return list(self.game.payment_options(self.route.index, hand, complete=True)), True
        plain = [p for p in self.game.payment_options(self.route.index, hand, complete=False) if sum(p) == price.length]
        subs, complete = substitution_payments(price, hand, MAX_LISTED - len(plain))
        return plain + subs, complete

    def _update_options(self) -> None:
        if self.route is None:
            self.options, self.complete, self.groups, self.reason = [], True, [], None
            self.count, self.exact = 0, True
            self.options_html.value = self._intro_html()
            return
        self.options, self.complete = self._payments()
        if self.count is None:
            self.count, self.exact = len(self.options), self.complete
        self.reason = None if self.options else self._why_not()
        self.groups = self._group(self.options)
        self.options_html.value = self._options_html()

    def representative_payment(self) -> Cards:
        """The payment the route asks for, made as far as possible from the hand: the route's
        colour (grey: the colour held most), locomotives where the route needs or allows them,
        then the missing cards in the colour (`ttr_nb.engine.queries.nearest_payment`)."""
        return nearest_payment(self.price, self.hand)

    def _why_not(self) -> Reason:
        reason = payment_refusal(self.state, self.route.index)
        extra = substitution_shortfall(self.price, self.hand)
        return Reason(reason.rule, in_words(self.game, f"{reason.text} {extra}" if extra else reason.text))

    def _group(self, options: list[Cards]) -> list[tuple[str, list[Cards]]]:
        price = self.price
        groups: dict[str, list[Cards]] = {}
        subs = price.ferry_sub or price.colour_sub
        order: dict[str, tuple] = {}
        for p in options:
            colour, s1, s2 = price.split(p)
            if price.ferry_pair:
                in_pairs = _pair_reading(price, p, colour, s1)
                key = _pair_label(in_pairs, s1)
                # as printed first, then by number of pairs, then the pairs' colours in card order
                order.setdefault(key, (s1, tuple(-n for n in in_pairs)))
            elif subs:
                if s1:
                    key = ngettext("{n} cards replace a locomotive", "{n} cards replace {k} locomotives", s1).format(
                        n=s1 * price.ferry_sub, k=s1)
                elif s2:
                    key = ngettext("{n} cards replace {k} coloured card", "{n} cards replace {k} coloured cards",
                                   s2).format(n=s2 * price.colour_sub, k=s2)
                else:
                    key = _("as printed: no cards replaced")
            elif price.colour == GREY:
                key = _("all locomotives") if colour == GREY else _("in {colour}").format(colour=colour_name(colour))
            else:
                key = (_("{colour} and locomotives").format(colour=colour_name(price.colour)) if price.wild
                       else _("in {colour}").format(colour=colour_name(price.colour)))
            groups.setdefault(key, []).append(p)
        if order:
            return sorted(groups.items(), key=lambda item: order[item[0]])
        return list(groups.items())

    # ------------------------------------------------------------------ widgets
    def _build_widgets(self) -> None:
        from ..engine import editions
        from ..engine.rules import load_rules
        self.edition_select = W.Dropdown(options=[(edition_name(load_rules(e)), e) for e in editions()],
                                         value=self.edition, description=_("Edition"), layout=W.Layout(width="250px"))
        self.edition_select.add_class("ttr-edition")
        self.edition_select.observe(self.guarded(self._on_edition), names="value")
        self.route_select = W.Dropdown(description=_("Route"), layout=W.Layout(width="330px"))
        self.route_select.add_class("ttr-route-select")
        self.route_select.observe(self.guarded(self._on_route), names="value")
        self.card_boxes: dict[str, W.HTML] = {}
        self.add_buttons: dict[str, W.Button] = {}
        self.remove_buttons: dict[str, W.Button] = {}
        columns = []
        for name in CARD_NAMES:
            card = W.HTML(layout=W.Layout(width="54px"))
            card.add_class("ttr-card")
            card.add_class(f"ttr-card-{name}")
            card_name = card_word(CARD_NAMES.index(name))
            minus = W.Button(description="−", tooltip=_("one {card} fewer").format(card=card_name),
                             layout=W.Layout(width="26px", height="28px", padding="0"))
            plus = W.Button(description="+", tooltip=_("one more {card}").format(card=card_name),
                            layout=W.Layout(width="26px", height="28px", padding="0"))
            minus.add_class(f"ttr-remove-{name}")
            plus.add_class(f"ttr-add-{name}")
            minus.on_click(self.guarded(lambda _b, n=name: self.remove_card(n)))
            plus.on_click(self.guarded(lambda _b, n=name: self.add_card(n)))
            self.card_boxes[name], self.add_buttons[name], self.remove_buttons[name] = card, plus, minus
            columns.append(W.VBox([card, W.HBox([minus, plus], layout=W.Layout(justify_content="center"))],
                                  layout=W.Layout(align_items="center", margin="0 2px")))
        clear = W.Button(description=_("Empty the hand"), layout=W.Layout(width="auto", min_width="150px"))
        clear.add_class("ttr-clear-hand")
        clear.on_click(self.guarded(lambda _b: self.clear_hand()))
        self.hand_text = W.HTML()
        self.hand_text.add_class("ttr-hand-text")
        heading = _("Your hand")
        hand = W.VBox([W.HTML(f"<div class='ttr-text ttr-heading'>{_esc(heading)}</div>"),
                       W.HBox(columns, layout=W.Layout(flex_flow="row wrap")), W.HBox([self.hand_text, clear],
                                               layout=W.Layout(justify_content="space-between",
                                                               align_items="center"))])
        hand.add_class("ttr-hand")
        self.options_html = W.HTML(layout=W.Layout(width="auto"))   # (100% plus its margins would overflow)
        self.options_html.add_class("ttr-options")
        top = W.HBox([self.edition_select, self.route_select], layout=W.Layout(flex_flow="row wrap"))
        # the status line next to the hand it answers for: beside the board where the width allows,
        # else above it, with the ways to pay below (responsive.split)
        body = split(self.mirror.widget, top=[self.status.widget, hand], bottom=[self.options_html])
        self.children = [stylesheet(), top, body, self.errors]
        self.add_class("ttr-payment")
        mark_root(self, self.game.board)

    def _on_edition(self, change) -> None:
        if not self._quiet and change["new"] != self.edition:
            self.set_edition(change["new"])

    def _on_route(self, change) -> None:
        if not self._quiet and change["new"] is not None:
            self.select_route(change["new"])

    def _show_board(self) -> None:
        key = (self.edition, tuple(sorted(self.edition_options.items())))
        view = self.mirror.view_for(key, self.game)
        view.figure.layout.showlegend = False
        if self.show_payable:
            view.set_overlays(payable=tuple(self.hand))
        view.set_highlight(None)
        self.mirror.show(key, self.game)
        mark_root(self, self.game.board)       # the layout follows the board's shape
        routes = sorted(self.game.board.routes, key=lambda r: route_label(r, self.game.board))
        self._quiet = True
        try:
            self.route_select.options = [(_("(click a route)"), None)] + [(self._route_option(r), r.index)
                                                                       for r in routes]
            self.route_select.value = None
        finally:
            self._quiet = False
        self.options_html.value = self._intro_html()

    def _route_option(self, r) -> str:
        colour = route_colour(r.colour)
        name = route_label(r, self.game.board)
        if r.tunnel:
            return _("{route} ({n} {colour} tunnel)").format(route=name, n=r.length, colour=colour)
        if r.ferry_locomotives:
            return _("{route} ({n} {colour} ferry)").format(route=name, n=r.length, colour=colour)
        return f"{name} ({r.length} {colour})"

    def _refresh_hand(self) -> None:
        for i, name in enumerate(CARD_NAMES):
            n = self.hand[i]
            # a card not held: a pale card with a stripe of its colour
            held = f"ttr-colour-{name}" if n else f"ttr-card-missing ttr-stripe-{name}"
            self.card_boxes[name].value = (
                f"<div class='ttr-count {held}' data-count='{n}'>"
                f"<div class='ttr-count-number'>{n}</div>"
                f"<div class='ttr-count-label'>{_esc(_short_name(i))}</div></div>")    # the card is 50 px wide
            self.remove_buttons[name].disabled = n == 0
        total = sum(self.hand)
        self.hand_text.value = f"<span class='ttr-text'>{cards_count(total)}: {_esc(cards_text(self.hand))}</span>"

    def _say_result(self, prefix: str = "") -> None:
        r = self.route
        lead = f"{prefix} " if prefix else ""
        if self.options:
            n = self.count
            if self.exact:
                ways = ngettext("{route}: {n} way to pay with this hand.", "{route}: {n} ways to pay with this hand.", n)
            else:
                ways = ngettext("{route}: at least {n} way to pay with this hand.",
                                "{route}: at least {n} ways to pay with this hand.", n)
            self.status.ok(lead + ways.format(route=route_label(r, self.game.board), n=n))
        else:
            self.status.refuse(Reason(self.reason.rule, f"{lead}{self.reason.text}"))

    def _intro_html(self) -> str:
        intro = _("Pick a route: click it on the board (any of its spaces; the pointer outlines the route) or "
                  "choose it above. Routes with a dashed green outline are ones this hand can pay for.")
        return f"<div class='ttr-text ttr-intro'>{_esc(intro)}</div>"

    def _options_html(self) -> str:
        r = self.route
        head = (f"<div class='ttr-route-title'>{_esc(route_label(r, self.game.board))}</div>"
                f"<div class='ttr-route-facts'>{_esc(route_facts(self.game, r.index))}</div>")
        if not self.options:
            none = _("No way to pay with this hand.")
            return (f"<div class='ttr-text'>{head}<div class='ttr-no-payment'>{_esc(none)}</div>"
                    f"<div class='ttr-reason'>{_esc(self.reason.text)}</div></div>")
        n = self.count
        count = (ngettext("{n} way to pay", "{n} ways to pay", n) if self.exact
                 else ngettext("at least {n} way to pay", "at least {n} ways to pay", n)).format(n=n)
        if self.exact and not self.complete:
            count = _("{count} (the first {n} listed)").format(count=count, n=len(self.options))
        parts = [f"<div class='ttr-option-count'>{count}</div>"]
        k = self.shown_per_group
        for label, pays in self.groups[:self.shown_groups]:
            rows = "".join(f"<li class='ttr-option'>{_mini_cards(p)} {_esc(cards_text(p))}</li>" for p in pays[:k])
            more = (f"<li class='ttr-more'>{_esc(_more_like_these(len(pays) - k))}</li>" if len(pays) > k else "")
            parts.append(f"<div class='ttr-option-group'><div class='ttr-option-group-title'>"
                         f"{_esc(label)} <span class='ttr-muted'>({len(pays)})</span></div>"
                         f"<ul class='ttr-option-list'>{rows}{more}</ul></div>")
        hidden = self.groups[self.shown_groups:]
        if hidden:
            groups = ngettext("… and {n} more group ({k} payments)", "… and {n} more groups ({k} payments)",
                              len(hidden)).format(n=len(hidden), k=sum(len(p) for _label, p in hidden))
            parts.append(f"<div class='ttr-more'>{_esc(groups)}</div>")
        return f"<div class='ttr-text'>{head}{''.join(parts)}</div>"


def _card_words(card: int, n: int) -> str:
    return card_text(card, n)


def _more_like_these(n: int) -> str:
    return ngettext("… and {n} more like this", "… and {n} more like these", n).format(n=n)


def _short_name(card: int) -> str:
    """A card's name on the 50-pixel card of the hand: the locomotive shortened."""
    # Translators: the locomotive's name on a card 50 pixels wide (at most 6 letters)
    return _("loco") if card == LOCO else colour_name(card)


def _pair_reading(price, payment, colour: int, pairs: int) -> tuple[int, ...]:
    """The cards of a payment that pay a Northern Lights ferry's locomotive symbols in pairs
    (nine counts; all zero without pairs). The engine's reading (`Price.split`) gives the
    colour of the other spaces and the number of pairs; those spaces take ``length - pairs -
    locomotives`` cards of that colour, and every other coloured card is in a pair."""
    in_pairs = [0] * 9
    if pairs:
        in_pairs[:LOCO] = payment[:LOCO]
        if colour != GREY:
            in_pairs[colour] -= price.length - pairs - payment[LOCO]
    return tuple(in_pairs)


def _pair_label(in_pairs, pairs: int) -> str:
    """A pair group's name: what stands in for the locomotives ("2 green cards stand in for
    a locomotive", "2 green cards and 2 red cards stand in for 2 locomotives"), or "as printed"."""
    if not pairs:
        return _("as printed: no cards replaced")
    return ngettext("{cards} stand in for a locomotive", "{cards} stand in for {n} locomotives", pairs).format(
        cards=cards_text(in_pairs), n=pairs)
