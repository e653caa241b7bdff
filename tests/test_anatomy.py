"""The learner anatomy of every playable game's chapter (issue 8 §1), and the generic
helpers that draw its pictures for any game.

* Every playable game has ``book/<key>.md`` with the anatomy's sections in order, and a
  variants page ``book/<key>-variants.md`` listed in ``_toc.yml`` after its chapter.
* :func:`hanafuda_core.teach.first_game` draws the deal, a turn, a decision (where the
  game asks one) and the end of a round for every playable game, with legible cards and
  no engine words; the worked round shows every decision in full with a reason.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from book_pages import toc_files
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hanafuda_core import get_game, teach
from hanafuda_core.registry import list_games
from hanafuda_core.teach import first_game, first_game_html, reader_problems
from hanafuda_core.teach.worked import MOMENTS, moment_html, worked_round, worked_round_html

ROOT = Path(__file__).resolve().parents[1]

#: The learner anatomy, in order. Every chapter has the required ones; the others (a game
#: without yaku, a game whose house rules live only on its variants page) may be left out,
#: but whatever a chapter has comes in this order.
ANATOMY = ("At a glance", "Your first game", "Scoring at the table", "Yaku",
           "A worked round", "Play against the computer", "Strategy tips", "FAQ",
           "House rules", "Quick reference", "Exercises")
REQUIRED = ("At a glance", "Your first game", "Scoring at the table", "A worked round",
            "Play against the computer", "Strategy tips", "FAQ", "Quick reference",
            "Exercises")

PLAYABLE = sorted({get_game(info.key).key for info in list_games() if info.playable})


def headings(key: str) -> list[str]:
    """The chapter's second-level headings, in order (code cells skipped)."""
    text = (ROOT / "book" / f"{key}.md").read_text(encoding="utf-8")
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    return [h.strip() for h in re.findall(r"^## (.+)$", text, flags=re.M)]


def anatomy_problems(found: list[str]) -> list[str]:
    """What is missing from a chapter's headings, or out of the anatomy's order."""
    out = [f"missing section {want!r}" for want in REQUIRED if want not in found]
    ours = [h for h in found if h in ANATOMY]
    if ours != sorted(ours, key=ANATOMY.index):
        out.append(f"sections out of order: {ours}")
    return out


def test_anatomy_problems_finds_gaps_and_disorder():
    assert anatomy_problems(list(ANATOMY)) == []
    assert anatomy_problems([h for h in ANATOMY if h != "FAQ"]) == ["missing section 'FAQ'"]
    swapped = ["Your first game", "At a glance", *ANATOMY[2:]]
    assert anatomy_problems(swapped) and "out of order" in anatomy_problems(swapped)[0]
    assert anatomy_problems([h for h in ANATOMY if h not in ("Yaku", "House rules")]) == []


@pytest.mark.parametrize("key", PLAYABLE)
def test_every_playable_game_chapter_has_the_learner_anatomy_in_order(key):
    assert (ROOT / "book" / f"{key}.md").is_file(), f"{key}: no chapter book/{key}.md"
    found = anatomy_problems(headings(key))
    assert found == [], f"book/{key}.md: {found}"


@pytest.mark.parametrize("key", PLAYABLE)
def test_every_playable_game_has_a_variants_page_after_its_chapter_in_the_toc(key):
    files = toc_files()
    page = f"book/{key}-variants"
    assert (ROOT / f"{page}.md").is_file(), f"{key}: no {page}.md"
    assert page in files, f"{page} is not in _toc.yml"
    assert files.index(page) > files.index(f"book/{key}"), f"{page} comes before its chapter"
    text = (ROOT / f"{page}.md").read_text(encoding="utf-8")
    # every option with its source and lines (lines=True is show_options' default)
    assert re.search(r"show_options\(game(?:, lines=True)?\)", text), f"{page}: no options"
    assert "show_sources(game)" in text, f"{page}: no sources"
    chapter = (ROOT / "book" / f"{key}.md").read_text(encoding="utf-8")
    assert f"{{doc}}`{key}-variants`" in chapter, f"book/{key}.md does not link its variants page"


@pytest.mark.parametrize("key", PLAYABLE)
def test_learner_chapters_keep_line_numbers_and_sources_on_the_variants_page(key):
    """A chapter shows options without line numbers (if at all) and no source table."""
    chapter = (ROOT / "book" / f"{key}.md").read_text(encoding="utf-8")
    assert "lines=True" not in chapter and "show_sources(" not in chapter
    assert not re.search(r"show_options\(game\)", chapter)


# ---------------------------------------------------------------------------
# The generic pictures of a first game

def _card_widths(markup: str) -> list[float]:
    tags = re.findall(r'<svg\b[^>]*\bclass="hanafuda-card"[^>]*>', markup)
    return [float(re.search(r'\swidth="([\d.]+)"', t).group(1)) for t in tags]


