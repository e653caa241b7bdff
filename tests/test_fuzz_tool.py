"""tools/fuzz.py: whole games under random rules, read back; rounds told step by step."""

from __future__ import annotations

import pytest
from tool_modules import tool_module

from hanafuda_core.play import Record

FUZZ = tool_module("fuzz", "hanafuda_fuzz")


@pytest.mark.parametrize("teach, games", [(False, 24), (True, 8)])
def test_random_rules_play_and_read_back_without_failure(teach, games, capsys):
    assert FUZZ.fuzz(games, None, seed=5, teach=teach) == 0
    out = capsys.readouterr().out
    played = int(out.split(" games played")[0].split()[-1])
    assert played >= games // 2 and "0 distinct failures" in out


def test_a_failure_is_reported_once_with_the_call_that_makes_it(monkeypatch, capsys):
    def broken(text):
        raise ValueError("cannot read this record")

    monkeypatch.setattr(Record, "from_json", staticmethod(broken))
    assert FUZZ.fuzz(6, None, seed=5, teach=False) >= 1
    out = capsys.readouterr().out
    assert out.count("ValueError: cannot read this record") == len(
        {line for line in out.splitlines() if line.startswith("get_game(")})
    assert "get_game(" in out and ".play([" in out and "seed=" in out
