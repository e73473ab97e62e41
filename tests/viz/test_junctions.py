"""Northern Lights' three junctions without a name: drawn as small neutral dots with no name,
said in words on hover ("a junction without a name in northern Sweden"), never by the board data's id
("Unnamed Swedish city (north)"), in English and in Danish."""
from __future__ import annotations

import pytest

import ttr_nb
from ttr_nb.engine.board import load_board
from ttr_nb.engine.i18n import using
from ttr_nb.viz import board_figure, board_widget
from ttr_nb.engine.places import junctions, place_name

IDS = ["Unnamed Russian city", "Unnamed Swedish city (north)", "Unnamed Swedish city (south)"]


def shown_texts(fig) -> list[str]:
    """Every text the figure shows or shows on hover: the traces' names, texts and hover texts,
    the title and the annotations (``customdata`` and ``meta`` are ids the reader never sees)."""
    out: list[str] = []
    d = fig.to_dict()
    for t in d["data"]:
        for key in ("name", "text", "hovertext", "hovertemplate"):
            v = t.get(key)
            if isinstance(v, str):
                out.append(v)
            elif v is not None:
                out += [x for x in v if isinstance(x, str)]
    layout = d["layout"]
    out.append(str(layout.get("title", {}).get("text", "")))
    out += [str(a.get("text", "")) for a in layout.get("annotations", [])]
    return out


def trace(fig, name):
    (found,) = [t for t in fig.data if t.meta == name]
    return found


def test_the_board_data_has_three_junctions_and_nothing_else_is_one():
    board = load_board("northernlights")
    assert sorted(c.name for c in junctions(board)) == IDS
    for edition in ttr_nb.editions():
        if edition != "northernlights":
            assert junctions(load_board(edition)) == [], edition


@pytest.mark.parametrize("language", ["en", "da"])
@pytest.mark.parametrize("make", [board_figure, board_widget], ids=["static", "widget"])
def test_no_text_of_a_northern_lights_board_names_a_junction_by_its_id(make, language):
    with using(language):
        fig = make(ttr_nb.load_game("northernlights", players=2, seed=1))
        texts = shown_texts(fig)
    assert texts and not [t for t in texts if "Unnamed" in t]
    # the ids are still the points' customdata: clicks and actions name the place by it
    assert set(IDS) <= set(trace(fig, "cities").customdata)


def test_a_junction_is_a_small_grey_dot_without_a_name():
    fig = board_figure(ttr_nb.load_game("northernlights"))
    cities = trace(fig, "cities")
    names = trace(fig, "city names")
    for i, c in enumerate(cities.customdata):
        junction = c in IDS
        assert (names.text[i] == "") == junction, c
        assert (cities.marker.color[i] == "#757575") == junction, c
        assert (cities.marker.size[i] < 11) == junction, c


def test_hover_texts_say_what_a_junction_is_in_english_and_danish():
    board = load_board("northernlights")
    assert [place_name(board, c) for c in IDS] == [
        "a junction without a name in Russia", "a junction without a name in northern Sweden",
        "a junction without a name in southern Sweden"]
    with using("da"):
        assert [place_name(board, c) for c in IDS] == [
            "et knudepunkt uden navn i Rusland", "et knudepunkt uden navn i det nordlige Sverige",
            "et knudepunkt uden navn i det sydlige Sverige"]
        fig = board_widget(ttr_nb.load_game("northernlights"))
    cities = trace(fig, "cities")
    i = list(cities.customdata).index("Unnamed Swedish city (north)")
    assert cities.hovertext[i].startswith("<b>et knudepunkt uden navn i det nordlige Sverige</b>")
    routes = trace(fig, "routes")
    kiruna = [t for t in routes.hovertext if t.startswith("<b>Kiruna – et knudepunkt")]
    assert len(kiruna) == 2          # Kiruna is joined to both Swedish junctions


def test_the_widgets_name_a_route_to_a_junction_in_words():
    from ttr_nb.widgets.explorer import route_label
    board = load_board("northernlights")
    r = next(r for r in board.routes if r.a == "Kiruna" and r.b == "Unnamed Swedish city (north)")
    assert route_label(r, board) == "Kiruna–a junction without a name in northern Sweden"


@pytest.mark.parametrize("language", ["en", "da"])
def test_the_games_sentences_name_a_junction_in_words(language):
    """The log line of a claim and a refusal, as the table's status line shows them."""
    game = ttr_nb.load_game("northernlights", players=2, seed=5)
    tickets = [["Oslo-Stockholm", "Stockholm-Helsinki"], ["Stockholm-København", "Oslo-København"]]
    state = game.state_from_dict({"hands": [{"white": 2}, {"red": 1}], "tickets": tickets})
    claim = game.parse_action("claim Kiruna-Unnamed Swedish city (north) white*2")
    with using(language):
        (line,) = state.describe(claim)
        refused = state.why_illegal("claim Kiruna-Unnamed Swedish city (north) red*2").text
        taken = state.apply(claim).why_illegal(claim).text
    junction = {"en": "a junction without a name in northern Sweden", "da": "et knudepunkt uden navn i det nordlige Sverige"}
    for text in (line, refused, taken):
        dash = {"en": "-", "da": "–"}[language]               # Danish writes a route's places with an en dash
        assert "Unnamed" not in text and f"Kiruna{dash}{junction[language]} " in text, text
