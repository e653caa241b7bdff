"""Golden playthrough: a seeded Koi-Koi game's full record must not change.

The file tests/golden/koikoi_seed_1.json was written by the engine. If a rule
change is *intended* to alter play, regenerate it and review the diff:

    HANAFUDA_REGEN_GOLDEN=1 pytest tests/test_koikoi_golden.py

(the test then rewrites the file and passes; run it again without the variable).

tests/golden/legacy/koikoi_seed_1.json is the same game saved by an earlier version
(format ``hanafuda-game-record/1``); it is never regenerated: it proves old saves load.
"""

import json
from pathlib import Path

import pytest

from hanafuda_core.errors import HanafudaError
from hanafuda_core.play import Record
from hanafuda_core.players import play_game
from hanafuda_core.records import LEGACY_FORMAT, from_legacy, load

GOLDEN = Path(__file__).parent / "golden"
LEGACY = GOLDEN / "legacy" / "koikoi_seed_1.json"


def make_record() -> Record:
    return play_game(seed=1, agents=("random", "greedy"), rounds=6, preset="book")


def test_golden_koikoi_seed_1_playthrough(golden_record):
    golden_record(make_record(), "koikoi_seed_1.json")


def test_golden_record_loads_and_replays_to_the_recorded_results():
    record = load(GOLDEN / "koikoi_seed_1.json")
    assert record == Record.from_dict(record.to_dict())
    rounds = record.get_game().round_states(record)
    assert len(rounds) == len(record.rounds) == 6
    for states, r in zip(rounds, record.rounds):
        assert len(states) == len(r.actions) + 1
        assert list(states[-1].result().points) == r.outcome["points"]


def test_a_record_saved_by_an_earlier_version_loads_as_the_same_game():
    old = json.loads(LEGACY.read_text(encoding="utf-8"))
    assert old["format"] == LEGACY_FORMAT
    record = load(LEGACY)
    assert record == make_record() == from_legacy(old)
    assert record.summary["totals"] == old["totals"] == make_record().summary["totals"]
    assert record.get_game().replay_rounds(record)
    # its checks still hold: the drawing must choose the first round's dealer
    bad = dict(old, rounds=[dict(old["rounds"][0], deal=dict(old["rounds"][0]["deal"],
                                                              dealer=1 - old["rounds"][0]
                                                              ["deal"]["dealer"]))]
               + old["rounds"][1:])
    if old.get("first_dealer"):
        with pytest.raises(HanafudaError, match="first round is not dealt by"):
            Record.from_dict(bad)
    with pytest.raises(HanafudaError, match="lacks"):
        Record.from_dict({k: v for k, v in old.items() if k != "agents"})
