"""The quiz's settlement topics (hanafuda_core.teach.settlement_quiz): hand combinations for
every game that has them (Hachi-Hachi, Six Hundred), and Hachi-Hachi's payment and
End-or-play-on cases; every answer re-checked independently with the teyaku tables and
settle_round. (Moved from the former Hachi-Hachi quiz module's tests.)"""

import re

import pytest

from hanafuda_core import get_game
from hanafuda_core.cards import CardSet
from hanafuda_core.errors import HanafudaError
from hanafuda_core.games.hachihachi import PRESETS, get_rules
from hanafuda_core.games.hachihachi_examples import continue_settlements
from hanafuda_core.games.hachihachi_settle import Call, PlayerFacts, RoundFacts, settle_round
from hanafuda_core.quiz import check, to_html, validate_question
from hanafuda_core.teach.quizzes import generate_quiz, quiz_topics
from hanafuda_core.teach.settlement_quiz import hand_shape

SETTLEMENT = ("hand-combination", "payment", "continue")


def test_the_topics_follow_the_games_data():
    assert quiz_topics("hachihachi") == ("score", "card-value", *SETTLEMENT)
    assert "hand-combination" in quiz_topics("six_hundred")
    assert not set(SETTLEMENT) & set(quiz_topics("koikoi"))
    assert not set(SETTLEMENT) & set(quiz_topics("mushi"))


@pytest.mark.parametrize("preset", PRESETS)
def test_same_seed_same_quiz_and_schema_valid(preset):
    a = generate_quiz("hachihachi", 5, n=6, topics=SETTLEMENT, preset=preset)
    assert a == generate_quiz("hachihachi", 5, n=6, topics=SETTLEMENT, preset=preset)
    assert a != generate_quiz("hachihachi", 6, n=6, topics=SETTLEMENT, preset=preset)
    assert sorted({q.topic for q in a.questions}) == sorted(f"hachihachi/{t}"
                                                            for t in SETTLEMENT)
    for i, q in enumerate(a.questions, start=1):
        assert re.fullmatch(rf"hachihachi-{preset}-seed5-q{i}-[a-z-]+", q.id)
        assert validate_question(q.to_dict()) == q
        assert check(q, q.answer).correct
        wrong = [c.key for c in q.choices if c.key not in q.answer]
        assert wrong and not check(q, wrong[0]).correct
    assert "hanafuda-quiz" in to_html(a)


def _questions(topic, preset, seeds=range(1, 9), key="hachihachi"):
    for seed in seeds:
        yield from generate_quiz(key, seed, n=3, topics=[topic], preset=preset).questions


def _check_hand_question(table, q, size):
    hand = CardSet(q.cards)
    assert len(hand) == size
    res = table.evaluate(hand)
    answer = q.choice(q.answer[0]).text
    group = "chaff" if "chaff combination" in q.prompt else "suit"
    assert res.best(group).rule.name == answer
    for c in q.choices:
        if c.key not in q.answer:
            rule = next(r for r in table.rules if r.name == c.text)
            assert rule.group == group
            made = res.find(rule.key)
            assert made is None or made.value < res.best(group).value


@pytest.mark.parametrize("preset", PRESETS)
def test_hand_combination_answer_is_the_best_combination_of_its_group(preset):
    table = get_rules(preset).teyaku
    for q in _questions("hand-combination", preset):
        _check_hand_question(table, q, 7)


def test_hand_combination_topic_works_for_six_hundred():
    game = get_game("six_hundred")
    for q in _questions("hand-combination", "book", range(1, 5), key="six_hundred"):
        _check_hand_question(game.rules.teyaku, q, 8)
        assert "()" not in q.explanation


@pytest.mark.parametrize("preset", PRESETS)
def test_payment_answer_equals_an_independent_settlement(preset):
    rules = get_rules(preset)
    for q in _questions("payment", preset, range(1, 5)):
        who = q.prompt.split("What is ")[1].split("'s net")[0]
        # The explanation lists every payment: recompute the player's net from them.
        lines = q.explanation.split(": ", 1)[1].split(". Totals")[0].split("; ")
        net = 0
        for line in lines:
            payer, rest = line.split(" pays ", 1)
            payee, rest = rest.split(" ", 1)
            amount = _parse(rules, rest.split(" (")[0])
            net += amount if payee == who else -amount if payer == who else 0
        assert q.choice(q.answer[0]).text == rules.unit.format(net)
        assert len({c.text for c in q.choices}) == len(q.choices)


def _parse(rules, text):
    """Read an amount written by Unit.format back (12 kan 4, 3/6, 5d, 40)."""
    unit = rules.unit
    if unit.key == "points":
        return int(text)
    if unit.key == "kan":
        if "kan" not in text:
            return int(text.split()[0])
        parts = text.replace("kan", "").split()
        return int(parts[0]) * 12 + (int(parts[1]) if len(parts) > 1 else 0)
    if text.endswith("d"):
        return int(text[:-1])
    major, minor = text.split("/")
    return int(major) * 12 + (0 if minor == "-" else int(minor))


_PILES = {"3 Poetry Ribbons": "1b 2b 3b", "3 Purple Ribbons": "6b 9b 10b",
          "4 Dry Brights": "1a 3a 8a 12a"}


