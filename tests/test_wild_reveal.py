"""The wild card's reveal (``WildRules.reveal``), on its own: wild from the hand only if
its holder showed it at the deal (a declaration, A1), otherwise a card of its month like
any other; turned up from the stock it keeps its power whoever held it.

The rules here are a plain capture game whose Storm is wild as in Mushi, but only when
shown (a rule no game has: the engine's code is the same for Oni Koi-Koi's Phoenix).
"""

from dataclasses import replace

import pytest

from hanafuda_core.cards import CardSet, parse_cards
from hanafuda_core.coach import Coach
from hanafuda_core.engines.capture import (
    MUSHI_WILD,
    PASS,
    Capture,
    CaptureRules,
    Declare,
    Phase,
    ShowCards,
    apply,
    deal_from_order,
    legal_actions,
    play_options,
    replay,
    view,
    wild_revealed,
)
from hanafuda_core.errors import IllegalActionError, OptionError
from hanafuda_core.players import GreedyPlayer, play_effects

STORM = parse_cards("11d")[0]
SHOWN_STORM = replace(MUSHI_WILD, rule_name="Shown Storm", reveal=True)
RULES = CaptureRules(name="Test", players=2, deals={2: (8, 8)}, wild=SHOWN_STORM,
                     declarations=ShowCards((STORM,)))
#: seat 0 (the dealer) holds the Storm; the field holds the Rainman (November)
HANDS = ("11d 1a 2a 3a 4a 5a 6a 7a", "1b 2b 3b 4b 5b 6b 7b 8a")
FIELD = "8b 9a 10a 12a 11a 8c 9b 10b"
SHOW = Declare("wild", (STORM,))


def _dealt(stock_top=(), hands=HANDS, field=FIELD, rules=RULES):
    head = [int(c) for h in hands for c in parse_cards(h)] + [int(c) for c in parse_cards(field)]
    top = [int(c) for c in parse_cards(" ".join(stock_top))] if stock_top else []
    rest = [c for c in range(48) if c not in set(head) | set(top)]
    return deal_from_order(rules, head + top + rest, 0)


def test_the_holder_may_show_the_wild_before_the_first_play():
    s = _dealt()
    assert s.phase == Phase.DECLARE and s.player == 0
    assert legal_actions(s) == (SHOW, PASS)
    shown = apply(s, "declare wild 11d")
    assert shown.phase == Phase.PLAY and wild_revealed(shown, 0) and not wild_revealed(shown, 1)
    assert not wild_revealed(apply(s, "pass"), 0)


def test_a_shown_wild_uses_its_power_from_the_hand():
    s = apply(apply(_dealt(), "declare wild 11d"), "play 11d")
    assert s.phase == Phase.CHOOSE_HAND_CAPTURE
    # Mushi's power: any field card but one of its own month (the Rainman)
    assert legal_actions(s) == tuple(Capture(c) for c in CardSet("8b 9a 10a 12a 8c 9b 10b"))
    s = apply(s, "capture 12a")
    assert {"12a", "11d"} <= {c.code for c in s.captures(0)}
    assert s.wild_log[0].kind == "hand"


def test_a_wild_not_shown_plays_from_the_hand_as_a_card_of_its_month():
    s = apply(apply(_dealt(), "pass"), "play 11d")
    assert s.phase == Phase.PLAY and s.player == 1
    assert CardSet("11d 11a") <= s.captures(0)
    assert not any(e.kind == "hand" for e in s.wild_log)


def test_a_wild_not_shown_with_nothing_of_its_month_joins_the_field():
    field = "8b 9a 10a 12a 12b 8c 9b 10b"
    s = apply(apply(_dealt(field=field), "pass"), "play 11d")
    # it joined the field, where Mushi's field rule gave it to the card turned up next
    assert [e.kind for e in s.wild_log] == ["field"] and s.wild_log[0].player == 0


def test_the_refusal_under_a_wild_not_shown_is_the_usual_one():
    field = "8b 9a 10a 12a 11a 11b 9b 10b"
    s = apply(apply(_dealt(field=field), "pass"), "play 11d")
    assert legal_actions(s) == (Capture(parse_cards("11a")[0]), Capture(parse_cards("11b")[0]))
    with pytest.raises(IllegalActionError) as err:
        apply(s, "capture 12a")
    assert "wild" not in str(err.value)
    shown = apply(apply(_dealt(field=field), "declare wild 11d"), "play 11d")
    with pytest.raises(IllegalActionError, match="cannot take another November card"):
        apply(shown, "capture 11a")


def test_turned_up_from_the_stock_the_wild_keeps_its_power_shown_or_not():
    hands = ("1a 1c 2a 3a 4a 5a 6a 7a", "1b 2b 3b 4b 5b 6b 7b 8a")
    s = _dealt(stock_top=("11d",), hands=hands)
    assert s.phase == Phase.PLAY          # nobody holds it: nothing to show
    s = apply(s, "play 7a")               # no July card on the field: it stays
    assert s.phase == Phase.CHOOSE_DRAW_CAPTURE and s.pending[0] == STORM
    assert Capture(parse_cards("12a")[0]) in legal_actions(s)


def test_play_options_and_the_players_read_the_reveal():
    fm = CardSet(FIELD).mask
    taken, options = play_options(RULES, fm, fm, STORM, revealed=False)
    assert taken == CardSet("11a").mask and options == 0
    taken, options = play_options(RULES, fm, fm, STORM, revealed=True)
    assert taken == 0 and options == CardSet("8b 9a 10a 12a 8c 9b 10b").mask
    hidden = apply(_dealt(), "pass")
    effects = {a.card: (t, o) for a, t, o in play_effects(view(hidden, 0),
                                                          legal_actions(hidden))}
    assert effects[STORM] == (CardSet("11d 11a"), CardSet())
    shown = apply(_dealt(), "declare wild 11d")
    effects = {a.card: (t, o) for a, t, o in play_effects(view(shown, 0), legal_actions(shown))}
    assert effects[STORM][1] == CardSet("8b 9a 10a 12a 8c 9b 10b")
    import random
    assert GreedyPlayer().choose(view(hidden, 0), legal_actions(hidden), random.Random(0))
    advice = Coach(samples=4, seed=0).advise(view(hidden, 0), legal_actions(hidden))
    assert advice.moves


def test_replay_rebuilds_the_reveal_and_the_wild_play():
    s = _dealt()
    actions = ["declare wild 11d", "play 11d", "capture 12a"]
    end = s
    for a in actions:
        end = apply(end, a)
    again = replay(RULES, end.deal, actions)[-1]
    assert again.captures(0) == end.captures(0) and again.wild_log == end.wild_log


def test_rules_with_a_reveal_need_a_declaration_that_offers_the_wild():
    with pytest.raises(OptionError, match="only if shown at the deal"):
        CaptureRules(wild=SHOWN_STORM)
    with pytest.raises(OptionError, match="declarations that offer it"):
        CaptureRules(wild=SHOWN_STORM, declarations=ShowCards(tuple(parse_cards("1a"))))
    assert SHOWN_STORM.hand_power(False) == "month" and SHOWN_STORM.hand_power(True) == \
        "other_months"
    assert MUSHI_WILD.hand_power(False) == "other_months"      # no reveal rule: always wild
