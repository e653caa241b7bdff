"""The scoring at the table, the overview's length and the lesson plan under every playable
capture game's options, not only its presets.

Rule sets are drawn from each game's option table with a fixed seed (a few options at a
time, each with a value it allows; a combination the rules refuse is skipped), plus the
options that change who scores or when a game ends. For each: the procedure, the overview
and the lesson plan build; no count reads "1 rounds" or "(s)"; the last scoring steps say
who scores as the engine settles random rounds (only the winner, the losers paying, every
player, zero-sum or not), with a step for every round variation the rules apply; and the
length says how the engine ends a game (its rounds, a target, a floor).
"""

from __future__ import annotations

import random
import re
from functools import cache
from typing import Any

import pytest

from hanafuda_core import get_game
from hanafuda_core.engines.capture import doubled_yaku
from hanafuda_core.errors import HanafudaError, OptionError
from hanafuda_core.families.capture.ranking import game_ends
from hanafuda_core.play import Game, random_round
from hanafuda_core.play_adapters import game_end_words
from hanafuda_core.registry import playable_keys
from hanafuda_core.teach import kit
from hanafuda_core.teach.charts import hand_rows
from hanafuda_core.teach.facts import (
    deal_rows,
    game_length,
    length_text,
    overview_rows,
    presets,
)
from hanafuda_core.teach.pages import (
    SHARED_STEPS,
    adjustment_sentence,
    reader_problems,
    scoring_procedure,
    scoring_steps,
    settle_sentences,
)

CAPTURE = [k for k in playable_keys() if get_game(k).info.family == "capture"]

#: Random rule sets per game, and random rounds settled under each.
SETS_PER_GAME = 12
ROUNDS = 4

#: The options that change who scores a round or when a game ends, each set on purpose.
CHOSEN: tuple[tuple[str, str | None, dict[str, Any]], ...] = (
    ("matching-flowers", None, {"winner_takes_all": True}),
    ("matching-flowers", None, {"low_man_out": True}),
    ("matching-flowers", None, {"rain": True}),
    ("matching-flowers", None, {"low_man_out": True, "rain": True, "winner_takes_all": True}),
    ("hana-awase-1", None, {"winner_takes_all": True}),
    ("hana-awase-1", None, {"winner_takes_all": True, "dealer_tie": True}),
    ("min-hwatu", None, {"winner_takes_all": True}),
    ("min-hwatu", "book-3", {"winner_takes_all": True}),
    ("six-hundred", None, {"scoring_canceled": True}),
    ("hana-awase-2", None, {"misery": True}),
    ("hana-awase-2", None, {"bankrupt": True}),
    ("koikoi", None, {"winner_scores_all": True}),
    ("koikoi", None, {"dealers_delight": True}),
    ("koikoi", None, {"dealers_delight": True, "settlement": "losers_pay"}),
    ("koikoi", None, {"target_score": 50}),
    ("koikoi", None, {"rounds": 1}),
    ("koikoi", "d002", {"players": 3}),
    ("koikoi", "d002", {"players": 4}),
    ("oni-koikoi", None, {"yaku_limit": "only_one"}),
    ("oni-koikoi", None, {"winner_scores_all": True, "dealers_delight": True}),
    ("mushi", None, {"first_to_50": True}),
    ("higo-bana", None, {"first_to": 200}),
    ("higo-bana", None, {"lead_bonus": "score_100"}),
    ("higo-bana", None, {"lead_bonus": "cards_50", "players": 4, "teams": "2v2"}),
    ("go-stop", None, {}),
    ("go-stop", "matgo-no-jokers", {}),
)


def _random_sets(key: str) -> list[tuple[str, dict[str, Any]]]:
    """``SETS_PER_GAME`` rule sets of ``key`` (preset, options) the rules accept, drawn with
    a seed of the game's own: one to five options, each with a value it allows."""
    rng = random.Random(f"scoring-text:{key}")
    options = get_game(key).settable_options
    names = sorted(options)
    out: list[tuple[str, dict[str, Any]]] = []
    for _ in range(SETS_PER_GAME * 10):
        if len(out) == SETS_PER_GAME:
            break
        preset = rng.choice(sorted(presets(key)))
        chosen = rng.sample(names, k=min(len(names), rng.randint(1, 5)))
        values = {k: rng.choice(tuple(options[k].allowed)) for k in chosen}
        try:
            get_game(key, preset, **values)
        except (OptionError, HanafudaError):
            continue                    # a combination the rules refuse
        out.append((preset, values))
    return out


