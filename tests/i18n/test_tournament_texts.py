"""A tournament's table and charts in Danish: Danish words, a decimal comma, the per cent sign
after a space; the agents by their Danish titles."""
from __future__ import annotations

import html
import re

import pytest

from ttr_nb.analysis.tournament import tournament
from ttr_nb.engine.i18n import using

#: the game's own name and the names the Danish rules keep (not English words in a Danish text)
NAMES = {"ticket", "to", "ride", "grand", "tour", "globetrotter"}


def words(text: str) -> set[str]:
    return {w.casefold() for w in re.findall(r"[^\W\d_]+", text)}


@pytest.fixture(scope="module")
def result():
    return tournament("europe", ["route-focus", "long-route", "random"], games=3, seed=2, progress=False)


def test_the_tournament_table_in_danish_has_a_decimal_comma_and_no_english_words(result):
    english = html.unescape(result._repr_html_())
    with using("da"):
        danish = html.unescape(result._repr_html_())
        text = result.table()
    shown = re.sub(r"<[^>]+>", " ", danish)
    left = (words(shown) & words(re.sub(r"<[^>]+>", " ", english))) - NAMES
    assert left == set(), f"English words in the Danish table: {sorted(left)}"
    assert "Strækningsfokus" in shown and "Lange strækninger" in shown and "tilfældig" in shown
    assert "andel sejre (95 %)" in shown and "sejre fra plads 3" in shown and "Europa, 3 spillere, 3 spil" in shown
    for r in result.rows():
        share = f"{100 * r.rate:.1f}".replace(".", ",") + " %"
        assert share in shown and share in text
        assert f"{r.score:.1f}".replace(".", ",") in shown
    assert not re.search(r"\d\.\d", shown), "a decimal point in the Danish table"
    assert re.search(r"\d\.\d", english) and "win rate (95%)" in english


def test_the_tournament_charts_in_danish(result):
    from ttr_nb.viz import tournament_figure
    with using("da"):
        fig = tournament_figure(result)
    assert fig.layout.separators == ",."
    assert [a.text for a in fig.layout.annotations][:3] == ["sejre (95 % interval)", "point i gennemsnit efter del",
                                                            "sejre fra hver plads"]
    wins, *rest = fig.data
    assert list(wins.x) == ["Strækningsfokus", "Lange strækninger", "tilfældig"]
    assert [t.name for t in rest if t.legendgroup == "seats"] == ["plads 1", "plads 2", "plads 3"]
    assert {t.name for t in rest if t.legendgroup == "parts"} <= {"strækninger", "billetter", "længste rute",
                                                                 "stationer"}
    assert fig.layout.title.text.startswith("Ticket to Ride: Europa, 3 spillere")
    # percentages the Danish way on the axes and in the hover labels: a space before the sign, a comma
    assert fig.layout.yaxis.ticktext[:3] == ("0 %", "10 %", "20 %") == fig.layout.yaxis3.ticktext[:3]
    assert all(re.fullmatch(r"\d+(,\d)? %", text) for text in wins.customdata)
    assert "%{customdata}" in wins.hovertemplate and ".1%" not in wins.hovertemplate
