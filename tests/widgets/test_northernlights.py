"""The widgets on Northern Lights: the payment checker's pair groups, the game table's draw
bonus in the log, the explorer's words for a route with a draw bonus or on a triple route.
Driven through public methods; the engine's answers are the reference."""
from __future__ import annotations

import re

import pytest

import ttr_nb
from ttr_nb.engine.cards import CARD_NAMES, Cards
from ttr_nb.widgets import EditionExplorer, GameTable, PaymentChecker, ScoringWalkthrough
from ttr_nb.widgets import payment as payment_module
from ttr_nb.engine.narration import and_list, cards_text, route_name
from ttr_nb.widgets.explorer import route_facts, route_label
from ttr_nb.widgets.html import route_colour
from ttr_nb.exercises.northernlights import BONUS_FINAL

from .words import E, EN, W, W_part, WN, english

FERRY = "Åndalsnes-Bergen"           # 4 grey spaces, 2 locomotive symbols, draw bonus 2
FULL_HAND = {name: 12 for name in CARD_NAMES[:8]} | {"loco": 18}


def stand_in(pairs: int, **cards) -> str:
    """A pair group's name in the language of the run: "2 red cards and 2 green cards stand in for 2 locomotives"."""
    return WN("{cards} stand in for a locomotive", "{cards} stand in for {n} locomotives", pairs,
              cards=cards_text(Cards.of(**cards)))


def nth(route: str, k: int, colour: str) -> str:
    """'Karlstad–Oslo (the first route, white)' in the language of the run."""
    nths = ("first", "second", "third")
    return W(f"{{route}} (the {nths[k - 1]} route, {{colour}})", route=route, colour=route_colour(colour))


@pytest.fixture(scope="module")
def game():
    return ttr_nb.load_game("northernlights", players=2, seed=3)


def test_the_ferry_of_these_tests_is_what_they_say(game):
    r = game.board.route[FERRY]
    assert (r.length, r.colour, r.ferry_locomotives, r.ferry_pair_substitute, r.draw_bonus) == (4, "gray", 2, 2, 2)


def test_pair_payments_are_their_own_groups_named_by_the_cards_standing_in(game):
    pc = PaymentChecker("northernlights", hand={"red": 2, "green": 2, "blue": 2, "loco": 2}, route=FERRY)
    every = list(game.payment_options(FERRY, tuple(pc.hand), complete=True))
    assert pc.options == every and pc.count == len(every) == 19 and pc.exact and pc.complete
    labels = [label for label, _ in pc.groups]
    assert labels == [W("as printed: no cards replaced"),
                      stand_in(1, red=2), stand_in(1, green=2), stand_in(1, blue=2),
                      stand_in(2, red=2, green=2), stand_in(2, red=2, blue=2), stand_in(2, green=2, blue=2)]
    if english():
        assert labels[4] == "2 red cards and 2 green cards stand in for 2 locomotives"
    assert sum(len(p) for _, p in pc.groups) == len(every)
    price = game.prices[game.route_index(FERRY)]
    for label, pays in pc.groups:
        for p in pays:
            colour, pairs, _ = price.split(p)
            assert sum(p) == 4 + pairs                   # each pair adds one card to the 4 spaces
            assert (label == W("as printed: no cards replaced")) == (not pairs)
    # as printed: 2 cards of one colour and the 2 locomotives of the symbols
    assert pc.groups[0][1] == [Cards.of(red=2, loco=2), Cards.of(green=2, loco=2), Cards.of(blue=2, loco=2)]
    assert stand_in(2, red=2, blue=2) in pc.options_html.value                           # the 6th group shown
    assert WN("… and {n} more group ({k} payments)", "… and {n} more groups ({k} payments)", 1, k=3) in \
        pc.options_html.value                                                            # numbers agree
    assert pc.status.text == WN("{route}: {n} way to pay with this hand.", "{route}: {n} ways to pay with this hand.",
                                19, route=nth("Åndalsnes–Bergen", 1, "gray"))
    if english():
        assert pc.status.text == "Åndalsnes–Bergen (the first route, grey): 19 ways to pay with this hand."


