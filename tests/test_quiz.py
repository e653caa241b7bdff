"""The quiz: schema, seeded generation, facts, checking, malformed answers, static HTML."""

from __future__ import annotations

import copy
import html
import json
import re
from html.parser import HTMLParser

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanafuda_core import quiz as Q
from hanafuda_core.cards import CARD_INFO, DECK, FLOWERS, Card, Kind, Ribbon, month_in_order
from hanafuda_core.errors import AnswerFormatError, HanafudaError, QuizSchemaError

BANK = Q.BANK_DIR / "deck.json"


def bank_data() -> dict:
    return json.loads(BANK.read_text(encoding="utf-8"))


def good_question() -> dict:
    return copy.deepcopy(bank_data()["questions"][0])


# -- schema ---------------------------------------------------------------------------

def test_schema_accepts_the_deck_bank():
    quiz = Q.load_bank("deck")
    assert quiz.title == bank_data()["title"]
    assert len(quiz.questions) == len(bank_data()["questions"]) >= 8
    assert quiz == Q.load_bank(BANK) == Q.load_bank(Q.BANK_DIR)


def test_schema_round_trips_every_bank_question():
    for raw in bank_data()["questions"]:
        q = Q.validate_question(raw)
        assert q.to_dict() == raw


@pytest.mark.parametrize("breakage, expected", [
    (lambda d: d.pop("prompt"), 'missing field "prompt"'),
    (lambda d: d.update(kind="pick"), "allowed kinds: single, multi, cards"),
    (lambda d: d.update(answer=["z"]), "answer 'z' is not one of the choice keys a, b, c, d"),
    (lambda d: d.update(answer=["a", "b"]), 'a "single" question has exactly one answer key'),
    (lambda d: d.update(cards=["13a"]), "unknown card '13a'"),
    (lambda d: d["choices"][1].update(key="a"), "key 'a' is used twice"),
    (lambda d: d["choices"][2].pop("feedback"), 'choices[2] "feedback" must be a non-empty'),
    (lambda d: d.update(colour="red"), "unknown field(s) 'colour'"),
    (lambda d: d.update(choices=[d["choices"][0]]), "at least two choices"),
])
def test_schema_rejects_broken_question_naming_the_problem(breakage, expected):
    data = good_question()
    breakage(data)
    assert any(expected in p for p in Q.question_problems(data)), Q.question_problems(data)
    with pytest.raises(QuizSchemaError) as err:
        Q.validate_question(data)
    assert expected in str(err.value)
    assert "deck-size" in str(err.value) or "prompt" in expected


def test_schema_lists_every_problem_not_only_the_first():
    data = good_question()
    data.pop("explanation")
    data["kind"] = "essay"
    data["cards"] = ["1a", "crane"]
    problems = Q.question_problems(data)
    assert len(problems) == 3
    assert 'missing field "explanation"' in problems[0]
    assert any("Crane (1a) is listed twice" in p for p in problems)


def test_schema_cards_question_needs_a_card_per_choice():
    data = copy.deepcopy(next(q for q in bank_data()["questions"] if q["kind"] == "cards"))
    del data["choices"][0]["cards"]
    data["choices"][2]["cards"] = data["choices"][1]["cards"]
    problems = Q.question_problems(data)
    assert any('choices[0] needs "cards"' in p for p in problems)
    assert any("a card may stand for one choice only" in p for p in problems)


def test_schema_bank_rejects_duplicate_ids_with_positions():
    data = bank_data()
    data["questions"][3]["id"] = data["questions"][0]["id"]
    data["questions"][5]["answer"] = []
    with pytest.raises(QuizSchemaError) as err:
        Q.validate_bank(data)
    text = str(err.value)
    assert "2 problem(s)" in text
    assert "questions[3] ('deck-size'): id 'deck-size' is already used by questions[0]" in text
    assert "questions[5]" in text and "non-empty list of choice keys" in text


