"""``hanafuda deal`` of the layout games prints the table as the rules lay it out.

Seasons (BOOK ch. 35, 7055), Pyramid (ch. 36, 7127-7135), Solitaire (ch. 37, 7247-7281)
and Eight Off (ch. 38, 7443-7451) deal a table, not hands: the text shows each row or
column of it with codes and names, a card face down only as ``##`` / ``[face down]``,
and the stock, draw pile or reserve the cards left over go to; ``--json`` carries the
same table as ``layout``. The other games' deal is printed as before.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest
from cli_helpers import run, run_json
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hanafuda_core.cards import CARD_INFO, Card, Extra
from hanafuda_core.games import get_game
from hanafuda_core.games.catalog import LAYOUTS, deal_game, deck_for, lay_out

LAYOUT_GAMES = [("seasons", 1), ("seasons", 2), ("seasons", 4), ("pyramid", 1),
                ("solitaire", 1), ("eight-off", 1)]
LABEL = 10          # the width of the label column


def deal_text(capsys: Any, key: str, players: int, seed: int) -> str:
    status, out, err = run(capsys, "deal", key, "--players", str(players), "--seed", str(seed))
    assert status == 0 and err == "", err
    return out


def sections(out: str) -> dict[str, list[str]]:
    """The printed deal by label: each labelled line's text and the lines under it."""
    found: dict[str, list[str]] = {}
    label = ""
    for line in out.splitlines()[1:]:
        if not line.startswith(" " * LABEL):
            label = line[:LABEL].strip()
            assert label not in found, f"{label} printed twice"
            found[label] = [line[LABEL:]]
        else:
            found[label].append(line[LABEL:])
    return found


def listed(found: dict[str, list[str]], prefix: str) -> list[list[str]]:
    """The codes of every labelled line whose label starts with ``prefix``, in order."""
    return [text[0].split() for label, text in found.items() if label.startswith(prefix)]


def shown_layout(data: dict[str, Any]) -> dict[str, list[list[str]]]:
    """The JSON layout's parts as the text shows them: ## face down, -- an empty cell."""
    return {part["name"]: [["##" if c is None else c or "--" for c in line]
                           for line in part["lines"]] for part in data["layout"]}


def title(code: str) -> str:
    return next(c.title for c in (*Card, *Extra) if c.code == code)


LISTED = ("Row ", "Stack ", "Column ", "Player ", "Stock", "Reserve")   # codes, then names


def columns(picture: list[str]) -> list[list[str]]:
    """A picture of numbered columns read back: each column's codes, top to bottom."""
    starts = [m.start() for m in re.finditer(r"\d+", picture[0])] + [None]
    return [[code for row in picture[1:] if (code := row[a:b].strip())]
            for a, b in zip(starts, starts[1:])]


