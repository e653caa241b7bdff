"""Widgets driven as plain objects (.value = ..., .click()); the Voila notebook run headless."""

from __future__ import annotations

import re
from pathlib import Path

import ipywidgets as widgets
import pytest

from hanafuda_core.cards import Kind, Ribbon
from hanafuda_core.controllers import MAX_SEED, DealController
from hanafuda_core.deal import deal
from hanafuda_core.widgets import DeckExplorer, SampleDeal, month_tabs, static_note
from hanafuda_core.widgets.deck import ALL
from hanafuda_core.widgets.static import STATIC_NOTE, StaticHTML

ROOT = Path(__file__).resolve().parents[1]


def card_codes(html: str) -> list[str]:
    """The data-card codes of every card picture in an HTML string, in order."""
    found = []
    for tag in re.findall(r"<svg\b[^>]*>", html):
        if "hanafuda-card" in tag:
            code = re.search(r'data-card="([^"]+)"', tag)
            found.append(code.group(1) if code else None)
    return found


# -- deck explorer ---------------------------------------------------------------

def test_deck_explorer_month_dropdown_shows_the_month_cards():
    view = DeckExplorer()
    assert (view.month.value, view.kind.value, view.ribbon.value) == (ALL, ALL, ALL)
    assert view.month.index == 0 and view.month.label == "All months"
    assert len(card_codes(view.pictures.value)) == 48
    view.month.value = 11
    assert card_codes(view.pictures.value) == ["11a", "11b", "11c", "11d"]
    assert [v for _, v in view.card.options] == list(view.controller.matching())
    assert view.card.value.code == "11a"


def test_deck_explorer_kind_ribbon_and_named_filters():
    view = DeckExplorer()
    view.kind.value = Kind.BRIGHT
    assert card_codes(view.pictures.value) == ["1a", "3a", "8a", "11a", "12a"]
    view.kind.value = ALL
    view.ribbon.value = Ribbon.PURPLE
    assert card_codes(view.pictures.value) == ["6b", "9b", "10b"]
    view.ribbon.value = ALL
    view.named.value = True
    codes = card_codes(view.pictures.value)
    assert "9a" in codes and "11d" in codes and "12b" in codes and "1b" not in codes


def test_deck_explorer_select_card_shows_its_facts():
    view = DeckExplorer()
    view.month.value = 9
    view.card.value = next(v for _, v in view.card.options if v.code == "9a")
    facts = view.facts.value
    assert 'data-facts="9a"' in facts and "Sake Cup" in facts and "菊" in facts
    assert "국화" in facts and "Chaff" in facts          # the dual-role note
    lit = [tag for tag in re.findall(r"<svg\b[^>]*>", view.pictures.value)
           if 'data-highlight="true"' in tag]
    assert len(lit) == 1 and 'data-card="9a"' in lit[0]   # the chosen card is outlined


def test_deck_explorer_no_match_shows_a_notice_not_an_error():
    view = DeckExplorer()
    view.kind.value = Kind.CHAFF
    view.ribbon.value = Ribbon.POETRY
    assert card_codes(view.pictures.value) == []
    assert "hanafuda-notice" in view.message.value and "No card matches" in view.message.value
    assert view.card.value is None and view.facts.value == ""
    view.kind.value = ALL
    assert card_codes(view.pictures.value) == ["1b", "2b", "3b"]
    assert view.message.value == ""


def test_deck_explorer_korean_order_relabels_months():
    view = DeckExplorer()
    view.month.value = 11
    view.order.value = "korean"
    assert view.month.value == 11                       # still the Willow cards
    assert card_codes(view.pictures.value) == ["11a", "11b", "11c", "11d"]
    label = dict((v, k) for k, v in view.month.options)[11]
    assert label.startswith("12 · December · Willow") and "비" in label
    view.order.value = "japanese"
    assert dict((v, k) for k, v in view.month.options)[11].startswith("11 · November")


# -- sample deal -------------------------------------------------------------------

def test_sample_deal_click_deals_two_players_and_moves_the_seed():
    view = SampleDeal(DealController(players=2, seed=7))
    before = view.table.value
    assert view.seed.value == 8                          # dealt seed 7 on start
    view.deal_button.click()
    after = view.table.value
    assert after != before
    codes = card_codes(after)
    dealt = deal(2, 8)
    face_up = [c.code for h in dealt.hands for c in h] + [c.code for c in dealt.field]
    assert codes == face_up                   # 2 x 8 in hand + 8 on the field, stock face down
    assert len(codes) == 2 * 8 + 8
    assert 'class="hanafuda-stack" data-count="24"' in after
    assert view.seed.value == 9 and 'data-seed="8"' in after
    assert "Seed 8" in view.status.value
    assert view.players.value == 2


def test_sample_deal_button_is_named_deal():
    view = SampleDeal()
    assert view.deal_button.description == "Deal"
    assert view.new_seed_button.description == "New seed"


def test_sample_deal_three_players_by_toggle():
    view = SampleDeal(DealController(seed=3))
    view.players.value = 3
    view.deal_button.click()
    dealt = deal(3, 4)
    assert [c for c in card_codes(view.table.value)
            if c in {x.code for x in dealt.field}] == [c.code for c in dealt.field]
    assert "Player 3" in view.table.value and "Player 4" not in view.table.value


