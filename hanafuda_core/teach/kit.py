"""The teacher's kit, built for every playable game from its data: a 45-minute lesson
plan, printable worksheets with their answer key, seeds 1-30 of every quiz as pages of
the static book, and printable quick references.

* :func:`lesson_plan_html` / :func:`show_lesson_plan`: a lesson plan (objectives, what to
  prepare, a timed plan, what to watch for, links), its facts read from the game;
* :func:`worksheet_html`: a quiz as a printable worksheet (questions with their cards,
  room to answer, no buttons) and its answer key on a page of its own;
* :func:`seed_links_html` / :func:`show_seed_links`: links to the pre-rendered quizzes of
  seeds 1 to 30 (no Python needed to choose one);
* :func:`write_kit_pages`: writes those pages into a built book (the quiz of every seed,
  checked in the browser, which prints as its worksheet; each game's quick reference), with
  the card pictures drawn once in a shared SVG sprite. :func:`setup` runs it when Sphinx
  finishes an HTML build (``_config.yml`` loads this module as an extension).

Every quiz of the kit is listed by :func:`kit_quizzes`: the deck quiz, then every playable
game's (:func:`hanafuda_core.teach.quizzes.generate_quiz`). A game that becomes playable
gets its pages without a line here.

>>> [q.key for q in kit_quizzes()][:2]
['deck', 'simplified']
>>> "Answer key" in worksheet_html("mushi", 3)
True
"""

from __future__ import annotations

import html
import posixpath
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from ..cards import Card
from ..errors import HanafudaError
from ..play import Game
from ..quiz import Question, Quiz, generate_deck_quiz, hides_month, quiz_card_svg, to_html
from .facts import as_game

__all__ = [
    "CARD_WIDTH",
    "KIT_DIR",
    "LESSON_MINUTES",
    "QUIZ_DIR",
    "SEEDS",
    "KitQuiz",
    "kit_index_html",
    "kit_quizzes",
    "kit_quiz",
    "lesson_plan",
    "lesson_plan_html",
    "print_reference_path",
    "seed_links_html",
    "seed_page_html",
    "seed_page_path",
    "setup",
    "show_kit_index",
    "show_lesson_plan",
    "show_seed_links",
    "sprite_svg",
    "use_sprite",
    "worksheet_html",
    "write_kit_pages",
]

SEEDS = range(1, 31)
"""The seeds whose quizzes the static book carries, pre-rendered."""

QUIZ_DIR = "quizzes"
"""Where the seed pages go in the built book: ``quizzes/<quiz>/seed-<n>.html``."""

KIT_DIR = "printouts"
"""Where the printable quick references go: ``printouts/<game>-reference.html``."""

SPRITE_PATH = f"{QUIZ_DIR}/cards.svg"
"""The card pictures of every seed page, drawn once (one ``<symbol>`` per card)."""

CARD_WIDTH = 56
"""The width of a choice's card on a worksheet and a seed page, in CSS px (a question's own
cards are a third larger): legible in print."""

LESSON_MINUTES = 45

_REPO = Path(__file__).resolve().parents[2]
_N = 6          # questions in a kit quiz


# ---------------------------------------------------------------------------
# The quizzes of the kit


@dataclass(frozen=True)
class KitQuiz:
    """One quiz of the kit: its key (the deck, or a playable game's key), its title, the
    book page it belongs to, and how to draw it from a seed."""

    key: str
    title: str
    page: str                         # docname of the page it belongs to
    make: Callable[[int], Quiz]

    def quiz(self, seed: int) -> Quiz:
        return self.make(seed)


def _docname_exists(docname: str) -> bool:
    return (_REPO / f"{docname}.md").is_file()


