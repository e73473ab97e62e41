"""A game played in Danish speaks Danish: every log line and refusal of a few seeded random
games (per edition) is a Danish text of the catalogue with its placeholders filled, and holds
no English text whose translation differs; in English every text is one of the catalogue's
English texts. No text, in either language, shows a route's internal key ("#2")."""
from __future__ import annotations

import re

import pytest

import ttr_nb
from ttr_nb.engine import i18n

from .texts import Templates, game_texts

EDITIONS = ttr_nb.editions()
SEEDS = (1, 2)
KEY = re.compile(r"#\d")


@pytest.fixture(scope="module")
def danish():
    return Templates("engine", "da")


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


def _texts(edition, code, **options):
    with i18n.using(code):
        return {(kind, text) for seed in SEEDS for kind, text in game_texts(edition, seed, **options)}


#: The editions' modules played as options: Warehouses & Depots (Europa 1912) on Europe, in
#: each reading of its corner cases (their refusals differ)
MODULES = [("europe", {"warehouses": True}), ("europe", {"warehouses": True, "depot_placement": "before"}),
           ("europe", {"warehouses": True, "warehouses_exhaust": "empty_pile", "depots_and_stations": "together"})]


@pytest.mark.parametrize("edition, options", MODULES, ids=lambda x: x if isinstance(x, str) else
                         "-".join(f"{k}={v}" for k, v in x.items()))
def test_a_game_with_an_editions_module_speaks_only_danish_in_danish(edition, options, danish):
    texts = _texts(edition, "da", **options)
    unknown = sorted(t for _, t in texts if not danish.in_translation(t))
    assert not unknown, f"{len(unknown)} texts are no Danish text of the catalogue: {unknown[:8]}"
    leaks = [found for _, t in sorted(texts) if (found := danish.leak(t))]
    assert not leaks, f"{len(leaks)} texts hold English: {leaks[:8]}"
    assert any("lager" in t for _, t in texts) and any("depot" in t for _, t in texts)
    english = _texts(edition, "en", **options)
    missing = sorted(t for _, t in english if not danish.in_english(t))
    assert not missing, f"{len(missing)} texts are no text of the catalogue: {missing[:8]}"
    assert any("warehouse" in t for _, t in english)


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_game_in_danish_speaks_only_danish(edition, danish):
    texts = _texts(edition, "da")
    assert {kind for kind, _ in texts} == {"log", "refusal"}
    assert len(texts) > 50
    unknown = sorted(t for _, t in texts if not danish.in_translation(t))
    assert not unknown, f"{len(unknown)} texts are no Danish text of the catalogue: {unknown[:8]}"
    leaks = [found for _, t in sorted(texts) if (found := danish.leak(t))]
    assert not leaks, f"{len(leaks)} texts hold English: {leaks[:8]}"
    keys = sorted(t for _, t in texts if KEY.search(t))
    assert not keys, f"texts showing a route's key: {keys[:5]}"


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_game_in_english_says_only_the_catalogues_english_texts(edition, danish):
    texts = _texts(edition, "en")
    unknown = sorted(t for _, t in texts if not danish.in_english(t))
    assert not unknown, f"{len(unknown)} texts are no text of the catalogue (not marked for translation?): " \
                        f"{unknown[:8]}"
    keys = sorted(t for _, t in texts if KEY.search(t))
    assert not keys, f"texts showing a route's key: {keys[:5]}"


def test_the_check_finds_english_and_unknown_texts(danish):
    """The check itself: it refuses an English log line, English filled into a Danish one, and a
    text the catalogue does not hold."""
    assert danish.in_translation("Spiller 1 trak et kort fra bunken")
    assert not danish.in_translation("Player 1 drew a card from the deck")
    assert danish.leak("Player 1 drew a card from the deck")
    assert danish.leak("Spiller 1 byggede Denver-Omaha med 3 red cards (4 point)")
    assert danish.leak("Spiller 1 byggede Denver-Omaha med 3 røde kort og 1 locomotive (4 point)")
    assert danish.leak("Der ligger intet åbent rødt kort (udstillingen viser red, blå, lokomotiv).")
    assert danish.leak("Spiller 1 byggede Denver-Omaha med 4 røde kort (4 point)") is None
    assert not danish.in_translation("Spiller 1 gjorde noget helt andet")


@pytest.mark.parametrize("edition", EDITIONS)
def test_an_editions_rules_in_danish_keep_their_keys_and_speak_danish(edition, danish):
    rules = ttr_nb.load_rules(edition)
    english = rules.summary()
    with i18n.using("da"):
        summary = rules.summary()
        labels = {key: ttr_nb.engine.rules.summary_label(key) for key in summary}
        title = ttr_nb.engine.rules.edition_title(rules)
    assert list(summary) == list(english)            # the keys a notebook reads stay as they are
    texts = [v for v in summary.values() if isinstance(v, str) and any(c.isalpha() for c in v)]
    leaks = [found for t in [*texts, *labels.values(), title] if (found := danish.leak(t))]
    assert not leaks, leaks
    assert labels["train cards"] == "togkort" and "lokomotiver" in summary["train cards"]


def test_a_position_that_cannot_be_is_refused_in_danish(danish):
    from ttr_nb.engine.serialize import PositionError
    game = ttr_nb.load_game("europe", players=2)
    good = game.new_state().to_dict()
    bad = {**good, "hands": [{"red": 30}, {"purple": -1}], "stations": [["Berlin", 0], ["Atlantis", 1]],
           "trains": [45, "many"], "phase": "dreaming", "routes": {"Berlin-Wien": 5}}
    with i18n.using("da"), pytest.raises(PositionError) as refused:
        game.state_from_dict(bad)
    heading, *lines = str(refused.value).split("\n- ")
    assert heading == "Denne stilling er ikke mulig:" and len(lines) >= 5
    problems = [line.split(": ", 1)[1] if ": " in line and not danish.in_translation(line) else line for line in lines]
    unknown = [p for p in problems if not danish.in_translation(p)]
    assert not unknown, unknown
    leaks = [found for p in problems if (found := danish.leak(p))]
    assert not leaks, leaks
