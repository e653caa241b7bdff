"""`hanafuda replay` and the records it reads (the CLI review, items 1 and 2).

A record that is malformed anywhere, at the top or deep in a round, is refused with our
own error (exit status 2, one line naming the field and what it should hold), never a
Python error or Python's wording; a record replays only when every round ends as
recorded and the whole game's results it gives are those its rounds give. The Python
API (``Record.from_json``, ``Game.replay_rounds``) refuses the same records.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import run
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hanafuda_core import cli, get_game
from hanafuda_core.errors import HanafudaError
from hanafuda_core.play import Record, RecordError

GOLDEN = Path(__file__).parent / "golden"

#: Python's own words, which a message for a learner must not carry.
PYTHON_WORDS = re.compile(r"object is not|has no attribute|invalid literal|indices must|"
                          r"NoneType|Traceback|Error\(|int\(\)|unhashable|subscriptable|"
                          r"cannot unpack|argument must|unsupported operand|can only concat")


@cache
def _records() -> dict[str, str]:
    """Real records as JSON text: a Koi-Koi game of two rounds, a Hachi-Hachi game of six
    deals, Go-Stop at a table of five, and the records of earlier versions."""
    games = {
        "koikoi": get_game("koikoi", rounds=2).play(["random", "greedy"], seed=5),
        "hachihachi": get_game("hachihachi").play(["random"] * 3, seed=5, rounds=6),
        "go-stop table": get_game("go-stop", table_players=5, rounds=1).play(["random"] * 5,
                                                                               seed=5),
    }
    texts = {k: json.dumps(r.to_dict()) for k, r in games.items()}
    for path in sorted((GOLDEN / "legacy").glob("*.json")):
        texts[f"legacy {path.stem}"] = path.read_text(encoding="utf-8")
    return texts


def _replay(text: str) -> tuple[int, str, str]:
    """`hanafuda replay -` on ``text``: (status, stdout, stderr)."""
    out, err, stdin = io.StringIO(), io.StringIO(), sys.stdin
    sys.stdin = io.StringIO(text)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = cli.main(["replay", "-"])
    finally:
        sys.stdin = stdin
    return status, out.getvalue(), err.getvalue()


def _refused(text: str, *words: str) -> str:
    """The one-line refusal of ``text`` (it must contain ``words``), checked for Python's
    wording; the Python API refuses it with our error too."""
    status, out, err = _replay(text)
    assert status == 2 and out == "" and err.count("\n") == 1, err
    assert err.startswith("hanafuda: error: ") and not PYTHON_WORDS.search(err), err
    for word in words:
        assert word in err, err
    with pytest.raises(HanafudaError):
        record = Record.from_json(text)
        record.get_game().replay_rounds(record)
    return err


def _edited(name: str, edit: Any) -> str:
    data = json.loads(_records()[name])
    edit(data)
    return json.dumps(data)


# -- item 1: every malformed record gets our own error --------------------------------

_JSON = st.recursive(st.none() | st.booleans() | st.integers(-3, 2**40)
                     | st.floats(allow_nan=False) | st.text(max_size=6)
                     | st.sampled_from(["1a", "12d", "j1", "joker", "play 3a", "stop"]),
                     lambda inner: st.lists(inner, max_size=3)
                     | st.dictionaries(st.text(max_size=5), inner, max_size=3),
                     max_leaves=6)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value (a long list: its first few items and its last)."""
    found = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            found += _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i in sorted({*range(min(len(value), 4)), len(value) - 1} - {-1}):
            found += _paths(value[i], (*prefix, i))
    return found


