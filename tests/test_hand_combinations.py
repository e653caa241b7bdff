"""The hand-combination trainer (hanafuda_core.teach.hand_combinations) and its view, for
every game whose data scores combinations in the dealt hand: Hachi-Hachi's teyaku (moved
here from the old Hachi-Hachi controller and widget tests) and Six
Hundred's hand combinations (A11)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanafuda_core import get_game
from hanafuda_core.cards import CardSet
from hanafuda_core.deal import deal
from hanafuda_core.errors import HanafudaError
from hanafuda_core.games.catalog import deck_for
from hanafuda_core.games.hachihachi import get_rules
from hanafuda_core.registry import playable_keys
from hanafuda_core.teach.hand_combinations import (
    NONE,
    HandCombinationTrainer,
    combination_label,
    hand_table,
    has_hand_combinations,
    why_not,
)

#: The games with hand combinations (read from the registry: a new one joins the tests).
GAMES = [k for k in playable_keys() if has_hand_combinations(k)]


def game_hand(key, seed):
    """The first hand of a seeded deal of ``key`` at the trainer's table."""
    trainer = HandCombinationTrainer(key, seed=seed)
    info = get_game(key).info
    sizes = {n: (d.hand, d.field) for n, d in info.deals.items()}
    return deal(trainer.players, seed, sizes=sizes,
                deck=[c for c in deck_for(info) if hasattr(c, "month")]).hands[0]


def first_seed(predicate, key="hachihachi", preset=None, start=1):
    """The first seed whose trainer hand satisfies ``predicate(result, hand)``."""
    table = hand_table(get_game(key, preset=preset))
    for seed in range(start, start + 5000):
        hand = HandCombinationTrainer(key, seed=seed, preset=preset).hand
        if predicate(table.evaluate(hand), hand):
            return seed
    raise AssertionError("no such hand in 5000 seeds")


def pairs(hand):
    return [m for m, n in hand.months().items() if n == 2]


def test_the_games_with_hand_combinations():
    assert {"hachihachi", "six-hundred"} <= set(GAMES)
    assert "koikoi" not in GAMES
    with pytest.raises(HanafudaError, match="no combinations in the dealt hand"):
        HandCombinationTrainer("koikoi")


# -- every game with hand combinations -------------------------------------------------

@pytest.mark.parametrize("key", GAMES)
def test_trainer_hand_is_the_first_hand_of_the_games_own_deal(key):
    trainer = HandCombinationTrainer(key, seed=5)
    info = get_game(key).info
    assert len(trainer.hand) == info.deals[trainer.players].hand and trainer.seed == 5
    assert trainer.hand == game_hand(key, 5)


def test_hachihachi_hand_is_the_first_hand_of_a_seeded_three_player_deal():
    trainer = HandCombinationTrainer("hachihachi", seed=5)
    assert trainer.hand == deal(3, 5).hands[0]
    assert len(trainer.hand) == 7 and trainer.seed == 5


@pytest.mark.parametrize("key", GAMES)
def test_trainer_right_pick_is_correct_and_counts(key):
    seed = first_seed(lambda r, h: len(r.hits) == 1, key)
    trainer = HandCombinationTrainer(key, seed=seed)
    [hit] = trainer.result().hits
    fb = trainer.check([hit.rule.key])
    assert fb.correct and fb.answer == (hit.rule.key,)
    assert fb.headline == f"Right: {hit.rule.name}."
    shown = list(hit.shown)
    if len(shown) > 1:
        names = ", ".join(f"the {c.title}" for c in shown[:-1])
        assert any(names in line and f"and the {shown[-1].title}." in line for line in fb.lines)
    assert trainer.score_line().startswith("Right first time: 1 of 1")


def test_hachihachi_three_pairs_right_pick_names_the_cards_and_its_value():
    seed = first_seed(lambda r, h: [x.rule.key for x in r.hits] == ["three_pairs"])
    trainer = HandCombinationTrainer("hachihachi", seed=seed)
    fb = trainer.check(["three_pairs"])
    assert fb.correct and fb.answer == ("three_pairs",)
    hit = trainer.result().find("three_pairs")
    names = ", ".join(f"the {c.title}" for c in list(hit.shown)[:-1])
    assert any(names in line and f"and the {list(hit.shown)[-1].title}." in line
               and "40 points" in line for line in fb.lines)
    assert trainer.score_line().startswith("Right first time: 1 of 1")


def test_book_three_pairs_wrong_pick_names_the_pattern_it_needs():
    """BOOK ch. 17: 3 Pairs needs three months of two cards; a hand with two pairs gets told so."""
    seed = first_seed(lambda r, h: not r.hits and len(pairs(h)) == 2)
    trainer = HandCombinationTrainer("hachihachi", seed=seed)
    fb = trainer.check(["three_pairs"])
    assert not fb.correct and fb.answer == (NONE,)
    assert any(line.startswith("3 Pairs needs three months with two cards each; this hand "
                               "has two") for line in fb.lines)
    assert "streak 0" in trainer.score_line()


