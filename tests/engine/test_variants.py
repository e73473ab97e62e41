"""The variants (ways to play of an expansion box on an edition's board): listed, loaded, and
their tickets exactly as the project's rules notes for variants on existing boards map the
reference decks onto each way to play (§1, §2 and §4 of those notes)."""
from __future__ import annotations

import pytest

import ttr_nb
from ttr_nb.engine.board import load_board

USA_BIG_CITIES = {"Chicago", "Dallas", "Houston", "Los Angeles", "Miami", "New York", "Seattle"}
EUROPE_BIG_CITIES = {"Angora", "Athina", "Berlin", "London", "Madrid", "Moskva", "Paris", "Roma", "Wien"}
MYSTERY_TRAIN = {("Boston", "Washington"): 4, ("Montréal", "Chicago"): 7, ("Vancouver", "Portland"): 2,
                 ("Winnipeg", "Omaha"): 6}
#: the four reprints whose values were revised down: (base value, 1910 value)
REVISED = {("Los Angeles", "Miami"): (20, 19), ("Los Angeles", "New York"): (21, 20),
           ("Seattle", "New York"): (22, 20), ("Sault St. Marie", "Oklahoma City"): (9, 8)}
#: USA Big Cities, §1 of the rules notes: 19 from the 1910 deck, 15 reprints, 1 Mystery Train
USA_BIG_CITIES_DECK = {
    ("Atlanta", "Chicago"): 5, ("Atlanta", "Los Angeles"): 15, ("Boston", "Chicago"): 7,
    ("Calgary", "Los Angeles"): 12, ("Chicago", "New York"): 5, ("Chicago", "Salt Lake City"): 11,
    ("Dallas", "Duluth"): 7, ("Dallas", "Montréal"): 13, ("Houston", "Portland"): 16, ("Houston", "Washington"): 10,
    ("Las Vegas", "Miami"): 21, ("Las Vegas", "New York"): 19, ("Las Vegas", "Seattle"): 10,
    ("Los Angeles", "Oklahoma City"): 9, ("Miami", "New York"): 10, ("Miami", "Sault St. Marie"): 12,
    ("Miami", "Saint Louis"): 8, ("Nashville", "New York"): 6, ("Oklahoma City", "Seattle"): 14,
    ("Boston", "Miami"): 12, ("Chicago", "New Orleans"): 7, ("Chicago", "Santa Fe"): 9, ("Dallas", "New York"): 11,
    ("Duluth", "Houston"): 8, ("Helena", "Los Angeles"): 8, ("Kansas City", "Houston"): 5,
    ("Los Angeles", "Chicago"): 16, ("Los Angeles", "Miami"): 19, ("Los Angeles", "New York"): 20,
    ("New York", "Atlanta"): 6, ("Seattle", "Los Angeles"): 9, ("Seattle", "New York"): 20, ("Toronto", "Miami"): 10,
    ("Winnipeg", "Houston"): 12, ("Montréal", "Chicago"): 7}
#: Europe Expanded's 19 new regular tickets (§2)
EUROPE_NEW_19 = {
    ("Amsterdam", "Venezia"): 6, ("Bucuresti", "Erzurum"): 7, ("Bruxelles", "Stockholm"): 10,
    ("Cadiz", "Frankfurt"): 13, ("Danzig", "Budapest"): 7, ("Dieppe", "Kobenhavn"): 9, ("Dieppe", "Marseille"): 5,
    ("Edinburgh", "Essen"): 9, ("Lisboa", "Cadiz"): 2, ("München", "Petrograd"): 14, ("München", "Sarajevo"): 7,
    ("Pamplona", "Palermo"): 12, ("Riga", "Kharkov"): 10, ("Sochi", "Smyrna"): 9, ("Sofia", "Kyiv"): 6,
    ("Stockholm", "Wilno"): 12, ("Venezia", "Warszawa"): 8, ("Warszawa", "Budapest"): 5,
    ("Warszawa", "Sevastopol"): 12}
