"""Card art and layouts (hanafuda_core.render.svg): well-formed, distinct, safe to inline."""

from __future__ import annotations

import base64
import re
import time
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanafuda_core.cards import CARD_INFO, Card, CardSet, Extra, Kind, Ribbon
from hanafuda_core.errors import HanafudaError
from hanafuda_core.render import (
    card_back_svg,
    card_data_uri,
    card_svg,
    deck_grid_html,
    layout_html,
    row_svg,
)
from hanafuda_core.render import svg as svg_module

NS = "{http://www.w3.org/2000/svg}"
SVG_NS_URI = "http://www.w3.org/2000/svg"


def parse(text: str) -> ET.Element:
    return ET.fromstring(text)


def parse_fragment(html: str) -> ET.Element:
    return ET.fromstring(f"<root>{html}</root>")


def card_svgs(root: ET.Element) -> list[ET.Element]:
    return [el for el in root.iter()
            if el.tag in ("svg", NS + "svg") and "hanafuda-card" in el.get("class", "").split()]


@pytest.mark.parametrize("card", list(Card), ids=lambda c: c.code)
def test_deck_card_svg_is_well_formed_with_title_and_attributes(card):
    root = parse(card_svg(card, width=80))
    assert root.tag == NS + "svg"
    assert root.get("class") == "hanafuda-card"
    assert root.get("data-card") == card.code
    assert root.get("role") == "img"
    assert root.get("width") == "80" and root.get("height") == "128"
    assert root.get("viewBox") == "0 0 100 160"
    title = root.find(NS + "title")
    assert title is not None and title.text == root.get("aria-label")
    info = CARD_INFO[card]
    assert title.text.startswith(f"{info.name} — {info.flower.month_name} ({info.flower.english})")


def test_deck_card_titles_name_the_kind():
    assert svg_module.card_title(Card.PINE_CRANE) == "Crane — January (Pine), Bright"
    assert svg_module.card_title(Card.PLUM_RIBBON).endswith("Poetry Ribbon")
    assert svg_module.card_title(Card.PEONY_RIBBON).endswith("Purple Ribbon")
    assert svg_module.card_title(Card.WILLOW_RIBBON).endswith("Plain Ribbon")
    assert svg_module.card_title(Card.WILLOW_STORM) == "Storm — November (Willow), Chaff"


def test_deck_all_48_pictures_distinct():
    pictures = [card_svg(c) for c in Card]
    assert len(set(pictures)) == 48
    # also the drawings themselves, not just the attributes that carry the code
    bodies = [svg_module._card_body(int(c)) for c in Card]
    assert len(set(bodies)) == 48


def test_deck_chaff_pairs_differ_in_the_picture():
    for month in range(12):
        one, two = Card(month * 4 + 2), Card(month * 4 + 3)
        assert svg_module._card_body(one) != svg_module._card_body(two), (one, two)


def test_deck_every_card_shows_month_and_kanji():
    for card in Card:
        info = CARD_INFO[card]
        text = card_svg(card)
        assert f">{info.month} {info.flower.month_name[:3]}<" in text
        assert f">{info.flower.kanji}<" in text


def test_deck_kind_marked_by_shape():
    """Bright = rayed sun badge, Ten = diamond badge, Ribbon = strip, Chaff = no badge."""
    sun = svg_module.m.bright_badge()
    diamond = svg_module.m.ten_badge()
    for card in Card:
        body = svg_module._card_body(card)
        kind = card.kind
        assert (sun in body) == (kind is Kind.BRIGHT), card
        assert (diamond in body) == (kind is Kind.TEN), card
    poetry_mark = "M-1,-40 q4,1 1,5"
    for card in Card:
        body = svg_module._card_body(card)
        assert (poetry_mark in body) == (card.ribbon is Ribbon.POETRY), card
        if card.ribbon is Ribbon.PURPLE:
            assert svg_module.m.RIBBON_COLOURS["purple"] in body


@pytest.mark.parametrize("extra", list(Extra), ids=lambda e: e.code)
def test_extras_render(extra):
    root = parse(card_svg(extra))
    assert root.get("data-card") == extra.code
    title = root.find(NS + "title").text
    if extra is Extra.BLANK:
        assert title == "Blank card"
        assert ">Blank<" in card_svg(extra)
    else:
        assert ">JOKER<" in card_svg(extra)
        assert title.endswith("Wet Koi" if extra <= Extra.JOKER_4 else "Dry Koi")
    assert len({card_svg(e) for e in Extra}) == len(Extra)


def test_face_down_hides_identity():
    for card in (Card.PINE_CRANE, Card.WILLOW_STORM, Extra.JOKER_1):
        text = card_svg(card, face_down=True)
        root = parse(text)
        assert root.find(NS + "title").text == "Face-down card"
        assert root.get("data-card") == "back"
        assert card.title not in text
        assert text == card_back_svg()  # the same picture whatever the card is
    assert card_back_svg(50) == card_svg(Card.PINE_CRANE, width=50, face_down=True)


