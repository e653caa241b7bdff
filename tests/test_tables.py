"""The rows behind the book's tables (hanafuda_core.tables), checked against the deck's
facts as the rulebook states them (BOOK ch. 2 and ch. 3)."""

from __future__ import annotations

import pytest

from hanafuda_core import tables
from hanafuda_core.cards import CARD_INFO, DECK, Card, Kind
from hanafuda_core.deal import BASIC_DEALS, deal
from hanafuda_core.games import all_games
from hanafuda_core.rules import FAMILIES


def test_book_ch2_card_table_has_48_rows_one_per_card():
    rows = tables.cards_table_rows()
    assert len(rows) == 48
    assert [r["Code"] for r in rows] == [c.code for c in DECK]
    assert len({r["Code"] for r in rows}) == 48


def test_book_ch2_card_table_rows_carry_the_card_facts():
    rows = {r["Code"]: r for r in tables.cards_table_rows()}
    crane = rows["1a"]
    assert (crane["Name"], crane["Kind"], crane["Value"], crane["Flower"]) == \
        ("Crane", "Bright", 20, "Pine")
    assert crane["Kanji"] == "松" and crane["Hangul"] == "송학"
    assert rows["6b"]["Ribbon"] == "Purple" and rows["11d"]["Name"] == "Storm"
    assert rows["9a"]["Japanese"] == CARD_INFO[Card.CHRYSANTHEMUM_SAKE].japanese


def test_book_ch2_korean_order_swaps_november_and_december():
    rows = tables.cards_table_rows("korean")
    by_code = {r["Code"]: r["Month"] for r in rows}
    assert by_code["11a"] == 12 and by_code["12a"] == 11
    assert all(by_code[f"{m}a"] == m for m in range(1, 11))
    months = [r["Month"] for r in rows]
    assert months == sorted(months)          # rows follow the order asked for
    assert [r["Flower"] for r in rows][-4:] == ["Willow"] * 4


def test_unknown_month_order_is_refused_with_the_known_ones():
    with pytest.raises(ValueError, match="japanese, korean, tensho"):
        tables.cards_table_rows("french")


def test_book_ch2_counts_by_kind_5_9_10_24():
    counts = {r["Kind"]: r["Cards"] for r in tables.kind_counts()}
    assert counts == {"Bright": 5, "Ten": 9, "Ribbon": 10, "Chaff": 24}
    points = {r["Kind"]: r["Points"] for r in tables.kind_counts()}
    assert points == {"Bright": 100, "Ten": 90, "Ribbon": 50, "Chaff": 24}


def test_book_ch2_deck_totals_264_points_and_a_third_is_88():
    assert tables.deck_total() == 264
    assert tables.deck_total() // 3 == 88
    assert sum(r["Points"] for r in tables.kind_counts()) == tables.deck_total()


def test_chaff_zero_deck_totals_240():
    # Hachi-juu Hana and Min-Hwatu score Chaffs at 0 (seed catalog, deck totals).
    values = {Kind.BRIGHT: 20, Kind.TEN: 10, Kind.RIBBON: 5, Kind.CHAFF: 0}
    assert tables.deck_total(values) == 240


def test_book_ch2_three_ribbon_colours_and_their_months():
    rows = {r["Ribbon"]: r for r in tables.ribbon_rows()}
    assert rows["Poetry Ribbon"]["Months"] == "January, February, March"
    assert rows["Purple Ribbon"]["Months"] == "June, September, October"
    assert rows["Plain Ribbon"]["Codes"] == "4b 5b 7b 11c"
    assert sum(r["Cards"] for r in rows.values()) == 10


def test_named_cards_are_the_brights_tens_storm_and_special_paulownia():
    named = tables.named_cards()
    assert {c for c in DECK if c.kind in (Kind.BRIGHT, Kind.TEN)} <= set(named)
    assert Card.WILLOW_STORM in named and Card.PAULOWNIA_SPECIAL in named
    assert len(named) == 5 + 9 + 2
    rows = tables.named_cards_rows()
    assert [r["Code"] for r in rows] == [c.code for c in named]


