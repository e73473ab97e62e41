"""The app (`GameApp`), driven from Python the way its buttons drive it."""
import html

import pytest

from ttr_nb.analysis.bots import GreedyBot
from ttr_nb.engine.rules import edition_ids, edition_title, load_rules
from ttr_nb.widgets.app import GameApp, rules_summary

from .words import W, W_part, english


def play_human_to_the_end(app, limit=2000):
    """The human seat plays greedy moves through the table's public `play`."""
    table = app.table
    bot = GreedyBot(5)
    moves = 0
    while not table.state.is_over():
        assert table.is_human(table.state.current_player)
        assert table.play(bot(table.state)), table.status.text
        moves += 1
        assert moves < limit
    return moves


def test_start_screen_first():
    app = GameApp()
    assert app.screen == "start" and app.table is None
    assert app.start_screen.layout.display != "none"
    assert app.new_button.layout.display == "none"
    assert app.table_box.children == ()


def test_one_human_two_bots_play_to_the_end_then_new_game():
    app = GameApp()
    table = app.start(edition="usa", seats=["human", "greedy", "greedy"], seed=11, bot_delay=0)
    assert app.screen == "game" and app.table is table
    assert app.start_screen.layout.display == "none" and app.new_button.layout.display != "none"
    assert app.table_box.children == (table.widget,)
    assert table.game.players == 3 and table.bot_delay == 0
    assert [table.is_human(i) for i in range(3)] == [True, False, False]
    assert table.state.phase == "opening" and table.state.current_player == 0
    # the opening tickets, then one turn: the bots answer by themselves
    assert table.keep([0, 1])
    assert table.draw_deck() and table.draw_deck()
    assert table.state.current_player == 0 and len(table.match.history) >= 7
    assert app.walkthrough is None and app.scoring_box.children == ()
    play_human_to_the_end(app)
    # the end: the scoring walkthrough, whose last step is the engine's final table
    walk = app.walkthrough
    assert walk is not None and walk.widget in app.scoring_box.children
    assert walk.steps[-1] == W("Final table")
    assert [r.total for r in walk.rows] == [r.total for r in table.state.score_breakdown()]
    # an undo of the last move takes the scoring away again
    assert table.undo()
    assert app.walkthrough is None and app.scoring_box.children == ()
    play_human_to_the_end(app)
    assert app.walkthrough is not None
    # New game: back to the start screen with the same choices; a fresh game from turn 0
    app.new_game()
    assert app.screen == "start" and app.table is None and app.walkthrough is None
    assert app.table_box.children == () and app.scoring_box.children == ()
    assert app.settings["seats"] == ["human", "greedy", "greedy"] and app.settings["seed"] == 11
    again = app.start()
    assert again is not table and again.state.phase == "opening" and again.match.history == []
    assert again.state.hands == table.match.states[0].hands        # the same game number deals the same game


def test_buttons_call_the_same_methods():
    app = GameApp(seats=["human", "random"], seed=2, bot_delay=0)
    app.start_button.click()
    assert app.screen == "game" and app.table.game.players == 2
    app.rules_button.click()
    assert app.rules.layout.display == "block" and edition_title(load_rules("usa")) in app.rules_text
    assert W("The rules of {title}", title=edition_title(load_rules("usa"))) in app.rules_text
    app.rules_button.click()
    assert app.rules.layout.display == "none"
    app.new_button.click()
    assert app.screen == "start" and app.table is None


def test_no_human_seat_is_refused_and_starts_nothing():
    app = GameApp()
    assert app.start(seats=["greedy", "random"]) is None
    assert app.screen == "start" and app.table is None
    assert app.status.kind == "refused" and app.status.rule == "widget.no-human-seat"
    assert app.status.text == W("At least one player must be human: choose Human for one of the players.")
    assert not english() or "human" in app.status.text


def test_unreadable_game_number_is_refused():
    app = GameApp(seats=["human", "greedy"])
    app.seed_box.value = "seven"
    assert app.start() is None and app.table is None
    assert app.status.rule == "widget.game-number" and "'seven'" in app.status.text


def test_empty_game_number_picks_one_and_shows_it():
    app = GameApp(seats=["human", "greedy"], bot_delay=0)
    table = app.start()
    assert isinstance(table.game.seed, int)
    assert W("game number {n}", n=table.game.seed) in app.game_title.value


