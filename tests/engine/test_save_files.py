"""Save files: `Match.save` is atomic, and `Match.load` of anything but a saved match raises
one `SaveFileError` naming the file and what is wrong (an action that cannot be replayed:
its number and text). Edition names are ids, never paths."""
from __future__ import annotations

import copy
import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ttr_nb
from ttr_nb import Match, SaveFileError, load_game


def played(edition="usa", players=2, seed=5, moves=12) -> Match:
    m = Match(ttr_nb.load_game(edition, players=players, seed=seed))
    for _ in range(moves):
        if m.state.is_over():
            break
        m.play(m.state.legal_actions()[0])
    return m


# ---------------------------------------------------------------------------- atomic save
def test_a_save_that_fails_while_writing_leaves_the_previous_file(tmp_path, monkeypatch):
    path = tmp_path / "game.json"
    m = played()
    m.save(path)
    good = path.read_bytes()
    m.play(m.state.legal_actions()[0])
    original = Match.to_dict

    def half_serialisable(self):
        d = original(self)
        d["zz"] = object()           # json.dump has written the rest of the file when it meets this
        return d

    monkeypatch.setattr(Match, "to_dict", half_serialisable)
    with pytest.raises(TypeError):
        m.save(path)
    assert path.read_bytes() == good
    assert os.listdir(tmp_path) == ["game.json"]          # no temporary file is left behind
    assert Match.load(path).history == m.history[:-1]


@pytest.mark.parametrize("step", ["fsync", "replace"])
def test_a_save_interrupted_by_a_full_disk_leaves_the_previous_file(tmp_path, monkeypatch, step):
    path = tmp_path / "game.json"
    played().save(path)
    good = path.read_bytes()

    def full(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, step, full)
    with pytest.raises(OSError, match="No space"):
        played(moves=20).save(path)
    assert path.read_bytes() == good
    assert os.listdir(tmp_path) == ["game.json"]


def test_save_writes_through_a_temporary_file_in_the_same_folder(tmp_path, monkeypatch):
    replaced = []
    real = os.replace

    def spy(src, dst):
        replaced.append((os.path.dirname(src), os.path.basename(src), dst))
        real(src, dst)

    monkeypatch.setattr(os, "replace", spy)
    path = tmp_path / "game.json"
    path.write_text("old", encoding="utf-8")
    os.chmod(path, 0o640)
    played().save(path)
    (folder, name, dst), = replaced
    assert folder == str(tmp_path) and name != "game.json" and str(dst) == str(path)
    assert os.stat(path).st_mode & 0o777 == 0o640          # the old file's permissions are kept
    assert Match.load(path).history == played().history


# ---------------------------------------------------------------------------- clear errors
def saved(tmp_path, d, name="bad.json"):
    path = tmp_path / name
    path.write_text(d if isinstance(d, str) else json.dumps(d), encoding="utf-8")
    return path


def refused(path, *words):
    with pytest.raises(SaveFileError) as err:
        Match.load(path)
    message = str(err.value)
    assert str(path) in message and err.value.source == str(path)
    for w in words:
        assert w in message, (w, message)
    return message


def test_structurally_wrong_files_name_the_file_and_the_problem(tmp_path):
    good = played().to_dict()
    cases = [
        ("[1, 2]", ["list", "not an object"]),
        ('{"format": "ttr_nb-match/1", "edition"', ["not valid JSON", "line 1"]),
        ("[" * 100_000 + "]" * 100_000, ["nested too deeply"]),
        ({k: v for k, v in good.items() if k != "actions"}, ["'actions' is missing"]),
        ({**good, "players": "2"}, ["'players' must be an integer", "'2'"]),
        ({**good, "seed": 1.5}, ["'seed'", "1.5"]),
        ({**good, "players": True}, ["'players' must be an integer"]),
        ({**good, "start": []}, ["'start' must be a position"]),
        ({**good, "actions": [1, 2]}, ["'actions' must be a list of action texts"]),
        ({**good, "options": {"x": [1]}}, ["'options'"]),
        ({**good, "options": {"players": 3}}, ["cannot set 'players'"]),
        ({**good, "hadns": 1}, ["unknown key 'hadns'"]),
        ({**good, "players": 9}, ["cannot be set up", "not 9"]),
        ({**good, "options": {"display_flush": True}}, ["cannot be set up", "display_flush"]),
        ({**good, "start": {"phase": "flying"}}, ["start position", "flying"]),
    ]
    for i, (d, words) in enumerate(cases):
        refused(saved(tmp_path, d, f"case{i}.json"), *words)
    path = tmp_path / "binary.json"
    path.write_bytes(b"\xff\xfe{}")
    refused(path, "not UTF-8")
    path = tmp_path / "digits.json"
    path.write_text(json.dumps(good).replace('"seed": 5', '"seed": ' + "7" * 5000), encoding="utf-8")
    refused(path, "not valid JSON", "digits")


def test_a_dict_that_is_not_a_saved_match_raises_the_same_error():
    good = played().to_dict()
    for d in ([], {**good, "players": 10**5000}, {**good, "seed": "7"}, {**good, "actions": "draw deck"}):
        with pytest.raises(SaveFileError, match="the match dict is not a saved match"):
            Match.from_dict(d)


