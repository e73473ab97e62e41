"""Every widget's constructor checks its arguments: a value it cannot use raises the widgets'
`ArgumentError` (a ValueError and a TypeError) naming the widget, the argument and what the
argument accepts -- never an AttributeError, IndexError, KeyError or a bare TypeError from
somewhere inside -- and it is raised before anything is built (fast)."""
from __future__ import annotations

import inspect
import pickle

import pytest

import ttr_nb
from ttr_nb.widgets import EditionExplorer, GameTable, PaymentChecker, ScoringWalkthrough, TunnelLab
from ttr_nb.widgets.app import GameApp
from ttr_nb.widgets.arguments import ArgumentError


class Odd:
    """An object of no kind any argument takes."""

    def __repr__(self):
        return "<Odd>"


#: the grid of values each argument gets (the ones an argument accepts are listed in VALID)
GRID = [True, None, "x", 1.5, [], {}, -1, Odd(), 10 ** 30, float("nan"), "", [None], {"x": 1}, ("human",) * 9]

#: per widget: the arguments (every named one of the constructor) and the grid values each accepts
VALID = {
    GameTable: {"edition": (), "seats": (), "seed": (10 ** 30,), "names": (None,), "bot_delay": (1.5,),
                "auto_bots": (True,), "board_width": (None,), "position": (None, {}), "colour_blind": (True,),
                "language": (None,), "hints": (True,)},
    PaymentChecker: {"edition": (), "hand": (None, {}, ""), "route": (None,), "show_payable": (True,),
                     "shown_per_group": (), "shown_groups": (), "colour_blind": (True,), "language": (None,)},
    TunnelLab: {"edition": (), "seed": (10 ** 30,), "tunnel": (None,), "payment": (None,), "colour_blind": (True,),
                "language": (None,)},
    EditionExplorer: {"edition": (), "players": (), "colour_blind": (True,), "language": (None,)},
    ScoringWalkthrough: {"state_or_match": (), "names": (None,), "board_width": (None,), "colour_blind": (True,),
                         "language": (None,)},
    GameApp: {"edition": (), "seats": (), "seed": (None, 10 ** 30), "bot_delay": (1.5, 10 ** 30), "board_width": (None,),
              "language": (None,), "hints": (True,)},
}


def accepted(value, valid) -> bool:
    return any(value is v or (type(value) is type(v) and value == v) for v in valid)


def needed(widget) -> dict:
    """The arguments a call needs besides the one under test."""
    if widget is ScoringWalkthrough:
        return {"state_or_match": ttr_nb.load_game("usa", players=2, seed=0).new_state()}
    return {}


def test_the_table_names_every_argument_of_every_constructor():
    for widget, arguments in VALID.items():
        named = [n for n, p in inspect.signature(widget.__init__).parameters.items()
                 if n != "self" and p.kind not in (p.VAR_KEYWORD, p.VAR_POSITIONAL)]
        assert sorted(named) == sorted(arguments), widget.__name__


CASES = [(widget, argument, valid) for widget, arguments in VALID.items() for argument, valid in arguments.items()]


@pytest.mark.parametrize("widget, argument, valid", CASES, ids=[f"{w.__name__}-{a}" for w, a, _v in CASES])
def test_a_bad_argument_is_refused_naming_it(widget, argument, valid):
    for value in GRID:
        if accepted(value, valid):
            continue
        kwargs = {**needed(widget), argument: value}
        if argument == "position" and isinstance(value, dict):
            with pytest.raises(ttr_nb.PositionError):            # a position's own error, listing its problems
                widget(**kwargs)
            continue
        with pytest.raises(ArgumentError) as e:
            widget(**kwargs)
        error = e.value
        assert isinstance(error, ValueError) and isinstance(error, TypeError)
        assert error.widget == widget.__name__ and error.argument == argument, (value, str(error))
        text = str(error)
        assert text.startswith(widget.__name__) and argument in text and len(text) < 600, text
        assert error.reason.rule == "widget.bad-argument"
        assert str(pickle.loads(pickle.dumps(error))) == text


@pytest.mark.parametrize("kwargs, argument, words", [
    ({"names": "x"}, "names", "a list of 2 names"),
    ({"names": ["Ada"]}, "names", "['Ada']"),
    ({"position": True}, "position", "a State of this game or a position dict"),
    ({"seats": None}, "seats", "a list of seats"),
    ({"seats": ["human", "clever"]}, "seats", "'clever'"),
    ({"seats": ["human"] * 9}, "seats", "9"),
    ({"bot_delay": 10 ** 9}, "bot_delay", "from 0 to 60"),
    ({"board_width": 3}, "board_width", "from 200 to 5000"),
])
def test_game_table_says_what_an_argument_accepts(kwargs, argument, words, lang):
    with pytest.raises(ArgumentError) as e:
        GameTable(**kwargs)
    assert e.value.argument == argument
    if lang == "en":
        assert words in str(e.value), str(e.value)


def test_payment_checker_refuses_a_hand_of_the_wrong_kind(lang):
    for hand in (True, 1.5, {"red": 1.5}, {"red": True}, [1.5] * 9, "red*x"):
        with pytest.raises(ArgumentError) as e:
            PaymentChecker(hand=hand)
        assert e.value.argument == "hand"
    if lang == "en":
        assert "cards such as 'red*3+loco*1'" in str(e.value)


def test_a_game_number_typed_at_length_is_quoted_short():
    app = GameApp(bot_delay=0)
    assert app.start(seed="x" * 100_000) is None
    assert app.status.kind == "refused" and len(app.status.text) < 400