def test_extras_are_the_blank_card_and_six_jokers():
    rows = tables.extras_rows()
    assert [r["Code"] for r in rows] == ["x0", "j1", "j2", "j3", "j4", "j5", "j6"]


def test_month_orders_table_korean_swap_and_tensho():
    rows = {r["Flower"]: r for r in tables.month_orders_rows()}
    assert (rows["Willow"]["Korean (hwatu)"], rows["Paulownia"]["Korean (hwatu)"]) == (12, 11)
    assert rows["Willow"]["Tensho"] == 2 and rows["Paulownia"]["Tensho"] == 6
    for order in ("Japanese", "Korean (hwatu)", "Tensho"):
        assert sorted(r[order] for r in rows.values()) == list(range(1, 13))


def test_book_ch3_deal_sizes_8_8_7_6_5_8():
    rows = tables.deal_sizes_rows()
    sizes = [(r["Players"], r["Each hand"], r["Field"], r["Stock"]) for r in rows]
    assert sizes == [(2, 8, 8, 24), (3, 7, 6, 21), (4, 5, 8, 20)]


def test_deal_sizes_table_matches_what_deal_deals():
    for row in tables.deal_sizes_rows():
        dealt = deal(row["Players"], seed=1)
        assert {len(h) for h in dealt.hands} == {row["Each hand"]}
        assert (len(dealt.field), len(dealt.stock)) == (row["Field"], row["Stock"])
    assert len(tables.deal_sizes_rows()) == len(BASIC_DEALS)


def test_book_ch3_game_lengths_full_year_half_year_season():
    assert [(r["Rounds"], r["Called"]) for r in tables.game_length_rows()] == \
        [(12, "a full year"), (6, "half a year"), (3, "a season")]


def test_every_registered_game_appears_once_in_the_games_table():
    games = all_games()
    rows = tables.games_table_rows()
    assert [r["Game"] for r in rows] == [g.name for g in games]
    assert len({r["Game"] for r in rows}) == len(games)
    simplified = next(r for r in rows if r["Game"] == "Simplified Game for Beginners")
    assert simplified["Players"] == "2-4" and simplified["Source"] == "Rulebook ch. 4"


def test_family_counts_add_up_to_the_registry():
    rows = tables.family_counts()
    assert [r["Family"].lower() for r in rows] == list(FAMILIES)
    assert sum(r["Games"] for r in rows) == len(all_games())
    by_family = {r["Family"]: r["Games"] for r in rows}
    assert by_family["Sequence"] == 6 and by_family["Luck"] == 7 and by_family["Fusion"] == 6


def test_players_label():
    assert tables.players_label((2, 4)) == "2-4"
    assert tables.players_label((2, 2)) == "2"


def test_to_markdown_escapes_pipes_and_keeps_columns():
    text = tables.to_markdown([{"a": 1, "b": "x|y"}, {"a": 2, "c": "z"}])
    lines = text.splitlines()
    assert lines[0] == "| a | b | c |"
    assert lines[2] == "| 1 | x\\|y |  |"
    assert tables.to_markdown([]) == ""


def test_to_html_escapes_text_and_right_aligns_numbers():
    out = tables.to_html([{"Name": "<Crane & co>", "Value": 20}], caption="Cards")
    assert "&lt;Crane &amp; co&gt;" in out and "<Crane" not in out
    assert '<td style="text-align:right">20</td>' in out
    assert "<caption>Cards</caption>" in out
    assert out.count("<tr>") == 2


def test_html_tables_are_named_focusable_scroll_regions():
    """A wide table scrolls sideways: its box takes keyboard focus and has a name (the
    caption, else the columns), for axe's scrollable-region-focusable rule."""
    import re

    from hanafuda_core import tables
    for rows, caption in ((tables.ribbon_rows(), None), (tables.extras_rows(), "Jokers & co")):
        out = tables.to_html(rows, caption=caption)
        head = re.match(r'<div class="hf-table-wrap"[^>]*>', out).group(0)
        assert 'tabindex="0"' in head and 'role="region"' in head
        name = re.search(r'aria-label="([^"]+)"', head).group(1)
        if caption:
            assert name == "Jokers &amp; co"
        else:
            assert name == "Table: " + ", ".join(rows[0])