def kit_quizzes() -> list[KitQuiz]:
    """Every quiz the kit carries: the deck quiz, then every playable game's quiz (its
    own quiz page where the book has one, else its chapter's exercises)."""
    from ..registry import get_game, playable_keys
    from .quizzes import generate_quiz
    out = [KitQuiz("deck", "Know your deck", "exercises/deck-quiz",
                   lambda seed: generate_deck_quiz(seed))]
    for key in playable_keys():
        page = f"exercises/{key}-quiz" if _docname_exists(f"exercises/{key}-quiz") \
            else f"book/{key}"

        def make(seed: int, key: str = key) -> Quiz:
            return generate_quiz(key, seed, _N)
        out.append(KitQuiz(key, f"{get_game(key).name} quiz", page, make))
    return out


def kit_quiz(key: str) -> KitQuiz:
    """The kit's quiz ``key`` ("deck" or a playable game's key)."""
    found = {q.key: q for q in kit_quizzes()}
    if key not in found:
        raise HanafudaError(f"the teacher's kit has no quiz {key!r}; it has: "
                            f"{', '.join(found)}")
    return found[key]


def _check_seed(seed: int) -> None:
    if not isinstance(seed, int) or isinstance(seed, bool) or seed not in SEEDS:
        raise HanafudaError(f"the static book carries seeds {SEEDS.start} to "
                            f"{SEEDS.stop - 1}, not {seed!r}")


def seed_page_path(key: str, seed: int) -> str:
    """The seed page of quiz ``key`` in the built book, from its root."""
    _check_seed(seed)
    return f"{QUIZ_DIR}/{key}/seed-{seed}.html"


def print_reference_path(key: str) -> str:
    """A game's printable quick reference in the built book, from its root."""
    return f"{KIT_DIR}/{key}-reference.html"


def _rel(target: str, from_page: str) -> str:
    """The link from the built page ``from_page`` (a path from the root) to ``target``."""
    return posixpath.relpath(target, posixpath.dirname(from_page) or ".")


# ---------------------------------------------------------------------------
# Worksheets


def _card_label(question: Question, card: Card, index: int) -> str:
    """A question's card, named unless its name would give the answer away (a month
    question hides the month)."""
    return f"Card {index + 1}" if hides_month(question) else card.title


def _as_quiz(game: Game | str | Quiz, seed: int | None) -> Quiz:
    if isinstance(game, Quiz):
        return game
    if seed is None:
        raise HanafudaError("a worksheet needs a seed (a whole number) or a quiz")
    key = game if isinstance(game, str) else as_game(game).key
    if key == "deck":
        return generate_deck_quiz(seed)
    from .quizzes import generate_quiz
    return generate_quiz(game, seed, _N)


def worksheet_html(game: Game | str | Quiz, seed: int | None = None, *,
                   title: str | None = None) -> str:
    """A quiz as a printable worksheet: every question with its cards (at least
    :data:`CARD_WIDTH` px wide) and its choices, a line to answer on and no buttons;
    then the answer key (the answer and its reason for each question), which starts on a
    new printed page. ``game`` is a game or its key (its quiz from
    :func:`~hanafuda_core.teach.quizzes.generate_quiz` and ``seed``: the same questions
    as the quiz of that seed), ``"deck"``, or a :class:`~hanafuda_core.quiz.Quiz`."""
    esc = html.escape
    quiz = _as_quiz(game, seed)
    heading = title or quiz.title or "Worksheet"
    out = ['<div class="hf-worksheet">',
           f'<h2 class="hf-ws-title">Worksheet: {esc(heading)}</h2>',
           '<p class="hf-ws-name">Name: <span class="hf-ws-line"></span> '
           'Date: <span class="hf-ws-line hf-ws-short"></span></p>',
           '<ol class="hf-ws-questions">']
    for q in quiz.questions:
        hide = hides_month(q)
        how = ("Write the letters of every right choice." if q.selects_many
               else "Write the letter of your choice.")
        out.append(f'<li class="hf-ws-q" data-question="{esc(q.id)}">'
                   f'<p class="hf-ws-prompt">{esc(q.prompt)}</p>')
        if q.cards:
            out.append('<div class="hf-ws-cards">' + "".join(
                quiz_card_svg(c, width=CARD_WIDTH * 4 // 3, label=_card_label(q, c, i),
                              hide_month=hide) for i, c in enumerate(q.cards)) + "</div>")
        pictured = any(c.cards for c in q.choices)
        out.append(f'<ul class="hf-ws-choices{" hf-ws-pictured" if pictured else ""}">')
        for c in q.choices:
            pics = "".join(quiz_card_svg(card, width=CARD_WIDTH, label=c.text,
                                         hide_month=hide) for card in c.cards)
            out.append(f'<li>{pics}<span><b>{esc(c.key)}.</b> {esc(c.text)}</span></li>')
        out.append(f'</ul><p class="hf-ws-answer">{esc(how)} Answer: '
                   '<span class="hf-ws-line"></span></p></li>')
    out.append("</ol>")
    out.append(f'<section class="hf-answer-key" aria-label="Answer key">'
               f'<h2>Answer key: {esc(heading)}</h2><ol>')
    for q in quiz.questions:
        right = ", ".join(f"{k}. {q.choice(k).text}" for k in q.answer)
        reason = q.explanation or q.choice(q.answer[0]).feedback
        out.append(f'<li><p><b>{esc(right)}</b></p><p>{esc(reason)}</p></li>')
    out.append("</ol></section></div>")
    return "".join(out)


