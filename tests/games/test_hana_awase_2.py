"""The rulebook's Hana-Awase 2 (ch. 7): its worked example (as a pile and as a played
round), the yaku chart (the Bright group pays its best yaku, the Ribbon and Chaff groups
every yaku), the first yaku ending the round and charged to each other player, the par
of 88, the quads-only misdeal and the options (Bankrupt, Misery Loves Company,
Worthless Chaff)."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanafuda_core import get_game
from hanafuda_core.cards import DECK, Card, CardSet, Kind
from hanafuda_core.deal import MisdealRules
from hanafuda_core.engines.capture import Phase, apply, fast_random_round, game_over, setup_state
from hanafuda_core.errors import OptionError
from hanafuda_core.games.hana_awase_2 import (
    BANKRUPT_START,
    EXAMPLE_PILES,
    FIRST_GAME_SEED,
    MISERY_AMOUNT,
    MISERY_AT_MOST,
    OPTIONS,
    PAR,
    PRESETS,
    YAKU,
    YAKU_GROUPS,
    chapter_facts,
    get_rules,
)
from hanafuda_core.play import random_round
from hanafuda_core.play_adapters import capture_totals

RULES = get_rules()
TABLE = RULES.yaku
DECK_MASK = CardSet.deck().mask


def score(cards: str | CardSet, preset: str = "book", **options: object) -> dict:
    pile = CardSet.parse(cards) if isinstance(cards, str) else cards
    return get_game("hana-awase-2", preset=preset, **options).score(list(pile)).to_dict()


def hits(cards: str) -> dict[str, int]:
    return {y["key"]: y["points"] for y in score(cards)["yaku"] if y["counted"]}


def _counts(pile: CardSet) -> tuple[int, int, int, int]:
    return tuple(sum(1 for c in pile if c.kind is k) for k in
                 (Kind.BRIGHT, Kind.TEN, Kind.RIBBON, Kind.CHAFF))  # type: ignore[return-value]


def test_book_hana_awase_2_example_1():
    """BK07-1 (lines 1077-1095, figure 7.4): A took 3 Brights, 3 Ribbons and 4 Chaffs
    (79, base -9), B 1 Bright, 4 Tens, 1 Ribbon and 2 Chaffs (67, base -21), C 3 Tens,
    2 Ribbons and 5 Chaffs (45, base -43). A's 3 Poetry Ribbons (40) ended the round:
    A scores -9 + 40 = 31, B -21 - 40 = -61, C -43 - 40 = -83, and A wins. Every printed
    figure is right."""
    piles = [CardSet.parse(p) for p in EXAMPLE_PILES]
    assert [_counts(p) for p in piles] == [(3, 0, 3, 4), (1, 4, 1, 2), (0, 3, 2, 5)]
    assert not piles[0].mask & piles[1].mask and not piles[1].mask & piles[2].mask \
        and not piles[0].mask & piles[2].mask
    scores = RULES.overlay.side_scores(tuple(p.mask for p in piles))
    assert [s.card_points for s in scores] == [79, 67, 45]
    assert [s.card_points - s.par for s in scores] == [-9, -21, -43]
    assert [s.total for s in scores] == [31, -61, -83]
    assert [TABLE.points(p.mask) for p in piles] == [40, 0, 0]
    assert hits(EXAMPLE_PILES[0]) == {"poetry_ribbons": 40}
    data = score(EXAMPLE_PILES[0])
    assert (data["card_points"], data["par"], data["total"]) == (79, 88, 31)


def test_book_hana_awase_2_example_1_played():
    """The same round played: A's last turn takes the Cherry Ribbon with the Cherry
    Chaff, making the Poetry Ribbons; the round ends on that turn with A the winner and
    the book's three totals, the cards still out belonging to nobody."""
    a, b, c = EXAMPLE_PILES
    before_a = CardSet.parse(a).mask & ~CardSet.parse("3b 3c").mask
    state = setup_state(RULES, ["3b 12c", "12d", "11a"], field="3c", stock="11d 11b",
                        captures=[before_a, b, c])
    end = apply(state, "play 3b")
    assert end.phase == Phase.ROUND_OVER
    assert end.result.winner == 0 and end.result.reason == "yaku"
    assert end.result.points == (31, -61, -83)
    assert end.captures(0) == CardSet.parse(a)
    assert end.hand(1) == CardSet.parse("12d") and end.stock_size == 1
    report = end.result.report
    assert report.player == 0 and "first yaku" in report.title


