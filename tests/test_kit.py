"""The teacher's kit (issue 8 §2): lesson plans, worksheets, seed pages, printouts and the
app's projector view, for every playable game, from its data."""

from __future__ import annotations

import html
import posixpath
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanafuda_core.cards import Card
from hanafuda_core.errors import HanafudaError
from hanafuda_core.quiz import generate_deck_quiz
from hanafuda_core.registry import get_game, playable_keys
from hanafuda_core.teach import kit
from hanafuda_core.teach.charts import yaku_rows
from hanafuda_core.teach.facts import deal_rows, usual_players
from hanafuda_core.teach.pages import scoring_procedure
from hanafuda_core.teach.quizzes import generate_quiz

REPO = Path(__file__).resolve().parents[1]
QUIZ_KEYS = [q.key for q in kit.kit_quizzes()]


def _kit_docname_or_page(path: str) -> bool:
    """A link target (from the book's root) is a page the build makes: a listed source
    page, or a page the kit writes."""
    stem, _, _ = path.partition("#")
    if stem.endswith(".html") and (REPO / (stem[:-5] + ".md")).is_file():
        return True
    match = re.fullmatch(r"quizzes/([a-z0-9-]+)/seed-(\d+)\.html", stem)
    if match:
        return match.group(1) in QUIZ_KEYS and int(match.group(2)) in kit.SEEDS
    match = re.fullmatch(r"printouts/([a-z0-9-]+)-reference\.html", stem)
    return bool(match) and match.group(1) in playable_keys()


def test_kit_covers_the_deck_and_every_playable_game():
    assert QUIZ_KEYS == ["deck", *playable_keys()]


@pytest.mark.parametrize("key", playable_keys())
def test_every_playable_game_has_a_teachers_page_listed_in_the_toc(key):
    page = REPO / "book" / "teachers" / f"{key}.md"
    assert page.is_file(), f"{page} is missing: every playable game gets a lesson plan"
    assert f'kit.show_lesson_plan("{key}")' in page.read_text()
    assert f"file: book/teachers/{key}\n" in (REPO / "_toc.yml").read_text()


@pytest.mark.parametrize("key", playable_keys())
def test_lesson_plan_is_45_minutes_and_its_facts_come_from_the_game(key):
    game = get_game(key)
    lesson = kit.lesson_plan(key)
    assert lesson.minutes == kit.LESSON_MINUTES == 45
    assert [m for m, _, _ in lesson.plan] == [5, 10, 15, 10, 5]
    seats = usual_players(game)
    deal = {r["Players"]: r for r in deal_rows(game)}[seats]
    assert lesson.players == seats
    assert (f"{deal['Each hand']} cards to each hand, {deal['Field']} face up to the field, "
            f"{deal['Stock']} left in the stock") in lesson.objectives[0]
    first_yaku = str(yaku_rows(game)[0]["Yaku"])
    assert first_yaku in " ".join(lesson.objectives)
    words = game.rules.decision_words
    text = " ".join(lesson.objectives)
    from hanafuda_core.engines.capture import NEUTRAL_WORDS
    if words != NEUTRAL_WORDS:
        assert f"between {words.go_on} and {words.stop}" in text
    else:
        assert "between" not in text


@pytest.mark.parametrize("key", playable_keys())
def test_lesson_plan_scores_as_the_chapter_does_and_deals_the_tables_deck(key):
    game = get_game(key)
    lesson = kit.lesson_plan(key)
    # the whole scoring procedure, each step the chapter's (a game's own steps kept)
    assert lesson.scoring == tuple(scoring_procedure(game))
    markup = kit.lesson_plan_html(key)
    assert "<h2>Scoring at the table</h2>" in markup
    assert all(html.escape(step) in markup for step in lesson.scoring)
    # the deck a table of the usual size is dealt, Jokers counted
    seats = usual_players(game)
    dealt = game.deck(seats)
    jokers = sum(1 for c in dealt if not isinstance(c, Card))
    decks = next(p for p in lesson.prepare if p.startswith("Decks:"))
    assert f"{len(dealt) - jokers} cards" in decks
    assert (f"and {jokers} Joker" in decks) == bool(jokers)
    # cards set aside at the deal are told (Tensho: every card of the deck accounted for)
    deal = {r["Players"]: r for r in deal_rows(game)}[seats]
    aside = len(dealt) - seats * deal["Each hand"] - deal["Field"] - deal["Stock"]
    assert ("set aside" in lesson.objectives[0]) == (aside > 0)
    # a game played to a target says how it ends
    assert any(w.startswith(("A whole game is", "A whole game lasts")) for w in lesson.watch)