def test_six_hundred_wrong_triple_pick_says_what_it_needs():
    """Six Hundred (A11): Any 3 of a Kind needs a month with exactly three cards."""
    seed = first_seed(lambda r, h: not r.hits, "six-hundred")
    trainer = HandCombinationTrainer("six-hundred", seed=seed)
    fb = trainer.check(["one_triple"])
    assert not fb.correct and fb.answer == (NONE,)
    assert any(line.startswith("Any 3 of a Kind needs a month with exactly three cards; "
                               "this hand has none") for line in fb.lines)
    fb = trainer.check(["all_chaffs"])
    assert any(line.startswith("All Chaffs needs all 8 cards to be Chaffs; this hand has ")
               for line in fb.lines)


def test_trainer_wrong_chaff_pick_counts_the_kinds_with_november_as_chaff():
    hand = CardSet.parse("3b 3d 7c 9a 9c 11a 11d")
    table = get_rules("book").teyaku
    text = why_not(table, table.rule("one_bright"), hand)
    # The Rainman (11a) counts as a Chaff for the chaff combinations.
    assert text == ("1 Bright & 6 Chaffs needs 1 Bright and 6 Chaffs; this hand has no Brights, "
                    "1 Ten, 1 Ribbon and 5 Chaffs (November cards count as Chaffs here).")


def test_trainer_smaller_combination_of_the_same_family_is_explained():
    seed = first_seed(lambda r, h: r.best("suit") is not None
                      and r.best("suit").rule.key == "greater" and r.find("three"))
    trainer = HandCombinationTrainer("hachihachi", seed=seed)
    fb = trainer.check(["three"])
    assert not fb.correct
    assert any("only one suit combination may be claimed" in line for line in fb.lines)


@pytest.mark.parametrize("key", GAMES)
def test_trainer_only_hands_with_a_combination_deals_on(key):
    seed = first_seed(lambda r, h: not r.hits, key)
    trainer = HandCombinationTrainer(key, seed=seed, only_with_combo=True)
    assert trainer.seed > seed and trainer.result().hits
    assert trainer.hand == game_hand(key, trainer.seed)


@pytest.mark.parametrize("key", GAMES)
def test_trainer_next_hand_moves_the_seed_and_resets_the_verdict(key):
    trainer = HandCombinationTrainer(key, seed=5)
    trainer.check([NONE])
    trainer.next_hand()
    assert trainer.seed == 6 and trainer.feedback is None
    assert trainer.hand == game_hand(key, 6)


@pytest.mark.parametrize("key", GAMES)
def test_trainer_checks_once_per_hand_for_the_score(key):
    seed = first_seed(lambda r, h: bool(r.hits), key)
    trainer = HandCombinationTrainer(key, seed=seed)
    wrong = trainer.check([NONE])
    right = trainer.check(list(wrong.answer))
    assert not wrong.correct and right.correct
    assert trainer.score_line().startswith("Right first time: 0 of 1")


@pytest.mark.parametrize("key", GAMES)
def test_trainer_bad_answers_are_refused_and_nothing_changes(key):
    trainer = HandCombinationTrainer(key, seed=5)
    some = trainer.table.rules[0].key
    with pytest.raises(HanafudaError, match="pick at least one"):
        trainer.check([])
    with pytest.raises(HanafudaError, match="cannot be picked together"):
        trainer.check([NONE, some])
    with pytest.raises(HanafudaError, match="not a hand combination"):
        trainer.check(["koikoi"])
    with pytest.raises(HanafudaError, match="seed must be"):
        trainer.deal(-1)
    with pytest.raises(HanafudaError, match="unknown .* rules 'nope'"):
        trainer.set_preset("nope")
    assert trainer.score_line() == "No hand checked yet." and trainer.seed == 5


def test_trainer_tradition_sets_the_choices_and_the_unit():
    trainer = HandCombinationTrainer("hachihachi", seed=5, preset="d002")
    keys = [k for _, k in trainer.choices()]
    assert "greater" not in keys and keys[-1] == NONE        # D002 folds greater into +X
    labels = dict((k, label) for label, k in trainer.choices())
    assert labels["three_pairs"].endswith("4 kan")
    trainer.set_preset("d004")
    assert dict((k, label) for label, k in trainer.choices())["three_pairs"].endswith("4/-")


def test_six_hundred_labels_are_in_points():
    g = get_game("six-hundred")
    rule = hand_table(g).rule("all_chaffs")
    assert combination_label(g, rule) == f"All Chaffs · {rule.value} points"


# -- the view --------------------------------------------------------------------------

