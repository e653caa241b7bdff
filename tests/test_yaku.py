"""Yaku tables as data: BOOK ch. 12, D002 and D003 charts and BOOK's house rules."""

import random

import pytest

from hanafuda_core.games.koikoi import get_rules
from hanafuda_core.scoring import score_cards
from hanafuda_core.yaku import _SAKE


def hits(cards, preset="book", field=None, **options):
    r = score_cards(cards, preset, options, field=field)
    return {line.key: line.points for line in r.lines}


def test_book_koikoi_brights_one_of():
    assert hits("1a 3a 8a 11a 12a") == {"five_brights": 10}
    assert hits("1a 3a 8a 12a") == {"four_dry_brights": 8}
    assert hits("1a 3a 8a 11a") == {"four_brights": 7}
    assert hits("1a 3a 11a") == {}                    # Rainman: not 3 Dry Brights
    assert hits("1a 3a 12a") == {"three_dry_brights": 5}


def test_book_koikoi_views_each_of():
    assert hits("3a 8a 9a") == {"flower_viewing": 5, "moon_viewing": 5}
    assert hits("3a 8a 9a", views="off") == {}


def test_book_koikoi_ribbons_one_of_with_extras():
    assert hits("1b 2b 3b") == {"poetry_ribbons": 5}
    assert hits("1b 2b 3b 11c") == {"poetry_ribbons": 6}   # any extra ribbon, Rain too
    assert hits("1b 2b 3b 6b 9b 10b 4b") == {"poetry_and_purple": 11}
    assert hits("4b 5b 7b 11c 1b") == {}                  # the Rain ribbon is not Dry
    assert hits("4b 5b 7b 1b 6b 10b") == {"five_dry_ribbons": 2}


def test_the_willow_ribbon_is_an_extra_of_every_book_ribbon_yaku_or_of_none():
    """One reading for every Ribbon yaku: the Willow Ribbon never makes the five Dry
    Ribbons, but once a Ribbon yaku is made it adds +1 to each ('extra', our reading);
    with willow_ribbon='never' it adds to none of them."""
    five_dry = "4b 5b 7b 1b 6b"
    assert hits(five_dry) == {"five_dry_ribbons": 1}
    assert hits(five_dry + " 11c") == {"five_dry_ribbons": 2}
    assert hits(five_dry + " 11c", willow_ribbon="never") == {"five_dry_ribbons": 1}
    assert hits("1b 2b 3b 11c", willow_ribbon="never") == {"poetry_ribbons": 5}
    assert hits("6b 9b 10b 11c", willow_ribbon="never") == {"purple_ribbons": 5}
    assert hits("1b 2b 3b 6b 9b 10b 11c") == {"poetry_and_purple": 11}
    assert hits("1b 2b 3b 6b 9b 10b 11c", willow_ribbon="never") == {"poetry_and_purple": 10}
    assert hits("4b 5b 7b 11c 1b", willow_ribbon="extra") == {}    # never one of the five
    alt = dict(yaku_chart="book-alternative")
    assert hits("1b 2b 3b 6b 9b 11c", **alt) == {"poetry_ribbons": 5, "five_dry_ribbons": 2}
    assert hits("1b 2b 3b 6b 9b 11c", willow_ribbon="never", **alt)["five_dry_ribbons"] == 1
    # the same reading as the rulebook's Hachi-Hachi, where the Rain ribbon is an extra
    from hanafuda_core.cards import CardSet
    from hanafuda_core.games.hachihachi import YAKU_TABLES, yaku_values
    seven = "1b 2b 3b 4b 5b 6b 7b"
    assert yaku_values(YAKU_TABLES["book"], CardSet.parse(seven + " 11c"))[
        "seven_ribbons"] == yaku_values(YAKU_TABLES["book"], CardSet.parse(seven))[
        "seven_ribbons"] + 10


@pytest.mark.parametrize("preset", ["d002", "d003"])
def test_the_other_charts_count_every_ribbon_in_any_5_ribbons(preset):
    assert hits("4b 5b 7b 11c 1b", preset) == {"five_ribbons": 1}
    assert hits("4b 5b 7b 11c 1b", preset, willow_ribbon="never") == {"five_ribbons": 1}


def test_book_koikoi_other_and_chaff_yaku():
    assert hits("7a 10a 6a 2a") == {"boar_deer_butterfly": 6}
    assert hits("2a 4a 5a 8b 9a") == {"five_tens": 1}
    chaffs = "1c 1d 2c 2d 3c 3d 4c 4d 5c 5d 6c"
    assert hits(chaffs) == {"ten_chaffs": 2}