def test_seat_count_follows_the_editions_limits():
    app = GameApp(seats=["human", "greedy", "greedy", "greedy"])
    assert app.seat_count.value == 4
    app.choose_edition("nordic")
    rules = load_rules("nordic")
    assert list(app.seat_count.options) == list(range(rules.min_players, rules.max_players + 1))
    assert app.seat_count.value == rules.max_players
    shown = [d.layout.display for d in app.seat_choices]
    assert len(shown) - shown.count("none") == rules.max_players
    assert app.choose_seat_count(5) is False
    assert app.status.rule == "widget.players"
    assert app.status.text == W("{title} is played by {low} to {high} players, not {n}.", title=edition_title(rules), low=2,
                                high=3, n=5)
    assert not english() or "2 to 3 players, not 5" in app.status.text
    assert app.seat_count.value == rules.max_players


class Opaque:
    """An object of no kind the app knows, with the same name in every process (test ids are reprs,
    and the processes of a test run must collect the same ids)."""

    def __repr__(self) -> str:
        return "<an object>"


BAD = [None, float("nan"), float("inf"), -5, 10 ** 12, True, "blah", "", [1], {"x": 1}, Opaque(), b"red", 2.5]


def _app_state(app):
    return (app.screen, app.table, app.settings, app.seed_box.value, app.rules.layout.display)


@pytest.mark.parametrize("call", [
    *[("choose_edition", (b,), {}) for b in BAD],
    *[("choose_seat_count", (b,), {}) for b in BAD],
    *[("choose_seat", (b, "human"), {}) for b in BAD],
    *[("choose_seat", (1, b), {}) for b in BAD],
    *[("choose_speed", (b,), {}) for b in BAD if not isinstance(b, (int, float)) or b < 0 or b != b or b == float("inf")
      or isinstance(b, bool)],
    *[("start", (), {"edition": b}) for b in BAD if b is not None],
    *[("start", (), {"seats": b}) for b in BAD if b is not None],
    *[("start", (), {"seed": b}) for b in BAD if b is not None and not (isinstance(b, int) and b >= 0)
      or b is True],
    ("start", (), {"seats": ["human"]}),
    ("start", (), {"seats": ["human", "robot"]}),
    ("start", (), {"edition": "nordic", "seats": ["human", "greedy", "greedy", "greedy"]}),
], ids=repr)
def test_bad_arguments_are_refused_and_change_nothing(call):
    name, args, kwargs = call
    app = GameApp(seats=["human", "greedy"], seed=4, bot_delay=0)
    before = _app_state(app)
    result = getattr(app, name)(*args, **kwargs)
    assert result in (False, None)
    assert app.status.kind == "refused" and app.status.rule.startswith("widget.")
    assert _app_state(app) == before


def test_a_bad_edition_at_construction_is_an_error():
    with pytest.raises(ValueError, match=W_part("There is no edition {edition}: the editions are {editions}.", 0)
                       + "'mars'"):
        GameApp(edition="mars")


@pytest.mark.parametrize("edition", edition_ids())
def test_rules_summary_is_written_from_the_rules_record(edition):
    rules = load_rules(edition)
    text = " ".join(s for _, s in rules_summary(edition))
    assert W("Claim railway routes between the cities of the map to connect the cities named on your destination "
             "tickets. {low} to {high} players, {trains} trains each.", low=rules.min_players, high=rules.max_players,
             trains=rules.trains) in text
    assert not english() or f"{rules.trains} trains each" in text
    station = W_part("build a station in a city (up to {n} in a game),", 0)
    assert (station in text) == bool(rules.stations)
    assert (W("A face-up locomotive counts as both cards, and only as the first one.") in text) == \
        rules.face_up_locomotive_costs_two
    named = rules.longest_path_card is not None
    assert (W("The longest continuous path earns {n} points.", n=rules.longest_path_bonus) in text) == \
        (bool(rules.longest_path_bonus) and not named)
    assert (W("The longest continuous path earns the {name} card: {n} points.", name=rules.longest_path_name,
              n=rules.longest_path_bonus) in text) == (bool(rules.longest_path_bonus) and named)
    assert edition != "europe" or "European Express" in text
    assert (W_part("A ticket whose cities your own trains join by two paths that share no route is a Grand "
                   "Tour: it earns a bonus on top of its value, by how many Grand Tours you have ({table}).", 0)
            in text) == \
        bool(rules.grand_tour_points)
    assert not rules.grand_tour_points or ", ".join(rules.grand_tour_rows()) in text
    heads = [h for h, _ in rules_summary(edition)]
    assert len(heads) == len(set(heads))