def test_highlight_and_label_change_the_picture():
    plain = card_svg(Card.SUSUKI_MOON)
    lit = card_svg(Card.SUSUKI_MOON, highlight=True)
    assert lit != plain and parse(lit).get("data-highlight") == "true"
    captioned = parse(card_svg(Card.SUSUKI_MOON, width=100, label="captured"))
    assert captioned.get("height") == "180"
    assert "captured" in captioned.find(NS + "title").text


def test_card_accepts_notation_and_rejects_bad_input():
    assert card_svg("crane") == card_svg(Card.PINE_CRANE)
    with pytest.raises(HanafudaError):
        card_svg("not a card")
    with pytest.raises(HanafudaError, match="positive"):
        card_svg(Card.PINE_CRANE, width=0)


def test_no_external_references_and_no_ids():
    everything = (deck_grid_html() + "".join(card_svg(e) for e in Extra) + card_back_svg()
                  + layout_html({"Stock": 5, "Hand": "1a 2a"}) + row_svg([]))
    assert set(re.findall(r"https?://[^\s\"'<>)]*", everything)) == {SVG_NS_URI}
    assert "href" not in everything and "url(" not in everything
    assert "@font-face" not in everything and "@import" not in everything
    ids = re.findall(r'\sid="([^"]*)"', everything)
    assert len(ids) == len(set(ids))  # none today; if any appear they must be unique


def test_layout_html_counts_cards_and_parses():
    hand = CardSet.parse("1a 3a 8a 9a 11a")
    html = layout_html([("Hand", hand), ("Field", "2b 5c"), ("Stock", 24), ("Captured", []),
                        ("Opponent", [None, None])], width=40, highlight=["8a"])
    root = parse_fragment(html)
    layout = root[0]
    assert layout.tag == "div" and layout.get("class") == "hanafuda-layout"
    rows = [el for el in layout if el.get("class") == "hanafuda-row"]
    assert len(rows) == 5
    pictures = card_svgs(root)
    assert len(pictures) == 5 + 2 + 2
    assert [p.get("data-card") for p in pictures][:7] == ["1a", "3a", "8a", "9a", "11a",
                                                           "2b", "5c"]
    assert sum(p.get("data-highlight") == "true" for p in pictures) == 1
    stacks = [el for el in root.iter() if el.get("class") == "hanafuda-stack"]
    assert len(stacks) == 1 and stacks[0].get("data-count") == "24"
    assert ">24<" in html
    labels = [el.text for el in root.iter() if el.get("class") == "hanafuda-row-label"]
    assert labels == ["Hand (5)", "Field (2)", "Stock (24)", "Captured (0)", "Opponent (2)"]


def test_layout_html_accepts_a_dict_and_many_cards_share_a_page():
    html = layout_html({"Deck": CardSet.deck()}, width=30)
    assert len(card_svgs(parse_fragment(html))) == 48


def test_layout_html_rejects_bad_rows():
    with pytest.raises(HanafudaError, match="label, cards"):
        layout_html(["1a 2a"])
    with pytest.raises(HanafudaError, match="0 or more"):
        layout_html({"Stock": -1})
    # a row that is neither cards nor a count is refused with our own error
    # (it used to escape as a TypeError: the value is not iterable)
    with pytest.raises(HanafudaError, match="a list of cards"):
        layout_html({"Hand": 2.5})
    with pytest.raises(HanafudaError, match="a list of cards"):
        row_svg(5)


def test_card_svg_of_none_is_the_back():
    assert card_svg(None, width=50) == card_svg("1a", width=50, face_down=True)
    assert card_back_svg(50) == card_svg(None, width=50)


def test_row_svg_wraps_and_labels():
    text = row_svg("1a 1b 1c 1d 2a 2b 2c", width=50, label="Hand", wrap=3)
    root = parse(text)
    cards = card_svgs(root)
    assert len(cards) == 7
    ys = sorted({float(c.get("y")) for c in cards})
    assert len(ys) == 3  # 3 + 3 + 1
    assert len({float(c.get("x")) for c in cards}) == 3
    assert "Hand" in root.find(NS + "title").text
    assert any(el.text == "Hand" for el in root.iter(NS + "text"))


def test_row_svg_empty_shows_placeholder():
    root = parse(row_svg([], label="Field"))
    assert not card_svgs(root)
    assert any(el.text == "no cards" for el in root.iter(NS + "text"))
    assert any(el.get("stroke-dasharray") for el in root.iter(NS + "rect"))


def test_cardset_repr_svg_uses_row_svg():
    hand = CardSet.parse("1a 8a 12a")
    assert hand._repr_svg_() == row_svg(list(hand))
    assert Card.PINE_CRANE._repr_svg_() == card_svg(Card.PINE_CRANE)


