"""Golden playthrough: a seeded Koi-Koi game's full record must not change.

The file tests/golden/koikoi_seed_1.json was written by the engine. If a rule
change is *intended* to alter play, regenerate it and review the diff:

    HANAFUDA_REGEN_GOLDEN=1 /tmp/venv/bin/pytest tests/test_koikoi_golden.py

(the test then rewrites the file and passes; run it again without the variable).
"""

import json
import os
from pathlib import Path

from hanafuda_core.players import play_game
from hanafuda_core.records import GameRecord, load

GOLDEN = Path(__file__).parent / "golden" / "koikoi_seed_1.json"


def make_record() -> GameRecord:
    return play_game(seed=1, agents=("random", "greedy"), rounds=6, preset="book")


def test_golden_koikoi_seed_1_playthrough():
    record = make_record()
    if os.environ.get("HANAFUDA_REGEN_GOLDEN"):
        GOLDEN.write_text(record.to_json() + "\n", encoding="utf-8")
    expected = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert record.to_dict() == expected, (
        "the seeded game no longer plays as recorded; if intended, regenerate with "
        "HANAFUDA_REGEN_GOLDEN=1 (see this module's docstring)")


def test_golden_record_loads_and_replays_to_the_recorded_results():
    record = load(GOLDEN)
    assert record == GameRecord.from_dict(record.to_dict())
    rounds = record.replay()
    assert len(rounds) == len(record.rounds)
    for states, r in zip(rounds, record.rounds):
        assert states[-1].result.points == r.points