def test_the_yaku_chart_is_the_chapters():
    assert [(r.key, r.points, r.group) for r in YAKU] == [
        ("five_brights", 100, "brights"), ("four_dry_brights", 60, "brights"),
        ("seven_dry_ribbons", 60, "ribbons"), ("purple_ribbons", 40, "ribbons"),
        ("poetry_ribbons", 40, "ribbons"), ("fourteen_chaffs", 60, "chaffs")]
    assert [(g.key, g.mode) for g in YAKU_GROUPS] == [
        ("brights", "one_of"), ("ribbons", "each"), ("chaffs", "each")]


def test_the_bright_group_pays_only_its_best_yaku():
    assert hits("1a 3a 8a 11a 12a") == {"five_brights": 100}
    assert hits("1a 3a 8a 12a") == {"four_dry_brights": 60}
    assert hits("1a 3a 8a 11a") == {}                          # the Rainman is wet


def test_the_ribbon_group_pays_every_yaku_and_seven_ribbons_must_be_dry():
    both = "1b 2b 3b 6b 9b 10b"
    assert hits(both) == {"poetry_ribbons": 40, "purple_ribbons": 40}
    assert hits(both + " 4b") == {"poetry_ribbons": 40, "purple_ribbons": 40,
                                  "seven_dry_ribbons": 60}
    assert hits("4b 5b 7b 1b 2b 6b 11c") == {}                  # the Willow Ribbon is wet


def test_fourteen_chaffs_count_the_storm_and_the_special_paulownia_not_the_sake_cup():
    thirteen = "1c 1d 2c 2d 3c 3d 4c 4d 5c 5d 6c 6d 7c"
    assert hits(thirteen) == {}
    assert hits(thirteen + " 9a") == {}                          # the Sake Cup is a Ten
    assert hits(thirteen + " 11d") == {"fourteen_chaffs": 60}
    assert hits(thirteen + " 12b") == {"fourteen_chaffs": 60}
    assert hits(thirteen + " 7d 8c 8d") == {"fourteen_chaffs": 60}   # no extra points


_RIBBONS_DRY = CardSet([c for c in DECK if c.kind is Kind.RIBBON and c.month != 11]).mask
_CHAFFS = CardSet([c for c in DECK if c.kind is Kind.CHAFF]).mask


def _expected_yaku(mask: int) -> int:
    def has(cards: str) -> bool:
        return CardSet.parse(cards).mask & ~mask == 0
    total = 100 if has("1a 3a 8a 11a 12a") else 60 if has("1a 3a 8a 12a") else 0
    total += 40 * has("1b 2b 3b") + 40 * has("6b 9b 10b")
    total += 60 * ((mask & _RIBBONS_DRY).bit_count() >= 7)
    total += 60 * ((mask & _CHAFFS).bit_count() >= 14)
    return total


@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(0, 2))
def test_one_maker_gains_the_yaku_and_each_other_player_loses_it(rng, maker):
    """Three disjoint piles of which only ``maker``'s makes yaku: the maker scores
    (cards - 88) + Y, each other (cards - 88) - Y."""
    deck = list(DECK)
    rng.shuffle(deck)
    piles = [0, 0, 0]
    for card in deck:
        seat = rng.randrange(4)
        if seat == 3:
            continue                                    # still out
        trial = piles[seat] | 1 << card
        if seat != maker and _expected_yaku(trial):
            continue
        piles[seat] = trial
    y = _expected_yaku(piles[maker])
    cards = [CardSet.from_mask(m).value() for m in piles]
    points = [s.total for s in RULES.overlay.side_scores(tuple(piles))]
    assert points == [c - PAR + (y if s == maker else -y) for s, c in enumerate(cards)]


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6))
def test_a_round_ends_on_the_first_yaku_or_plays_out_with_card_points_only(seed):
    end = random_round(get_game("hana-awase-2"), seed).inner
    res = end.result
    piles = end.caps_m
    cards = [CardSet.from_mask(m).value() for m in piles]
    yaku = [TABLE.points(m) for m in piles]
    makers = [s for s in range(3) if yaku[s]]
    if makers:                  # the maker's turn ended it: the maker wins
        (m,) = makers
        assert res.reason == "yaku" and res.winner == m == end.player
        assert list(res.points) == [c - PAR + (yaku[m] if s == m else -yaku[m])
                                    for s, c in enumerate(cards)]
    else:                       # played out: every card taken, the best base score wins
        assert end.field_m == 0 and end.stock_size == 0 and not any(end.hands_m)
        assert list(res.points) == [c - PAR for c in cards]
        assert sum(res.points) == sum(cards) - 264 == 0
        best = max(res.points)
        assert res.winner == (res.points.index(best) if res.points.count(best) == 1
                              else None)