def test_deck_grid_html_japanese_order():
    root = parse_fragment(deck_grid_html())
    rows = [el for el in root.iter() if el.get("class") == "hanafuda-row"]
    assert len(rows) == 12
    for number, row in enumerate(rows, start=1):
        assert row.get("data-month") == str(number)
        codes = [c.get("data-card") for c in card_svgs(row)]
        assert codes == [f"{number}{p}" for p in "abcd"]
    first_label = "".join(rows[0].find("div").itertext())
    for part in ("1", "January", "Pine", "松", "matsu", "송학"):
        assert part in first_label


def test_deck_grid_html_korean_order_puts_willow_in_row_12():
    root = parse_fragment(deck_grid_html(order="korean"))
    rows = [el for el in root.iter() if el.get("class") == "hanafuda-row"]
    codes = [[c.get("data-card") for c in card_svgs(row)] for row in rows]
    assert codes[11] == ["11a", "11b", "11c", "11d"]     # Willow (Rain) is month 12
    assert codes[10] == ["12a", "12b", "12c", "12d"]     # Paulownia is month 11
    label_12 = "".join(rows[11].find("div").itertext())
    assert "December" in label_12 and "Willow" in label_12 and "비" in label_12
    with pytest.raises(HanafudaError, match="known orders"):
        deck_grid_html(order="martian")


def test_card_data_uri_round_trips():
    uri = card_data_uri(Card.CHRYSANTHEMUM_SAKE, width=40)
    prefix = "data:image/svg+xml;base64,"
    assert uri.startswith(prefix)
    assert base64.b64decode(uri[len(prefix):]).decode("utf-8") == card_svg(
        Card.CHRYSANTHEMUM_SAKE, width=40)


def test_render_all_cards_is_fast():
    svg_module._card_body.cache_clear()
    start = time.perf_counter()
    for card in Card:
        card_svg(card)
    cold = time.perf_counter() - start
    start = time.perf_counter()
    for card in Card:
        card_svg(card, width=50, highlight=True)
    warm = time.perf_counter() - start
    assert warm < 0.05
    assert cold < 0.25  # generous: the machine running the tests may be busy


# --- highlights: more than colour, and named -----------------------------------------------

def _shapes(svg_text: str) -> list[tuple[str, str, str]]:
    """The picture's shapes with their colours taken away: (tag, geometry, dash pattern)."""
    out = []
    for el in parse(svg_text).iter():
        tag = el.tag.replace(NS, "")
        if tag in {"rect", "polygon", "path", "circle"}:
            geometry = " ".join(el.get(a, "") for a in ("x", "y", "width", "height", "points",
                                                        "d", "cx", "cy", "r"))
            out.append((tag, geometry, el.get("stroke-dasharray", "")))
    return out


_NOTES = st.one_of(st.none(), st.text(alphabet="abcdefghij <&>\"' ", min_size=1,
                                      max_size=20).filter(str.strip))


@settings(max_examples=40, deadline=None)
@given(card=st.sampled_from(list(Card)), note=_NOTES)
def test_a_highlight_shows_without_colour_and_is_named(card, note):
    plain = card_svg(card)
    lit = card_svg(card, highlight=note or True)
    # shapes alone (no colour) tell the highlighted picture apart: a dashed frame and a flag
    extra = [s for s in _shapes(lit) if s not in _shapes(plain)]
    assert any(dash for _tag, _geo, dash in extra), "no dashed frame"
    assert any(tag == "polygon" for tag, _geo, _dash in extra), "no corner flag"
    # the name says so, with what the highlight means
    root = parse(lit)
    want = svg_module.highlight_name(svg_module.card_title(card), note)
    assert root.get("aria-label") == want == root.find(NS + "title").text
    assert ", highlighted" in want and (note is None or want.endswith(f": {note}"))
    assert "highlighted" not in parse(plain).get("aria-label")


@settings(max_examples=30, deadline=None)
@given(cards=st.lists(st.sampled_from(list(Card)), min_size=1, max_size=8, unique=True),
       data=st.data(), note=_NOTES)
def test_layouts_and_rows_name_exactly_the_highlighted_cards(cards, data, note):
    lit = data.draw(st.lists(st.sampled_from(cards), unique=True))
    html = layout_html([("Table", cards)], highlight=lit, highlight_note=note)
    for picture in card_svgs(parse_fragment(html)):
        card = next(c for c in cards if c.code == picture.get("data-card"))
        named = "highlighted" in picture.get("aria-label")
        assert named == (card in lit) == (picture.get("data-highlight") == "true")
        if named and note:
            assert picture.get("aria-label").endswith(f": {note}")
    row = parse(row_svg(cards, highlight=lit, highlight_note=note))
    inner = [el for el in row if el.get("class") == "hanafuda-card"]
    assert [("highlighted" in el.get("aria-label")) for el in inner] == [c in lit for c in cards]
    assert row.get("aria-label").count("(highlighted)") == len(lit)
