"""The quiz widget driven as plain objects: pick, Check, Next, finish, malformed answers."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from hanafuda_core.quiz import generate_deck_quiz, load_bank
from hanafuda_core.widgets.quiz import QuizWidget, quiz_panel


def pick(w: QuizWidget, keys) -> None:
    if w.radio is not None:
        (key,) = keys
        w.radio.value = key
    else:
        for cb in w.checkboxes:
            cb.value = cb._quiz_key in keys


def wrong_keys(q):
    if not q.selects_many:
        return [next(k for k in q.keys if k not in q.answer)]
    return [k for k in q.keys if k not in q.answer][:1]


def test_widget_check_right_answer_shows_feedback():
    quiz = load_bank("deck")
    w = QuizWidget(quiz)
    q = quiz.questions[0]
    assert w.radio is not None and w.radio.value is None
    assert q.prompt.split("(")[0].strip() in w.question_html.value
    w.radio.value = q.answer[0]
    w.check_button.click()
    assert "Correct!" in w.feedback.value
    assert "Twelve months times four cards" in w.feedback.value
    assert "Score 1 of 8 (1 checked)" in w.score.value


def test_widget_wrong_answer_explains_why():
    quiz = load_bank("deck")
    w = QuizWidget(quiz)
    w.radio.value = "c"                                  # 52 cards
    w.check_button.click()
    assert "Not quite." in w.feedback.value
    assert "Wrong: c. 52" in w.feedback.value and "Missed: b. 48" in w.feedback.value
    assert "Score 0 of 8" in w.score.value


def test_widget_check_with_nothing_selected_shows_message_not_traceback():
    w = QuizWidget(load_bank("deck"))
    w.check_button.click()
    assert "Not checked:" in w.feedback.value
    assert "the answer is empty; pick one of the choices a, b, c, d" in w.feedback.value
    assert "Traceback" not in w.feedback.value
    assert w.session.feedback[0] is None


def test_widget_checkboxes_for_many_answers_and_partial_score():
    quiz = load_bank("deck")
    w = QuizWidget(quiz)
    idx = next(i for i, q in enumerate(quiz.questions) if q.id == "deck-pick-brights")
    for _ in range(idx):
        w.next_button.click()
    q = quiz.questions[idx]
    assert w.radio is None and len(w.checkboxes) == len(q.choices)
    assert "<svg" in w.choices_box.children[0].children[0].children[0].value
    pick(w, q.answer[:3])
    w.check_button.click()
    assert "Partly right." in w.feedback.value
    assert w.feedback.value.count("Missed:") == len(q.answer) - 3


def test_widget_next_through_the_run_and_summary():
    quiz = generate_deck_quiz(5, n=4)
    w = QuizWidget(quiz)
    for i, q in enumerate(quiz.questions):
        assert f"Question {i + 1} of 4" in w.header.value
        pick(w, list(q.answer) if i % 2 == 0 else wrong_keys(q))
        w.check_button.click()
        assert w.next_button.description == ("Finish" if i == 3 else "Next")
        w.next_button.click()
    assert w.session.finished
    assert w.check_button.disabled and w.next_button.disabled
    summary = w.summary.value
    assert "Score" in summary and "of 4 (2 fully right)" in summary
    assert summary.count("<li") == 2
    assert f"Q2 {quiz.questions[1].prompt}" in summary.replace("&#x27;", "'")


def test_widget_new_quiz_from_seed_box():
    w = QuizWidget(generate_deck_quiz(1))
    w.seed.value = 9
    w.new_button.click()
    assert w.session.quiz == generate_deck_quiz(9)
    assert "Question 1 of 8" in w.header.value


def test_quiz_panel_start_uses_the_seed():
    panel = quiz_panel(seed=3)
    assert panel.quiz.session.quiz == generate_deck_quiz(3)
    panel.seed.value = 12
    panel.start.click()
    assert panel.quiz.session.quiz == generate_deck_quiz(12)
    assert panel.quiz.session.index == 0


def test_widget_check_after_finish_shows_message_not_traceback():
    quiz = generate_deck_quiz(2, n=2)
    w = QuizWidget(quiz)
    w.next_button.click()
    w.next_button.click()                                # Finish
    assert w.session.finished and "The quiz is over." in w.header.value
    before = list(w.session.feedback)
    w.check_button.click()                               # a click the view did not stop
    assert "Not checked:" in w.feedback.value and "the quiz is over" in w.feedback.value
    assert "Traceback" not in w.feedback.value and w.session.feedback == before
    w.next_button.click()                                # Finish twice
    assert w.session.index == 2 and "of 2 (0 fully right)" in w.summary.value


# -- any order of events: nothing escapes, the view matches the session -----------------

_EVENTS = st.lists(st.one_of(
    st.tuples(st.just("pick"), st.integers(0, 5), st.booleans()),
    st.just(("check",)), st.just(("next",)),
    st.tuples(st.just("new"), st.integers(-3, 40)),
), max_size=25)


def _apply(w: QuizWidget, event) -> None:
    kind = event[0]
    if kind == "pick":
        _, i, many = event
        if w.radio is not None:
            w.radio.value = w.radio.options[i % len(w.radio.options)][1]
        elif w.checkboxes:
            cb = w.checkboxes[i % len(w.checkboxes)]
            cb.value = many or not cb.value
    elif kind == "check":
        w.check_button.click()
    elif kind == "next":
        w.next_button.click()
    else:
        w.seed.value = event[1]
        w.new_button.click()


def _assert_consistent(w: QuizWidget) -> None:
    s = w.session
    n = len(s.quiz)
    assert 0 <= s.index <= n
    assert "Traceback" not in w.feedback.value + w.summary.value
    assert s.score_line() in w.score.value.replace("&#x27;", "'")
    assert w.check_button.disabled == w.next_button.disabled == s.finished
    if s.finished:
        assert "The quiz is over." in w.header.value and w.summary.value
        assert w.radio is None and not w.checkboxes
    else:
        assert f"Question {s.index + 1} of {n}" in w.header.value and not w.summary.value
        assert (w.radio is None) == s.current.selects_many
        assert w.next_button.description == ("Finish" if s.index + 1 == n else "Next")
    for fb in s.feedback:
        assert fb is None or 0 <= fb.score <= 1


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(1, 30), n=st.integers(1, 5), events=_EVENTS)
def test_widget_any_event_sequence_raises_nothing_and_stays_consistent(seed, n, events):
    w = QuizWidget(generate_deck_quiz(seed, n))
    _assert_consistent(w)
    for event in events:
        _apply(w, event)                                 # any exception fails the test
        _assert_consistent(w)