#: the 15 original Europe tickets with the Big Cities logo (§2)
EUROPE_BIG_CITIES_ORIGINALS = {
    ("Angora", "Kharkov"): 10, ("Athina", "Angora"): 5, ("Athina", "Wilno"): 11, ("Berlin", "Bucuresti"): 8,
    ("Berlin", "Moskva"): 12, ("Berlin", "Roma"): 9, ("Edinburgh", "Paris"): 7, ("London", "Berlin"): 7,
    ("London", "Wien"): 10, ("Madrid", "Dieppe"): 8, ("Madrid", "Zürich"): 8, ("Paris", "Wien"): 8,
    ("Paris", "Zagrab"): 7, ("Roma", "Smyrna"): 8, ("Stockholm", "Wien"): 11}
#: the 6 new long tickets of Europa 1912 (§4)
EUROPE_NEW_LONG = {("Amsterdam", "Rostov"): 19, ("Essen", "Angora"): 16, ("London", "Sochi"): 20,
                   ("Pamplona", "Kyiv"): 18, ("Paris", "Sevastopol"): 17, ("Riga", "Brindisi"): 17}


def pair(t) -> frozenset:
    return frozenset(t.ends)


def values(tickets, deck: str | None = None) -> dict:
    """{frozenset of the two ends: value} of tickets (of one deck, "regular" or "long")."""
    out = {pair(t): t.value for t in tickets if deck is None or t.deck == deck}
    assert len(out) == len([t for t in tickets if deck is None or t.deck == deck]), "two tickets join the same cities"
    return out


def by_pair(d: dict) -> dict:
    return {frozenset(k): v for k, v in d.items()}


def tickets_of(edition, variant, **options):
    return ttr_nb.load_game(edition, variant=variant, **options).board.tickets


USA = load_board("usa")
EUROPE = load_board("europe")
BASE_USA = values(USA.tickets)
DECK_1910 = values(USA.optional_ticket_decks["usa_1910"])
DECK_MEGA = values(USA.optional_ticket_decks["usa_mega"])


# ----------------------------------------------------------------------------- listing and loading
def test_the_variants_are_listed_beside_the_editions():
    assert ttr_nb.variants() == [("usa", "classic"), ("usa", "1910"), ("usa", "mega"), ("usa", "bigcities"),
                                 ("europe", "expanded"), ("europe", "bigcities"), ("europe", "mega")]
    assert ttr_nb.variants("usa") == [("usa", v) for v in ("classic", "1910", "mega", "bigcities")]
    assert ttr_nb.variants("nordic") == []
    # a variant is a way to play on an edition's board, not an edition of its own
    assert ttr_nb.editions() == ["usa", "europe", "switzerland", "nordic", "india", "northernlights"]


@pytest.mark.parametrize("edition, variant", ttr_nb.variants())
def test_a_variant_loads_as_its_edition_with_its_own_rules(edition, variant):
    game = ttr_nb.load_game(edition, players=3, seed=4, variant=variant)
    base = ttr_nb.load_rules(edition)
    assert game.rules.id == edition and game.rules.variant == variant and game.rules.board == base.board
    assert game.rules.variant_title and game.rules != base
    assert game.board.name == edition and game.board.routes == load_board(edition).routes
    assert repr(game) == f"load_game({edition!r}, players=3, seed=4, variant={variant!r})"
    assert ttr_nb.load_rules(edition, variant) == game.rules
    assert ttr_nb.load_game(edition, variant=variant.upper()).rules == game.rules      # ids in any case
    # nothing but the variant's fields changes: the trains, the cards, the route points
    for name in ("trains", "stations", "cards_per_colour", "locomotives", "route_points", "hand_size",
                 "double_routes_min_players", "face_up_locomotive_costs_two", "display_flush_at"):
        assert getattr(game.rules, name) == getattr(base, name), name