def test_a_yaku_in_the_very_last_turn_is_a_yaku_end():
    """The last card of the stock completes the Purple Ribbons: a yaku end all the same
    (maker +Y, the others -Y), not a played-out round."""
    state = setup_state(RULES, ["5c", "", ""], field="10c", stock="10b",
                        captures=["6b 9b", "1a", "2a"])       # a Bright, a Ten
    end = apply(state, "play 5c")
    assert end.result.reason == "yaku" and end.result.winner == 0
    assert end.result.points == (5 + 5 + 5 + 1 - 88 + 40, 20 - 88 - 40, 10 - 88 - 40)


def test_the_chapters_first_game_shows_a_yaku_stopping_the_round_early():
    """The chapter's first game and worked round use FIRST_GAME_SEED: the first yaku must
    end that round while cards are still in the hands and the stock."""
    from hanafuda_core.teach.worked import first_game, worked_round
    game = get_game("hana-awase-2")
    result = worked_round(game, FIRST_GAME_SEED).result
    assert result.reason == "yaku"
    end = first_game(game, FIRST_GAME_SEED).moment("end").text
    assert "the first yaku, which ends the round at once" in end
    left = re.search(r"(\d+) cards? left in the hands, (\d+) in the stock", end)
    assert left is not None and int(left[1]) > 0 and int(left[2]) > 0


def test_only_quads_are_misdeals_and_the_deal_is_seven_and_six():
    assert RULES.misdeal == MisdealRules(True, True, False)
    assert RULES.deals == {3: (7, 6)} and get_game("hana-awase-2").players == (3, 3)
    game = get_game("hana-awase-2")
    for seed in range(20):
        zones = game.new_round(seed=seed).zones()
        assert [len(zones[f"hand {p}"]) for p in range(3)] == [7, 7, 7]
        assert (len(zones["field"]), len(zones["stock"])) == (6, 21)
        for where in ("field", "hand 0", "hand 1", "hand 2"):
            months = [Card(c).month for c in zones[where]]
            assert max(months.count(m) for m in set(months)) < 4, (seed, where)


def test_the_presets_and_the_rounds():
    assert set(PRESETS) == {"book", "book-6", "book-bankrupt"}
    assert [get_rules(p).rounds for p in ("book", "book-6", "book-bankrupt")] == [12, 6, 12]
    with pytest.raises(OptionError, match="1, 2, 3"):
        get_rules(rounds=13)
    assert all(o.source is not None and o.source.lines for o in OPTIONS.values())


def test_worthless_chaff_scores_chaffs_at_nothing_and_keeps_the_par():
    pile = "1a 1c 1d 2c 2d 3c 3d 4c 4d 5c 5d 6c 6d 7c 7d"        # a Bright, 14 Chaffs
    plain, free = score(pile), score(pile, worthless_chaff=True)
    assert (plain["card_points"], plain["par"], plain["yaku_points"]) == (34, 88, 60)
    assert (free["card_points"], free["par"], free["yaku_points"]) == (20, 88, 60)
    assert free["total"] == 20 - 88 + 60


def _misery(points: list[int], cards: list[int]) -> list[int]:
    """Misery Loves Company (line 1147) read independently: each player whose captured
    card points are 15 or less gains 40 and every other player loses 40."""
    out = list(points)
    for s, c in enumerate(cards):
        if c <= MISERY_AT_MOST:
            out = [v + (MISERY_AMOUNT if t == s else -MISERY_AMOUNT) for t, v in enumerate(out)]
    return out


