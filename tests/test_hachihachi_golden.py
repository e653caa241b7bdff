"""Golden twelve-month games: a seeded game must reproduce its stored record exactly.

Regenerate after a deliberate rule change with
``HANAFUDA_REGEN_GOLDEN=1 pytest tests/test_hachihachi_golden.py`` (then run it again
without the variable). tests/golden/legacy/hachihachi_book_3p.json is the first game
saved by an earlier version (a Hachi-Hachi game record without a format); it is never
regenerated: it proves old saves load.
"""

import json
from pathlib import Path

import pytest

from hanafuda_core.errors import HanafudaError
from hanafuda_core.games.hachihachi_game import game_result, play_hachihachi_game
from hanafuda_core.ledger import PAYMENT_WORDS
from hanafuda_core.play import Record
from hanafuda_core.records import load

GOLDEN = Path(__file__).parent / "golden"
LEGACY = GOLDEN / "legacy" / "hachihachi_book_3p.json"
CASES = {
    "hachihachi_book_3p.json": dict(seed=17, agents=("greedy", "random", "greedy"),
                                    preset="book"),
    "hachihachi_d004_5p.json": dict(seed=23, agents=("greedy", "random", "greedy", "random",
                                                     "greedy"), preset="d004"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_game_reproduces(name, golden_record):
    golden_record(play_hachihachi_game(**CASES[name]), name)


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_game_replays_from_the_file(name):
    rec = Record.from_json((GOLDEN / name).read_text())
    result = game_result(rec)
    assert len(result.deals) == len(rec.rounds) == 12
    assert result.ledger.balance() == 0
    assert result.totals() == rec.summary["totals"]
    assert result.final_scores() == rec.summary["final_scores"]


def _amounts(ledger):
    return [{k: v for k, v in p.items() if k not in PAYMENT_WORDS} for p in ledger]


def test_a_game_saved_by_an_earlier_version_loads_as_the_same_game():
    old = json.loads(LEGACY.read_text(encoding="utf-8"))
    assert "format" not in old and old["game"] == "hachihachi"
    record = load(LEGACY)
    # saved when a game kept in points always paid the Campaign bonus: it reads with it
    assert record.options == {"campaign": True}
    assert record == play_hachihachi_game(**CASES["hachihachi_book_3p.json"], campaign=True)
    result = game_result(record)
    # the ledger, totals and final scores it stored are the ones the replay gives (the
    # payments' amounts: their words may have been reworded since, "the triple of month 7")
    replayed = [p.to_dict() for p in result.ledger.payments]
    assert _amounts(replayed) == _amounts(old["ledger"])
    assert any("triple of month" in p["reason"] for p in old["ledger"])     # (old words)
    assert not any("triple of month" in p["reason"] for p in replayed)
    assert result.totals() == old["totals"] == record.summary["totals"]
    assert result.final_scores() == old["final_scores"]
    assert [d.multiplier.value for d in result.deals] == [d["multiplier"] for d in old["deals"]]
    # a drawing that did not choose the first dealer is still refused
    if old.get("first_dealer"):
        bad = dict(old, first_dealer=dict(old["first_dealer"],
                                          dealer=(old["first_dealer"]["dealer"] + 1) % 3))
        with pytest.raises(HanafudaError):
            Record.from_dict(bad)


def test_a_record_of_the_first_format_reads_with_the_rules_it_was_played_under():
    """tests/golden/legacy/hachihachi_book_3p_record1.json is the golden game as
    "hanafuda-record/1" wrote it, when a Hachi-Hachi game kept in points always ended
    with the Campaign bonus (a variation of the rulebook's, now the ``campaign``
    option): it reads with the option on and replays to every result it stored."""
    path = GOLDEN / "legacy" / "hachihachi_book_3p_record1.json"
    old = json.loads(path.read_text(encoding="utf-8"))
    assert old["format"] == "hanafuda-record/1" and old["options"] == {}
    record = load(path)
    assert record.options == {"campaign": True}
    assert record.summary["totals"] == old["totals"]
    record.get_game().replay_rounds(record)         # (checks every stored result)
    awards = [p for p in old["ledger"] if p["category"] == "award"]
    assert awards and all(p["amount"] == 10 for p in awards)
    # today's game, without the variation, ends without that bonus
    new = play_hachihachi_game(**CASES["hachihachi_book_3p.json"])
    assert new.options == {} and not [p for p in game_result(new).ledger.payments
                                      if p.category == "award"]
    # the other traditions end with their own Award or pot, as before: nothing added
    d004 = json.loads((GOLDEN / "hachihachi_d004_5p.json").read_text(encoding="utf-8"))
    assert load(GOLDEN / "hachihachi_d004_5p.json").options == d004["options"]
