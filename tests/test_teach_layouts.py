"""The teaching layer's displays built from a game's data (hanafuda_core.teach.layouts), on
games other than Hachi-Hachi (whose chapter data is tested in tests/games/
test_hachihachi_tables.py)."""

import pytest

from hanafuda_core import get_game, teach
from hanafuda_core.errors import HanafudaError


def test_hand_combinations_of_six_hundred_are_its_table_with_pictures():
    game = get_game("six_hundred")
    table = game.rules.teyaku
    rows = teach.hand_combination_rows(game, japanese=True)
    assert [r["Combination"] for r in rows] == [r.name for r in table.rules]
    assert [r["Value"] for r in rows] == [teach.amount_text(game, r.value) for r in table.rules]
    markup = teach.hand_combinations_html(game, pictured=[r.key for r in table.rules])
    assert markup.count("hanafuda-layout") == len(table.rules)
    assert "<table" in markup


def test_a_game_without_hand_combinations_is_refused():
    with pytest.raises(HanafudaError, match="no hand combinations"):
        teach.hand_combination_rows("koikoi")


def test_yaku_of_every_koikoi_preset_with_their_cards():
    game = get_game("koikoi")
    for preset in teach.presets(game):
        rows = teach.preset_yaku_rows(game, preset)
        assert len(rows) == len(teach.preset_game(game, preset).rules.yaku.rules)
    blocks = teach.preset_blocks_html(game, lambda p: f"<i>{p}</i>")
    assert blocks.count("<details") == len(teach.presets(game))
    assert blocks.count(" open>") == 1
    markup = teach.yaku_cards_html(game)
    assert markup.count("<tr>") == len(game.rules.yaku.rules) + 1


def test_the_deal_picture_of_koikoi_is_the_seeded_deal():
    game = get_game("koikoi")
    zones = game.new_round(seed=5, players=2).zones()
    markup = teach.deal_html(game, 5, 2)
    assert markup.count('class="hanafuda-card"') == len(zones["field"]) + 2 * len(zones["hand 0"])


def test_a_worked_example_needs_the_games_data():
    with pytest.raises(HanafudaError, match="names no worked examples"):
        teach.worked_example_html("koikoi", "BK17-3")
