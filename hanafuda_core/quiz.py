"""Quizzes about the deck: one schema, seeded generation, checking with reasons.

Every question, hand-written in a bank (``exercises/bank/*.json``) or generated
from a seed, follows one schema (documented for teachers in
``exercises/schema.md``)::

    {"id": "deck-count", "topic": "deck/basics", "prompt": "...",
     "cards": ["3a"],                       # optional: cards shown with the question
     "kind": "single" | "multi" | "cards",  # cards = pick cards among the choices
     "choices": [{"key": "a", "text": "...", "cards": ["3a"], "feedback": "why"}],
     "answer": ["a"], "explanation": "...", "source": "book/deck"}

A teacher shares a seed and the class gets the same questions:

>>> q1 = generate_deck_quiz(1)
>>> q1 == generate_deck_quiz(1), q1 == generate_deck_quiz(2)
(True, False)
>>> question = q1.questions[0]
>>> check(question, question.answer).correct
True

:func:`check` explains every chosen and every missed choice; an answer that
cannot be read raises :class:`~hanafuda_core.errors.AnswerFormatError` saying
what is allowed. :func:`to_html` turns a quiz into a self-checking HTML
fragment for the static book; :class:`QuizSession` is the controller behind the
classroom widget (``hanafuda_core.widgets.quiz``).

Every fact in a generated question and every feedback sentence is computed from
:mod:`hanafuda_core.cards`; nothing is typed per card.
"""

from __future__ import annotations

import html
import json
import random
import re
import uuid
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .cards import CARD_INFO, FLOWERS, Card, Kind, Ribbon, parse_card
from .errors import AnswerFormatError, HanafudaError, QuizSchemaError, UnknownCardError, shown
from .play import count_word

__all__ = [
    "KINDS", "TOPICS", "BANK_DIR", "Choice", "Question", "Quiz", "Feedback", "RunResult",
    "QuizSession", "QuizOverError", "question_problems", "validate_question", "validate_bank",
    "load_bank", "generate_deck_quiz", "parse_answer", "check", "score_run", "to_html",
    "quiz_card_svg", "quiz_card_name", "hides_month", "check_quiz_size", "chosen_topics",
]

KINDS = ("single", "multi", "cards")
"""Question kinds: one choice, several choices, or cards picked among the choices."""

TOPICS = ("deck/month", "deck/kind", "deck/month-members", "deck/named")
"""The topics :func:`generate_deck_quiz` draws from."""

_PACKAGED_BANKS = Path(__file__).resolve().parent / "_banks"
BANK_DIR = (_PACKAGED_BANKS if _PACKAGED_BANKS.is_dir()
            else Path(__file__).resolve().parent.parent / "exercises" / "bank")
"""Where the hand-written question banks are: ``exercises/bank`` in the repository,
copied into the wheel as ``hanafuda_core/_banks`` (see pyproject.toml)."""

_FIELDS = {"id", "topic", "prompt", "cards", "kind", "choices", "answer", "explanation",
           "source"}
_REQUIRED = ("id", "topic", "prompt", "kind", "choices", "answer", "explanation")
_CHOICE_FIELDS = {"key", "text", "cards", "feedback"}
_KEY_RE = re.compile(r"^[A-Za-z0-9_-]+$")


# ---------------------------------------------------------------------------
# The schema as dataclasses.

@dataclass(frozen=True)
class Choice:
    """One choice of a question, with the reason it is right or wrong."""

    key: str
    text: str
    feedback: str
    cards: tuple[Card, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"key": self.key, "text": self.text}
        if self.cards:
            data["cards"] = [c.code for c in self.cards]
        data["feedback"] = self.feedback
        return data


@dataclass(frozen=True)
class Question:
    """A question in the quiz schema (see the module docstring)."""

    id: str
    topic: str
    prompt: str
    kind: str
    choices: tuple[Choice, ...]
    answer: tuple[str, ...]
    explanation: str
    cards: tuple[Card, ...] = ()
    source: str | None = None

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(c.key for c in self.choices)

    @property
    def selects_many(self) -> bool:
        """True when the answer is several choices (checkboxes), False for one (radio).

        A ``cards`` question whose answer is one card is answered with one card.
        """
        return self.kind == "multi" or (self.kind == "cards" and len(self.answer) != 1)

    def choice(self, key: str) -> Choice:
        for c in self.choices:
            if c.key == key:
                return c
        raise KeyError(key)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": self.id, "topic": self.topic, "prompt": self.prompt}
        if self.cards:
            data["cards"] = [c.code for c in self.cards]
        data.update(kind=self.kind, choices=[c.to_dict() for c in self.choices],
                    answer=list(self.answer), explanation=self.explanation)
        if self.source:
            data["source"] = self.source
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Question:
        """Build a question from schema data; same as :func:`validate_question`."""
        return validate_question(data)


@dataclass(frozen=True)
class Quiz:
    """A list of questions; ``seed`` is set when the quiz was generated."""

    seed: int | None
    questions: tuple[Question, ...]
    title: str = ""

    def __len__(self) -> int:
        return len(self.questions)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"title": self.title}
        if self.seed is not None:
            data["seed"] = self.seed
        data["questions"] = [q.to_dict() for q in self.questions]
        return data


# ---------------------------------------------------------------------------
# Validation: every problem is listed, not only the first.

def _cards_problems(value: Any, where: str) -> tuple[list[str], tuple[Card, ...]]:
    if not isinstance(value, list):
        return [f"{where} must be a list of card codes such as [\"3a\", \"8a\"], "
                f"not {type(value).__name__}"], ()
    problems: list[str] = []
    cards: list[Card] = []
    for i, item in enumerate(value):
        if not isinstance(item, str):
            problems.append(f"{where}[{i}] must be a card code string such as \"3a\", "
                            f"not {type(item).__name__} {item!r}")
            continue
        try:
            card = parse_card(item)
        except UnknownCardError as exc:
            problems.append(f"{where}[{i}]: {exc}")
            continue
        if card in cards:
            problems.append(f"{where}[{i}]: {card.title} ({card.code}) is listed twice")
        else:
            cards.append(card)
    return problems, tuple(cards)


def _nonempty_str(data: Mapping[str, Any], name: str, where: str, problems: list[str]) -> str:
    value = data.get(name)
    if not isinstance(value, str) or not value.strip():
        problems.append(f"{where}\"{name}\" must be a non-empty string"
                        + (f", not {type(value).__name__} {value!r}" if value is not None
                           and not isinstance(value, str) else ""))
        return ""
    return value