def test_schema_bank_file_errors_are_clear(tmp_path):
    (tmp_path / "broken.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(QuizSchemaError, match="broken.json is not valid JSON"):
        Q.load_bank(tmp_path / "broken.json")
    with pytest.raises(QuizSchemaError, match="no question bank at"):
        Q.load_bank(tmp_path / "missing.json")


# -- the hand-written bank states facts the core agrees with -----------------------------

def _answer_texts(quiz_id: str) -> set[str]:
    q = next(q for q in Q.load_bank("deck").questions if q.id == quiz_id)
    return {q.choice(k).text for k in q.answer}


def test_bank_facts_agree_with_the_core():
    bank = {q.id: q for q in Q.load_bank("deck").questions}
    assert _answer_texts("deck-size") == {str(len(DECK))}
    assert _answer_texts("deck-per-month") == {str(len(DECK) // len(FLOWERS))}
    brights = bank["deck-pick-brights"]
    assert {c for k in brights.answer for c in brights.choice(k).cards} == {
        c for ch in brights.choices for c in ch.cards if CARD_INFO[c].kind is Kind.BRIGHT}
    storm = bank["deck-storm-kind"]
    assert _answer_texts("deck-storm-kind") == {CARD_INFO[storm.cards[0]].kind.label}
    sake = bank["deck-sake-month"]
    assert _answer_texts("deck-sake-month") == {sake.cards[0].flower.month_name}
    assert _answer_texts("deck-poetry-months") == {
        FLOWERS[c // 4].month_name for c in Card if CARD_INFO[c].ribbon is Ribbon.POETRY}
    special = bank["deck-which-special-paulownia"]
    assert [c.title for k in special.answer for c in special.choice(k).cards] == [
        "Special Paulownia"]
    rain = bank["deck-korean-rain"]
    assert _answer_texts("deck-korean-rain") == {str(month_in_order(rain.cards[0], "korean"))}


# -- generation -------------------------------------------------------------------------

def test_generate_same_seed_gives_identical_questions():
    assert Q.generate_deck_quiz(7) == Q.generate_deck_quiz(7)
    assert Q.generate_deck_quiz(7).to_dict() == Q.generate_deck_quiz(7).to_dict()


def test_generate_different_seeds_give_different_sets():
    sets = {json.dumps(Q.generate_deck_quiz(seed).to_dict()["questions"]) for seed in range(30)}
    assert len(sets) == 30


def test_generate_covers_every_topic_and_validates():
    for seed in range(40):
        quiz = Q.generate_deck_quiz(seed)
        assert quiz.seed == seed and len(quiz.questions) == 8
        assert {q.topic for q in quiz.questions} == set(Q.TOPICS)
        ids = [q.id for q in quiz.questions]
        assert len(set(ids)) == len(ids)
        for q in quiz.questions:
            assert Q.validate_question(q.to_dict()) == q


def test_generate_topics_and_size_are_honoured():
    quiz = Q.generate_deck_quiz(3, n=5, topics=["deck/kind"])
    assert [q.topic for q in quiz.questions] == ["deck/kind"] * 5
    assert len({q.cards for q in quiz.questions}) == 5      # no card asked twice


@pytest.mark.parametrize("kwargs, expected", [
    ({"seed": "1"}, "a quiz seed must be a whole number"),
    ({"seed": 1, "n": 0}, "1 to 100 questions"),
    ({"seed": 1, "topics": ["deck/yaku"]}, "unknown quiz topic(s) 'deck/yaku'; known topics"),
])
def test_generate_refuses_bad_arguments(kwargs, expected):
    with pytest.raises(ValueError, match=re.escape(expected)):
        Q.generate_deck_quiz(**kwargs)


def _all_generated(topic: str, seeds=range(60)):
    for seed in seeds:
        yield from Q.generate_deck_quiz(seed, n=4, topics=[topic]).questions


def test_generated_month_answer_is_the_cards_month():
    for q in _all_generated("deck/month"):
        (card,) = q.cards
        (key,) = q.answer
        month = int(card) // 4 + 1                        # independent of CARD_INFO
        assert q.choice(key).text.split(" · ")[0] == str(month)
        assert q.choice(key).text.endswith(FLOWERS[month - 1].month_name)
        others = [int(c.text.split(" · ")[0]) for c in q.choices if c.key != key]
        assert all(0 < min((m - month) % 12, (month - m) % 12) <= 2 for m in others)


def test_generated_month_wrong_choice_says_why():
    # The brief's example: the Plum Ribbon is February (Plum), not March.
    for q in _all_generated("deck/month", range(400)):
        if q.cards == (Card.PLUM_RIBBON,) and any(c.text.endswith("March") for c in q.choices):
            march = next(c for c in q.choices if c.text.endswith("March"))
            assert march.feedback.startswith("The Plum Ribbon is February (Plum), not March")
            return
    pytest.fail("no generated question about the Plum Ribbon in 400 seeds")


def test_generated_kind_answer_and_feedback():
    seen = set()
    for q in _all_generated("deck/kind"):
        (card,) = q.cards
        kind = CARD_INFO[card].kind
        seen.add(kind)
        (key,) = q.answer
        assert q.choice(key).text.startswith(kind.label)
        for c in q.choices:
            if c.key != key:
                assert c.feedback.startswith("Not a")
                assert c.feedback.endswith(f"is a {kind.label}.") or \
                    c.feedback.endswith(f"is an {kind.label}.")
    assert seen == set(Kind)


def test_generated_kind_feedback_curtain_is_one_of_the_five_brights():
    for q in _all_generated("deck/kind", range(300)):
        if q.cards == (Card.CHERRY_CURTAIN,):
            assert q.explanation.startswith("The Curtain is one of the five Brights (Crane, "
                                            "Curtain, Moon, Rainman and Phoenix)")
            return
    pytest.fail("no kind question about the Curtain in 300 seeds")


def test_generated_month_members_facts():
    for q in _all_generated("deck/month-members"):
        assert q.kind == "cards" and len(q.choices) == 8
        month_name = re.search(r"belong to (\w+)", q.prompt).group(1)
        month = [f.month_name for f in FLOWERS].index(month_name) + 1
        for c in q.choices:
            (card,) = c.cards
            real = FLOWERS[int(card) // 4]
            assert (c.key in q.answer) == (int(card) // 4 + 1 == month)
            if c.key not in q.answer:
                assert f"is {real.month_name} ({real.english}), not {month_name}" in c.feedback


def test_generated_named_cards_facts():
    for q in _all_generated("deck/named"):
        (key,) = q.answer
        if q.kind == "cards":
            name = re.search(r"is the (.+)\?$", q.prompt).group(1)
            (card,) = q.choice(key).cards
            assert CARD_INFO[card].named == name
            assert all(not c.text.startswith(name) for c in q.choices)   # no give-away
        else:
            (card,) = q.cards
            assert q.choice(key).text.startswith(CARD_INFO[card].named)
            for c in q.choices:
                if c.key != key:
                    assert f"this picture is the {CARD_INFO[card].named}" in c.feedback


# -- checking ---------------------------------------------------------------------------

def _bank(qid: str) -> Q.Question:
    return next(q for q in Q.load_bank("deck").questions if q.id == qid)


def test_check_single_right_and_wrong():
    q = _bank("deck-sake-month")
    right = Q.check(q, "b")
    assert right.correct and right.score == 1.0
    assert right.messages == [f"Right: b. September — {q.choice('b').feedback}"]
    assert right.explanation == q.explanation
    wrong = Q.check(q, ["c"])
    assert not wrong.correct and wrong.score == 0.0
    assert wrong.messages[0].startswith("Wrong: c. October — October (Maple) has the Deer")
    assert wrong.messages[1].startswith("Missed: b. September")


def test_check_multi_partial_credit():
    q = _bank("deck-poetry-months")          # answer a, b, c
    assert Q.check(q, "a, b, c").correct
    part = Q.check(q, "a b")
    assert not part.correct and part.score == pytest.approx(2 / 3)
    assert [m.split(":")[0] for m in part.messages] == ["Right", "Right", "Missed"]
    mixed = Q.check(q, ["a", "b", "d"])
    assert mixed.score == pytest.approx(1 / 3)
    assert "Wrong: d. April — The Wisteria Ribbon is plain red" in mixed.messages[2]
    assert Q.check(q, "d e f").score == 0.0


def test_check_cards_question_accepts_codes_and_names():
    q = _bank("deck-pick-brights")
    assert Q.check(q, "1a 3a 8a 11a 12a").correct
    assert Q.check(q, "crane, curtain, moon, rainman, phoenix").correct
    assert Q.check(q, [Card.PINE_CRANE, "c", "8a", "rainman", "g"]).correct
    partial = Q.check(q, "crane, geese")
    assert partial.score == 0.0 and not partial.correct
    assert any(m.startswith("Wrong: e.") and "they are a Ten" in m for m in partial.messages)
    one = _bank("deck-which-special-paulownia")
    assert Q.check(one, "12b").correct
    assert not Q.check(one, "special paulownia").messages[0].startswith("Wrong")
    assert Q.check(one, "phoenix").messages[0].startswith("Wrong: a. Card A")


@pytest.mark.parametrize("qid, answer, expected", [
    ("deck-sake-month", "e", "answer 'e' is not one of the choices a, b, c, d"),
    ("deck-sake-month", "", "the answer is empty; pick one of the choices a, b, c, d"),
    ("deck-sake-month", [], "the answer is empty; pick one of the choices a, b, c, d"),
    ("deck-sake-month", None, "no answer given; pick one of the choices a, b, c, d"),
    ("deck-sake-month", "a, b", "this question takes one answer, not 2 (a, b)"),
    ("deck-sake-month", 2, "an answer is a choice key such as 'a'"),
    ("deck-sake-month", [2], "not int 2"),
    ("deck-poetry-months", "", "pick one or more of the choices a, b, c, d, e, f"),
    ("deck-pick-brights", "2b", "Plum Ribbon (2b) is not one of the cards to choose from"),
    ("deck-pick-brights", "crain", "answer 'crain' is not one of the choices a, b, c, d, e, f, g, h"
                                   " or a card shown"),
    ("deck-which-special-paulownia", "12b 12a", "this question takes one answer"),
])
def test_check_malformed_answer_raises_answer_format_error(qid, answer, expected):
    with pytest.raises(AnswerFormatError) as err:
        Q.check(_bank(qid), answer)
    assert expected in str(err.value)


def test_score_run_counts_and_explains_misses():
    quiz = Q.generate_deck_quiz(11, n=4)
    qs = quiz.questions
    wrong_single = next(k for k in qs[1].keys if k not in qs[1].answer)
    answers = [list(qs[0].answer), [wrong_single], None, list(qs[3].answer)]
    result = Q.score_run(quiz, answers)
    assert (result.total, result.correct) == (4, 2)
    assert len(result.feedback) == 4 and len(result.misses) == 2
    assert result.misses[0].startswith(f"Q2 {qs[1].prompt} — you chose {wrong_single}")
    assert "not answered" in result.misses[1]
    assert result.score == pytest.approx(2 + result.feedback[1].score)
    by_id = Q.score_run(quiz, {qs[0].id: list(qs[0].answer)})
    assert by_id.correct == 1 and len(by_id.misses) == 3
    with pytest.raises(AnswerFormatError, match=r"question 2 \(seed11-q2"):
        Q.score_run(quiz, [None, "zz"])


def test_quiz_session_runs_to_the_end():
    session = Q.QuizSession(Q.generate_deck_quiz(4, n=3))
    with pytest.raises(AnswerFormatError):
        session.check([])
    assert session.feedback[0] is None            # a malformed answer records nothing
    session.check(session.current.answer)
    session.next()
    session.next()                                # skipped: not answered
    session.check(session.current.answer)
    session.next()
    assert session.finished and session.score_line() == "Score 2 of 3 (2 checked)"
    result = session.result()
    assert result.correct == 2 and "not answered" in result.misses[0]
    with pytest.raises(Q.QuizOverError, match="the quiz is over: all 3 questions"):
        session.check(["a"])                      # a check after the end: our error
    assert isinstance(Q.QuizOverError("x"), HanafudaError)
    session.next()                                # next past the end stays at the end
    assert session.index == 3 and session.result() == result


# -- static HTML ------------------------------------------------------------------------

class _Collector(HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids: list[str] = []
        self.tags: list[tuple[str, dict]] = []
        self.scripts: list[tuple[dict, str]] = []
        self._in_script: dict | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.tags.append((tag, a))
        if "id" in a:
            self.ids.append(a["id"])
        if tag == "script":
            self._in_script = a

    def handle_data(self, data):
        if self._in_script is not None:
            self.scripts.append((self._in_script, data))

    def handle_endtag(self, tag):
        if tag == "script":
            self._in_script = None


def _parse(html: str) -> _Collector:
    p = _Collector()
    p.feed(html)
    p.close()
    return p


def test_to_html_embeds_answers_and_one_block_per_question():
    quiz = Q.generate_deck_quiz(1)
    html = Q.to_html(quiz, prefix="quizA")
    assert html.startswith('<div class="hanafuda-quiz" id="quizA">') and "<style>" in html
    parsed = _parse(html)
    sections = [a for t, a in parsed.tags if t == "section" and "hq-q" in a.get("class", "")]
    assert len(sections) == len(quiz.questions)
    (data,) = [json.loads(text) for a, text in parsed.scripts
               if a.get("type") == "application/json"]
    assert [q["id"] for q in data["questions"]] == [q.id for q in quiz.questions]
    assert [q["answer"] for q in data["questions"]] == [list(q.answer) for q in quiz.questions]
    assert data["questions"][0]["choices"][0]["feedback"] == quiz.questions[0].choices[0].feedback
    buttons = [a for t, a in parsed.tags if t == "button"]
    assert len(buttons) == len(quiz.questions)
    assert all(a.get("aria-label", "").startswith("Check answer to question") for a in buttons)
    assert any(a.get("aria-live") == "polite" and "hq-score" in a.get("class", "")
               for t, a in parsed.tags)
    assert "http://" not in html.replace("http://www.w3.org", "") and "https://" not in html
    inputs = [a for t, a in parsed.tags if t == "input"]
    assert len(inputs) == sum(len(q.choices) for q in quiz.questions)


def test_to_html_ids_unique_within_and_across_instances():
    quiz = Q.load_bank("deck")
    one, two = Q.to_html(quiz), Q.to_html(quiz)
    ours = [i for i in _parse(one + two).ids if i.startswith("hq-")]
    assert len(ours) == len(set(ours)) > 2 * len(quiz.questions)


def test_to_html_json_cannot_close_its_script():
    data = good_question()
    data["explanation"] = "</script><script>alert(1)</script> & more"
    quiz = Q.Quiz(None, (Q.validate_question(data),))
    html = Q.to_html(quiz, prefix="x1")
    assert "</script><script>alert" not in html
    (payload,) = [t for a, t in _parse(html).scripts if a.get("type") == "application/json"]
    assert json.loads(payload)["questions"][0]["explanation"] == data["explanation"]


def test_to_html_uses_checkboxes_for_many_answer_questions():
    quiz = Q.load_bank("deck")
    parsed = _parse(Q.to_html(quiz, prefix="b1"))
    kinds = {}
    for t, a in parsed.tags:
        if t == "input":
            kinds.setdefault(a["name"], set()).add(a["type"])
    expected = ["checkbox" if q.selects_many else "radio" for q in quiz.questions]
    assert [kinds[f"b1-q{i + 1}-choice"] for i in range(len(quiz))] == [{e} for e in expected]


def test_quiz_card_pictures_do_not_give_the_answer_away():
    svg = Q.quiz_card_svg(Card.WILLOW_RAINMAN, label="Card C", hide_month=True)
    parsed = _parse(svg)
    (_, root), = [(t, a) for t, a in parsed.tags[:1]]
    assert root["aria-label"] == "Card C" and "<title>Card C</title>" in svg
    assert "Rainman" not in svg and svg.endswith("month?</text></svg>")
    html = Q.to_html(Q.generate_deck_quiz(2, n=4, topics=["deck/named"]), prefix="n1")
    assert not any(f"<title>{CARD_INFO[c].named}" in html for c in Card if CARD_INFO[c].named)


# --- quiz cards' accessible names ----------------------------------------------------------

def _names_in(html_text: str) -> list[str]:
    return re.findall(r'class="hanafuda-card"[^>]*aria-label="([^"]*)"', html_text)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(min_value=1, max_value=10_000))
def test_quiz_cards_are_named_without_giving_the_answer_away(seed):
    """Every card of a deck quiz is named by what its picture shows, less the answer: the
    month (month questions), the kind (kind questions), the card's name (name questions)."""
    quiz = Q.generate_deck_quiz(seed, 8)
    for q in quiz.questions:
        right = [c for c in q.choices if c.key in q.answer]
        for card in q.cards:
            name = Q.quiz_card_name(q, card)
            info = CARD_INFO[card]
            assert name.startswith("The card in question")
            if q.topic == "deck/month":
                assert info.flower.month_name not in name
            if q.topic == "deck/kind":
                assert info.kind.label not in name and info.flower.month_name in name
            if q.topic == "deck/named":
                assert info.name not in name and info.kind.label in name
        for choice in q.choices:
            for card in choice.cards:
                name = Q.quiz_card_name(q, card, choice.text)
                assert name.startswith(choice.text)
                if q.topic == "deck/month-members":     # the flower, as drawn, not the month
                    assert CARD_INFO[card].flower.month_name not in name
                    assert CARD_INFO[card].flower.english in name
                if q.topic == "deck/named":
                    target = CARD_INFO[right[0].cards[0]].name
                    assert target not in name and CARD_INFO[card].kind.label.split()[-1] \
                        in name
        # the static page carries these names
        want = [Q.quiz_card_name(q, c) for c in q.cards] + [
            Q.quiz_card_name(q, c, ch.text) for ch in q.choices for c in ch.cards]
        assert _names_in(Q.to_html(Q.Quiz(seed, (q,), ""))) == [html.escape(w) for w in want]


def test_a_card_told_apart_only_by_its_picture_is_described_not_coloured():
    """The Special Paulownia differs from the other Paulownia Chaffs only in its drawing:
    its accessible name says what the drawing shows (a shape, not a colour), so a reader
    who cannot see the picture can answer the bank's question about it."""
    from hanafuda_core.cards import Card
    from hanafuda_core.render.motifs import MARKS
    q = next(x for x in Q.load_bank("deck").questions
             if x.id == "deck-which-special-paulownia")
    names = {card: Q.quiz_card_name(q, card, ch.text) for ch in q.choices for card in ch.cards}
    special = names[Card.PAULOWNIA_SPECIAL]
    assert special.endswith(f"with {MARKS[Card.PAULOWNIA_SPECIAL]}")
    assert all(name.split(": ", 1)[1] != special.split(": ", 1)[1]
               for card, name in names.items() if card != Card.PAULOWNIA_SPECIAL)
    assert not re.search(r"colou?r|yellow|gold|red\b", special + " ".join(
        ch.feedback for ch in q.choices), re.I)


def test_game_quiz_cards_carry_their_names():
    """In a game's quiz (what does this pile score?) the cards are named in full."""
    from hanafuda_core.teach.quizzes import generate_quiz
    for key in ("koikoi", "hachihachi"):
        for q in generate_quiz(key, 3, 6).questions:
            for card in q.cards:
                name = Q.quiz_card_name(q, card)
                info = CARD_INFO[card]
                assert name != "The card in question"
                assert info.flower.month_name in name or info.flower.english in name \
                    or (info.named or "") in name, name