RULE_SETS = [(key, preset, values) for key in CAPTURE for preset, values in _random_sets(key)]
RULE_SETS += [(key, preset or get_game(key).preset, values) for key, preset, values in CHOSEN]


def _id(case: tuple[str, str, dict[str, Any]]) -> str:
    key, preset, values = case
    return f"{key}[{preset}]" + "".join(f"-{k}={v}" for k, v in sorted(values.items()))


@cache
def _game(key: str, preset: str, items: tuple[tuple[str, Any], ...]) -> Game:
    return get_game(key, preset, **dict(items))


def game_of(case: tuple[str, str, dict[str, Any]]) -> Game:
    key, preset, values = case
    return _game(key, preset, tuple(sorted(values.items())))


@cache
def _results(case_id: str, game: Game) -> list[Any]:
    return [random_round(game, seed).result() for seed in range(ROUNDS)]


def results(case: tuple[str, str, dict[str, Any]]) -> list[Any]:
    """The outcomes of ``ROUNDS`` random rounds under the rule set (seeded)."""
    return _results(_id(case), game_of(case))


def _nonzero(points: tuple[int, ...]) -> set[int]:
    return {s for s, p in enumerate(points) if p}


def _no_bad_counts(text: str) -> None:
    assert not re.search(r"\b1 (?:rounds|deals|players|cards|points)\b", text), text
    assert "(s)" not in text, text


# ---------------------------------------------------------------------------
# Every rule set: the pages build, read as a person reads them, and count in words


@pytest.mark.parametrize("case", RULE_SETS, ids=_id)
def test_the_procedure_overview_and_lesson_plan_build_under_the_rules(case):
    g = game_of(case)
    procedure = scoring_procedure(g)
    overview = {str(r[""]): str(r["At a glance"]) for r in overview_rows(g)}
    lesson = kit.lesson_plan(g)
    markup = kit.lesson_plan_html(g)
    assert procedure and lesson.scoring == tuple(procedure)
    texts = [*procedure, *overview.values(), *lesson.objectives, *lesson.prepare,
             *lesson.watch, *(how for _, _, how in lesson.plan)]
    for text in texts:
        _no_bad_counts(text)
        assert reader_problems(text) == [], text
    _no_bad_counts(markup)
    # the lesson deals the table it seats, as the rules deal it
    seats = lesson.players
    hand, field = (g.rules.deals[seats] if isinstance(getattr(g.rules, "deals", None), dict)
                   and seats in g.rules.deals else next(
                       (r["Each hand"], r["Field"]) for r in deal_rows(g)
                       if r["Players"] == seats))
    assert f"for {seats} players: {hand} cards to each hand, {field} face up" in \
        lesson.objectives[0]


@pytest.mark.parametrize("case", RULE_SETS, ids=_id)
def test_the_length_says_how_the_engine_ends_a_game(case):
    """The overview's length (and the lesson plan's) is the engine's end of a game: after
    its rounds, or sooner when a total reaches a target or falls to a floor."""
    g = game_of(case)
    rules = g.rules
    length = game_length(g)
    text = {str(r[""]): str(r["At a glance"]) for r in overview_rows(g)}["Length"]
    assert text == length_text(g)
    ends = game_end_words(rules, g.round_word)
    start = getattr(rules, "start_points", None) or 0
    if ends and getattr(rules, "floor_score", None) is not None and start:
        ends += f" (every player starts with {start})"      # (a floor below the start)
    if hasattr(rules, "rounds"):         # (the capture rules: the engine's own game end)
        assert length == rules.rounds
        begin = (start,) * rules.players

        def over(totals: tuple[int, ...], after: int) -> bool:
            return game_ends(totals, after, rounds=rules.rounds,
                             target=rules.target_score, floor=rules.floor_score)
        if length is not None:
            assert not over(begin, length - 1) and over(begin, length)
        else:
            assert not over(begin, 1000)            # (no round ends it: a target does)
        if rules.target_score is not None:
            assert over((rules.target_score, *begin[1:]), 1)
            assert f"reaches {rules.target_score}" in text or length == 1
        if rules.floor_score is not None:
            assert over((rules.floor_score, *begin[1:]), 1)
            assert f"falls to {rules.floor_score}" in text or length == 1
    if length == 1:
        assert text == f"1 {g.round_word[:-1]}"
    elif length and ends:
        assert text == f"{length} {g.round_word}, or until {ends}"
    elif length:
        assert text == f"{length} {g.round_word}"
    else:
        assert text == (f"until {ends}" if ends else
                        f"as many {g.round_word} as the table agrees")
    watch = " ".join(kit.lesson_plan(g).watch)
    assert (text in watch) or (length == 1 and f"single {g.round_word[:-1]}" in watch)