def test_rules_panel_follows_the_chosen_edition():
    app = GameApp()
    assert app.toggle_rules() is True
    station = W_part("build a station in a city (up to {n} in a game),", 0)
    assert edition_title(load_rules("usa")) in app.rules_text
    assert "station" not in app.rules_text                          # the Danish word too
    app.choose_edition("europe")
    assert edition_title(load_rules("europe")) in app.rules_text and station in app.rules_text
    assert not english() or "Ticket to Ride: Europe" in app.rules_text
    assert app.toggle_rules() is False


def test_the_start_screen_offers_english_and_danish():
    """The language choice relabels the start screen; the next game is in the language chosen."""
    app = GameApp(seats=["human", "greedy"], seed=3, bot_delay=0, language="en")
    assert [label for label, _code in app.language_choice.options] == \
        ["English", "Dansk"]
    assert app.start_button.description == "Start the game"
    app.language_choice.value = "da"                    # a click on "Dansk"
    assert app.language == "da" and app.start_button.description == "Start spillet"
    assert app.seat_choices[0].description == "Spiller 1" and app.seat_choices[0].value == "human"
    table = app.start()
    assert table.language == "da" and table.deck_button.description.startswith("Bunken")
    assert app.choose_language("xx") is False and app.language == "da"
    app.new_game()
    assert app.choose_language("en") and app.start_button.description == "Start the game"


@pytest.mark.parametrize("seed", ["²", "٣", "1_000", "+3", "9" * 5000])
def test_game_number_digits_only(seed):
    """A game number is written in the digits 0-9: "²" or "٣" (which str.isdigit takes) is refused
    on the page, in the box or as start's argument, and no game starts."""
    app = GameApp(bot_delay=0)
    assert app.start(seed=seed) is None
    assert app.screen == "start" and app.status.rule == "widget.game-number"
    app.seed_box.value = seed
    assert app.start() is None
    assert app.screen == "start" and app.status.rule == "widget.game-number"


def test_digits_only_everywhere():
    """Every reader of a number typed as text takes the digits 0-9 only (issue 25, item 2)."""
    from ttr_nb.engine.cards import Cards
    from ttr_nb.engine.actions import ActionSyntaxError, parse as parse_action
    from ttr_nb.exercises.compare import same_numbers
    for text in ("²", "٣", "9" * 5000):
        with pytest.raises(ActionSyntaxError):
            parse_action(f"keep {text}")
        with pytest.raises(ValueError, match=r"red\*3\+loco\*1"):
            Cards.parse(f"red*{text}")
        assert not same_numbers([text], [3])
    assert same_numbers(["3", 1], [1, 3])


def test_the_seat_chooser_lists_every_agent_with_how_it_plays():
    """Every agent of the registry is a choice for a seat, under its title ("Greedy bot" and
    "Random bot" as before); the line beside the chooser (and its tooltip) says how the chosen
    one plays, in the app's language; a game names the seat by it."""
    from ttr_nb.analysis.agents import AGENTS, DESCRIPTIONS
    from .words import E
    app = GameApp(seats=["human", "greedy"], seed=3, bot_delay=0)
    chooser, line = app.seat_choices[1], app.seat_summaries[1]
    offered = dict((kind, label) for label, kind in chooser.options)
    assert list(offered) == ["human", *AGENTS]
    assert offered["greedy"] == W("Greedy bot") and offered["random"] == W("Random bot")
    for kind, (title, summary) in DESCRIPTIONS.items():
        if kind not in ("greedy", "random"):
            assert offered[kind] == E(title)
        assert app.choose_seat(1, kind) and chooser.value == kind
        said = W("A computer player. {summary}", summary=E(summary))
        assert chooser.tooltip == said and html.escape(said) in line.value
    assert not english() or offered["route-focus"] == "Route Focus"
    assert english() or (offered["route-focus"] == "Strækningsfokus" and "computerspiller" in line.value)
    assert app.choose_seat(1, "human") and W("A person plays this seat (players take turns at the same screen).") \
        in html.unescape(line.value)
    table = app.start(seats=["human", "route-focus", "planner"], bot_delay=0)
    assert table.names == [W("Player {n}", n=1), W("Player {n} ({agent})", n=2, agent=E("Route Focus")),
                           W("Player {n} ({agent})", n=3, agent=E("Planner"))]
    assert not english() or table.names[1] == "Player 2 (Route Focus)"
    assert english() or table.names[1] == "Spiller 2 (Strækningsfokus)"
    assert app.start(seats=["human", "clever"]) is None and "'route-focus'" in app.status.text