# ---------------------------------------------------------------------------
# The card sprite: every card drawn once, then <use>d


def _inner(svg: str) -> str:
    """The drawing of a card picture, between its title and its closing tag."""
    return svg[svg.index("</title>") + len("</title>"):-len("</svg>")]


def _card_drawings() -> dict[Card, str]:
    from ..render.svg import card_svg
    return {card: _inner(card_svg(card, width=CARD_WIDTH)) for card in Card}


def sprite_svg() -> str:
    """Every card's drawing as a ``<symbol>`` (id ``c-<code>``), in one SVG file."""
    symbols = "".join(f'<symbol id="c-{card.code}" viewBox="0 0 100 160">{inner}</symbol>'
                      for card, inner in _card_drawings().items())
    return f'<svg xmlns="http://www.w3.org/2000/svg">{symbols}</svg>'


def use_sprite(markup: str, sprite_href: str) -> str:
    """``markup`` with each card drawing replaced by a ``<use>`` of the sprite at
    ``sprite_href``: the card pictures keep their names, size, and what is drawn over
    them (a month cover, a highlight's outline)."""
    for card, inner in _card_drawings().items():
        markup = markup.replace(inner, f'<use href="{sprite_href}#c-{card.code}" '
                                       'width="100" height="160"/>')
    return markup


# ---------------------------------------------------------------------------
# Seed pages


def seed_links_html(key: str, from_page: str, current: int | None = None) -> str:
    """Links to the quiz ``key`` of every seed, from the built page ``from_page`` (a path
    from the book's root, such as ``exercises/koikoi-quiz.html``). Plain links: choosing
    a seed needs no Python and no script."""
    kit_quiz(key)
    links = []
    for seed in SEEDS:
        current_mark = ' aria-current="page"' if seed == current else ""
        links.append(f'<li><a{current_mark} href="{_rel(seed_page_path(key, seed), from_page)}"'
                     f">{seed}</a></li>")
    return (f'<nav class="hf-seeds" aria-label="Quiz seeds {SEEDS.start} to '
            f'{SEEDS.stop - 1}"><span class="hf-seeds-label">Seed:</span>'
            f'<ul>{"".join(links)}</ul></nav>')


def show_seed_links(key: str, from_page: str) -> Any:
    """:func:`seed_links_html` for a book page (an IPython display object)."""
    from ..book import _html
    return _html(_SEED_CSS_TAG + seed_links_html(key, from_page))