@st.composite
def malformed(draw: st.DrawFn) -> tuple[str, str]:
    """A real record with one field, anywhere in it, deleted, retyped, or given another
    value (a list item deleted or duplicated)."""
    name = draw(st.sampled_from(sorted(_records())))
    data = json.loads(_records()[name])
    path = draw(st.sampled_from(_paths(data)[1:]))
    parent = data
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    how = draw(st.sampled_from(["delete", "replace", "duplicate", "swap"]))
    if how == "delete":
        del parent[last]
    elif how == "duplicate" and isinstance(parent, list):
        parent.insert(last, parent[last])
    elif how == "swap" and isinstance(parent[last], int) and not isinstance(parent[last], bool):
        parent[last] = draw(st.sampled_from([parent[last] + 1, -parent[last] - 1, 0]))
    else:
        parent[last] = draw(_JSON)
    return name, json.dumps(data)


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(case=malformed())
def test_a_malformed_record_replays_or_is_refused_with_our_own_error(case):
    name, text = case
    try:
        record = Record.from_json(text)
        game = record.get_game()
        game.replay_rounds(record)
        game.log(record)
    except HanafudaError as error:
        assert not PYTHON_WORDS.search(str(error)), (name, str(error))
    status, out, err = _replay(text)      # (any other exception fails the test here)
    assert status in (0, 2), (name, err)
    if status == 2:
        assert out == "" and err.startswith("hanafuda: error: ") and err.count("\n") == 1
        assert not PYTHON_WORDS.search(err), (name, err)


@pytest.mark.parametrize("edit, words", [
    (lambda d: d["rounds"][0].update(deal=None), ["round 1", "'deal'", "an object"]),
    (lambda d: d["rounds"][1].update(context="x"), ["round 2", "'context'", '"x"']),
    (lambda d: d.update(players="two"), ["'players'", "number of players", '"two"']),
    (lambda d: d.update(rounds=None), ["'rounds'", "a list of the rounds", "null"]),
    (lambda d: d["rounds"][0].update(actions="abc"), ["round 1", "'actions'", "texts"]),
    (lambda d: d["rounds"][0]["deal"].update(dealer=None), ["round 1's deal", "'dealer'",
                                                           "a seat from 0 to 1"]),
    (lambda d: d["rounds"][0]["context"].update(scores=[0]),
     ["round 1's context", "'scores'", "2 whole numbers (one per player)"]),
    (lambda d: d["rounds"][0]["deal"]["order"].__setitem__(3, None),
     ["round 1's deal", "'order'", "card codes"]),
    (lambda d: d.update(agents=["coach"]), ["'agents'", "one player per seat (2)"]),
    (lambda d: d.update(seed=-4), ["seed is a whole number from 0", "not -4"]),
    (lambda d: d.update(first_dealer={"draws": "x", "dealer": 0}),
     ["first dealer", "'draws'"]),
])
def test_review_1_malformed_koikoi_records_say_which_field_and_what_it_should_be(edit, words):
    _refused(_edited("koikoi", edit), *words)


def test_review_1_malformed_hachihachi_and_big_table_records():
    _refused(_edited("hachihachi", lambda d: d["rounds"][2]["context"].update(queue="x")),
             "round 3's context", "'queue'", "whole numbers")
    _refused(_edited("hachihachi", lambda d: d["rounds"][0]["context"].pop("deals")),
             "round 1's context", "'deals' should be 6")
    _refused(_edited("go-stop table", lambda d: d["rounds"][0]["deal"].update(keys=None)),
             "round 1's deal", "'keys'", "whole numbers")
    _refused(_edited("legacy koikoi_seed_1", lambda d: d["rounds"][1].update(points="x")),
             "round 2", "'points'", "whole numbers")


def test_review_1_a_record_that_is_not_json_or_not_a_record():
    _refused("{", "JSON")
    _refused("[1, 2]", "a game record")
    _refused(json.dumps({"format": "other"}), "'format' should be 'hanafuda-record/2'")


# -- item 2: the whole game's results are checked -------------------------------------

@pytest.mark.parametrize("name, edit, words", [
    ("koikoi", lambda d: d.update(final_scores=[1, 2]), ["'final_scores' is [1, 2]",
                                                        "replaying its rounds gives"]),
    ("koikoi", lambda d: d.update(totals=[0, 0]), ["'totals'"]),
    ("koikoi", lambda d: d.update(winner=1 - d["winner"]), ["'winner'"]),
    ("koikoi", lambda d: d.update(rounds=[]), ["'totals'", "has no rounds"]),
    ("koikoi", lambda d: d["rounds"].pop(), ["'totals'"]),
    ("koikoi", lambda d: d["rounds"][0].update(outcome=None),
     ["round 1 ended", "no 'outcome'"]),
    ("koikoi", lambda d: d["rounds"][0]["outcome"].update(points=[99, 0]),
     ["round 1", "does not replay to its recorded result: points [", "] on replay, "
      "[99, 0] in the record"]),
    ("hachihachi", lambda d: d.update(final_scores={}), ["'final_scores'"]),
    ("hachihachi", lambda d: d["ledger"].pop(), ["'ledger'"]),
    ("hachihachi", lambda d: d["rounds"][3].update(outcome=None), ["round 4 ended"]),
    ("go-stop table", lambda d: d.update(winner=None), ["'winner' is null"]),
    ("legacy koikoi_seed_1", lambda d: d.update(totals=[0, 0]), ["'totals' is [0, 0]"]),
    ("legacy hachihachi_book_3p", lambda d: d["final_scores"].update({"Player 1": 0}),
     ["'final_scores'"]),
])
def test_review_2_replay_refuses_results_its_rounds_do_not_give(name, edit, words):
    _refused(_edited(name, edit), *words)