@pytest.mark.parametrize("key", playable_keys())
def test_lesson_plan_links_reach_pages_of_the_built_book(key):
    page = f"book/teachers/{key}.html"
    markup = kit.lesson_plan_html(key, page)
    hrefs = re.findall(r'href="([^"]+)"', markup)
    assert len(hrefs) >= 4 + len(kit.SEEDS)
    for href in hrefs:
        target = posixpath.normpath(posixpath.join(posixpath.dirname(page), href))
        assert _kit_docname_or_page(target), f"{page} links to {target}, which is not built"
    for section in ("Objectives", "What to prepare", "The plan", "What to watch for",
                    "Scoring at the table", "Links"):
        assert f"<h2>{section}</h2>" in markup


def _quiz(key: str, seed: int):
    return generate_deck_quiz(seed) if key == "deck" else generate_quiz(key, seed, 6)


@settings(max_examples=8, deadline=None)
@given(key=st.sampled_from(QUIZ_KEYS), seed=st.sampled_from(list(kit.SEEDS)))
def test_worksheet_asks_the_quiz_questions_without_controls_then_the_answer_key(key, seed):
    quiz = _quiz(key, seed)
    sheet = kit.worksheet_html(key, seed)
    assert "<button" not in sheet and "<input" not in sheet and "<select" not in sheet
    questions, key_part = sheet.split('<section class="hf-answer-key"')
    assert questions.count('class="hf-ws-q"') == len(quiz.questions)
    for q in quiz.questions:
        assert html.escape(q.prompt) in questions
        right = ", ".join(f"{k}. {q.choice(k).text}" for k in q.answer)
        assert html.escape(right) in key_part
        assert html.escape(q.explanation) in key_part
    widths = [float(w) for w in re.findall(r'<svg[^>]*class="hanafuda-card"[^>]*width="([\d.]+)"',
                                           sheet)]
    assert all(w >= 56 for w in widths), widths


def test_worksheet_refuses_a_game_without_a_seed_and_an_unknown_quiz():
    with pytest.raises(HanafudaError, match="seed"):
        kit.worksheet_html("koikoi")
    with pytest.raises(HanafudaError, match="has no quiz"):
        kit.seed_page_html("hiyoko", 1)
    for bad in (0, 31, True, "3"):
        with pytest.raises(HanafudaError, match="seeds 1 to 30"):
            kit.seed_page_path("koikoi", bad)


@settings(max_examples=6, deadline=None)
@given(key=st.sampled_from(QUIZ_KEYS), seed=st.sampled_from(list(kit.SEEDS)))
def test_seed_page_is_the_quiz_of_its_seed_with_links_to_every_seed(key, seed):
    quiz = _quiz(key, seed)
    page = kit.seed_page_html(key, seed)
    for q in quiz.questions:
        assert f'data-question="{html.escape(q.id)}"' in page
    links = re.findall(r'<a( aria-current="page")? href="([^"]+)">(\d+)</a>', page)
    assert [int(n) for _, _, n in links] == list(kit.SEEDS)
    assert [n for cur, _, n in links if cur] == [str(seed)]
    assert all(href == f"seed-{n}.html" for _, href, n in links)
    # the cards are drawn once, in the sprite, and keep their names
    assert '<use href="../cards.svg#c-' in page
    assert "<path" not in page.split('<div class="hf-screen-only">')[1]
    assert 'href="../../_static/print.css"' in page
    assert '<div class="hf-print-only"><div class="hf-worksheet">' in page