def _question_parts(data: Any) -> tuple[list[str], Question | None]:
    if not isinstance(data, Mapping):
        return [f"a question must be a JSON object, not {type(data).__name__}"], None
    problems: list[str] = []
    for name in _REQUIRED:
        if name not in data:
            problems.append(f"missing field \"{name}\"")
    unknown = sorted(set(data) - _FIELDS)
    if unknown:
        problems.append(f"unknown field(s) {', '.join(map(repr, unknown))}; "
                        f"allowed fields: {', '.join(sorted(_FIELDS))}")
    qid = _nonempty_str(data, "id", "", problems) if "id" in data else ""
    topic = _nonempty_str(data, "topic", "", problems) if "topic" in data else ""
    prompt = _nonempty_str(data, "prompt", "", problems) if "prompt" in data else ""
    explanation = (_nonempty_str(data, "explanation", "", problems)
                   if "explanation" in data else "")
    source = data.get("source")
    if source is not None and not isinstance(source, str):
        problems.append(f"\"source\" must be a string (a chapter link), "
                        f"not {type(source).__name__}")
        source = None
    kind = data.get("kind")
    if "kind" in data and kind not in KINDS:
        problems.append(f"\"kind\" is {kind!r}; allowed kinds: {', '.join(KINDS)}")
    cards: tuple[Card, ...] = ()
    if "cards" in data:
        more, cards = _cards_problems(data["cards"], "\"cards\"")
        problems += more

    choices: list[Choice] = []
    raw_choices = data.get("choices")
    if "choices" in data:
        if not isinstance(raw_choices, list) or len(raw_choices) < 2:
            problems.append("\"choices\" must be a list of at least two choices")
            raw_choices = raw_choices if isinstance(raw_choices, list) else []
        seen_keys: set[str] = set()
        seen_cards: dict[Card, str] = {}
        for i, raw in enumerate(raw_choices):
            where = f"choices[{i}] "
            if not isinstance(raw, Mapping):
                problems.append(f"choices[{i}] must be an object with key, text and "
                                f"feedback, not {type(raw).__name__}")
                continue
            extra = sorted(set(raw) - _CHOICE_FIELDS)
            if extra:
                problems.append(f"choices[{i}] has unknown field(s) "
                                f"{', '.join(map(repr, extra))}; allowed: "
                                f"{', '.join(sorted(_CHOICE_FIELDS))}")
            key = _nonempty_str(raw, "key", where, problems)
            if key and not _KEY_RE.match(key):
                problems.append(f"choices[{i}] key {key!r} may only use letters, digits, "
                                "'-' and '_' (no spaces or commas)")
            if key in seen_keys:
                problems.append(f"choices[{i}] key {key!r} is used twice; keys must differ")
            seen_keys.add(key)
            text = _nonempty_str(raw, "text", where, problems)
            feedback = _nonempty_str(raw, "feedback", where, problems)
            ccards: tuple[Card, ...] = ()
            if "cards" in raw:
                more, ccards = _cards_problems(raw["cards"], f"choices[{i}].cards")
                problems += more
            if kind == "cards":
                if not ccards and "cards" not in raw:
                    problems.append(f"choices[{i}] needs \"cards\": every choice of a "
                                    "\"cards\" question shows the card(s) it stands for")
                for c in ccards:
                    if c in seen_cards:
                        problems.append(f"choices[{i}]: {c.title} ({c.code}) is already "
                                        f"choice {seen_cards[c]!r}; a card may stand for "
                                        "one choice only")
                    seen_cards[c] = key
            choices.append(Choice(key, text, feedback, ccards))

    answer: tuple[str, ...] = ()
    raw_answer = data.get("answer")
    if "answer" in data:
        if (not isinstance(raw_answer, list) or not raw_answer
                or not all(isinstance(a, str) for a in raw_answer)):
            problems.append("\"answer\" must be a non-empty list of choice keys such as "
                            "[\"a\"]")
        else:
            keys = [c.key for c in choices]
            for a in raw_answer:
                if a not in keys:
                    problems.append(f"answer {a!r} is not one of the choice keys "
                                    f"{', '.join(keys) or '(none)'}")
            if len(set(raw_answer)) != len(raw_answer):
                problems.append("\"answer\" lists a key twice")
            if kind == "single" and len(raw_answer) != 1:
                problems.append(f"a \"single\" question has exactly one answer key, "
                                f"not {len(raw_answer)}; use kind \"multi\" for several")
            if len(set(raw_answer)) >= len(keys) and keys:
                problems.append("every choice is in the answer; at least one choice "
                                "must be wrong")
            answer = tuple(raw_answer)
    if problems:
        return problems, None
    assert kind in KINDS     # "kind" is required and checked above: no problem, a known kind
    return [], Question(qid, topic, prompt, kind, tuple(choices), answer, explanation,
                        cards, source)


def question_problems(data: Any) -> list[str]:
    """Every way ``data`` breaks the question schema (empty when it is valid).

    >>> for problem in question_problems({"id": "x", "topic": "deck", "prompt": "?",
    ...         "kind": "pick", "choices": [], "answer": ["a"], "explanation": "."}):
    ...     print(problem)
    "kind" is 'pick'; allowed kinds: single, multi, cards
    "choices" must be a list of at least two choices
    answer 'a' is not one of the choice keys (none)
    """
    return _question_parts(data)[0]


def validate_question(data: Any) -> Question:
    """Read one question, raising :class:`QuizSchemaError` listing every problem."""
    problems, question = _question_parts(data)
    if problems:
        qid = data.get("id") if isinstance(data, Mapping) else None
        name = f"question {qid!r}" if isinstance(qid, str) and qid else "question"
        raise QuizSchemaError(f"{name} does not follow the quiz schema:\n  - "
                              + "\n  - ".join(problems))
    assert question is not None
    return question


def validate_bank(data: Any, *, title: str | None = None) -> Quiz:
    """Read a question bank (``{"title": ..., "questions": [...]}`` or a list).

    Raises :class:`QuizSchemaError` naming every problem of every question,
    and ids used twice.
    """
    bank_title = title or ""
    if isinstance(data, Mapping):
        extra = sorted(set(data) - {"title", "description", "questions"})
        problems = ([f"unknown bank field(s) {', '.join(map(repr, extra))}; allowed: "
                     "title, description, questions"] if extra else [])
        bank_title = title or str(data.get("title", ""))
        items = data.get("questions")
        if not isinstance(items, list):
            problems.append("a bank needs \"questions\": a list of questions")
            items = []
    elif isinstance(data, list):
        problems, items = [], data
    else:
        raise QuizSchemaError(f"a question bank is a JSON object with \"questions\" (or a "
                              f"list of questions), not {type(data).__name__}")
    if not items and not problems:
        problems.append("the bank has no questions")
    questions: list[Question] = []
    seen: dict[str, int] = {}
    for i, item in enumerate(items):
        more, question = _question_parts(item)
        qid = item.get("id") if isinstance(item, Mapping) else None
        label = f"questions[{i}]" + (f" ({qid!r})" if isinstance(qid, str) else "")
        problems += [f"{label}: {p}" for p in more]
        if isinstance(qid, str) and qid:
            if qid in seen:
                problems.append(f"{label}: id {qid!r} is already used by questions"
                                f"[{seen[qid]}]; ids must be unique")
            else:
                seen[qid] = i
        if question is not None:
            questions.append(question)
    if problems:
        raise QuizSchemaError(f"the question bank {bank_title!r} has {len(problems)} "
                              "problem(s):\n  - " + "\n  - ".join(problems))
    return Quiz(None, tuple(questions), bank_title)