_SEED_CSS = """
.hf-seeds{margin:.6em 0}
.hf-seeds ul{display:inline-flex;flex-wrap:wrap;gap:.3em;list-style:none;margin:0 0 0 .4em;
  padding:0;vertical-align:middle}
.hf-seeds a{display:inline-block;min-width:2.2em;padding:.25em .4em;text-align:center;
  border:1px solid #2f6690;border-radius:4px;color:#1d4f73;text-decoration:none}
.hf-seeds a[aria-current]{background:#1d4f73;color:#fff;font-weight:700}
.hf-seeds-label{font-weight:600}
"""
_SEED_CSS_TAG = f"<style>{_SEED_CSS}</style>"

_PAGE_CSS = """
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans CJK JP",
  sans-serif;color:#1b1b1b;background:#fff;margin:0;line-height:1.5}
.hf-kit-page main,.hf-kit-page header{max-width:60em;margin:0 auto;padding:.5em 1.2em}
.hf-kit-page header a{color:#1d4f73}
.hf-kit-page h1{font-size:1.6em;margin:.4em 0}
"""


def _page(title: str, body: str, root: str, *, header: str = "") -> str:
    """A standalone page of the kit: ``root`` is the relative path to the book's root."""
    esc = html.escape
    return (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{esc(title)} · The Hanafuda Rulebook</title>"
            f'<link rel="icon" href="{root}_static/favicon.svg" type="image/svg+xml">'
            f'<link rel="stylesheet" href="{root}_static/print.css">'
            f"<style>{_PAGE_CSS}{_SEED_CSS}</style></head>"
            f'<body class="hf-kit-page"><header class="hf-kit-header">{header}</header>'
            f"<main><h1>{esc(title)}</h1>{body}</main></body></html>")


def seed_page_html(key: str, seed: int) -> str:
    """The page of quiz ``key`` for ``seed``: the quiz, checked in the browser, and links
    to every other seed; printed, it is the worksheet of the same questions with its
    answer key on a page of its own."""
    esc = html.escape
    kq = kit_quiz(key)
    path = seed_page_path(key, seed)
    quiz = kq.quiz(seed)
    title = f"{kq.title}, seed {seed}"
    back = _rel(f"{kq.page}.html", path)
    root = _rel("index.html", path)[:-len("index.html")]
    sprite = _rel(SPRITE_PATH, path)
    header = (f'<nav aria-label="Book"><a href="{back}">Back to the book: '
              f"{esc(kq.title)}</a></nav>")
    body = (f'<div class="hf-screen-only"><p>The same seed always gives the same '
            f"questions, so a class that opens seed {seed} works on the same quiz. Pick an "
            f"answer and press <b>Check answer</b>. Printed, this page is a worksheet "
            f"with its answer key on the last page.</p>"
            f"{seed_links_html(key, path, current=seed)}"
            f'{to_html(quiz, title="", prefix=f"hq-{key}-seed{seed}", card_width=CARD_WIDTH)}'
            f'</div><div class="hf-print-only">{worksheet_html(quiz, title=title)}</div>')
    return _page(title, use_sprite(body, sprite), root, header=header)


def _reference_page_html(key: str) -> str:
    from .pages import quick_reference_html
    path = print_reference_path(key)
    g = as_game(key)
    chapter = _rel(f"book/{key}.html", path)
    header = (f'<nav aria-label="Book"><a href="{chapter}">Back to the book: '
              f"{html.escape(g.name)}</a></nav>")
    root = _rel("index.html", path)[:-len("index.html")]
    return _page(f"{g.name} quick reference",
                 use_sprite(quick_reference_html(g), _rel(SPRITE_PATH, path)), root,
                 header=header)


def write_kit_pages(outdir: str | Path, keys: Iterable[str] | None = None,
                    seeds: Iterable[int] = SEEDS) -> list[Path]:
    """Write the kit's pages into the built book at ``outdir``: the card sprite, the seed
    pages of every quiz (or of ``keys``) and every playable game's printable quick
    reference. Returns the files written."""
    from ..registry import playable_keys
    out = Path(outdir)
    written = []

    def write(rel: str, text: str) -> None:
        target = out / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
        written.append(target)

    write(SPRITE_PATH, sprite_svg())
    chosen = [q.key for q in kit_quizzes()] if keys is None else list(keys)
    for key in chosen:
        for seed in seeds:
            write(seed_page_path(key, seed), seed_page_html(key, seed))
    for key in playable_keys():
        if keys is None or key in chosen:
            write(print_reference_path(key), _reference_page_html(key))
    return written