def test_sprite_holds_every_card_and_use_sprite_keeps_names_and_month_covers():
    from hanafuda_core.cards import Card
    from hanafuda_core.quiz import quiz_card_svg
    from hanafuda_core.render.svg import card_svg
    sprite = kit.sprite_svg()
    assert sprite.count("<symbol ") == 48
    covered = quiz_card_svg(Card(28), width=60, label="Card A", hide_month=True)
    used = kit.use_sprite(covered, "s.svg")
    assert '<use href="s.svg#c-8a" width="100" height="160"/>' in used
    assert 'aria-label="Card A"' in used and "month?" in used and "<path" not in used
    lit = card_svg(Card(0), width=60, highlight=True)
    lit_used = kit.use_sprite(lit, "s.svg")         # the outline drawn over the card stays
    assert "<use href=\"s.svg#c-1a\"" in lit_used and 'stroke="#ff8f00"' in lit_used
    assert lit_used.count("<rect") == lit.count("<rect") - card_svg(Card(0)).count("<rect")


def test_write_kit_pages_writes_seed_pages_printouts_and_the_sprite(tmp_path):
    written = kit.write_kit_pages(tmp_path, keys=["mushi"], seeds=[1, 2])
    names = sorted(p.relative_to(tmp_path).as_posix() for p in written)
    assert names == ["printouts/mushi-reference.html", "quizzes/cards.svg",
                     "quizzes/mushi/seed-1.html", "quizzes/mushi/seed-2.html"]
    reference = (tmp_path / "printouts" / "mushi-reference.html").read_text()
    assert '<html lang="en">' in reference and "<title>Mushi quick reference" in reference
    assert '<use href="../quizzes/cards.svg#c-' in reference
    for path in written:
        assert path.stat().st_size < 1_000_000, f"{path} is too heavy for a page"


@pytest.mark.parametrize("key", [k for k in QUIZ_KEYS
                                 if (REPO / "exercises" / f"{k}-quiz.md").is_file()])
def test_quiz_pages_link_to_every_seed(key):
    page = REPO / "exercises" / f"{key}-quiz.md"
    assert f'kit.show_seed_links("{key}", "exercises/{key}-quiz.html")' in page.read_text()


def test_app_projector_toggle_sets_and_clears_the_class():
    from hanafuda_core.widgets.app import PROJECTOR_CLASS, classroom_app
    app = classroom_app()
    assert PROJECTOR_CLASS not in app._dom_classes
    app.projector.value = True
    assert PROJECTOR_CLASS in app._dom_classes and "hanafuda-app" in app._dom_classes
    app.projector.value = False
    assert PROJECTOR_CLASS not in app._dom_classes
    app.set_projector(True)
    assert app.projector.value is True and PROJECTOR_CLASS in app._dom_classes


def test_hachi_hachi_reference_groups_its_hand_combinations_and_defines_greater():
    """The printable reference says "claim one of each group": the groups are headed in its
    table, each combination under its own, and the Greater it names is defined."""
    from hanafuda_core.cards import FLOWERS
    from hanafuda_core.games import hachihachi_tables as hh
    from hanafuda_core.teach.layouts import hand_combination_rows, settlement_reference_html
    from hanafuda_core.teyaku import GREATER_MONTHS
    game = get_game("hachihachi")
    markup = settlement_reference_html(game, hh.BASE_PLAYERS, **hh.reference_data())
    table = markup[markup.index("<h2>Hand combinations</h2>"):]
    table = table[:table.index("</table>")]
    rows = hand_combination_rows(game)
    groups = list(dict.fromkeys(r["Group"] for r in rows))
    heads = [table.index(f"{g} combinations: claim one") for g in groups]
    assert heads == sorted(heads) and len(groups) == 2
    for r in rows:                              # each under its own group's heading
        at = table.index(f"<td>{html.escape(str(r['Combination']))}</td>")
        assert max(h for h in heads if h < at) == heads[groups.index(r["Group"])]
    assert "A Greater is three cards of" in table
    assert all(FLOWERS[m - 1].english in table for m in GREATER_MONTHS)
