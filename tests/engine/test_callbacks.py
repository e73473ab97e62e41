"""One callback convention, `on_<event>(callback, remove=False)`, for `Match.on_change`, the board's
click events (`BoardView`) and the widgets' one-figure board (`BoardMirror`)."""
from __future__ import annotations

import pytest

import ttr_nb
from ttr_nb.engine.callbacks import Callbacks


def test_a_callback_registered_twice_runs_once_and_removing_an_unknown_one_does_nothing():
    c = Callbacks()
    seen = []
    c.register(seen.append)
    c.register(seen.append)
    c("a")
    assert seen == ["a"] and len(c) == 1
    c.register(seen.append, remove=True)
    c.register(seen.append, remove=True)          # not there any more: nothing happens
    c("b")
    assert seen == ["a"] and len(c) == 0
    with pytest.raises(TypeError):
        c.register("not callable")


def test_a_callback_may_remove_itself_while_running():
    c = Callbacks()
    seen = []

    def once(x):
        seen.append(x)
        c.register(once, remove=True)

    c.register(once)
    c.register(seen.append)
    c(1)
    c(2)
    assert seen == [1, 1, 2]


def _events():
    from ttr_nb.viz import BoardView
    from ttr_nb.widgets.boards import BoardMirror

    game = ttr_nb.load_game("usa")
    match = ttr_nb.Match(game)
    view = BoardView(game)
    mirror = BoardMirror()
    mirror.show("usa", game)
    ri = game.route_index("Denver-Omaha")
    return [
        ("Match.on_change", match.on_change, lambda: match.play(match.state.legal_actions()[0])),
        ("BoardView.on_route_click", view.on_route_click, lambda: view.click_route(ri)),
        ("BoardView.on_city_click", view.on_city_click, lambda: view.click_city("Denver")),
        ("BoardMirror.on_route_click", mirror.on_route_click, lambda: mirror.click_route(ri)),
    ]


@pytest.mark.parametrize("k", range(4))
def test_every_event_follows_the_same_convention(k):
    name, on, fire = _events()[k]
    seen = []

    def callback(*args):
        seen.append(args)

    on(callback)
    on(callback)                        # twice: still called once per event
    fire()
    assert len(seen) == 1, name
    on(callback, remove=True)
    on(callback, remove=True)           # removing it again is not an error
    fire()
    assert len(seen) == 1, name