def test_an_unknown_variant_is_refused_naming_the_variants():
    with pytest.raises(ValueError, match=r"has no variant 'mystery' \(its variants: classic, 1910, mega, bigcities\)"):
        ttr_nb.load_game("usa", variant="mystery")
    with pytest.raises(ValueError, match=r"no variant 'mega' \(its variants: none\)"):
        ttr_nb.load_game("nordic", variant="mega")
    with pytest.raises(ValueError, match="a variant is named by its id, a string, not 3"):
        ttr_nb.load_game("usa", variant=3)


def test_a_variant_option_belongs_to_its_variant():
    assert len(tickets_of("usa", "classic", mystery_train_tickets=True)) == 34
    with pytest.raises(ValueError, match="has no option 'mystery_train_tickets'"):
        ttr_nb.load_game("usa", mystery_train_tickets=True)
    with pytest.raises(ValueError, match="has no option 'mystery_train_tickets'"):
        ttr_nb.load_game("usa", variant="mega", mystery_train_tickets=True)
    # the edition's own options still apply under a variant
    assert ttr_nb.load_rules("usa", "1910", opening_returns="removed").tickets.opening_returns == "removed"


def test_a_position_and_a_match_carry_their_variant():
    game = ttr_nb.load_game("usa", players=2, seed=3, variant="1910")
    match = ttr_nb.Match(game)
    match.play(match.state.legal_actions()[0])
    saved = match.to_dict()
    assert saved["variant"] == saved["start"]["variant"] == "1910"
    again = ttr_nb.Match.from_dict(saved)
    assert again.game.rules == game.rules and again.state.to_dict() == match.state.to_dict()
    assert "variant" not in ttr_nb.Match(ttr_nb.load_game("usa")).to_dict()          # base games unchanged
    with pytest.raises(ttr_nb.PositionError, match="this position is for the variant '1910', but the game has none"):
        ttr_nb.load_game("usa", seed=3).state_from_dict(saved["start"])


# ----------------------------------------------------------------------------- USA 1910's decks
def test_classic_deck_is_the_30_reprinted_originals_with_their_1910_values():
    deck = values(tickets_of("usa", "classic"))
    assert len(deck) == 30 and set(deck) == set(BASE_USA)
    changed = {k: (BASE_USA[k], deck[k]) for k in deck if deck[k] != BASE_USA[k]}
    assert changed == by_pair(REVISED)
    assert ttr_nb.load_game("usa").board.tickets == USA.tickets          # the base game keeps the base values


def test_classic_with_the_mystery_train_option_adds_the_4():
    deck = values(tickets_of("usa", "classic", mystery_train_tickets=True))
    assert deck == DECK_MEGA and {k: deck[k] for k in by_pair(MYSTERY_TRAIN)} == by_pair(MYSTERY_TRAIN)


def test_1910_deck_is_the_35_1910_tickets_only():
    deck = values(tickets_of("usa", "1910"))
    assert deck == DECK_1910 and len(deck) == 35
    assert not set(deck) & set(by_pair(MYSTERY_TRAIN)) and not set(deck) & set(BASE_USA)
    assert deck[frozenset(("Los Angeles", "Oklahoma City"))] == 9


def test_mega_game_deck_is_all_69():
    deck = values(tickets_of("usa", "mega"))
    assert len(deck) == 69 and deck == {**DECK_1910, **DECK_MEGA}
    assert {k: deck[k] for k in by_pair(MYSTERY_TRAIN)} == by_pair(MYSTERY_TRAIN)
    assert {k: deck[k] for k in by_pair(REVISED)} == {k: v[1] for k, v in by_pair(REVISED).items()}


def test_big_cities_deck_is_the_35_tickets_with_a_big_city():
    deck = values(tickets_of("usa", "bigcities"))
    assert deck == by_pair(USA_BIG_CITIES_DECK) and len(deck) == 35
    assert all(k & USA_BIG_CITIES for k in deck)
    assert sum(k in DECK_1910 for k in deck) == 19 and sum(k in BASE_USA for k in deck) == 15
    assert [k for k in deck if k in by_pair(MYSTERY_TRAIN)] == [frozenset(("Montréal", "Chicago"))]