def load_bank(path: str | Path = "deck") -> Quiz:
    """Read and validate a bank file, or every ``*.json`` of a folder.

    A bare name such as ``"deck"`` means ``exercises/bank/deck.json``.
    """
    p = Path(path)
    if not p.exists() and not p.suffix:
        p = BANK_DIR / f"{path}.json"
    if p.is_dir():
        files = sorted(p.glob("*.json"))
        if not files:
            raise QuizSchemaError(f"no *.json question bank in {p}")
        quizzes = [load_bank(f) for f in files]
        questions = tuple(q for quiz in quizzes for q in quiz.questions)
        ids = [q.id for q in questions]
        dupes = sorted({i for i in ids if ids.count(i) > 1})
        if dupes:
            raise QuizSchemaError(f"question id(s) {', '.join(dupes)} are used in more "
                                  f"than one bank file of {p}; ids must be unique")
        return Quiz(None, questions, " + ".join(q.title for q in quizzes))
    if not p.exists():
        raise QuizSchemaError(f"no question bank at {p}; banks live in {BANK_DIR}")
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise QuizSchemaError(f"{p.name} is not valid JSON: {exc}") from None
    return validate_bank(data, title=None if isinstance(data, Mapping) and data.get("title")
                         else p.stem)


# ---------------------------------------------------------------------------
# Facts and sentences computed from the deck.

# The kind words in Japanese and Korean (per kind, not per card).
_KIND_WORDS: Mapping[Kind, tuple[str, str, str, str]] = {
    Kind.BRIGHT: ("光", "hikari", "광", "gwang"),
    Kind.TEN: ("種", "tane", "열끗", "yeolkkeut"),
    Kind.RIBBON: ("短冊", "tanzaku", "띠", "tti"),
    Kind.CHAFF: ("カス", "kasu", "피", "pi"),
}
_RIBBON_LOOK: Mapping[Ribbon, str] = {
    Ribbon.POETRY: "red with writing",
    Ribbon.PURPLE: "purple or blue",
    Ribbon.PLAIN: "red without writing",
}


def _and(items: Sequence[str]) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def _of_kind(kind: Kind) -> list[Card]:
    return [c for c in Card if CARD_INFO[c].kind is kind]


def _a(word: str) -> str:
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _month_label(month: int) -> str:
    fl = FLOWERS[month - 1]
    return f"{fl.month_name} ({fl.english})"


def _the(card: Card) -> str:
    return f"the {CARD_INFO[card].name}"


def _kind_text(kind: Kind) -> str:
    kanji, romaji, hangul, korean = _KIND_WORDS[kind]
    return f"{kind.label} ({kanji} {romaji}; Korean {hangul} {korean})"


