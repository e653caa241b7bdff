"""The classroom quiz: one question at a time, every miss explained.

:class:`~hanafuda_core.quiz.QuizSession` holds the run and judges the answers;
this view only lays the question out and wires the buttons. A malformed
answer (Check with nothing picked) or a Check after the quiz is over shows a
message, never a traceback.
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from ..errors import HanafudaError
from ..quiz import (
    Choice,
    Feedback,
    Question,
    Quiz,
    QuizSession,
    generate_deck_quiz,
    hides_month,
    quiz_card_name,
    quiz_card_svg,
)
from .static import notice_html

__all__ = ["QuizWidget", "quiz_panel"]



def _feedback_html(fb: Feedback) -> str:
    accent = "#2e7d32" if fb.correct else ("#b45309" if fb.score > 0 else "#b42318")
    items = "".join(f"<li>{escape(m)}</li>" for m in fb.messages)
    return (f'<div class="hanafuda-quiz-feedback" role="status" style="border-left:6px solid '
            f'{accent};padding:6px 12px;margin:6px 0;font-size:16px;line-height:1.45">'
            f"<strong>{escape(fb.headline)}</strong><ul style='margin:4px 0 4px 18px'>"
            f"{items}</ul><p style='margin:4px 0'>{escape(fb.explanation)}</p></div>")


# ipywidgets ships no type information, so its classes are Any to mypy.
class QuizWidget(widgets.VBox):  # type: ignore[misc]
    """A quiz shown one question at a time, with Check, Next and a final summary.

    ``new_quiz_controls`` adds a seed box and a "New quiz" button.
    """

    def __init__(self, quiz: Quiz, *, new_quiz_controls: bool = True,
                 card_width: int = 80) -> None:
        self.card_width = card_width
        self.session = QuizSession(quiz)
        self.header = widgets.HTML()
        self.question_html = widgets.HTML()
        self.choices_box = widgets.VBox()
        self.check_button = widgets.Button(description="Check", button_style="primary",
                                           tooltip="Check your answer to this question")
        self.next_button = widgets.Button(description="Next", tooltip="Go to the next question")
        self.feedback = widgets.HTML()
        self.score = widgets.HTML()
        self.summary = widgets.HTML()
        self.seed = widgets.IntText(value=quiz.seed if quiz.seed is not None else 1,
                                    description="Seed", layout=widgets.Layout(width="180px"))
        self.new_button = widgets.Button(description="New quiz",
                                         tooltip="Start a new quiz from this seed")
        self.radio: widgets.RadioButtons | None = None
        self.checkboxes: list[widgets.Checkbox] = []

        self.check_button.on_click(lambda _b: self.check())
        self.next_button.on_click(lambda _b: self.next())
        self.new_button.on_click(lambda _b: self.new_quiz(self.seed.value))

        children = [self.header, self.question_html, self.choices_box,
                    widgets.HBox([self.check_button, self.next_button]),
                    self.feedback, self.score, self.summary]
        if new_quiz_controls:
            children.append(widgets.HBox([self.seed, self.new_button]))
        super().__init__(children)
        self.add_class("hanafuda-quiz-widget")
        self._show()

    # -- actions -----------------------------------------------------------------------

    def selected(self) -> list[str]:
        """The keys the learner has picked on the current question."""
        if self.radio is not None:
            return [] if self.radio.value is None else [self.radio.value]
        return [cb._quiz_key for cb in self.checkboxes if cb.value]

    def check(self) -> None:
        try:
            fb = self.session.check(self.selected())
        except HanafudaError as exc:
            self.feedback.value = notice_html(str(exc), "warning", title="Not checked:")
            return
        self.feedback.value = _feedback_html(fb)
        self.score.value = self._score_html()
        self.next_button.description = ("Next" if self.session.index + 1 < len(self.session.quiz)
                                        else "Finish")

    def next(self) -> None:
        self.session.next()
        self._show()

    def new_quiz(self, seed: int) -> None:
        try:
            quiz = generate_deck_quiz(seed, len(self.session.quiz) if
                                      self.session.quiz.seed is not None else 8)
        except HanafudaError as exc:
            self.feedback.value = notice_html(str(exc), "error")
            return
        self.session = QuizSession(quiz)
        self.seed.value = seed
        self._show()

    # -- layout ------------------------------------------------------------------------

    def _score_html(self) -> str:
        return f'<p style="font-weight:600;font-size:16px">{escape(self.session.score_line())}</p>'

    def _show(self) -> None:
        s = self.session
        self.feedback.value = ""
        self.summary.value = ""
        self.score.value = self._score_html()
        self.radio, self.checkboxes = None, []
        if s.finished:
            self._show_summary()
            return
        q = s.current
        n = len(s.quiz)
        title = escape(s.quiz.title) + " · " if s.quiz.title else ""
        self.header.value = (f'<p style="color:#444;margin:2px 0">{title}Question '
                             f"{s.index + 1} of {n}</p>")
        pics = "".join(quiz_card_svg(c, width=self.card_width * 5 // 4,
                                     label=quiz_card_name(q, c), hide_month=hides_month(q))
                       for c in q.cards)
        hint = "Pick every right choice." if q.selects_many else "Pick one."
        self.question_html.value = (
            f'<p style="font-size:18px;font-weight:600;margin:6px 0">{escape(q.prompt)}</p>'
            f'<div style="display:flex;gap:6px;flex-wrap:wrap">{pics}</div>'
            f'<p style="color:#444;margin:4px 0">{hint}</p>')
        self.choices_box.children = [self._choices(q)]
        self.check_button.disabled = False
        self.next_button.disabled = False
        self.next_button.description = "Next" if s.index + 1 < n else "Finish"

    def _choices(self, q: Question) -> widgets.Widget:
        has_cards = any(c.cards for c in q.choices)
        if not q.selects_many:
            self.radio = widgets.RadioButtons(
                options=[(f"{c.key}. {c.text}", c.key) for c in q.choices], value=None,
                layout=widgets.Layout(width="auto"))
            if not has_cards:
                return self.radio
            gallery = widgets.HTML("".join(self._card_cell(q, c) for c in q.choices))
            return widgets.VBox([gallery, self.radio])
        boxes = []
        cells = []
        for c in q.choices:
            cb = widgets.Checkbox(value=False, description=f"{c.key}. {c.text}", indent=False,
                                  layout=widgets.Layout(width="auto"))
            cb._quiz_key = c.key
            boxes.append(cb)
            if has_cards:
                cells.append(widgets.VBox([widgets.HTML(self._pictures(q, c)), cb],
                    layout=widgets.Layout(align_items="center", margin="0 6px 6px 0")))
        self.checkboxes = boxes
        if has_cards:
            return widgets.HBox(cells, layout=widgets.Layout(flex_flow="row wrap"))
        return widgets.VBox(boxes)

    def _pictures(self, q: Question, choice: Choice) -> str:
        return "".join(quiz_card_svg(card, width=self.card_width,
                                     label=quiz_card_name(q, card, choice.text),
                                     hide_month=hides_month(q)) for card in choice.cards)

    def _card_cell(self, q: Question, choice: Choice) -> str:
        return (f'<div style="display:inline-block;text-align:center;margin:0 6px 6px 0">'
                f"{self._pictures(q, choice)}<div>{escape(choice.key)}. "
                f"{escape(choice.text)}</div></div>")

    def _show_summary(self) -> None:
        result = self.session.result()
        self.header.value = "<p style='color:#444;margin:2px 0'>The quiz is over.</p>"
        self.question_html.value = ""
        self.choices_box.children = []
        self.check_button.disabled = True
        self.next_button.disabled = True
        head = escape(result.summary().splitlines()[0])
        misses = "".join(f"<li style='margin-bottom:4px'>{escape(m)}</li>"
                         for m in result.misses)
        body = (f"<p>Questions to look at again:</p><ol>{misses}</ol>" if misses
                else "<p>Every answer was right.</p>")
        self.summary.value = (f'<div class="hanafuda-quiz-summary" role="status" '
                              f'style="font-size:16px;line-height:1.45"><h3 style="margin:4px 0">'
                              f"{head}</h3>{body}</div>")


def quiz_panel(seed: int = 1, n: int = 8) -> widgets.Widget:
    """The classroom app's Quiz tab: a seed box, a Start button and the quiz."""
    intro = widgets.HTML(
        '<p style="font-size:16px;line-height:1.5;max-width:900px">Give the class a seed: '
        "everyone who starts the quiz with the same seed gets the same questions. "
        "Check each answer to see why every choice is right or wrong.</p>")
    quiz = QuizWidget(generate_deck_quiz(seed, n), new_quiz_controls=False)
    seed_box = widgets.IntText(value=seed, description="Seed",
                               layout=widgets.Layout(width="180px"))
    start = widgets.Button(description="Start", button_style="primary",
                           tooltip="Start the quiz for this seed")
    start.on_click(lambda _b: quiz.new_quiz(seed_box.value))
    panel = widgets.VBox([intro, widgets.HBox([seed_box, start]), quiz])
    panel.seed = seed_box
    panel.start = start
    panel.quiz = quiz
    panel.add_class("hanafuda-quiz-panel")
    return panel