def test_book_koikoi_alternative_charts_each_of():
    assert hits("1b 2b 3b 6b 9b 10b 4b", yaku_chart="book-alternative") == {
        "poetry_ribbons": 5, "purple_ribbons": 5, "five_dry_ribbons": 3}
    assert hits("7a 10a 6a 2a 4a", yaku_chart="book-alternative") == {
        "boar_deer_butterfly": 5, "five_tens": 1}


def test_d002_chart_counts_akatan_and_aotan_separately():
    assert hits("1b 2b 3b 6b 9b 10b", "d002") == {"poetry_ribbons": 6, "purple_ribbons": 6,
                                                   "five_ribbons": 2}


def test_d003_2_sake_counts_as_ten_and_chaff_at_once():
    assert hits("9a 1c 1d 2c 2d 3c 3d 4c 4d 5c", "d003") == {"ten_chaffs": 1}
    assert hits("9a 1c 1d 2c 2d 3c 3d 4c 4d 5c 2a 4a 5a 6a", "d003") == {
        "ten_chaffs": 1, "five_tens": 1}


def test_book_koikoi_sake_variants():
    nine = "1c 1d 2c 2d 3c 3d 4c 4d 5c"
    assert hits(f"9a {nine}") == {}
    assert hits(f"9a {nine}", sake="ten_or_chaff") == {"ten_chaffs": 1}
    assert hits(f"9a 2a 4a 5a 6a {nine}", sake="ten_or_chaff") == {"five_tens": 1}
    assert hits(f"9a 2a 4a 5a 6a {nine}", sake="ten_and_chaff") == {"five_tens": 1,
                                                                    "ten_chaffs": 1}
    r = score_cards(f"9a {nine}", options={"sake": "ten_or_chaff"})
    assert r.sake_role == "Chaff"


def test_book_koikoi_special_chaffs_count_twice():
    assert hits("11d 12b 1c 1d 2c 2d 3c 3d") == {}
    assert hits("11d 12b 1c 1d 2c 2d 3c 3d", special_chaffs=True) == {"ten_chaffs": 1}
    assert hits("9a 11d 12b 1c 1d 2c 2d", special_chaffs=True) == {"ten_chaffs": 1}


def test_book_koikoi_rain_and_fog_needs_the_field():
    assert hits("3a 9a", rain_and_fog=True) == {"flower_viewing": 5}
    assert hits("3a 9a", field="11d", rain_and_fog=True) == {}
    assert hits("8a 9a", field="12c", rain_and_fog=True) == {}
    assert hits("8a 9a", field="11d", rain_and_fog=True) == {"moon_viewing": 5}
    r = score_cards("3a 9a", options={"rain_and_fog": True}, field="11d")
    assert any("Rain & Fog" in note for note in r.notes)


def test_book_koikoi_views_with_friends():
    assert hits("3a 9a", views="with_friends") == {}
    assert hits("3a 9a 1b 2b 3b", views="with_friends") == {"flower_viewing": 5,
                                                            "poetry_ribbons": 5}


def test_book_koikoi_count_all_and_only_one_yaku():
    pile = "1a 3a 8a 12a 1b 2b 3b 4b 5b"
    assert hits(pile, yaku_limit="all") == {
        "four_dry_brights": 8, "four_brights": 7, "three_dry_brights": 5,
        "five_dry_ribbons": 1, "poetry_ribbons": 7}
    assert hits(pile, yaku_limit="only_one") == {"four_dry_brights": 8}


def test_report_json_names_cards_points_and_total():
    d = score_cards("1b 2b 3b 4b").to_dict()
    assert d["yaku"][0]["name"] == "3 Poetry Ribbons" and d["yaku"][0]["points"] == 6
    assert d["yaku"][0]["cards"] == ["1b", "2b", "3b", "4b"] and d["total"] == 6
    assert d["yaku"][0]["extra_cards"] == ["4b"]
    assert "BOOK" in d["yaku"][0]["source"]


@pytest.mark.parametrize("preset,options", [("book", {}), ("d002", {}), ("d003", {}),
                                            ("book", {"views": "with_friends"}),
                                            ("book", {"yaku_limit": "only_one"}),
                                            ("book", {"special_chaffs": True})])