def test_misery_loves_company_pays_a_poor_pile_40_from_each_other_player():
    """A ends the round with the Poetry Ribbons; C captured 11 points (15 or less): on
    top of the scores C gains 40 and A and B each lose 40. The round's winner is still
    the yaku's maker."""
    opt = OPTIONS["misery"]
    assert opt.implemented and opt.source is not None and opt.source.lines == "1147"
    rules = get_rules(misery=True)
    state = setup_state(rules, ["3b 12c", "12d", "11a"], field="3c", stock="11d 11b",
                        captures=["1a 3a 8a 1b 2b 3d", "12a 2a 4a 5a 6a 4b 4c 4d",
                                  "7b 5c 5d 7c 7d 9c 10c"])
    end = apply(state, "play 3b")
    cards = [CardSet.from_mask(m).value() for m in end.caps_m]
    assert cards[2] <= MISERY_AT_MOST < min(cards[:2])
    plain = [c - PAR + (40 if s == 0 else -40) for s, c in enumerate(cards)]
    assert list(end.result.points) == _misery(plain, cards) == [
        plain[0] - 40, plain[1] - 40, plain[2] + 40]
    assert end.result.winner == 0
    assert any("Misery" in n or "15 points or less" in n for n in end.result.report.notes)


@pytest.mark.parametrize("seed", range(6))
def test_bankrupt_starts_at_200_and_ends_the_game_at_0_or_less(seed):
    """Bankrupt (line 1145): everyone starts with 200; the game ends after the round in
    which a total falls to 0 or less, or after the agreed rounds; the most points wins."""
    game = get_game("hana-awase-2", preset="book-bankrupt")
    assert (game.rules.start_points, game.rules.floor_score) == (BANKRUPT_START, 0)
    record = game.play(["greedy", "random", "random"], seed=seed)
    totals = [BANKRUPT_START] * 3
    for i, rr in enumerate(record.rounds, start=1):
        assert rr.context["scores"] == totals
        totals = [t + p for t, p in zip(totals, rr.outcome["points"])]
        last = i == len(record.rounds)
        assert (min(totals) <= 0 or i == 12) == last, (i, totals)
    assert list(capture_totals(record)) == totals
    best = max(totals)
    if totals.count(best) == 1:
        assert record.summary["winner"] == totals.index(best)


@settings(max_examples=20, deadline=None)
@given(rounds=st.sampled_from((1, 6, 12)), bankrupt=st.booleans(),
       worthless=st.booleans(), misery=st.booleans(), seed=st.integers(0, 10**6))
def test_every_option_set_builds_and_plays_a_round_by_its_rules(rounds, bankrupt, worthless,
                                                                misery, seed):
    rules = get_rules(rounds=rounds, bankrupt=bankrupt, worthless_chaff=worthless,
                      misery=misery)
    assert rules.rounds == rounds and rules.round_end == "first_yaku"
    assert rules.start_points == (BANKRUPT_START if bankrupt else 0)
    assert rules.floor_score == (0 if bankrupt else None)
    assert rules.overlay.values == (20, 10, 5, 0 if worthless else 1)
    end = fast_random_round(rules, random.Random(seed),
                            scores=(rules.start_points,) * 3)
    chaff = 0 if worthless else 1
    cards = [CardSet.from_mask(m).value() - (1 - chaff) * (m & _CHAFFS).bit_count()
             for m in end.caps_m]
    yaku = [TABLE.points(m) for m in end.caps_m]
    y = sum(yaku)
    points = [c - PAR + (2 * v - y) for c, v in zip(cards, yaku)]
    assert list(end.result.points) == (_misery(points, cards) if misery else points)
    totals = [rules.start_points + p for p in end.result.points]
    assert game_over(end) == (rounds == 1 or (bankrupt and min(totals) <= 0))


def test_the_chapter_facts_are_the_rules_numbers():
    f = chapter_facts()
    assert (f["hb_deck"], f["hb_par"], f["hb_hand"], f["hb_field"], f["hb_stock"]) == \
        (264, 88, 7, 6, 21)
    assert [f[f"hb_ex_{w}_total"] for w in "abc"] == [31, -61, -83]
    assert [f[f"hb_ex_{w}_cards"] for w in "abc"] == [79, 67, 45]
    assert f["hb_ex_yaku"] == 40 and f["hb_pts_fourteen_chaffs"] == 60