def test_one_pair_of_one_colour_reads_as_two_cards_of_it(game):
    pc = PaymentChecker("northernlights", hand={"pink": 2}, route="Ålborg-Göteborg")    # 1 grey space, 1 symbol
    assert pc.options == [Cards.of(pink=2)]
    assert pc.groups == [(stand_in(1, pink=2), [Cards.of(pink=2)])]
    if english():
        assert pc.groups[0][0] == "2 pink cards stand in for a locomotive"
    pc.set_hand(pink=1, loco=1)
    assert [label for label, _ in pc.groups] == [W("as printed: no cards replaced")]
    assert pc.options == [Cards.of(loco=1)]
    pc.set_hand(pink=1)
    assert pc.options == [] and pc.reason is not None and pc.status.kind == "refused"
    assert cards_text(Cards.of(pink=1)) in pc.status.text
    if english():
        assert "1 pink card" in pc.status.text and "1 pink cards" not in pc.status.text


def test_a_full_hand_is_counted_exactly_and_listed_only_up_to_the_cap(game, monkeypatch):
    pc = PaymentChecker("northernlights", hand=FULL_HAND)
    assert pc.select_route("Mo I Rana-Trondheim")               # 5 grey spaces, 2 symbols
    every = game.payment_options("Mo I Rana-Trondheim", tuple(pc.hand), complete=True)
    assert pc.count == len(every) == len(list(every)) and pc.complete and pc.exact
    monkeypatch.setattr(payment_module, "MAX_LISTED", 50)
    assert pc.select_route(FERRY)
    every = game.payment_options(FERRY, tuple(pc.hand), complete=True)
    assert len(pc.options) == 50 and pc.count == len(every) > 50
    assert pc.exact and not pc.complete
    assert pc.options == list(every[:50])
    ways = WN("{n} way to pay", "{n} ways to pay", len(every))
    assert W("{count} (the first {n} listed)", count=ways, n=50) in pc.options_html.value
    assert pc.status.text == WN("{route}: {n} way to pay with this hand.", "{route}: {n} ways to pay with this hand.",
                                len(every), route=nth("Åndalsnes–Bergen", 1, "gray"))


def test_every_pair_group_label_agrees_with_its_payments(game):
    pc = PaymentChecker("northernlights", hand={"red": 4, "green": 3, "blue": 2, "loco": 1})
    for key in (FERRY, "Mo I Rana-Trondheim", "Ålborg-Göteborg"):
        assert pc.select_route(key)
        price = game.prices[game.route_index(key)]
        for label, pays in pc.groups:
            for p in pays:
                colour, pairs, _ = price.split(p)
                if not pairs:
                    continue
                # the cards named stand in, in pairs, and are in the payment
                named = next(Cards(c) for c in _pair_sets(p, pairs) if stand_in(pairs, **Cards(c).as_dict()) == label)
                assert sum(named) == 2 * pairs and all(n % 2 == 0 for n in named), label
                assert all(a <= b for a, b in zip(named, p)), (label, p)


def _pair_sets(payment, pairs: int):
    """Every set of `pairs` pairs of coloured cards the payment holds (nine counts each)."""
    from itertools import combinations_with_replacement
    for colours in combinations_with_replacement(range(8), pairs):
        c = [0] * 9
        for k in colours:
            c[k] += 2
        if all(a <= b for a, b in zip(c, payment)):
            yield tuple(c)