def check_table(capsys: Any, key: str, players: int, seed: int) -> None:
    """The whole contract for one deal: every card once, the shapes, nothing face down
    named, the JSON the same table, and all of it the catalog's deal."""
    out = deal_text(capsys, key, players, seed)
    found = sections(out)
    deck = sorted(c.code for c in deck_for(key, players))
    dealt = deal_game(key, players, seed)
    pictured_down = 0       # cards face down shown only in a picture (Seasons' grid)

    # the parts the rules name, and the shape of each
    if key == "pyramid":
        rows = listed(found, "Row ")
        assert [len(r) for r in rows] == [1, 2, 3, 4, 5, 6]          # ch. 36, 7127
        picture = found["Pyramid"][1:7]
        assert [r.split() for r in picture] == rows
        # row 1 at the top, each row reaching half a card further left than the one above
        indents = [len(r) - len(r.lstrip()) for r in picture]
        assert indents == sorted(set(indents), reverse=True) and indents[-1] == 0
        stock = found["Stock"][0].split()
        assert len(stock) == 1 and found["Draw pile"] == ["30 cards face down"]   # 7135
        up = [c for r in rows for c in r] + stock
        down = 30
    elif key == "solitaire":
        stacks = listed(found, "Stack ")
        assert [len(s) for s in stacks] == [1, 2, 3, 4, 5, 6]        # ch. 37, 7267
        assert all(s[:-1] == ["##"] * (len(s) - 1) and s[-1] != "##" for s in stacks)  # 7273
        picture = found["Tableau"][1:8]
        assert picture[0].split() == ["1", "2", "3", "4", "5", "6"]
        assert columns(picture) == stacks
        stock = found["Stock"][0].split()
        assert len(stock) == 3 and found["Draw pile"] == ["24 cards face down"]   # 7271-7277
        up = [s[-1] for s in stacks] + stock
        down = 15 + 24
    elif key == "eight-off":
        cols = listed(found, "Column ")
        assert [len(c) for c in cols] == [6] * 8                      # ch. 38, 7443-7451
        picture = found["Tableau"][1:8]
        assert picture[0].split() == [str(i) for i in range(1, 9)]
        assert columns(picture) == cols
        reserve = found["Reserve"][0].split()
        assert reserve[:4] == ["--"] * 4 and "--" not in reserve[4:]  # 7445
        assert "Stock" not in found and "Draw pile" not in found
        up = [c for col in cols for c in col] + reserve[4:]
        down = 0
    else:
        grid = [r.split() for r in found["Grid"][1:5]]
        assert grid == [["##"] * 12] * 4                                # ch. 35, 7055
        assert not listed(found, "Row ")
        hands = listed(found, "Player ")
        assert [len(h) for h in hands] == [{1: 4, 2: 2, 4: 1}[players]] * players  # 7075-7077
        up = [c for h in hands for c in h]
        down = pictured_down = 48

    # every card exactly once: the ones face up by code, the ones face down by count
    assert "##" not in up and len(up) == len(set(up))
    assert set(up) <= set(deck) and len(up) + down == len(deck)
    listings = {label: text for label, text in found.items() if label.startswith(LISTED)}
    hidden = sum(text[0].split().count("##") for text in listings.values())
    hidden += sum(down_count(text[0]) for label, text in found.items() if label == "Draw pile")
    assert hidden + pictured_down == down

    # under each line of codes, those cards' names: [face down] for ##, (empty) for --
    for label, text in listings.items():
        expect = [{"##": "[face down]", "--": "(empty)"}.get(c) or title(c)
                  for c in text[0].split()]
        assert text[1].split(", ") == expect, label

    # no card face down is named, by code or by name
    for code in set(deck) - set(up):
        assert not re.search(rf"(?<!\w){re.escape(code)}(?!\w)", out), code
        assert not re.search(rf"\b{re.escape(title(code))}\b", out), code

    # the table is the catalog's deal of the same seed
    assert sorted(c.code for c in dealt.cards()) == deck
    assert sorted(up) == sorted(
        [p.card.code for part in dealt.layout for line in part.lines for p in line
         if p.face_up and p.card is not None] + [c.code for h in dealt.hands for c in h])

    # --json: the same table, as data
    data = run_json(capsys, "deal", key, "--players", str(players), "--seed", str(seed))
    assert data["layout"] == [part.to_dict() for part in dealt.layout]
    layout = shown_layout(data)
    line_label = {"pyramid": "Row ", "tableau": "Stack " if key == "solitaire" else "Column "}
    for name, part in layout.items():
        if name in line_label:
            assert part == listed(found, line_label[name])
        elif name == "grid":
            assert part == grid
        elif name == "draw pile":
            assert part == [["##"] * down_count(found["Draw pile"][0])]
        else:
            assert part == [found[name.capitalize()][0].split()]
    assert sum(c is None for p in data["layout"] for line in p["lines"] for c in line) == down
    assert {p["name"]: p["by"] for p in data["layout"]} == {
        "seasons": {"grid": "rows"},
        "pyramid": {"pyramid": "rows", "stock": "pile", "draw pile": "pile"},
        "solitaire": {"tableau": "columns", "stock": "pile", "draw pile": "pile"},
        "eight-off": {"tableau": "columns", "reserve": "rows"}}[key]


def down_count(line: str) -> int:
    m = re.fullmatch(r"(\d+) cards face down", line)
    assert m, line
    return int(m.group(1))


@pytest.mark.parametrize("key, players", LAYOUT_GAMES)
@pytest.mark.parametrize("seed", [0, 1, 2, 7, 41, 999_999])
def test_deal_prints_the_table_as_laid_out(capsys, key, players, seed):
    check_table(capsys, key, players, seed)