def _on_build_finished(app: Any, exception: Exception | None) -> None:
    if exception is None and getattr(app.builder, "format", "") == "html":
        write_kit_pages(app.outdir)


def setup(app: Any) -> dict[str, Any]:
    """Sphinx entry point: once an HTML build has finished, write the kit's pages
    (:func:`write_kit_pages`)."""
    app.connect("build-finished", _on_build_finished)
    return {"parallel_read_safe": True, "parallel_write_safe": True}


# ---------------------------------------------------------------------------
# Lesson plans

@dataclass(frozen=True)
class Lesson:
    """A lesson plan's parts, each from the game's data (:func:`lesson_plan`)."""

    key: str
    name: str
    players: int
    objectives: tuple[str, ...]
    prepare: tuple[str, ...]
    plan: tuple[tuple[int, str, str], ...]     # (minutes, what, how)
    watch: tuple[str, ...]
    links: tuple[tuple[str, str], ...]           # (text, href from the plan's page)
    #: the chapter's scoring at the table, step by step (:func:`~.pages.scoring_steps`)
    scoring: tuple[str, ...] = ()

    @property
    def minutes(self) -> int:
        return sum(m for m, _, _ in self.plan)


def _decision(g: Game) -> tuple[str, str] | None:
    words = getattr(g.rules, "decision_words", None)
    from ..engines.capture import NEUTRAL_WORDS
    if words is None or words == NEUTRAL_WORDS:
        return None
    return words.go_on, words.stop