@pytest.mark.parametrize("key", PLAYABLE)
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=10_000))
def test_first_game_draws_every_moment_of_a_round_for_any_game(key, seed):
    fg = first_game(key, seed)
    keys = [m.key for m in fg.moments]
    assert keys[0] == "setup" and keys[1] == "turn" and keys[-1] == "end"
    assert keys == [k for k in MOMENTS if k in keys]
    g = get_game(key)
    deal = {r["Players"]: r for r in teach.deal_rows(g)}[fg.players]
    setup = fg.moment("setup")
    hand = dict(setup.rows)["Your hand"]
    # a card the rules put straight into its holder's pile at the deal (Tensho's lone
    # Phoenix) leaves that hand one short, and the text says where it went
    early = [c for label, cards in setup.rows if "captures" in label or "Captured" in label
             for c in cards]
    assert isinstance(hand, list) and len(hand) + len(early) >= deal["Each hand"] >= len(hand)
    assert not early or "went straight into its holder's pile" in setup.text \
        or "went straight into the dealer's pile" in setup.text        # (a Joker, G1)
    assert str(deal["Each hand"]) in setup.text and str(deal["Field"]) in setup.text
    others = [cards for label, cards in setup.rows if label.endswith("'s hand")]
    assert others and all(c is None for cards in others for c in cards)   # face down
    turn = fg.moment("turn")
    # "you" are one player in every picture: the hand dealt is the hand that plays first
    # (Sudaoshi's deal showed the third player's hand, then the first player's turn)
    assert dict(turn.rows)["Your hand"] == hand, (key, hand, dict(turn.rows)["Your hand"])
    field_before = dict(turn.rows)["Field before"]
    field_after = dict(turn.rows)["Field after"]
    # (a card turned over from the stock may be any card, a Joker too: Go-Stop's, G1)
    assert set(turn.highlight) <= set(field_before) | set(hand) | set(range(55))
    assert not (set(turn.highlight) & set(field_after))     # what you took left the field
    # every table shown holds every card of the deal (a card turned over and waiting to
    # be matched too: "In play"); a moment of a later deal says it is another deal's
    def cards_shown(m):
        return sum(c if isinstance(c, int) else len(c) for _label, c in m.rows)
    for m in fg.moments:
        if m.key in ("decision", "empty", "end"):
            assert cards_shown(m) == cards_shown(setup), (key, m.key, m.rows)
    for m in fg.moments:
        markup = moment_html(m)
        widths = _card_widths(markup)
        assert widths and min(widths) >= 56, f"{key} {m.key}: cards narrower than 56 px"
        assert reader_problems(m.text) == [], (key, m.key, reader_problems(m.text))
        assert m.title in markup


@pytest.mark.parametrize("key", PLAYABLE)
def test_first_game_html_draws_one_moment_or_all_and_refuses_unknown_ones(key):
    every = first_game_html(key)
    assert every.count('class="hf-moment"') == len(first_game(key).moments)
    assert first_game_html(key, "setup").count('class="hf-moment"') == 1
    with pytest.raises(teach.HanafudaError if hasattr(teach, "HanafudaError")
                       else Exception, match="moments are"):
        first_game_html(key, "lunch")


def test_koikoi_first_game_shows_the_koikoi_decision_with_a_reason():
    d = first_game("koikoi", 3).moment("decision")
    assert "Koi-Koi" in d.text and "Stop" in d.text
    assert "captures make" in d.text            # what the decider holds, in words


def test_a_moment_found_in_a_later_deal_says_it_is_from_another_deal():
    """Matching Flowers' first deal (seed 3) never has every hand empty with the stock
    left while a card waits: the moment comes from a later deal, and says so."""
    fg = first_game("matching-flowers", 3)
    empty = fg.moment("empty")
    assert empty.text.startswith("From another deal")
    assert "a card turned over waits to be matched" in empty.text
    assert dict(empty.rows)["In play"]
    assert not fg.moment("setup").text.startswith("From another deal")


def test_a_game_without_decisions_has_no_decision_moment_and_says_which_it_has():
    fg = first_game("simplified", 3)
    with pytest.raises(Exception, match="no 'decision' moment; it has setup, turn, "):
        fg.moment("decision")


@pytest.mark.parametrize(("preset", "then"), [("book", "Play goes on"),
                                              ("d002", "the rest of the stock is not used"),
                                              ("d003", "the rest of the stock is not used")])
def test_empty_hands_with_stock_left_says_what_each_rule_set_does(preset, then):
    """The rulebook plays the stock out after the hands are empty; the Japanese publisher's
    modern rule and the two-player rules end the round there (option "round end")."""
    m = first_game(get_game("koikoi", preset=preset), 3).moment("empty")
    stock = dict(m.rows)["Stock"]
    assert isinstance(stock, int) and stock > 0 and f"{stock} cards" in m.text
    assert all(cards == [] for label, cards in m.rows if label.endswith("hand"))
    assert then in m.text


def test_a_game_whose_hands_and_stock_run_out_together_has_no_empty_hands_moment():
    assert "empty" not in [m.key for m in first_game("mushi", 3).moments]


# ---------------------------------------------------------------------------
# The worked round: decisions in full, with a plain reason, never folded away

@pytest.mark.parametrize("key", PLAYABLE)
def test_worked_round_shows_every_decision_in_full_with_a_reason(key):
    wr = worked_round(key, 14, agent="greedy")
    markup = worked_round_html(wr)
    assert "<details" not in markup                    # nothing hidden in a fold
    assert markup.count('class="hf-decision"') == len(wr.decisions)
    for d in wr.decisions:
        assert d.reason and d.chosen in d.choices
    text = re.sub(r"<[^>]+>", " ", re.sub(r"<svg.*?</svg>", "", markup, flags=re.S))
    assert reader_problems(text) == [], reader_problems(text)[:5]


def test_koikoi_worked_round_has_a_koikoi_call_and_the_coachs_reasons():
    wr = worked_round("koikoi", 14, agent=("coach", "greedy"))
    calls = [d for d in wr.decisions if d.chosen.startswith("call Koi-Koi")]
    assert calls, "the chapter's worked round shows a Koi-Koi call"
    assert all("average" in d.reason for d in wr.decisions if d.player == 0)
    assert "seed" not in worked_round_html(wr).lower()


def test_worked_round_refuses_a_wrong_number_of_computer_players():
    with pytest.raises(Exception, match="2 players need 2 computer players"):
        worked_round("koikoi", 3, agent=("greedy",))