# ----------------------------------------------------------------------------- Europa 1912's decks
BASE_EUROPE_REGULAR = values(EUROPE.tickets, "regular")
BASE_EUROPE_LONG = values(EUROPE.tickets, "long")


def test_europe_expanded_is_the_base_decks_with_19_new_regular_tickets():
    tickets = tickets_of("europe", "expanded")
    assert values(tickets, "regular") == {**BASE_EUROPE_REGULAR, **by_pair(EUROPE_NEW_19)}
    assert len(values(tickets, "regular")) == 59 and values(tickets, "long") == BASE_EUROPE_LONG
    assert not set(values(tickets)) & set(by_pair(EUROPE_NEW_LONG))


def test_big_cities_of_europe_is_45_big_cities_tickets_and_no_long_deck():
    tickets = tickets_of("europe", "bigcities")
    deck = values(tickets, "regular")
    assert len(tickets) == len(deck) == 45 and not values(tickets, "long")
    originals = {k: v for k, v in deck.items() if k in BASE_EUROPE_REGULAR}
    assert originals == by_pair(EUROPE_BIG_CITIES_ORIGINALS)
    assert {k: BASE_EUROPE_REGULAR[k] for k in originals} == originals          # reprinted unchanged
    new = set(deck) - set(originals)
    assert len(new) == 30 and all(len(k & EUROPE_BIG_CITIES) == 2 for k in new)
    # the 30 new and the 6 originals joining two Big Cities: every pair of the 9, once
    pairs = new | {k for k in originals if len(k & EUROPE_BIG_CITIES) == 2}
    assert len(pairs) == 36 and all(len(k) == 2 and k <= EUROPE_BIG_CITIES for k in pairs)


def test_mega_europe_is_all_101_tickets():
    tickets = tickets_of("europe", "mega")
    regular, long = values(tickets, "regular"), values(tickets, "long")
    assert len(regular) == 89 and len(long) == 12
    assert regular == values(EUROPE.optional_ticket_decks["europe_1912_regular"])
    assert long == {**BASE_EUROPE_LONG, **by_pair(EUROPE_NEW_LONG)}
    assert {k: regular[k] for k in BASE_EUROPE_REGULAR} == BASE_EUROPE_REGULAR      # originals unchanged
    assert set(by_pair(EUROPE_NEW_19)) <= set(regular)


@pytest.mark.parametrize("edition, variant", ttr_nb.variants())
def test_a_variants_tickets_are_numbered_in_its_deck(edition, variant):
    tickets = tickets_of(edition, variant)
    assert [t.index for t in tickets] == list(range(len(tickets)))
    board = ttr_nb.load_game(edition, variant=variant).board
    assert all(board.find_ticket(t.key) is t for t in tickets)
    assert ttr_nb.load_game(edition, variant=variant).board is board            # built once


def test_a_deck_naming_what_the_board_lacks_is_refused_naming_it():
    from ttr_nb.engine.ticketdecks import TicketSource, deck_board
    with pytest.raises(ValueError, match=r"no such deck \(its decks: 'base', 'usa_1910', 'usa_mega'\)"):
        deck_board(USA, (TicketSource("usa_1912"),))
    with pytest.raises(ValueError, match="no ticket 'Boston-Paris' in its optional deck 'usa_mega'"):
        deck_board(USA, (TicketSource("usa_mega", leave_out=("Boston-Paris",)),))
    with pytest.raises(ValueError, match="not cities of board 'usa': Paris"):
        deck_board(USA, (TicketSource("usa_mega", with_an_end_in=("Paris",)),))
    with pytest.raises(ValueError, match="tickets taken twice: Boston-Miami"):
        deck_board(USA, (TicketSource("base"), TicketSource("usa_mega")))