def test_sample_deal_same_seed_repeats_the_deal():
    view = SampleDeal(DealController(seed=21))
    first = view.table.value
    view.seed.value = 21
    view.deal_button.click()
    assert view.table.value == first


@pytest.mark.parametrize("bad", [-3, MAX_SEED + 1, 10**12])
def test_sample_deal_bad_seed_shows_message_keeps_last_deal(bad):
    view = SampleDeal(DealController(seed=4))
    good = view.table.value
    view.seed.value = bad
    view.deal_button.click()
    assert view.table.value == good
    message = view.message.value
    assert "hanafuda-notice" in message and "seed must be a whole number" in message
    assert "Traceback" not in message and "Error" not in message
    assert view.controller.last.seed == 4
    view.seed.value = 4                               # fixing it clears the message
    view.deal_button.click()
    assert view.message.value == "" and view.table.value == good


def test_sample_deal_players_out_of_range_programmatically():
    view = SampleDeal(DealController(seed=4))
    good = view.table.value
    assert view.deal(players=5) is False
    assert "2, 3 or 4 players, not 5" in view.message.value
    assert view.table.value == good and view.controller.players == 2


def test_sample_deal_new_seed_button():
    view = SampleDeal()
    view.new_seed_button.click()
    seed = view.seed.value
    assert 0 <= seed <= MAX_SEED and view.controller.seed == seed
    view.deal_button.click()
    assert f'data-seed="{seed}"' in view.table.value


def test_sample_deal_flags_misdeal_with_redeal_hint():
    view = SampleDeal(DealController(players=2, seed=33))
    assert 'data-misdeal="true"' in view.table.value
    status = view.status.value
    assert "Misdeal" in status and "player 2 holds all four cards of July" in status
    assert "Redeal" in status
    lit = [tag for tag in re.findall(r"<svg\b[^>]*>", view.table.value)
           if 'data-highlight="true"' in tag]
    assert sorted(re.search(r'data-card="([^"]+)"', t).group(1) for t in lit) == [
        "7a", "7b", "7c", "7d"]


def test_sample_deal_highlights_hiki_cards():
    plain = SampleDeal(DealController(players=2, seed=1), deal_now=False)
    from hanafuda_core.render.svg import card_svg
    plain.deal()
    html = plain.table.value
    dealt = plain.controller.last
    assert dealt.hiki == (6,)
    lit = [tag for tag in re.findall(r"<svg\b[^>]*>", html) if 'data-highlight="true"' in tag]
    assert sorted(re.search(r'data-card="([^"]+)"', t).group(1) for t in lit) == sorted(
        c.code for c in plain.controller.hiki_cards())
    for card in plain.controller.hiki_cards():
        assert card_svg(card, width=plain.width, highlight=True) in html
    assert "Hiki" in plain.status.value


# -- static widgets ------------------------------------------------------------------

def test_month_tabs_twelve_months_four_cards_each():
    tabs = month_tabs()
    assert len(tabs.children) == 12 and tabs.titles[0] == "1 Pine"
    for month, child in enumerate(tabs.children, start=1):
        assert card_codes(child.value) == [f"{month}{p}" for p in "abcd"]
    assert "Rainman – Bright" in tabs.children[10].value


def test_month_tabs_korean_order_swaps_november_december():
    tabs = month_tabs("korean")
    assert tabs.titles[10:] == ("11 Paulownia", "12 Willow")
    assert card_codes(tabs.children[11].value) == ["11a", "11b", "11c", "11d"]


def test_month_tabs_are_plain_html_radio_tabs():
    """No widget (a page with one would load the 3.6 MB widget manager): one radio button
    per month, all in one group, each with its label and the month's panel after it; the
    first month open."""
    tabs = month_tabs()
    assert not isinstance(tabs, widgets.Widget) and tabs._repr_html_() == tabs.value
    radios = re.findall(r'<input type="radio" name="([^"]+)" id="([^"]+)" value="(\d+)"'
                        r'( checked)?><label for="([^"]+)">([^<]+)</label>', tabs.value)
    assert len(radios) == 12 and len({name for name, *_ in radios}) == 1
    assert [checked for *_, checked, _for, _t in radios] == [" checked"] + [""] * 11
    assert all(tab_id == label_for for _n, tab_id, _v, _c, label_for, _t in radios)
    assert tuple(title for *_, title in radios) == tabs.titles
    for child in tabs.children:
        assert child.value in tabs.value
    assert month_tabs().value.split('name="')[1] != tabs.value.split('name="')[1]


def test_static_note_says_where_the_tool_runs_live():
    note = static_note("Sample deal")
    assert isinstance(note, StaticHTML) and not isinstance(note, widgets.Widget)
    assert note._repr_html_() == note.value
    assert "Sample deal" in note.value and "classroom app" in note.value
    assert STATIC_NOTE in note.value
    # a learner's page: where the tool runs, in a reader's words, not a command
    assert "make serve" not in note.value and "URL" not in note.value