def card_codes(html: str) -> list[str]:
    return re.findall(r'<svg[^>]*class="hanafuda-card"[^>]*data-card="([^"]+)"', html)


@pytest.mark.widgets
def test_trainer_view_shows_the_seeded_hand_and_judges_a_right_pick():
    from hanafuda_core.widgets.generic import HandCombinationView
    seed = first_seed(lambda r, h: [x.rule.key for x in r.hits] == ["three_pairs"])
    view = HandCombinationView(HandCombinationTrainer("hachihachi", seed=seed))
    assert card_codes(view.hand_html.value) == [c.code for c in deal(3, seed).hands[0]]
    view.pick("three_pairs")
    view.check_button.click()
    assert 'data-correct="true"' in view.feedback.value and "Right: 3 Pairs" in view.feedback.value
    assert "Right first time: 1 of 1" in view.score.value
    assert 'data-highlight="true"' in view.hand_html.value      # the shown cards are outlined
    assert "hanafuda-focus-next" in view.next_button._dom_classes


@pytest.mark.widgets
@pytest.mark.parametrize("key", GAMES)
def test_trainer_view_wrong_pick_explains_the_needed_pattern(key):
    from hanafuda_core.widgets.generic import hand_combination_view
    seed = first_seed(lambda r, h: not r.hits, key)
    view = hand_combination_view(key, seed=seed)
    rule = next(r for r in view.controller.table.rules if r.group == "suit")
    view.pick(rule.key)
    view.check_button.click()
    assert 'data-correct="false"' in view.feedback.value
    assert f"{rule.name} needs " in view.feedback.value.replace("&amp;", "&")


@pytest.mark.widgets
def test_trainer_view_four_of_a_kind_needs_all_four_cards():
    from hanafuda_core.widgets.generic import hand_combination_view
    seed = first_seed(lambda r, h: not r.hits)
    view = hand_combination_view("hachihachi", seed=seed)
    view.pick("four")
    view.check_button.click()
    assert "4 of a Kind needs all four cards of a month" in view.feedback.value


@pytest.mark.widgets
@pytest.mark.parametrize("key", GAMES)
def test_trainer_view_check_without_a_pick_shows_a_notice(key):
    from hanafuda_core.widgets.generic import hand_combination_view
    view = hand_combination_view(key)
    view.check_button.click()
    assert "hanafuda-notice" in view.feedback.value and "Pick at least one" in view.feedback.value
    assert "Traceback" not in view.feedback.value


@pytest.mark.widgets
def test_trainer_view_next_hand_and_tradition():
    from hanafuda_core.widgets.generic import HandCombinationView
    view = HandCombinationView(HandCombinationTrainer("hachihachi", seed=5))
    view.pick(NONE)
    view.next_button.click()
    assert view.seed.value == 6 and view.feedback.value == "" and not view.picked()
    view.preset.value = "d001"
    assert view.checkboxes["three_pairs"].description.endswith("4 kan")
    view.seed.value = -2
    view.deal_button.click()
    assert "seed must be" in view.message.value and view.controller.seed == 6


@pytest.mark.widgets
@pytest.mark.parametrize("key", GAMES)
def test_every_trainer_control_is_named(key):
    from hanafuda_core.widgets.generic import hand_combination_view
    view = hand_combination_view(key)
    for control in (view.preset, view.seed, view.only_combo, *view.checkboxes.values()):
        assert control.description
    for button in (view.deal_button, view.next_button, view.check_button):
        assert button.description and button.tooltip


_EVENTS = st.lists(st.tuples(st.sampled_from(["pick", "check", "next", "deal", "seed",
                                              "preset", "only"]),
                             st.integers(-3, 40)), max_size=12)


@pytest.mark.widgets
@pytest.mark.parametrize("key", GAMES)
@settings(max_examples=8, deadline=None)
@given(events=_EVENTS)
def test_random_trainer_events_never_show_a_traceback(key, events):
    """Any sequence of clicks, ticks and typed values: a notice at most, never a
    traceback, and the hand shown is always the controller's."""
    from hanafuda_core.widgets.generic import hand_combination_view
    view = hand_combination_view(key)
    boxes = list(view.checkboxes)
    presets = [p for _l, p in view.controller.preset_choices()]
    for event, n in events:
        if event == "pick":
            view.pick(boxes[n % len(boxes)])
        elif event == "check":
            view.check_button.click()
        elif event == "next":
            view.next_button.click()
        elif event == "deal":
            view.deal_button.click()
        elif event == "seed":
            view.seed.value = n
        elif event == "preset":
            view.preset.value = presets[n % len(presets)]
        else:
            view.only_combo.value = n % 2 == 0
        shown = view.message.value + view.feedback.value
        assert "Traceback" not in shown
        assert f'data-hand="{view.controller.hand.format()}"' in view.hand_html.value