def _reworded(d):
    for payment in d["ledger"]:
        payment.update(reason=payment["reason"].upper() + " (old words)", clause="", note="x")


@pytest.mark.parametrize("name", ("hachihachi", "legacy hachihachi_book_3p"))
def test_a_saved_ledger_is_compared_by_its_amounts_not_its_wording(name):
    """A payment's words may be rewritten in a later version (naming a month's flower):
    an earlier save still replays. Its amounts, payer and payee are still checked."""
    status, out, err = _replay(_edited(name, _reworded))
    assert status == 0 and err == "" and "every result as recorded" in out.splitlines()[0]
    _refused(_edited(name, lambda d: d["ledger"][0].update(amount=d["ledger"][0]["amount"] + 1)),
             "'ledger'")
    _refused(_edited(name, lambda d: d["ledger"][0].update(payee="nobody")), "'ledger'")


def test_review_2_the_python_api_checks_the_results_where_the_cli_does():
    data = json.loads(_records()["koikoi"])
    data["final_scores"] = [1, 2]
    record = Record.from_json(json.dumps(data))      # read: its fields are well formed
    with pytest.raises(RecordError, match="'final_scores' is"):
        record.get_game().replay_rounds(record)
    with pytest.raises(RecordError, match="'final_scores' is"):
        record.get_game().replay(record)


def test_review_2_a_true_record_replays_with_every_result_as_recorded():
    for name, text in _records().items():
        status, out, err = _replay(text)
        assert status == 0 and err == "", (name, err)
        assert "every result as recorded" in out.splitlines()[0]


def test_review_2_only_the_last_round_may_be_unfinished(capsys, tmp_path):
    game = get_game("koikoi", rounds=2)
    r = game.new_round(seed=3)
    for _ in range(5):
        r = r.apply(r.legal_actions()[0])
    data = r.record().to_dict()
    path = tmp_path / "open.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    status, out, err = run(capsys, "replay", str(path))
    assert status == 0 and "Round 1: unfinished, after 5 actions" in out, err
    # a lone round whose end the record leaves out is told as ended, not as unfinished
    while not r.is_terminal:
        r = r.apply(r.legal_actions()[0])
    data = dict(r.record().to_dict())
    data["rounds"][0]["outcome"] = None
    path.write_text(json.dumps(data), encoding="utf-8")
    status, out, err = run(capsys, "replay", str(path))
    assert status == 0 and "Round 1: ended; the record does not give its result" in out, err
    # the last round of a whole game, its outcome deleted: the game's results need it
    whole = json.loads(_records()["koikoi"])
    whole["rounds"][-1]["outcome"] = None
    _refused(json.dumps(whole), "round 2 ended", "no 'outcome'")
    whole = json.loads(_records()["koikoi"])
    first = whole["rounds"][0]
    whole["rounds"][0] = dict(first, actions=first["actions"][:3], outcome=None)
    for key in ("totals", "final_scores", "winner"):
        del whole[key]
    _refused(json.dumps(whole), "round 1 is unfinished, yet another round follows it")


def test_review_2_a_record_without_rounds_has_nothing_to_replay():
    data = json.loads(_records()["koikoi"])
    for key in ("totals", "final_scores", "winner", "first_dealer"):
        del data[key]
    data["rounds"] = []
    status, out, err = _replay(json.dumps(data))
    assert status == 2 and out == "" and "the record has no rounds" in err
    record = Record.from_json(json.dumps(data))
    with pytest.raises(HanafudaError, match="the record has no rounds"):
        record.get_game().replay(record)