def test_a_replay_failure_names_the_action_number_and_the_action(tmp_path):
    d = played().to_dict()
    d["actions"][4] = "claim Denver-Omaha pink*4"
    refused(saved(tmp_path, d), "action 5 of 12", "'claim Denver-Omaha pink*4'", "cannot be replayed")
    d["actions"][4] = "gibberish"
    refused(saved(tmp_path, d), "action 5 of 12", "'gibberish'", "unknown verb")
    d["actions"][4] = "x" * 5000
    refused(saved(tmp_path, d), "action 5 of 12", "5000 characters")


@pytest.mark.parametrize("edition", ["../../elsewhere/evil", "../editions/usa", "usa.toml", "/etc/passwd", 7])
def test_an_edition_is_an_id_never_a_path(tmp_path, edition):
    (tmp_path / "evil.toml").write_text('id = "evil"\n', encoding="utf-8")
    d = {**played().to_dict(), "edition": edition}
    if isinstance(edition, str):
        refused(saved(tmp_path, d), "unknown edition", "usa, europe, switzerland, nordic")
        for load in (ttr_nb.load_game, ttr_nb.load_rules):
            with pytest.raises(ValueError, match="an edition is named by its id, one of usa, europe"):
                load(edition)
    else:
        refused(saved(tmp_path, d), "'edition' must be an edition id")


def test_edition_ids_are_read_in_any_case():
    assert ttr_nb.load_game(" Europe ", players=3).rules.id == "europe"


# ---------------------------------------------------------------------------- mutated files
def _paths(d, prefix=()):
    yield prefix
    if isinstance(d, dict):
        for k, v in d.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(d, list):
        for i, v in enumerate(d):
            yield from _paths(v, prefix + (i,))


GOOD = {edition: played(edition, 3 if edition == "europe" else 2, seed=3, moves=14).to_dict()
        for edition in ("usa", "europe", "nordic")}
ODD_VALUES = st.one_of(st.none(), st.booleans(), st.integers(-3, 200), st.integers(10**20, 10**21),
                       st.floats(allow_nan=True), st.text(max_size=6), st.just([]), st.just({}),
                       st.just([[[[[[[[[[]]]]]]]]]]), st.just("../../usa"), st.just("draw deck"),
                       st.just({"red": 99})).map(copy.deepcopy)      # fresh: mutations must not leak


@st.composite
def mutated(draw):
    edition = draw(st.sampled_from(sorted(GOOD)))
    d = copy.deepcopy(GOOD[edition])
    for _ in range(draw(st.integers(1, 3))):
        paths = list(_paths(d))[1:]
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent = d
        for k in path[:-1]:
            parent = parent[k]
        how = draw(st.sampled_from(["delete", "replace", "nest", "swap-action"]))
        key = path[-1]
        if how == "delete":
            del parent[key]
        elif how == "replace":
            parent[key] = draw(ODD_VALUES)
        elif how == "nest":
            parent[key] = [parent[key]] if draw(st.booleans()) else {"x": parent[key]}
        elif isinstance(d.get("actions"), list) and d["actions"]:
            d["actions"][draw(st.integers(0, len(d["actions"]) - 1))] = draw(st.sampled_from(
                ["draw deck", "tickets", "keep 0", "keep none", "pass", "claim Nowhere red*1", "pay loco*1",
                 "abandon", "station Berlin red*1", "draw loco", "keep 9,9"]))
    text = json.dumps(d)
    if draw(st.integers(0, 9)) == 0:
        text = text[:draw(st.integers(0, len(text)))]        # truncated
    return text


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(text=mutated())
def test_a_mutated_save_file_loads_or_raises_save_file_error(tmp_path, text):
    path = tmp_path / "m.json"
    path.write_text(text, encoding="utf-8")
    try:
        m = Match.load(path)
    except SaveFileError as e:
        assert str(path) in str(e)
        return
    # a good match: it goes on like any match
    assert m.state.game is m.game
    if not m.state.is_over():
        m.play(m.state.legal_actions()[0])


def test_a_start_position_of_another_seed_is_refused(tmp_path):
    """The settings and the start position must describe one game: a start position dealt
    with another seed is a damaged file, not a match of either game."""
    match = Match(load_game("usa", players=2, seed=3))
    match.play(match.state.legal_actions()[0])
    path = tmp_path / "m.json"
    match.save(path)
    data = json.loads(path.read_text())
    data["start"]["seed"] = 4
    path.write_text(json.dumps(data))
    with pytest.raises(SaveFileError, match="seed 4 .* seed 3"):
        Match.load(path)


def test_a_start_position_of_another_first_player_is_refused_numbering_players_from_1(tmp_path):
    match = Match(load_game("usa", players=2, seed=3))
    match.play(match.state.legal_actions()[0])
    path = tmp_path / "m.json"
    match.save(path)
    data = json.loads(path.read_text())
    assert data["start"]["first_player"] == 0
    data["start"]["first_player"] = 1
    path.write_text(json.dumps(data))
    with pytest.raises(SaveFileError, match="seed 3 where player 2 moves first, but its settings say seed 3 "
                                            "where player 1 moves first"):
        Match.load(path)