def test_the_game_table_logs_the_draw_bonus(game):
    tickets = [["Oslo-Stockholm", "Stockholm-Helsinki"], ["Stockholm-København", "Oslo-København"]]
    table = GameTable("northernlights", seats=["human", "human"], seed=3, bot_delay=0,
                      position={"hands": [{"red": 2, "green": 2, "blue": 2}, {"white": 4}], "tickets": tickets})
    assert table.select_route(FERRY)
    assert table.status.text == WN(
        "{route}: {spaces}, {points}. Claiming it draws {n} card blind (its draw bonus). Choose how to pay.",
        "{route}: {spaces}, {points}. Claiming it draws {n} cards blind (its draw bonus). Choose how to pay.", 2,
        route=route_name(game, FERRY)[:1].upper() + route_name(game, FERRY)[1:],
        spaces=WN("{n} space", "{n} spaces", 4), points=EN("{n} point", "{n} points", 7))
    if english():
        assert table.status.text == ("The first Åndalsnes-Bergen route: 4 spaces, 7 points. Claiming it draws 2 cards "
                                     "blind (its draw bonus). Choose how to pay.")
    assert table.select_route("Karlstad-Oslo#2")                                               # green, 1 space
    assert W_part("{route}: {spaces}, {points}. Claiming it draws {n} card blind (its draw bonus). Choose how to "
                  "pay.", 3) not in table.status.text
    assert table.claim(FERRY, "red*2+green*2+blue*2")
    before = table.match.states[-2]
    assert table.log[-1] == before.describe(table.match.history[-1], table.names)[0]
    if english():
        assert table.log[-1] == ("Player 1 (human) claimed the first Åndalsnes-Bergen route with 2 red cards, 2 green "
                                 "cards and 2 blue cards (7 points) and drew 2 cards blind: the route's draw bonus")
        assert "the route&#x27;s draw bonus" in table.log_box.value
    assert sum(table.state.hands[0]) == 2                       # the 6 cards paid, the 2 of the bonus drawn


def test_the_explorer_names_each_track_of_a_triple_route_and_the_draw_bonus(game):
    labels = [route_label(game.board.route[k]) for k in ("Karlstad-Oslo", "Karlstad-Oslo#2", "Karlstad-Oslo#3")]
    assert labels == [nth("Karlstad–Oslo", 1, "white"), nth("Karlstad–Oslo", 2, "green"),
                      nth("Karlstad–Oslo", 3, "orange")]
    bonus = WN("Claiming it draws {n} card blind from the deck (its draw bonus).",
               "Claiming it draws {n} cards blind from the deck (its draw bonus).", 2)
    assert route_facts(game, FERRY).endswith(" " + bonus)
    assert WN("Claiming it draws {n} card blind from the deck (its draw bonus).",
              "Claiming it draws {n} cards blind from the deck (its draw bonus).", 1)[:12] not in \
        route_facts(game, "Karlstad-Oslo")
    ex = EditionExplorer("northernlights", players=3)
    assert ex.select_route(FERRY) and ex.status.text == route_facts(game, FERRY)
    assert ex.stats["double routes"] == 48 and ex.stats["triple routes"] == 2
    assert ex.set_players(3)
    def triples(k, players):
        return WN("Of each of the {n} triple routes {k} track of 3 can be claimed with {players}; nobody claims two "
                  "tracks between the same cities.",
                  "Of each of the {n} triple routes {k} tracks of 3 can be claimed with {players}; nobody claims two "
                  "tracks between the same cities.", k, n=2, k=k,
                  players=WN("{n} player", "{n} players", players))
    assert triples(2, 3) in ex.status.text
    assert ex.set_players(2) and triples(1, 2) in ex.status.text
    assert ex.set_players(5) and triples(3, 5) in ex.status.text
    assert WN("With {players} both routes of the {n} double route can be claimed (by different players).",
              "With {players} both routes of each of the {n} double routes can be claimed (by different players).",
              48, players=WN("{n} player", "{n} players", 5)) in ex.status.text
    assert f"<td>{W('triple routes')}</td><td class='ttr-number'>2</td>" in ex.stats_html.value


# --------------------------------------------------------------------------- bonus cards

#: The three networks of exercises "northernlights-bonus-*", with the bonus cards notebook 80 scores.
FINAL = {**BONUS_FINAL, "bonus_cards": ["A", "D", "H", "J"]}


def _final(**options):
    return ttr_nb.load_game("northernlights", players=3, seed=5, **options).state_from_dict(FINAL)