def test_generated_evaluator_equals_the_rule_interpreter(preset, options):
    table = get_rules(preset, **options).yaku
    rng = random.Random(7)
    for _ in range(3000):
        m = sum(1 << c for c in rng.sample(range(48), rng.randrange(0, 30)))
        for fn, (_, compiled) in zip(table._fns, table._compiled):
            assert fn(m, 0) == table._run(compiled, m, 0)


def _tables():
    """Every yaku table the games play: Koi-Koi's presets and option mixes, Hachi-Hachi's."""
    from hanafuda_core.games.hachihachi import get_rules as hachihachi_rules
    out = [get_rules(p).yaku for p in ("book", "d002", "d002-toppa", "d003")]
    out += [get_rules("book", rain_and_fog=True, views=v).yaku
            for v in ("on", "with_friends")]
    out += [get_rules("d002", sake=s).yaku for s in ("two_chaffs", "ten_or_two_chaffs")]
    out += [hachihachi_rules(p).yaku for p in ("book", "d001", "d002", "d004")]
    return out


def test_quick_is_the_best_sake_role_of_the_rule_interpreter_with_field_cards():
    # quick (the generated functions, packed results, the Sake roles, the field's
    # cancelling cards) gives what the plain interpreter gives, pile by pile
    rng = random.Random(11)
    for table in _tables():
        for _ in range(600):
            m = sum(1 << c for c in rng.sample(range(48), rng.randrange(0, 30)))
            fm = sum(1 << c for c in rng.sample(range(48), rng.randrange(0, 9))) & ~m
            want = max((table._run(compiled, m, fm) for _, compiled in table._compiled),
                       key=lambda r: r[0]) if m & _SAKE else \
                table._run(table._compiled[0][1], m, fm)
            assert table.quick(m, fm) == want


def _every_game_table() -> list[tuple[str, str]]:
    """(game, preset) of every playable rule set that scores yaku."""
    from hanafuda_core import get_game
    from hanafuda_core.registry import entry, playable_keys
    return [(k, p) for k in playable_keys() for p in entry(k).presets()
            if get_game(k, p).rules.yaku is not None]


@pytest.mark.parametrize("key,preset", _every_game_table())
def test_every_games_generated_evaluators_equal_the_rule_interpreter(key, preset):
    # each game's yaku chart, compiled to straight-line code (the packed form too, with
    # Tensho's yaku worth 0), gives what the plain interpreter gives, role by role; and
    # the evaluation the engine calls (a result looked up by the pile's key, for a big
    # chart) gives the best role's result, pile after pile, on the first call and later
    from hanafuda_core import get_game
    table = get_game(key, preset).rules.yaku
    cards = list(range(48)) + [c for c, _ in table.chaff_weights if c >= 48]
    rng = random.Random(5)
    piles = []
    for _ in range(1500):
        m = sum(1 << c for c in rng.sample(cards, rng.randrange(0, 30)))
        fm = sum(1 << c for c in rng.sample(range(48), rng.randrange(0, 9))) & ~m
        piles.append((m, fm))
        for fn, (_, compiled) in zip(table._fns, table._compiled):
            assert fn(m, fm) == table._run(compiled, m, fm)
    for m, fm in piles + piles:
        runs = [table._run(compiled, m, fm) for _, compiled in table._compiled]
        want = max(runs, key=lambda r: r[0]) if m & table._dual else runs[0]
        assert table._base_evaluator(m, fm) == want


def test_score_pile_gives_the_points_total_and_report_of_score_cards():
    from hanafuda_core.cards import CardSet
    from hanafuda_core.scoring import score_pile
    rules = get_rules("book")
    rng = random.Random(2)
    for _ in range(300):
        cards = CardSet(rng.sample(range(48), rng.randrange(0, 20)))
        calls = rng.randrange(0, 3)
        s = score_pile(rules, cards.mask, 0, calls)
        report = score_cards(cards, calls=calls)
        assert (s.points, s.total) == (report.subtotal, report.total)
        assert s.report.to_dict() == report.to_dict()
        assert s.report is s.report                 # built once, then kept


@pytest.mark.parametrize("mask", [-1, True, 1 << 48, 1 << 60, 2.0, "1a"])
def test_score_pile_refuses_what_is_not_a_pile(mask):
    from hanafuda_core.errors import UnknownCardError
    from hanafuda_core.scoring import score_pile
    with pytest.raises(UnknownCardError, match="a pile is a mask of the 48 card bits"):
        score_pile(get_rules("book"), mask)