# ---------------------------------------------------------------------------
# Who scores: the settle steps against the engine's rounds


@pytest.mark.parametrize("case", RULE_SETS, ids=_id)
def test_the_settle_steps_say_who_scores_as_the_engine_settles(case):
    g = game_of(case)
    overlay = getattr(g.rules, "overlay", None)
    adjustments = tuple(getattr(overlay, "adjustments", ()) or ())
    settle = settle_sentences(g)
    steps = scoring_steps(g)
    assert [s for k, s in steps if k == "settle"] == settle
    who = settle[0]
    outcomes = results(case)
    sums = [sum(r.points) + sum(r.accounts.values()) for r in outcomes]
    # every variation the rules apply to the counted scores has a step of its own
    for adj in adjustments:
        sentence = adjustment_sentence(adj)
        assert sentence in settle and sentence == f"{adj.name}: {adj.rule}."
    takes_all = bool(adjustments) and type(adjustments[-1]).__name__ == "WinnerTakesAll"
    assert ("add up to zero" in who) == g.adapter.zero_sum(g)
    if g.adapter.zero_sum(g):
        assert all(s == 0 for s in sums), sums
    elif who.startswith("The losers pay you"):
        # the losers pay the winner: the round's points only move between the players
        assert all(s == 0 for s in sums), sums
        for r in outcomes:
            if r.winner is not None and r.reason == "stop":
                assert r.points[r.winner] >= 0
    elif "score nothing" in who:
        dealer_paid = any("the dealer scores" in s for s in settle)
        for r in outcomes:
            if r.winner is not None:
                assert _nonzero(r.points) <= {r.winner}, (r.points, r.winner)
            elif not dealer_paid:
                assert not _nonzero(r.points), r.points
            else:
                assert len(_nonzero(r.points)) <= 1
    else:
        assert who.startswith("Every player scores"), who
        if takes_all:
            for r in outcomes:
                if r.winner is not None:
                    assert _nonzero(r.points) <= {r.winner}, (r.points, r.winner)
        elif not adjustments and not hand_rows(g):
            # every player scores their own pile, as the rules score it (the yaku the
            # others made taken off where they are transferred)
            # (partners share a pile and its score; a yaku declared at the deal
            # doubles; Tensho may set a round's own chart)
            for seed, r in enumerate(outcomes):
                state = random_round(g, seed).state
                sides = state.rules.overlay.side_scores(    # (the round's own chart)
                    state.caps_m, state.field_m, doubled_yaku(state))
                assert r.points == tuple(sides[g.rules.side(p)].total
                                         for p in range(g.rules.players))
    # the other steps of the procedure stay in the shared order, the game's own placed
    for key, _ in steps:
        assert key == "own" or key in SHARED_STEPS


@pytest.mark.parametrize(("key", "options"), [
    ("matching-flowers", {"winner_takes_all": True}),
    ("hana-awase-1", {"winner_takes_all": True}),
    ("min-hwatu", {"winner_takes_all": True}),
])
def test_winner_takes_all_gives_the_round_to_its_winner_and_the_text_says_so(key, options):
    g = get_game(key, **options)
    plain = get_game(key)
    settle = settle_sentences(g)
    assert any(s.startswith("Winner Takes All: the round's winner") for s in settle)
    assert not any("Winner Takes All" in s for s in settle_sentences(plain))
    # the same deal, played the same way: the winner scores the whole table's sum
    for seed in range(6):
        with_all, without = random_round(g, seed).result(), random_round(plain, seed).result()
        if with_all.winner is not None and without.winner is not None:
            assert with_all.points[with_all.winner] == sum(without.points)
            assert _nonzero(with_all.points) <= {with_all.winner}


def test_go_stop_says_the_losers_pay_the_stop_caller():
    g = get_game("go-stop")
    settle = settle_sentences(g)
    assert settle[0].startswith("The losers pay you")
    assert not any("score nothing" in s for s in settle)
    paid = [r for r in results(("go-stop", g.preset, {})) if r.winner is not None]
    seeds = iter(range(ROUNDS, 200))
    while not any(sum(1 for p in r.points if p < 0) for r in paid):
        paid.append(random_round(g, next(seeds)).result())
    assert any(sum(r.points) == 0 and min(r.points) < 0 for r in paid)


@pytest.mark.parametrize("options", [{}, {"settlement": "losers_pay"}, {"players": 3},
                                     {"players": 4}])