def _kind_rule(kind: Kind) -> str:
    """How to tell a kind, with its members computed from the deck."""
    cards = _of_kind(kind)
    n = count_word(len(cards))
    if kind is Kind.BRIGHT:
        return f"the {n} Brights are {_and([CARD_INFO[c].name for c in cards])}"
    if kind is Kind.TEN:
        return (f"the {n} Tens show an animal or an object: "
                f"{_and([CARD_INFO[c].name for c in cards])}")
    if kind is Kind.RIBBON:
        parts = []
        for r in Ribbon:
            months = [FLOWERS[c // 4].month_name[:3] for c in cards if CARD_INFO[c].ribbon is r]
            parts.append(f"{count_word(len(months))} {r.label}s, {_RIBBON_LOOK[r]} "
                         f"({', '.join(months)})")
        return f"the {n} Ribbons each show a paper strip: {'; '.join(parts[:-1])}; and {parts[-1]}"
    pictured = [CARD_INFO[c].name for c in cards if CARD_INFO[c].named]
    return (f"the {len(cards)} Chaffs show only the plant, except "
            f"{_and(['the ' + p for p in pictured])}, "
            "which are Chaffs despite their pictures")


def _kind_of_card(card: Card) -> str:
    """Why ``card`` is of its kind, in one sentence."""
    info = CARD_INFO[card]
    kind = info.kind
    if kind is Kind.BRIGHT:
        names = _and([CARD_INFO[c].name for c in _of_kind(kind)])
        return f"{_the(card)} is one of the {count_word(len(_of_kind(kind)))} Brights ({names})"
    if kind is Kind.TEN:
        return (f"{_the(card)} shows an animal or an object, so it is one of the "
                f"{count_word(len(_of_kind(kind)))} Tens")
    if kind is Kind.RIBBON:
        assert info.ribbon is not None
        return (f"{_the(card)} shows a paper strip, {_RIBBON_LOOK[info.ribbon]}: it is a "
                f"{info.ribbon.label}")
    if info.named:
        return (f"{_the(card)} has a picture but is a Chaff: "
                f"{_kind_rule(Kind.CHAFF)}")
    return f"{_the(card)} shows only the plant, so it is one of the {len(_of_kind(kind))} Chaffs"


def _card_month_fact(card: Card) -> str:
    info = CARD_INFO[card]
    fl = info.flower
    return (f"{_the(card)} is {_a(fl.month_name)} card: its plant is the {fl.english} "
            f"({fl.kanji} {fl.romaji}), the flower of month {fl.month}")


def _month_text(month: int) -> str:
    return f"{month} · {FLOWERS[month - 1].month_name}"


def _named_text(card: Card) -> str:
    info = CARD_INFO[card]
    return f"{info.name} ({info.japanese})"


def _named_fact(card: Card) -> str:
    info = CARD_INFO[card]
    return (f"the {info.name} ({info.japanese}, {info.romaji}) is the "
            f"{info.flower.month_name} ({info.flower.english}) {info.kind.label}")


def _card_label(key: str) -> str:
    # A card choice is labelled by its place, not its name: the name would give it away.
    return f"Card {key.upper()}"


def _keys(n: int) -> list[str]:
    return [chr(ord("a") + i) for i in range(n)]


# ---------------------------------------------------------------------------
# Generators: one function per topic, each drawing from ``rng``.

def _gen_month(rng: random.Random, qid: str, card: Card) -> Question:
    month = card // 4 + 1
    others = [((month - 1 + d) % 12) + 1 for d in (-2, -1, 1, 2)]
    months = sorted(rng.sample(others, 3) + [month])
    keys = _keys(len(months))
    choices = []
    for key, m in zip(keys, months):
        if m == month:
            fb = f"{_cap(_card_month_fact(card))}."
        else:
            fl = FLOWERS[m - 1]
            fb = (f"{_cap(_the(card))} is {_month_label(month)}, not {fl.month_name}: "
                  f"{fl.month_name}'s flower is the {fl.english} ({fl.kanji} {fl.romaji}).")
        choices.append(Choice(key, _month_text(m), fb))
    mates = [CARD_INFO[c].name for c in Card if c // 4 == card // 4 and c != card]
    expl = (f"{_cap(_card_month_fact(card))}. "
            f"Its month-mates are {_and(mates)}.")
    return Question(qid, "deck/month", f"Which month does the {CARD_INFO[card].name} "
                    "belong to?", "single", tuple(choices),
                    (keys[months.index(month)],), expl, (card,), "book/deck")


def _gen_kind(rng: random.Random, qid: str, card: Card) -> Question:
    kind = CARD_INFO[card].kind
    keys = _keys(len(Kind))
    choices = []
    for key, k in zip(keys, Kind):
        if k is kind:
            fb = f"{_cap(_kind_of_card(card))}."
        else:
            fb = (f"Not {_a(k.label)}: {_kind_rule(k)}. {_cap(_the(card))} is "
                  f"{_a(kind.label)}.")
        choices.append(Choice(key, _kind_text(k), fb))
    expl = f"{_cap(_kind_of_card(card))}."
    return Question(qid, "deck/kind", "What kind of card is this?",
                    "single", tuple(choices), (keys[list(Kind).index(kind)],), expl,
                    (card,), "book/deck")


def _gen_members(rng: random.Random, qid: str, month: int) -> Question:
    own = [c for c in Card if c // 4 + 1 == month]
    k = rng.randint(2, 4)
    right = rng.sample(own, k)
    # Distractors: cards of nearby months first (they look alike), then any.
    near = [c for c in Card if c // 4 + 1 != month
            and min((c // 4 + 1 - month) % 12, (month - c // 4 - 1) % 12) <= 2]
    wrong = rng.sample(near, 8 - k)
    shown = sorted(right + wrong)
    keys = _keys(len(shown))
    fl = FLOWERS[month - 1]
    choices = []
    for key, c in zip(keys, shown):
        if c in right:
            fb = f"{_cap(_the(c))} is {_a(fl.month_name)} ({fl.english}) card."
        else:
            cf = CARD_INFO[c].flower
            fb = (f"{_cap(_the(c))} is {cf.month_name} ({cf.english}), "
                  f"not {fl.month_name}.")
        choices.append(Choice(key, _card_label(key), fb, (c,)))
    expl = (f"{fl.month_name}'s flower is the {fl.english} ({fl.kanji} {fl.romaji}); its "
            f"four cards are {_and([CARD_INFO[c].name for c in own])}.")
    # (the prompt names the month, not its flower: the cards' names, which a screen reader
    # says, tell their flowers, as their pictures do, so both ask which flower is the
    # month's)
    return Question(qid, "deck/month-members",
                    f"Which of these cards belong to {fl.month_name}? Pick every one.",
                    "cards", tuple(choices),
                    tuple(keys[shown.index(c)] for c in sorted(right)), expl, (),
                    "book/deck")


_NAMED = tuple(c for c in Card if CARD_INFO[c].named)


def _gen_named(rng: random.Random, qid: str, card: Card, by_picture: bool) -> Question:
    # Distractors: named cards of the same kind first, then other named cards.
    same = [c for c in _NAMED if c != card and CARD_INFO[c].kind is CARD_INFO[card].kind]
    rest = [c for c in _NAMED if c != card and c not in same]
    rng.shuffle(same)
    rng.shuffle(rest)
    pool = (same[:2] + rest)[:3]
    options = pool + [card]
    rng.shuffle(options)
    keys = _keys(len(options))
    name = CARD_INFO[card].name
    choices = []
    for key, c in zip(keys, options):
        if c == card:
            fb = f"{_cap(_named_fact(c))}."
        elif by_picture:
            fb = f"{_cap(_named_fact(c))}; this picture is the {name}."
        else:
            fb = (f"This is the {CARD_INFO[c].name}, the {CARD_INFO[c].flower.month_name} "
                  f"{CARD_INFO[c].kind.label}, not the {name}.")
        choices.append(Choice(key, _named_text(c) if by_picture else _card_label(key), fb,
                              () if by_picture else (c,)))
    expl = f"{_cap(_named_fact(card))}. {_cap(_kind_of_card(card))}."
    answer = (keys[options.index(card)],)
    if by_picture:
        return Question(qid, "deck/named", "What is the name of this card?", "single",
                        tuple(choices), answer, expl, (card,), "book/deck")
    return Question(qid, "deck/named", f"Which of these cards is the {name}?", "cards",
                    tuple(choices), answer, expl, (),
                    "book/deck")


def check_quiz_size(seed: Any, n: Any, most: int, what: str = "a quiz") -> None:
    """Refuse a quiz seed that is not a seed of the teaching tools
    (:func:`~hanafuda_core.controllers.check_seed`), or a size outside 1 to ``most``.

    >>> check_quiz_size(1, 51, 50, "a Koi-Koi quiz")
    Traceback (most recent call last):
      ...
    hanafuda_core.errors.HanafudaError: a Koi-Koi quiz has 1 to 50 questions, not 51
    >>> check_quiz_size(-5, 8, 50)
    Traceback (most recent call last):
      ...
    hanafuda_core.errors.HanafudaError: a quiz seed must be a whole number from 0 to 999,999, \
such as 1 or 2024, not -5
    """
    from .controllers import check_seed
    check_seed(seed, "a quiz seed")
    if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= most:
        raise HanafudaError(f"{what} has 1 to {most} questions, not {shown(n)}")


def chosen_topics(topics: Iterable[str] | str | None, known: Sequence[str]) -> list[str]:
    """The topics a quiz asks about: all ``known`` ones if ``topics`` is None, else the
    ones named (one name or several, each once), every one checked.

    >>> chosen_topics(["deck/kind", "deck/kind"], TOPICS)
    ['deck/kind']
    >>> chosen_topics("deck/suit", TOPICS)
    Traceback (most recent call last):
      ...
    hanafuda_core.errors.HanafudaError: unknown quiz topic(s) 'deck/suit'; known topics: \
deck/month, deck/kind, deck/month-members, deck/named
    """
    chosen = list(known) if topics is None else list(dict.fromkeys(
        [topics] if isinstance(topics, str) else topics))
    bad = [t for t in chosen if t not in known]
    if bad or not chosen:
        raise HanafudaError(f"unknown quiz topic(s) {', '.join(map(repr, bad)) or '(none)'}; "
                            f"known topics: {', '.join(known)}")
    return chosen


def generate_deck_quiz(seed: int, n: int = 8, topics: Iterable[str] | None = None) -> Quiz:
    """A quiz on the deck drawn from ``seed``: the same seed gives the same questions.

    Topics are taken in turn (so every topic appears) and shuffled;
    ``topics`` narrows them to some of :data:`TOPICS`.

    >>> quiz = generate_deck_quiz(3, n=4)
    >>> sorted(q.topic for q in quiz.questions)
    ['deck/kind', 'deck/month', 'deck/month-members', 'deck/named']
    """
    check_quiz_size(seed, n, 100)
    chosen = chosen_topics(topics, TOPICS)
    rng = random.Random(seed)
    order = [chosen[i % len(chosen)] for i in range(n)]
    rng.shuffle(order)
    used: dict[str, list[Any]] = {t: [] for t in TOPICS}

    def fresh(topic: str, pool: Sequence[Any]) -> Any:
        left = [x for x in pool if x not in used[topic]] or list(pool)
        if len(left) == len(pool):
            used[topic].clear()
        pick = rng.choice(left)
        used[topic].append(pick)
        return pick

    questions = []
    for i, topic in enumerate(order):
        qid = f"seed{seed}-q{i + 1}-{topic.split('/')[-1]}"
        if topic == "deck/month":
            questions.append(_gen_month(rng, qid, fresh(topic, list(Card))))
        elif topic == "deck/kind":
            # Pick the kind first so that Brights and Tens come up as often as Chaffs.
            kind = rng.choice(list(Kind))
            questions.append(_gen_kind(rng, qid, fresh(topic, _of_kind(kind))))
        elif topic == "deck/month-members":
            questions.append(_gen_members(rng, qid, fresh(topic, list(range(1, 13)))))
        else:
            card = fresh(topic, list(_NAMED))
            questions.append(_gen_named(rng, qid, card, by_picture=rng.random() < 0.5))
    return Quiz(seed, tuple(questions), f"Deck quiz, seed {seed}")


# ---------------------------------------------------------------------------
# Checking answers.

@dataclass(frozen=True)
class Feedback:
    """The verdict on one answer: every chosen and every missed choice explained."""

    question_id: str
    chosen: tuple[str, ...]
    correct: bool
    score: float
    messages: list[str]
    explanation: str
    answered: bool = True

    @property
    def headline(self) -> str:
        if not self.answered:
            return "Not answered."
        if self.correct:
            return "Correct!"
        return "Partly right." if self.score > 0 else "Not quite."

    def text(self) -> str:
        return "\n".join([self.headline, *self.messages, self.explanation])


def _choice_message(status: str, choice: Choice) -> str:
    label = {"right": "Right", "wrong": "Wrong", "missed": "Missed"}[status]
    return f"{label}: {choice.key}. {choice.text} — {choice.feedback}"


def _token_keys(question: Question, token: Any) -> str:
    keys = question.keys
    allowed = ", ".join(keys)
    card: Card | None
    if isinstance(token, Card) and question.kind == "cards":
        card = token
    elif isinstance(token, str):
        t = token.strip()
        if t in keys:
            return t
        folded = [k for k in keys if k.lower() == t.lower()]
        if len(folded) == 1:
            return folded[0]
        card = None
        if question.kind == "cards":
            try:
                card = parse_card(t)
            except UnknownCardError:
                card = None
        if card is None:
            more = (" or a card shown (code such as 3a, or name)" if question.kind == "cards"
                    else "")
            raise AnswerFormatError(f"answer {t!r} is not one of the choices {allowed}{more}")
    else:
        raise AnswerFormatError(
            f"an answer is a choice key such as {keys[0]!r}, a list of keys or a "
            f"comma-separated string of keys, not {type(token).__name__} {token!r}")
    for c in question.choices:
        if card in c.cards:
            return c.key
    shown = ", ".join(f"{c.code} {c.title}" for ch in question.choices for c in ch.cards)
    raise AnswerFormatError(f"{card.title} ({card.code}) is not one of the cards to choose "
                            f"from: {shown}")


def parse_answer(question: Question, answer: Any) -> tuple[str, ...]:
    """The choice keys an answer names, in choice order; raises AnswerFormatError.

    An answer may be a key (``"b"``), a list of keys, or a string of keys
    separated by commas or spaces; for a ``cards`` question also card codes or
    names (``"3a, moon"``).
    """
    keys = question.keys
    allowed = ", ".join(keys)
    if answer is None:
        raise AnswerFormatError(f"no answer given; pick "
                                f"{'one or more' if question.selects_many else 'one'} "
                                f"of the choices {allowed}")
    if isinstance(answer, (str, Card)):
        if isinstance(answer, Card):
            tokens: list[Any] = [answer]
        else:
            text = answer.strip()
            if "," in text or ";" in text:
                tokens = [p for p in re.split(r"[,;]", text) if p.strip()]
            else:
                whole: list[Any] = [text] if text else []
                tokens = whole
                if text and " " in text:
                    try:
                        _token_keys(question, text)
                    except AnswerFormatError:
                        tokens = text.split()
    elif isinstance(answer, (list, tuple, set, frozenset)):
        tokens = sorted(answer, key=str) if isinstance(answer, (set, frozenset)) else list(answer)
    else:
        raise AnswerFormatError(
            f"an answer is a choice key such as {keys[0]!r}, a list of keys or a "
            f"comma-separated string of keys, not {type(answer).__name__} {answer!r}")
    if not tokens:
        raise AnswerFormatError(f"the answer is empty; pick "
                                f"{'one or more' if question.selects_many else 'one'} "
                                f"of the choices {allowed}")
    picked = {_token_keys(question, t) for t in tokens}
    if not question.selects_many and len(picked) > 1:
        raise AnswerFormatError(f"this question takes one answer, not {len(picked)} "
                                f"({', '.join(k for k in keys if k in picked)}); pick one of "
                                f"the choices {allowed}")
    return tuple(k for k in keys if k in picked)


def check(question: Question, answer: Any) -> Feedback:
    """Judge an answer; every chosen and every missed choice gets its reason.

    Several-answer questions score partial credit: (right picks - wrong
    picks) / number of right choices, never below 0.
    """
    chosen = parse_answer(question, answer)
    right = set(question.answer)
    # The learner's picks first, then the right choices they missed.
    messages = [_choice_message("right" if c.key in right else "wrong", c)
                for c in question.choices if c.key in chosen]
    messages += [_choice_message("missed", c) for c in question.choices
                 if c.key in right and c.key not in chosen]
    hits = len(right.intersection(chosen))
    wrong = len(chosen) - hits
    correct = set(chosen) == right
    score = 1.0 if correct else max(0.0, (hits - wrong) / len(right)) if question.selects_many \
        else 0.0
    return Feedback(question.id, chosen, correct, score, messages,
                    question.explanation)


def _unanswered(question: Question) -> Feedback:
    messages = [_choice_message("missed", question.choice(k)) for k in question.answer]
    return Feedback(question.id, (), False, 0.0, messages, question.explanation,
                    answered=False)


@dataclass(frozen=True)
class RunResult:
    """A whole run: the score and every miss explained."""

    total: int
    correct: int
    score: float
    feedback: tuple[Feedback, ...]
    misses: list[str] = field(default_factory=list)

    def summary(self) -> str:
        head = (f"Score {_fmt(self.score)} of {self.total} "
                f"({self.correct} fully right).")
        if not self.misses:
            return head + " Every answer was right."
        return "\n".join([head, "What to look at again:", *self.misses])


def _fmt(x: float) -> str:
    return f"{x:.2f}".rstrip("0").rstrip(".")


def score_run(quiz: Quiz, answers: Sequence[Any] | Mapping[str, Any]) -> RunResult:
    """Check every answer of a run (a list in question order, or id -> answer).

    A missing or ``None`` answer counts as not answered; a malformed one raises
    :class:`AnswerFormatError` naming the question.
    """
    if isinstance(answers, Mapping):
        ids = {q.id for q in quiz.questions}
        unknown = [k for k in answers if k not in ids]
        if unknown:
            raise AnswerFormatError(f"answers for unknown question id(s) "
                                    f"{', '.join(map(str, unknown))}")
        given = [answers.get(q.id) for q in quiz.questions]
    elif isinstance(answers, (list, tuple)):
        if len(answers) > len(quiz.questions):
            raise AnswerFormatError(f"{len(answers)} answers for a quiz of "
                                    f"{len(quiz.questions)} questions")
        given = list(answers) + [None] * (len(quiz.questions) - len(answers))
    else:
        raise AnswerFormatError("answers are a list in question order or a mapping "
                                f"from question id to answer, not {type(answers).__name__}")
    feedback = []
    misses = []
    for i, (q, a) in enumerate(zip(quiz.questions, given), start=1):
        if a is None:
            fb = _unanswered(q)
        else:
            try:
                fb = check(q, a)
            except AnswerFormatError as exc:
                raise AnswerFormatError(f"question {i} ({q.id}): {exc}") from None
        feedback.append(fb)
        if not fb.correct:
            what = ("not answered" if not fb.answered else
                    f"you chose {', '.join(fb.chosen)}")
            misses.append(f"Q{i} {q.prompt} — {what}; the answer is "
                          f"{', '.join(f'{k}. {q.choice(k).text}' for k in q.answer)}. "
                          f"{q.explanation}")
    return RunResult(len(quiz.questions), sum(f.correct for f in feedback),
                     sum(f.score for f in feedback), tuple(feedback), misses)


# ---------------------------------------------------------------------------
# The controller behind the classroom widget (pure Python).

class QuizOverError(HanafudaError):
    """A question asked for, or an answer checked, after the quiz was finished."""


class QuizSession:
    """One pass through a quiz: check the current question, move on, sum up.

    >>> s = QuizSession(generate_deck_quiz(1, n=2))
    >>> s.check(s.current.answer).correct
    True
    >>> s.next(); s.check(s.current.answer).correct; s.next(); s.finished
    True
    True
    >>> s.result().correct
    2
    """

    def __init__(self, quiz: Quiz) -> None:
        if not quiz.questions:
            raise QuizSchemaError("a quiz needs at least one question")
        self.quiz = quiz
        self.index = 0
        self.answers: list[Any] = [None] * len(quiz.questions)
        self.feedback: list[Feedback | None] = [None] * len(quiz.questions)

    @classmethod
    def from_seed(cls, seed: int, n: int = 8) -> QuizSession:
        return cls(generate_deck_quiz(seed, n))

    @property
    def finished(self) -> bool:
        return self.index >= len(self.quiz.questions)

    @property
    def current(self) -> Question:
        """The question being asked; QuizOverError once every question was passed."""
        if self.finished:
            raise QuizOverError(f"the quiz is over: all {len(self.quiz.questions)} questions "
                                "were answered or passed; start a new quiz to go again")
        return self.quiz.questions[self.index]

    @property
    def checked(self) -> bool:
        return not self.finished and self.feedback[self.index] is not None

    def check(self, answer: Any) -> Feedback:
        """Check the current question (again, if the learner changes the answer).

        A malformed answer raises AnswerFormatError, and a check after the last
        question raises QuizOverError; either way nothing is recorded.
        """
        fb = check(self.current, answer)
        self.answers[self.index] = fb.chosen
        self.feedback[self.index] = fb
        return fb

    def next(self) -> None:
        """Move to the next question (an unchecked one counts as not answered)."""
        if not self.finished:
            self.index += 1

    @property
    def score(self) -> float:
        return sum(f.score for f in self.feedback if f is not None)

    def score_line(self) -> str:
        done = sum(f is not None for f in self.feedback)
        return (f"Score {_fmt(self.score)} of {len(self.quiz.questions)} "
                f"({done} checked)")

    def result(self) -> RunResult:
        return score_run(self.quiz, [list(a) if a else None for a in self.answers])


# ---------------------------------------------------------------------------
# Static self-check HTML for the book (no kernel needed).

_CSS = """
.hanafuda-quiz{font-family:inherit;margin:1em 0;}
.hanafuda-quiz .hq-q{border:1px solid #bbb;border-radius:6px;padding:.6em .9em;margin:.8em 0;}
.hanafuda-quiz fieldset{border:0;margin:0;padding:0;min-width:0;}
.hanafuda-quiz legend{font-weight:600;padding:0;margin-bottom:.4em;}
.hanafuda-quiz .hq-num{display:block;font-weight:400;font-size:.85em;color:#555;}
.hanafuda-quiz .hq-cards{display:flex;flex-wrap:wrap;gap:.4em;margin:.3em 0 .6em;}
.hanafuda-quiz .hq-choices{display:flex;flex-wrap:wrap;gap:.3em 1.2em;}
.hanafuda-quiz .hq-choices.hq-list{flex-direction:column;}
.hanafuda-quiz .hq-choice{display:flex;align-items:center;gap:.35em;cursor:pointer;
  padding:.15em .35em;border-radius:4px;border:2px solid transparent;}
.hanafuda-quiz .hq-choice.hq-cardchoice{flex-direction:column;align-items:center;}
.hanafuda-quiz .hq-choice.hq-right{border-color:#2e7d32;}
.hanafuda-quiz .hq-choice.hq-wrong{border-color:#c62828;border-style:dashed;}
.hanafuda-quiz .hq-choice.hq-missed{border-color:#ef6c00;border-style:dotted;}
.hanafuda-quiz .hq-mark{display:inline-block;font-weight:700;min-width:1em;}
.hanafuda-quiz .hq-check{margin-top:.6em;padding:.3em .9em;cursor:pointer;}
.hanafuda-quiz .hq-feedback p{margin:.4em 0;}
.hanafuda-quiz .hq-feedback ul{margin:.2em 0 .4em 1.2em;padding:0;}
.hanafuda-quiz .hq-head{font-weight:700;}
.hanafuda-quiz .hq-score{font-weight:600;}
"""

# Plain ES5: no modules, no arrow functions, no external loads.
_JS = """
(function () {
  var PREFIX = %(prefix)s;
  var MARKS = {right: '\\u2713', wrong: '\\u2717', missed: '!'};
  var script = document.currentScript;
  function findRoot() {
    var el = script && script.parentNode;
    while (el && !(el.className && String(el.className).indexOf('hanafuda-quiz') >= 0)) {
      el = el.parentNode;
    }
    return el || document.getElementById(PREFIX);
  }
  function fmt(x) { return String(Math.round(x * 100) / 100); }
  function make(tag, cls, text) {
    var el = document.createElement(tag);
    if (cls) { el.className = cls; }
    if (text !== undefined) { el.textContent = text; }
    return el;
  }
  function init(root) {
    if (!root || root.getAttribute('data-hq-ready') === '1') { return; }
    var dataEl = root.querySelector('script.hq-data');
    if (!dataEl) { return; }
    var data = JSON.parse(dataEl.textContent);
    root.setAttribute('data-hq-ready', '1');
    var scores = {};
    var scoreEl = root.querySelector('.hq-score');
    function updateScore() {
      var total = 0, done = 0, k;
      for (k in scores) {
        if (Object.prototype.hasOwnProperty.call(scores, k)) { total += scores[k]; done += 1; }
      }
      scoreEl.textContent = 'Score ' + fmt(total) + ' of ' + data.questions.length +
        ' (' + done + ' checked)';
    }
    function wire(section, q) {
      var button = section.querySelector('.hq-check');
      var box = section.querySelector('.hq-feedback');
      button.addEventListener('click', function () {
        var inputs = section.querySelectorAll('input');
        var chosen = {}, nChosen = 0, i;
        for (i = 0; i < inputs.length; i++) {
          if (inputs[i].checked) { chosen[inputs[i].value] = true; nChosen += 1; }
        }
        while (box.firstChild) { box.removeChild(box.firstChild); }
        var labels = section.querySelectorAll('.hq-choice');
        for (i = 0; i < labels.length; i++) {
          labels[i].className = labels[i].className.replace(/ hq-(right|wrong|missed)/g, '');
          var mark = labels[i].querySelector('.hq-mark');
          if (mark) { mark.textContent = ''; }
        }
        if (nChosen === 0) {
          box.appendChild(make('p', 'hq-head', q.many ?
            'Pick one or more choices first, then press Check.' :
            'Pick a choice first, then press Check.'));
          return;
        }
        var right = {}, nRight = 0;
        for (i = 0; i < q.answer.length; i++) { right[q.answer[i]] = true; nRight += 1; }
        var hits = 0, wrong = 0, list = make('ul'), pass, c, status, word, label, m;
        // The learner's picks first, then the right choices they missed.
        for (pass = 0; pass < 2; pass++) {
          for (i = 0; i < q.choices.length; i++) {
            c = q.choices[i];
            status = null;
            if (pass === 0 && chosen[c.key]) {
              status = right[c.key] ? 'right' : 'wrong';
              if (right[c.key]) { hits += 1; } else { wrong += 1; }
            } else if (pass === 1 && !chosen[c.key] && right[c.key]) { status = 'missed'; }
            if (!status) { continue; }
            word = status === 'right' ? 'Right' : (status === 'wrong' ? 'Wrong' : 'Missed');
            list.appendChild(make('li', 'hq-' + status,
              word + ': ' + c.key + '. ' + c.text + ' \\u2014 ' + c.feedback));
            label = section.querySelector('[data-key="' + c.key + '"]');
            if (label) {
              label.className += ' hq-' + status;
              m = label.querySelector('.hq-mark');
              if (m) { m.textContent = MARKS[status]; }
            }
          }
        }
        var correct = hits === nRight && wrong === 0;
        var score = correct ? 1 : (q.many ? Math.max(0, (hits - wrong) / nRight) : 0);
        box.appendChild(make('p', 'hq-head', correct ? 'Correct!' :
          (score > 0 ? 'Partly right.' : 'Not quite.')));
        box.appendChild(list);
        box.appendChild(make('p', 'hq-expl', q.explanation));
        scores[q.id] = score;
        updateScore();
      });
    }
    var sections = root.querySelectorAll('.hq-q');
    for (var i = 0; i < sections.length && i < data.questions.length; i++) {
      wire(sections[i], data.questions[i]);
    }
    updateScore();
  }
  var root = findRoot();
  if (root) { init(root); } else {
    var tries = 0;
    var timer = setInterval(function () {
      tries += 1;
      var r = findRoot();
      if (r || tries > 50) { clearInterval(timer); init(r); }
    }, 100);
  }
})();
"""


def hides_month(question: Question) -> bool:
    """True when the card pictures of a question must not show their month band."""
    return question.topic.startswith("deck/month")


_PLAIN_WORDS = frozenset({"the", "and", "card", "cards", "this", "that", "with", "take",
                          "you", "your", "are", "for", "which", "these", "one", "its"})


def _words(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z]+", text.lower())
            if len(w) > 2 and w not in _PLAIN_WORDS}


def _card_facts(card: Card) -> dict[str, str]:
    info = CARD_INFO[card]
    kind = info.ribbon.label if info.ribbon else info.kind.label
    return {"name": info.named or "", "month": info.flower.month_name,
            "flower": info.flower.english, "kind": kind}


def quiz_card_name(question: Question, card: Card, label: str = "The card in question") -> str:
    """A quiz card's accessible name: ``label``, then what its picture shows (its name,
    month and kind), less whatever would give the answer away.

    For the cards of the question, a fact (name, month, plant or kind) is left out of every
    card's name when, for any of them, it is in the text of a right answer ("What kind of
    card is this?": the kind); for cards to choose from, when it is in the prompt ("Which
    of these cards is the Crane?": the names). The month is also left out where the picture
    covers it. A plain card's name ("Pine Ribbon") says no more than its month and kind,
    so only a named card's name is given.

    >>> from hanafuda_core.quiz import generate_deck_quiz
    >>> q = next(q for q in generate_deck_quiz(3, 8).questions if q.topic == "deck/kind")
    >>> quiz_card_name(q, q.cards[0])
    'The card in question: May (Iris) card'
    """
    if card in question.cards:
        group = list(question.cards)
        own = _words(" ".join(ch.text for ch in question.choices if ch.key in question.answer))
    else:
        group = [c for ch in question.choices for c in ch.cards]
        own = _words(question.prompt)
    hidden = {part for c in group for part, text in _card_facts(c).items()
              if text and _words(text) & own}
    if hides_month(question):
        hidden.add("month")
    f = {k: v for k, v in _card_facts(card).items() if k not in hidden and v}
    month, flower, kind = f.get("month", ""), f.get("flower", ""), f.get("kind", "")
    plant = f"{month} ({flower})" if month and flower else month or flower
    bits = [f["name"]] if "name" in f else []
    if plant and kind:
        bits.append(f"{plant} {kind}" if month else _a(f"{plant} {kind}"))
    elif plant or kind:
        bits.append(f"{plant} card" if plant else _a(kind))
    from .render.motifs import MARKS  # (what the picture shows: it gives nothing away)
    if card in MARKS:
        bits.append(f"with {MARKS[card]}")
    return f"{label}: {', '.join(bits)}" if bits else label


def quiz_card_svg(card: Card, *, width: float = 72, label: str = "Card",
                  hide_month: bool = False) -> str:
    """A card picture for a quiz: its name is not in the tooltip or the aria-label
    (that would give the answer away), and ``hide_month`` covers the month band.

    The cover is drawn over the band of :func:`hanafuda_core.render.svg.card_svg`
    (drawing units 3-97 x 142-157 of its 100 x 160 card).
    """
    from .render.svg import card_svg  # lazy: the core stays dependency-free at import

    svg = card_svg(card, width=width)
    name = html.escape(label, quote=True)
    svg = re.sub(r'aria-label="[^"]*"', f'aria-label="{name}"', svg, count=1)
    svg = re.sub(r"<title>.*?</title>", f"<title>{name}</title>", svg, count=1, flags=re.S)
    if hide_month and svg.endswith("</svg>"):
        svg = (svg[:-6] + '<rect x="3" y="142" width="94" height="15" fill="#d9d4c7" rx="2"/>'
               '<text x="50" y="153.3" font-family="sans-serif" font-size="9.5" '
               'text-anchor="middle" fill="#1f1a17">month?</text></svg>')
    return svg


def _json_for_script(data: Any) -> str:
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def to_html(quiz: Quiz, *, title: str | None = None, prefix: str | None = None,
            card_width: int = 72) -> str:
    """A self-contained HTML fragment that checks the quiz in the browser.

    Each question gets radio buttons or checkboxes, a Check button, the
    feedback for every chosen and missed choice, the explanation, and a
    running score (announced in an aria-live region). Element ids start with
    ``prefix`` (a fresh one each call), so several quizzes share a page.
    """
    prefix = prefix or f"hq-{uuid.uuid4().hex[:10]}"
    if not re.match(r"^[A-Za-z][A-Za-z0-9_-]*$", prefix):
        raise HanafudaError(f"an HTML id prefix starts with a letter and uses letters, "
                            f"digits, '-' and '_' only, not {prefix!r}")
    esc = html.escape
    heading = quiz.title if title is None else title
    n = len(quiz.questions)
    data = {"title": heading, "seed": quiz.seed, "questions": [
        {"id": q.id, "many": q.selects_many, "answer": list(q.answer),
         "explanation": q.explanation,
         "choices": [{"key": c.key, "text": c.text, "feedback": c.feedback}
                     for c in q.choices]} for q in quiz.questions]}
    out = [f'<div class="hanafuda-quiz" id="{prefix}">', f"<style>{_CSS}</style>"]
    if heading:
        out.append(f'<p class="hq-title"><strong>{esc(heading)}</strong></p>')
    for i, q in enumerate(quiz.questions):
        qid = f"{prefix}-q{i + 1}"
        kind = "checkbox" if q.selects_many else "radio"
        hint = "Pick every right choice." if q.selects_many else "Pick one."
        out.append(f'<section class="hq-q" id="{qid}" data-question="{esc(q.id)}">')
        out.append(f'<fieldset><legend id="{qid}-legend"><span class="hq-num">Question '
                   f'{i + 1} of {n} · {esc(hint)}</span>{esc(q.prompt)}</legend>')
        hide = hides_month(q)
        if q.cards:
            out.append('<div class="hq-cards">' + "".join(
                quiz_card_svg(c, width=card_width * 4 // 3, label=quiz_card_name(q, c),
                              hide_month=hide) for c in q.cards) + "</div>")
        has_cards = any(c.cards for c in q.choices)
        out.append(f'<div class="hq-choices{"" if has_cards else " hq-list"}">')
        for j, c in enumerate(q.choices):
            cid = f"{qid}-c{j + 1}"
            pics = "".join(quiz_card_svg(card, width=card_width,
                                         label=quiz_card_name(q, card, c.text),
                                         hide_month=hide) for card in c.cards)
            cls = "hq-choice hq-cardchoice" if c.cards else "hq-choice"
            out.append(f'<label class="{cls}" for="{cid}" data-key="{esc(c.key)}">{pics}'
                       f'<span><input type="{kind}" id="{cid}" name="{qid}-choice" '
                       f'value="{esc(c.key)}"> <span class="hq-mark" aria-hidden="true">'
                       f'</span><span class="hq-key">{esc(c.key)}.</span> {esc(c.text)}'
                       f'</span></label>')
        out.append("</div></fieldset>")
        out.append(f'<button type="button" class="hq-check" id="{qid}-check" '
                   f'aria-describedby="{qid}-legend" aria-label="Check answer to question '
                   f'{i + 1}">Check answer</button>')
        out.append(f'<div class="hq-feedback" id="{qid}-feedback" aria-live="polite"></div>')
        out.append("</section>")
    out.append(f'<p class="hq-score" id="{prefix}-score" role="status" aria-live="polite">'
               f'Score 0 of {n} (0 checked)</p>')
    out.append(f'<script type="application/json" class="hq-data" id="{prefix}-data">'
               f"{_json_for_script(data)}</script>")
    out.append(f"<script>{_JS % {'prefix': json.dumps(prefix)}}</script>")
    out.append("</div>")
    return "\n".join(out)