def _between(text, start, end):
    return text.split(start, 1)[1].split(end, 1)[0]


@pytest.mark.parametrize("preset", PRESETS)
def test_continue_answer_rechecked_from_three_settlements(preset):
    """The position is read back from the prompt and its three endings are settled here,
    without the game's case helper."""
    for q in _questions("continue", preset, range(1, 6)):
        mult = int(_between(q.prompt, "Field ×", "."))
        mine = _PILES[_between(q.prompt, "captured the ", ". If")]
        hoped = _PILES[_between(q.prompt, "making the ", " and calling")]
        chance = int(_between(q.prompt, "have a ", "% chance")) / 100
        prior = []
        if "holding the " in q.prompt:
            theirs = _PILES[_between(q.prompt, "holding the ", ". You")]
            prior = [Call("B", "continue", cards=CardSet.parse(theirs))]
        players = tuple(PlayerFacts(n, claims=()) for n in ("You", "B", "C"))

        def net(*calls, players=players, mult=mult, prior=prior):
            return settle_round(preset, RoundFacts(players, "You", multiplier=mult,
                                                   calls=tuple(prior) + calls)).totals()["You"]

        end_now = net(Call("You", "end", cards=CardSet.parse(mine)))
        success = net(Call("You", "continue", cards=CardSet.parse(mine)),
                      Call("You", "end", cards=CardSet.parse(f"{mine} {hoped}")))
        failure = net(Call("You", "continue", cards=CardSet.parse(mine)),
                      Call("C", "end", cards=CardSet.parse(hoped)))
        expected = chance * success + (1 - chance) * failure
        assert abs(end_now - expected) >= 1
        assert q.answer == (("a",) if end_now > expected else ("b",))
        assert get_rules(preset).unit.format(end_now) in q.choice("a").feedback
        lone = "holding the " in q.prompt and preset in ("book", "d002")
        assert ("B pays double" in q.choice("a").feedback) == lone


def test_book_continue_case_double_from_the_lone_continuer():
    """BOOK: ending after exactly one opponent continued takes double from that one."""
    case = continue_settlements("book", "poetry", "four_dry_brights", "purple", 2)
    assert case.end_now == 2 * 70 * 2            # double from B, nothing from C
    cards = {"poetry": "1b 2b 3b", "purple": "6b 9b 10b", "four_dry_brights": "1a 3a 8a 12a"}
    players = tuple(PlayerFacts(n, claims=()) for n in ("You", "B", "C"))
    fail = settle_round("book", RoundFacts(players, "You", multiplier=2, calls=(
        Call("B", "continue", cards=CardSet.parse(cards["purple"])),
        Call("You", "continue", cards=CardSet.parse(cards["poetry"])),
        Call("C", "end", cards=CardSet.parse(cards["four_dry_brights"])))))
    assert case.failure == fail.totals()["You"] == -100 * 2     # both continued: from each


def test_d001_continue_case_failed_sage_pays_back_half():
    case = continue_settlements("d001", "poetry", "purple", "", 1)
    assert case.end_now == 2 * 7 * 12
    # sage on 7 kan from each, then C's 7 kan from each: pay 7, pay back 3 kan 6 to each
    assert case.failure == 2 * 84 - 84 - 84
    assert case.success == 2 * 14 * 12


def test_hand_shape_words():
    assert hand_shape(CardSet.parse("1c 1d 2c 2d 3c 3d 10c"), "suit") == \
        "a pair of January cards, a pair of February cards, a pair of March cards and " \
        "one single card"
    assert hand_shape(CardSet.parse("11a 11b 1c 2c 3c 4c 5c"), "chaff",
                      rain_is_chaff=False) == "1 Bright, 1 Ten, no Ribbons and 5 Chaffs"


def test_bad_arguments_are_refused():
    with pytest.raises(HanafudaError, match="preset"):
        generate_quiz("hachihachi", 1, preset="d003")
    with pytest.raises(HanafudaError, match="topic"):
        generate_quiz("hachihachi", 1, topics=["hachihachi/yaku"])
    with pytest.raises(HanafudaError, match="topic"):
        generate_quiz("koikoi", 1, topics=["payment"])
    with pytest.raises(HanafudaError, match="whole number"):
        generate_quiz("hachihachi", "1")


@pytest.mark.parametrize("preset", ["d001", "d002", "d004"])
def test_an_average_is_written_as_every_amount_of_its_rules_is(preset):
    """"24 shillings" beside "61/-" read as two currencies: an average is the rules' own
    notation, to the nearest smallest unit, said to be "about" when rounded."""
    from hanafuda_core.teach.settlement_quiz import average
    game = get_game("hachihachi", preset)
    unit = game.rules.unit
    assert average(game, 288) == unit.format(288)
    assert average(game, 288.4) == "about " + unit.format(288)
    assert average(game, -13.6) == "about " + unit.format(-14)
    quiz = generate_quiz("hachihachi", 3, n=3, topics=("continue",), preset=preset)
    feedback = " ".join(c.feedback for q in quiz.questions for c in q.choices)
    assert "Playing on averages" in feedback
    if preset == "d004":                # (every amount written 61/-, 3/4, 7d)
        assert "shilling" not in feedback