def test_each_bonus_card_in_play_is_a_step_of_its_own_with_the_engines_points():
    state = _final()
    rows = state.score_breakdown()
    walk = ScoringWalkthrough(state)
    steps = [s for s in walk.all_steps if s.kind == "bonus-card"]
    def title(letter, name, gain):
        return W("Bonus card {letter}: {name}", letter=letter, name=name) + f" +{gain}"
    assert [s.title for s in steps] == [title("A", E("Call of the wild"), 5), title("D", E("Small steps strategist"), 10),
                                        title("H", E("Polar Express"), 12), title("J", E("Ferry Master"), 12)]
    for k, step in enumerate(steps):
        assert step.delta == tuple(r.bonus_cards[k].points for r in rows)
        assert step.player is None
    # after the last step the running totals are the engine's totals, bonus cards included
    assert walk.all_steps[-1].totals == tuple(r.total for r in rows) == (34, 13, 42)
    a, d, h, j = steps
    names = [W("Player {n}", n=k) for k in (1, 2, 3)]
    counts = ", ".join(f"{name} {n}" for name, n in zip(names, (3, 2, 0)))
    assert a.plain == (W("{card} gives {points} to the most {what}. The counts: {counts}.", card="A · " + E("Call of the wild"),
                         points=EN("{n} point", "{n} points", 5),
                         what=W("locomotives left in hand at the end, each 2 cards of one colour left counting as one "
                                "more"), counts=counts)
                       + " " + W("{who} has the most ({n}) and scores {gain}.", who=names[0], n=3, gain="+5"))
    tied = W("{who} are tied for the most ({n}): tied players all score it, {gain} each.",
             who=and_list(names[:2]), n=4, gain="+10")
    assert d.plain.endswith(tied)
    if english():
        assert a.plain == ("A · Call of the wild gives 5 points to the most locomotives left in hand at the end, each 2 "
                           "cards of one colour left counting as one more. The counts: Player 1 3, Player 2 2, Player 3 "
                           "0. Player 1 has the most (3) and scores +5.")
        assert d.plain.endswith("The counts: Player 1 4, Player 2 4, Player 3 2. Player 1 and Player 2 are tied for "
                                "the most (4): tied players all score it, +10 each.")
    assert a.overlays == dict(network=0, player=0) and d.overlays == {}
    arctic = {c.name for c in state.board.cities if c.arctic}
    assert set(h.highlight) == arctic and len(arctic) == 11
    assert W("completed tickets with an end in an Arctic city") in h.plain
    # the final table has the bonus cards each player won
    table = walk.all_steps[-1].plain
    assert W("Bonus cards") in table
    assert "+15 (" + E("{items} and {last}", items="A", last="D") + ")" in table
    assert "+24 (" + E("{items} and {last}", items="H", last="J") + ")" in table


def test_a_card_nobody_has_scores_for_nobody_or_for_everybody_by_option():
    no_arctic = dict(FINAL, tickets=FINAL["tickets"][:2] + [["Tromsø-Murmansk", "Stavanger-Karlstad"]])
    for zero, delta, verdict in ((False, (0, 0, 0), W("Nobody has any, so nobody scores it.")),
                                 (True, (12, 12, 12), W("Everybody has 0: all are tied at the top, and in this reading "
                                                        "of the rules everybody scores {gain}.", gain="+12"))):
        state = ttr_nb.load_game("northernlights", players=3, seed=5, bonus_card_zero=zero).state_from_dict(no_arctic)
        walk = ScoringWalkthrough(state)
        (h,) = [s for s in walk.all_steps if s.kind == "bonus-card"][2:3]
        assert h.delta == delta and h.plain.endswith(verdict)
        assert h.title == W("Bonus card {letter}: {name}", letter="H", name=E("Polar Express")) + (" +12" if zero else "")
        assert walk.all_steps[-1].totals == tuple(r.total for r in state.score_breakdown())