def lesson_plan(game: Game | str, page: str | None = None) -> Lesson:
    """The 45-minute lesson plan of ``game``, every fact read from it: players, deck and
    deal, yaku, scoring steps, decision words, quiz. ``page`` is where the plan is built
    in the book (default ``book/teachers/<key>.html``); its links are relative to it."""
    from .charts import yaku_rows
    from .facts import deal_rows, game_length, overview_rows, usual_players
    from .pages import scoring_procedure
    g = as_game(game)
    key, name = g.key, g.name
    page = page or f"book/teachers/{key}.html"
    seats = usual_players(g)
    deal = {r["Players"]: r for r in deal_rows(g)}[seats]
    dealt = g.deck(seats)
    deck = sum(1 for c in dealt if isinstance(c, Card))
    extras = len(dealt) - deck
    # (the cards dealt to no hand, field or stock: Tensho's six set aside)
    hand, field, stock = (cast(int, deal[k]) for k in ("Each hand", "Field", "Stock"))
    aside = len(dealt) - seats * hand - field - stock
    overview = {r[""]: str(r["At a glance"]) for r in overview_rows(g)}
    cards = overview["Cards"]
    # (the deck this table is dealt: Go-Stop's Jokers counted, the catalog's note kept)
    cards = f"{deck} cards" + (f": {cards.split(': ', 1)[1]}" if ": " in cards else "") \
        + (f" and {extras} Joker{'s' * (extras > 1)}" if extras else "")
    yaku = list(dict.fromkeys(str(r["Yaku"]) for r in yaku_rows(g)))
    decision = _decision(g)
    length = game_length(g)
    round_word = g.round_word.rstrip("s")

    objectives = [
        f"deal {name} for {seats} players: {deal['Each hand']} cards to each hand, "
        f"{deal['Field']} face up to the field, {deal['Stock']} left in the stock"
        + (f" ({aside} more cards are set aside face down)" if aside else "") + ";",
        "play a turn: play a card, draw a card, capture cards of the same month;"
        if getattr(g.rules, "capture_relation", None) is None else
        "play a turn: play a card, draw a card, capture cards of the months the chart "
        "allows;",
        f"find yaku in a pile of captured cards ({', '.join(yaku[:4])}, ...) and score "
        "it step by step;",
    ]
    if decision:
        objectives.append(f"choose between {decision[0]} and {decision[1]} after making a "
                          "yaku, and say why;")
    objectives[-1] = objectives[-1].rstrip(";") + "."

    tables = f"one deck per table of {seats}"
    prepare = [
        f"Decks: {tables}; {name} uses {cards}.",
        "A projector for the chapter's pictures, or the classroom app with its Projector "
        "view on (the button at the top of the app: large cards and type).",
        "Printouts: the quick reference, one per table; the worksheet, one per pupil "
        "(print a seed page below: its answer key comes out on a page of its own, keep "
        "it for yourself); the score sheet in the chapter, one per table.",
        "The classroom app on the pupils' computers or tablets, if they play on screen "
        "(whoever runs the app gives out its address).",
    ]
    if deck < 48:
        prepare.insert(1, f"{name} plays with {deck} of the 48 cards: sort out the "
                          "others before the class.")

    quiz = kit_quiz(key) if key in {q.key for q in kit_quizzes()} else None
    plan = [
        (5, "The deck", "Show the twelve months and the four kinds of card (Brights, "
                        "Tens, Ribbons, Chaffs) on the projector."),
        (10, "Demonstration", f"Deal {name} for {seats} on the projector: "
                              "the deal, one turn, how a yaku is made"
                              + (f", and the choice between {decision[0]} and "
                                 f"{decision[1]}" if decision else "")
                              + ". Use the chapter's pictures and its worked round."),
        (15, f"Play in {'pairs' if seats == 2 else f'tables of {seats}'}",
         f"Every table plays a {round_word} with real cards and the quick reference, or "
         "in the app with its hints on. Walk round and ask pupils to score their piles "
         "aloud."),
        (10, "Worksheet", "Hand out the worksheet of one seed; pupils answer alone, then "
                          "compare with a neighbour."),
        (5, "Wrap-up", "Go through the answer key; each pupil names one yaku and its "
                       "cards. For homework, give another seed of the quiz."),
    ]
    watch = ["When they score: go through Scoring at the table below, one step at a "
             "time and in order; a step left out is the usual slip."]
    if g.info.family == "capture":
        watch.insert(0, "Two field cards of the month played: the player chooses which "
                        "one to take." if getattr(g.rules, "capture_relation", None) is None
                     else "Two field cards the played card can take: the player chooses "
                          "which one to take.")
    # (the overview's length: its rounds, and how the rules end a game sooner)
    if length == 1:
        watch.append(f"A whole game is a single {round_word}: play it through in one "
                     "lesson.")
    else:
        watch.append(f"A whole game lasts {overview['Length']}: in one lesson, play one "
                     f"{round_word} and keep the score sheet for the next.")

    links = [(f"The chapter: {name}", _rel(f"book/{key}.html", page))]
    if _docname_exists(f"book/{key}-reference"):
        links.append(("The quick reference page", _rel(f"book/{key}-reference.html", page)))
    links.append(("The printable quick reference (one or two A4 pages)",
                  _rel(print_reference_path(key), page)))
    if quiz is not None:
        links.append((f"The quiz: {quiz.title}", _rel(f"{quiz.page}.html", page)))
        links.append((f"Worksheet and quiz, seed {SEEDS.start} (print it for the "
                      "worksheet)", _rel(seed_page_path(key, SEEDS.start), page)))
    return Lesson(key, name, seats, tuple(objectives), tuple(prepare), tuple(plan),
                  tuple(watch), tuple(links), tuple(scoring_procedure(g)))