def test_dealers_delight_is_told_with_what_the_engine_gives_the_dealer(options):
    preset = "d002" if "players" in options else None
    g = get_game("koikoi", preset, dealers_delight=True, **options)
    plain = get_game("koikoi", preset, **options)
    delight = [s for s in settle_sentences(g) if "nobody having made a yaku" in s]
    assert len(delight) == 1 and delight[0].startswith("Dealer's Delight: ")
    assert not any("nobody having made a yaku" in s for s in settle_sentences(plain))
    # A round nobody made a yaku in is rare in play (ten Chaffs come to someone), so it
    # is the engine's own settlement of such a round: every deal, settled with no Stop.
    for seed in range(5):
        state = g.new_round(seed=seed).state
        assert not any(state.yaku_pts)
        result = g.rules.overlay.settle_draw(state)
        assert result.reason == "dealers_delight"
        dealer, points = state.dealer, result.points
        assert plain.rules.overlay.settle_draw(state).points == (0,) * len(points)
        if g.adapter.zero_sum(g):
            (amount,) = {-p for p in points if p < 0}
            assert f"each opponent pays the dealer {amount}." in delight[0]
            assert sum(points) == 0 and points[dealer] > 0
        else:
            assert f"the dealer scores {points[dealer]} and" in delight[0]
            assert _nonzero(points) == {dealer}


def test_winner_scores_all_yaku_is_part_of_adding_up():
    for key in ("koikoi", "oni-koikoi"):
        steps = dict(scoring_steps(get_game(key, winner_scores_all=True)))
        assert "every yaku your opponents made" in steps["add_up"]
        assert "opponents" not in dict(scoring_steps(get_game(key)))["add_up"]


# ---------------------------------------------------------------------------
# A game's own step beside a shared step an option removes


def test_a_step_beside_a_shared_step_the_options_remove_goes_beside_the_nearest(monkeypatch):
    g = get_game("oni-koikoi", yaku_limit="only_one")
    module = g.adapter.module
    monkeypatch.setattr(module, "SCORING_STEPS", (), raising=False)
    shared = scoring_steps(g)
    keys = [k for k, _ in shared]
    assert "each" not in keys and "best" not in keys and "only_one" in keys
    monkeypatch.setattr(module, "SCORING_STEPS", (("after", "each", "After each."),
                                                  ("before", "best", "Before best.")),
                        raising=False)
    steps = scoring_steps(g)
    texts = [s for _, s in steps]
    after, before = texts.index("After each."), texts.index("Before best.")
    # "each" follows "only_one" in the shared order; "best" comes before "per_extra"
    assert steps[after - 1][0] == "only_one"
    assert steps[before + 1][0] == "per_extra"
    assert [s for s in steps if s[0] != "own"] == shared
    # a key that is no shared step at all is still refused
    monkeypatch.setattr(module, "SCORING_STEPS", (("after", "no_such_step", "X."),),
                        raising=False)
    with pytest.raises(HanafudaError, match="settle"):
        scoring_steps(g)


@pytest.mark.parametrize("case", RULE_SETS, ids=_id)
def test_every_own_step_of_the_game_is_in_its_procedure(case):
    from hanafuda_core.teach.facts import game_data
    g = game_of(case)
    texts = scoring_procedure(g)
    for own in game_data(g, "SCORING_STEPS", ()):
        text = own[2] if isinstance(own, tuple) else own
        assert (text(g.rules) if callable(text) else text) in texts


# ---------------------------------------------------------------------------
# The deal of the table the rules seat


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_japanese_publishers_koikoi_deals_and_teaches_every_table_it_seats(players):
    g = get_game("koikoi", "d002", players=players)
    rows = {r["Players"]: r for r in deal_rows(g)}
    assert set(rows) == {2, 3, 4}
    hand, field = g.rules.deals[players]
    assert (rows[players]["Each hand"], rows[players]["Field"]) == (hand, field)
    assert rows[players]["Stock"] == len(g.deck(players)) - players * hand - field
    overview = {r[""]: r["At a glance"] for r in overview_rows(g)}
    assert overview["Players"] == "2-4"
    lesson = kit.lesson_plan(g)
    assert lesson.players == players
    assert (f"deal Koi-Koi for {players} players: {hand} cards to each hand, {field} face "
            f"up to the field") in lesson.objectives[0]
    assert "Scoring at the table" in kit.lesson_plan_html(g)


def test_toppa_deals_its_own_hands_in_the_overview():
    g = get_game("koikoi", "d002-toppa")
    (row,) = deal_rows(g)
    assert (row["Each hand"], row["Field"]) == g.rules.deals[2] == (10, 8)