def test_the_capitals_card_names_the_edition_records_capitals():
    four = ttr_nb.load_game("northernlights", players=3, seed=5).state_from_dict(dict(FINAL, bonus_cards=["B"]))
    six = ttr_nb.load_game("northernlights", players=3, seed=5, capitals="six").state_from_dict(
        dict(FINAL, bonus_cards=["B"]))
    (b4,) = [s for s in ScoringWalkthrough(four).all_steps if s.kind == "bonus-card"]
    (b6,) = [s for s in ScoringWalkthrough(six).all_steps if s.kind == "bonus-card"]
    four = E("{items} and {last}", items="Helsinki, København, Oslo", last="Stockholm")
    six = E("{items} and {last}", items="Helsinki, København, Oslo, Stockholm, Tallinn", last="Riga")
    assert W("completed tickets with an end in a capital ({capitals})", capitals=four) in b4.plain
    assert W("completed tickets with an end in a capital ({capitals})", capitals=six) in b6.plain
    assert set(b6.highlight) == {"Helsinki", "København", "Oslo", "Stockholm", "Tallinn", "Riga"}


def test_the_longest_path_step_says_what_counts_it():
    walk = ScoringWalkthrough(ttr_nb.load_game("northernlights", players=3, seed=5).state_from_dict(
        dict(FINAL, bonus_cards=["E"])))
    longest = [s for s in walk.all_steps if s.kind == "longest"]
    uses = W("the bonus card {letter}, {name}, counts it", letter="E", name=E("Nordic Express"))
    assert all(s.plain.endswith(W("This edition gives no bonus for it, but {uses}.", uses=uses)) for s in longest)
    (e,) = [s for s in walk.all_steps if s.kind == "bonus-card"]
    assert e.overlays["longest"] == 2 and e.delta == (0, 0, 10)
    plain = ScoringWalkthrough(_final())
    assert all(s.plain.endswith(W("This edition gives no bonus for it.")) for s in plain.all_steps if s.kind == "longest")


def test_the_game_table_shows_the_bonus_cards_in_play_to_everybody():
    table = GameTable("northernlights", seats=["human", "greedy"], seed=5, bot_delay=0)
    cards = [table.game.board.bonus_cards[k] for k in table.state.bonus_cards]
    assert len(cards) == 4 and table.bonus_box.layout.display != "none"
    assert table.bonus_box in table._panel_bottom
    text = re.sub(r"<[^>]+>", "", table.bonus_box.value)
    for c in cards:
        assert f"{c.letter} {E(c.name)} {EN('{n} point', '{n} points', c.points)}" in text
    assert W("Every player tied for the most scores a card's points.") in text.replace("&#x27;", "'")
    # the same four for every seat, and before the first move
    assert [c.letter for c in cards] == table.state.view(1)["bonus_cards"]
    usa = GameTable("usa", seats=["human", "greedy"], seed=5, bot_delay=0)
    assert usa.bonus_box.value == "" and usa.bonus_box.layout.display == "none"


def test_the_apps_rules_summary_tells_the_northern_lights_rules():
    from ttr_nb.widgets.app import rules_summary
    rows = dict(rules_summary("northernlights"))
    assert rows[W("Ferries")] == W("A ferry needs a locomotive, or two cards of one colour, for every locomotive "
                                   "symbol on it.")
    marks = E("{items} or {last}", items="+1, +2", last="+3")
    assert rows[W("Draw bonus")] == W("Some routes show {marks}: after claiming one, take that many cards from the "
                                      "top of the deck.", marks=marks)
    tracks = ", ".join(WN("{k} route with {n} players", "{k} routes with {n} players", k, k=k, n=n)
                       for n, k in ((2, 1), (3, 2), (4, 3), (5, 3)))
    assert rows[W("Triple routes")] == W("Where three routes join the same two cities, they may be claimed: "
                                         "{tracks}; nobody claims two of them.", tracks=tracks)
    assert WN("{n} bonus card is drawn at the start for everyone to see: it gives its points to every player tied "
              "for the most of what it counts.",
              "{n} bonus cards are drawn at the start for everyone to see: each gives its points to every player tied "
              "for the most of what it counts.", 4, n=W("four").capitalize()) in rows[W("The end")]
    for other in ("usa", "europe", "nordic"):
        heads = dict(rules_summary(other))
        assert W("Draw bonus") not in heads and W("Triple routes") not in heads
        assert heads.get(W("Ferries"), "") in ("", W("A ferry needs a locomotive for every locomotive symbol on it."))