# (capsys is read empty before each example, and each run reads all it printed)
@settings(max_examples=20, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(game=st.sampled_from(LAYOUT_GAMES), seed=st.integers(0, 2**32))
def test_any_seed_prints_the_whole_table(capsys, game, seed):
    capsys.readouterr()
    check_table(capsys, *game, seed)


# ---- the layout as the rulebook deals it ------------------------------------------

def laid(key: str) -> list[list[str | None]]:
    """The field of a layout game dealt from the deck in card order (first first)."""
    cards = deck_for(key)
    size = sum(LAYOUTS[key].sizes)
    field = lay_out(LAYOUTS[key], cards[:size], cards[size:])[0]
    return [[p.shown for p in line] for line in field.lines]


def test_pyramid_rows_are_dealt_one_after_another():
    # ch. 36, 7127: 1 card in the first row, 2 in the second, and so on to 6 rows
    codes = [c.code for c in deck_for("pyramid")]
    starts = [0, 1, 3, 6, 10, 15]
    assert laid("pyramid") == [codes[s:s + n] for s, n in zip(starts, range(1, 7))]


def test_solitaire_stacks_are_dealt_in_passes_with_the_top_card_up():
    # ch. 37, 7251-7273: a card to each of the 6 stacks, then to each but the first,
    # and so on; each stack's top card is turned up
    codes = [c.code for c in deck_for("solitaire")]
    order, stacks = iter(codes), [[] for _ in range(6)]
    for first in range(6):
        for stack in stacks[first:]:
            stack.append(next(order))
    assert laid("solitaire") == [[None] * (len(s) - 1) + s[-1:] for s in stacks]


def test_eight_off_columns_are_dealt_a_row_of_eight_at_a_time():
    # ch. 38, 7447-7451: rows of 8 across the 8 stacks until each holds 6
    codes = [c.code for c in deck_for("eight-off")]
    assert laid("eight-off") == [codes[c:48:8] for c in range(8)]


def test_seasons_grid_is_all_face_down():
    assert laid("seasons") == [[None] * 12] * 4


def test_every_layout_holds_its_games_field():
    # the catalog's deal sizes and the layouts agree, for every player count
    for key, spec in LAYOUTS.items():
        for players, d in get_game(key).deals.items():
            assert sum(spec.sizes) == d.field, (key, players)


def test_the_deal_keeps_its_flat_zones():
    # field and stock still list every card, as for every game (the layout is added)
    dealt = deal_game("eight-off", seed=3)
    assert len(dealt.field) == 48 and len(dealt.stock) == 4
    table = [p.card for part in dealt.layout for line in part.lines for p in line
             if p.card is not None]
    assert sorted(table) == sorted([*dealt.field, *dealt.stock])
    assert Counter(part.name for part in dealt.layout) == {"tableau": 1, "reserve": 1}
    assert "layout" in dealt.to_dict() and "layout" not in deal_game("koikoi", seed=3).to_dict()


# ---- the other games, and errors -------------------------------------------------

@pytest.mark.parametrize("argv", [["poka"], ["hana-rumi"], ["kingo", "--players", "4"],
                                  ["koikoi"], ["hachihachi"]])
def test_other_games_keep_their_field_and_stock(capsys, argv):
    status, out, err = run(capsys, "deal", *argv, "--seed", "3")
    assert status == 0 and err == ""
    found = sections(out)
    assert "Field" in found and found["Stock"][0].endswith("cards")
    assert "##" not in out and "[face down]" not in out
    assert "layout" not in run_json(capsys, "deal", *argv, "--seed", "3")


@pytest.mark.parametrize("argv, needles", [
    (["deal", "pyramd"], ["unknown game 'pyramd'", "did you mean: pyramid"]),
    (["deal", "pyramid", "--seed", "-1"], ["a seed is a whole number", "not -1"]),
    (["deal", "pyramid", "--players", "2"], ["Pyramid", "not 2"]),
    (["deal", "seasons", "--players", "3"], ["Seasons", "1, 2, 4"]),
    (["deal", "solitaire", "--jokers", "2"], ["Solitaire", "no Jokers", "not 2"]),
    (["deal", "eight-off", "--players", "0"], ["Eight Off", "not 0"]),
])
def test_layout_errors_are_one_clear_line(capsys, argv, needles):
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert err.startswith("hanafuda: error: ") and err.count("\n") == 1, err
    for needle in needles:
        assert needle in err


def test_card_titles_name_one_card_each():
    # (the check that no face-down card is named relies on it)
    titles = [c.title for c in (*Card, *Extra)]
    assert len(titles) == len(set(titles))
    assert len(CARD_INFO) == 48