def lesson_plan_html(game: Game | str, page: str | None = None) -> str:
    """The lesson plan of :func:`lesson_plan` as HTML, with the links to every seed of the
    game's quiz (each page prints as a worksheet)."""
    esc = html.escape
    lesson = lesson_plan(game, page)
    page = page or f"book/teachers/{lesson.key}.html"
    rows, start = [], 0
    for minutes, what, how in lesson.plan:
        rows.append(f"<tr><td>{start}-{start + minutes} min</td><td><b>{esc(what)}</b></td>"
                    f"<td>{esc(how)}</td></tr>")
        start += minutes
    out = [
        f'<div class="hf-lesson"><h2>Objectives</h2><p>By the end of the '
        f"{lesson.minutes} minutes, every pupil can:</p><ul>"
        + "".join(f"<li>{esc(o)}</li>" for o in lesson.objectives) + "</ul>",
        "<h2>What to prepare</h2><ul>"
        + "".join(f"<li>{esc(p)}</li>" for p in lesson.prepare) + "</ul>",
        '<h2>The plan</h2><table class="table hf-table hf-lesson-plan"><thead><tr>'
        "<th>When</th><th>What</th><th>How</th></tr></thead><tbody>" + "".join(rows)
        + "</tbody></table>",
        "<h2>What to watch for</h2><ul>"
        + "".join(f"<li>{esc(w)}</li>" for w in lesson.watch) + "</ul>",
        '<h2>Scoring at the table</h2><ol class="hf-procedure">'
        + "".join(f"<li>{esc(w)}</li>" for w in lesson.scoring) + "</ol>",
        "<h2>Links</h2><ul>"
        + "".join(f'<li><a href="{esc(h)}">{esc(t)}</a></li>' for t, h in lesson.links)
        + "</ul>",
    ]
    if lesson.key in {q.key for q in kit_quizzes()}:
        out.append("<h2>Worksheets and quizzes by seed</h2><p>Each seed's page is the quiz, "
                   "checked in the browser; printed, it is a worksheet with its answer key "
                   "on a page of its own.</p>" + seed_links_html(lesson.key, page))
    out.append("</div>")
    return _SEED_CSS_TAG + "".join(out)


def show_lesson_plan(game: Game | str) -> Any:
    """The lesson plan of a game, for its teachers' page (``book/teachers/<key>.md``)."""
    from ..book import _html
    return _html(lesson_plan_html(game))


def kit_index_html(page: str = "book/teachers/index.html") -> str:
    """The kit's contents, one row per playable game (its lesson plan, printable quick
    reference and first worksheet), then the seeds of every quiz; links relative to
    ``page``."""
    from ..registry import get_game, playable_keys
    esc = html.escape
    quizzes = {q.key: q for q in kit_quizzes()}
    rows = []
    for key in playable_keys():
        name = get_game(key).name
        plan = f"book/teachers/{key}.html"
        cells = [f'<a href="{_rel(plan, page)}">{esc(name)}: lesson plan</a>'
                 if _docname_exists(f"book/teachers/{key}") else esc(name),
                 f'<a href="{_rel(print_reference_path(key), page)}">Quick reference</a>',
                 (f'<a href="{_rel(seed_page_path(key, SEEDS.start), page)}">Quiz and '
                  f"worksheet, seed {SEEDS.start}</a>") if key in quizzes else ""]
        rows.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    table = ('<table class="table hf-table"><thead><tr><th>Game</th><th>Print for each '
             "table</th><th>Print for each pupil</th></tr></thead><tbody>"
             + "".join(rows) + "</tbody></table>")
    seeds = "".join(f"<h3>{esc(q.title)}</h3>{seed_links_html(q.key, page)}"
                    for q in quizzes.values())
    return (_SEED_CSS_TAG + f'<div class="hf-kit-index">{table}<h2>Every quiz, seeds '
            f"{SEEDS.start} to {SEEDS.stop - 1}</h2>{seeds}</div>")


def show_kit_index() -> Any:
    """:func:`kit_index_html` for the kit's welcome page (``book/teachers/index.md``)."""
    from ..book import _html
    return _html(kit_index_html())
