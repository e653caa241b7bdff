"""The capture engine's decisions are neutral (GoOn / Stop) and every text a player
reads names them in the game's own words (``CaptureRules.decision_words``)."""

import random
from dataclasses import replace

import pytest
from cli_helpers import run
from hypothesis import given, settings
from hypothesis import strategies as st

from hanafuda_core import get_game
from hanafuda_core.coach import Coach
from hanafuda_core.engines.capture import (
    GO_ON,
    NEUTRAL_WORDS,
    STOP,
    DecisionWords,
    GoOn,
    Phase,
    Stop,
    apply,
    legal_actions,
    new_round,
    parse_action,
    replay,
    view,
)
from hanafuda_core.errors import IllegalActionError
from hanafuda_core.games import hachihachi_play as hp
from hanafuda_core.games.hachihachi import DECISION_WORDS, PRESETS, get_rules
from hanafuda_core.games.koikoi import WORDS
from hanafuda_core.games.koikoi import get_rules as koikoi_rules
from hanafuda_core.narration import describe, log_lines, result_text, story

NAMES = ("Ann", "Ben")

_WORD = st.text("abcdefghijklmnopqrstuvwxyzé-", min_size=2, max_size=9).map(str.title)
WORDS_ST = st.builds(DecisionWords, _WORD, _WORD).filter(
    lambda w: w.go_on != w.stop and w.go_on != NEUTRAL_WORDS.go_on
    and "Koi" not in w.go_on + w.stop)


def _decisions(rules, seed: int):
    """Every (state before, action, state after) of a random round that is a decision."""
    rng = random.Random(seed)
    state = new_round(rules, rng)
    out = []
    while not state.is_terminal:
        legal = legal_actions(state)
        action = legal[int(rng.random() * len(legal))]
        after = apply(state, action)
        if state.phase == Phase.DECIDE:
            out.append((state, action, after))
        state = after
    return state, out


def test_koikoi_names_its_decisions_koikoi_and_stop():
    assert koikoi_rules("book").decision_words == WORDS == DecisionWords("Koi-Koi", "Stop")
    for preset in ("book", "d002", "d003"):
        assert koikoi_rules(preset).decision_words == WORDS


def test_decisions_are_equal_whatever_they_are_called():
    named = WORDS.named((GO_ON, STOP))
    assert named == (GO_ON, STOP) == (GoOn("Keep"), Stop("Yoshi"))
    assert len({GO_ON, named[0], GoOn("Sage")}) == 1
    assert [a.describe() for a in named] == ["call Koi-Koi (go on)", "call Stop"]
    assert [a.describe() for a in (GO_ON, STOP)] == ["go on", "call Stop"]
    assert [a.code() for a in named] == ["koikoi", "stop"]      # the record codes stay


@pytest.mark.parametrize("code", ["koikoi", "Koi-Koi", "koi", "go on", "Go-On", " goon "])
def test_old_and_neutral_codes_read_as_go_on(code):
    assert parse_action(code) == GO_ON and WORDS.word(code) == "Koi-Koi"


def test_a_word_for_something_that_is_no_decision_is_refused():
    with pytest.raises(IllegalActionError, match="is not a decision"):
        WORDS.word("play 1a")


@settings(max_examples=25, deadline=None)
@given(words=WORDS_ST, seed=st.integers(0, 5000))
def test_every_text_of_a_round_says_the_rules_words(words, seed):
    rules = replace(koikoi_rules("book"), decision_words=words)
    end, decisions = _decisions(rules, seed)
    for before, action, after in decisions:
        legal = legal_actions(before)
        assert {a.describe() for a in legal} <= {f"call {words.go_on} (go on)",
                                                f"call {words.stop}"}
        step = story(before, action, after)
        said = describe(step, NAMES) + " ".join(log_lines(step, NAMES))
        assert (words.go_on if action == GO_ON else words.stop) in said
        assert "Koi-Koi" not in said
    # the record is written in the same codes whatever the words, and replays
    codes = {a.code() for a in end.history if isinstance(a, (GoOn, Stop))}
    assert codes <= {"koikoi", "stop"}
    assert replay(rules, end.deal, [a.code() for a in end.history])[-1] == end
    text = result_text(end, NAMES)
    if end.result.winner is None:
        assert f"nobody called {words.stop}" in text
    elif end.result.reason != "instant_win":
        assert f"called {words.stop}" in text


def test_a_step_at_a_decision_asks_in_the_rules_words():
    rules = replace(koikoi_rules("book"), decision_words=DecisionWords("Go", "Stop"))
    seed = next(s for s in range(200) if _decisions(rules, s)[1])
    before, _, _ = _decisions(rules, seed)[1][0]
    prev = before.history[-1]
    # the step that opened the decision
    state = replay(rules, before.deal, [a.code() for a in before.history[:-1]])[-1]
    step = story(state, prev, before)
    assert describe(step, NAMES).endswith("must decide: Go (go on) or Stop.")
    assert log_lines(step, NAMES)[-1].endswith(". Go or Stop?")


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_hachihachi_rules_carry_each_traditions_words_to_the_engine(preset):
    rules = get_rules(preset)
    words = DECISION_WORDS[rules.calls]
    assert rules.decision_words == words
    assert hp.engine_rules(rules).decision_words == words
    assert hp.CALL_WORDS[rules.calls][:2] == (words.go_on, words.stop)


def test_hachihachi_coach_speaks_the_traditions_words():
    """The coach's advice on an inner decision (D004: Keep / Go out) is worded by the rules."""
    r = hp.setup_hachihachi_round("d004", ["3c 9c", "4a 10c", "6c 6d"], "3b",
                                  "4c 5c 8c 12c", ["1b 2b", "", ""])
    r = hp.apply(r, "play 3c")
    advice, mapping = hp.coach_advice(r, Coach(samples=8, seed=1))
    text = advice.summary + " ".join(m.describe() for m in advice.moves)
    assert ("Keep" in text or "Go out" in text) and "Koi-Koi" not in text
    assert {a.describe().split(" (")[0] for a in mapping} == {"call Keep", "call Go out"}


def test_cli_score_calls_flag_and_its_koikoi_spelling_agree(capsys):
    _, koi, _ = run(capsys, "score", "koikoi", "1b", "2b", "3b", "4b", "--koikoi", "1")
    _, calls, _ = run(capsys, "score", "koikoi", "1b", "2b", "3b", "4b", "--calls", "1")
    assert koi == calls and "after 1 Koi-Koi call" in koi


def test_the_view_shows_the_rules_and_their_words():
    rules = koikoi_rules("book")
    state = new_round(rules, random.Random(3))
    assert view(state, 0).rules.decision_words == WORDS
    assert get_game("koikoi").rules.decision_words == WORDS
