"""B4: lead doubling (Higo-Bana's 100/50 Lead Final Score and 100/50 Lead Card Value,
BOOK 2461-2473, 2507): the round winner's score doubles when it leads every opponent by
the lead or more ("at least": >=), on the round scores or on the card values."""

import pytest

from hanafuda_core.cards import CardSet
from hanafuda_core.deal import MisdealRules
from hanafuda_core.engines.capture import CaptureRules, setup_state
from hanafuda_core.errors import OptionError
from hanafuda_core.families.capture.adjustments import LeadDoubles, RoundContext, apply_all
from hanafuda_core.families.capture.settlement import CardValueSettlement

# The rulebook's example BK14-1: scores -60 / 25 / -20, card values 90 / 75 / 80; B wins.
BOOK = RoundContext(scores=(-60, 25, -20), card_points=(90, 75, 80), piles=(0, 0, 0),
                    yaku=(frozenset(),) * 3, dealer=0)


@pytest.mark.parametrize("lead, on", [(100, "score"), (50, "score"), (100, "cards"),
                                      (50, "cards")])
def test_book_higo_bana_example_1_no_lead_doubles(lead, on):
    # B leads A by 85 and C by 45 on the scores; B's cards lead nobody
    adjusted = LeadDoubles(lead, on).apply(BOOK.scores, 1, BOOK)
    assert adjusted.points == BOOK.scores and "the scores stand" in adjusted.note


def test_at_least_the_lead_doubles_the_winner_only():
    ctx = RoundContext(scores=(150, 100, 50), card_points=(150, 100, 50), piles=(0, 0, 0),
                       yaku=(frozenset(),) * 3, dealer=0)
    assert LeadDoubles(50).apply(ctx.scores, 0, ctx).points == (300, 100, 50)    # 50: >=
    assert LeadDoubles(51).apply(ctx.scores, 0, ctx).points == (150, 100, 50)
    assert LeadDoubles(50, "cards").apply(ctx.scores, 0, ctx).points == (300, 100, 50)
    assert LeadDoubles(50).apply(ctx.scores, None, ctx).points == ctx.scores


def test_partners_are_not_opponents_and_share_the_doubling():
    ctx = RoundContext(scores=(120, 0, 120, 0), card_points=(0,) * 4, piles=(0,) * 4,
                       yaku=(frozenset(),) * 4, dealer=0)
    lead = LeadDoubles(100, partners=(0, 1, 0, 1))
    assert lead.apply(ctx.scores, 0, ctx).points == (240, 0, 240, 0)
    assert LeadDoubles(100).apply(ctx.scores, 0, ctx).points == ctx.scores


def test_names_and_bad_values():
    assert [LeadDoubles(x, on).name for x, on in ((100, "score"), (50, "cards"))] == \
        ["100 Lead Final Score", "50 Lead Card Value"]
    with pytest.raises(OptionError, match="score or cards"):
        LeadDoubles(100, "yaku")
    with pytest.raises(OptionError, match="whole number"):
        LeadDoubles(-5)


def test_the_settlement_reports_the_doubling():
    overlay = CardValueSettlement(adjustments=(LeadDoubles(50),))
    rules = CaptureRules(players=3, deals={3: (7, 6)}, misdeal=MisdealRules(True, False, False),
                         overlay=overlay)
    s = setup_state(rules, ["", "", ""], captures=["1a 3a 8a 11a", "1c", "2c"])
    res = overlay.settle_draw(s)
    value = overlay.card_points(CardSet.parse("1a 3a 8a 11a").mask)
    assert res.points == (2 * value, 1, 1) and res.winner == 0
    assert any(n.startswith("50 Lead Final Score: player 1's score leads") for n in
               res.report.notes)
    assert apply_all((LeadDoubles(50),), BOOK, 1)[0] == BOOK.scores
