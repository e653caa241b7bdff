"""Rule text that depends on an option says what the engine does under it.

The scoring at the table (``teach.scoring_steps``) and the option descriptions on the
variants pages are read against the engine: a pile scored, a round settled, the field
multiplier worked out deal after deal, or seeded random rounds played, under each value
of the option and under generated option sets that combine it with others.
"""

from __future__ import annotations

import random
import re
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from random_rules import game_or_skip, option_sets, presets, under_random_rules

from hanafuda_core import get_game
from hanafuda_core.cards import CardSet
from hanafuda_core.families.capture.payments import LoserFacts, WinnerFacts
from hanafuda_core.games import go_stop, hachihachi
from hanafuda_core.games.hachihachi_settle import LIGHT_MULTIPLIERS, FieldQueue
from hanafuda_core.play import Game, random_round
from hanafuda_core.teach import option_rows, scoring_procedure, scoring_steps, value_text, yaku_rows
from hanafuda_core.yaku import YakuTable

#: The games whose rule text these tests cover.
GAMES = ("oni-koikoi", "tensho-simplified", "tensho", "hachi-simplified", "hachi", "go-stop",
         "hachijuu-hana", "min-hwatu", "hachihachi")
#: Games whose yaku limits (best of a group, every yaku, the single best) the shared steps
#: state and the engine's chart decides.
CHART_GAMES = ("oni-koikoi", "tensho-simplified", "tensho", "hachi-simplified", "hachi",
               "min-hwatu")

#: Words a reader should never meet: Python values, option assignments, identifiers, a
#: doubled article.
RAW = re.compile(r"\b(?:True|False|None)\b|\b\w+=\w+|\b[a-z]+_[a-z0-9_]+\b|\b[Tt]he the\b")
ENGINE_WORDS = re.compile(r"\bappl(?:y|ies|ied)\b")


def listed(steps: list[tuple[str, str]], key: str) -> list[str]:
    """The group names a shared step lists after its colon."""
    text = next((t for k, t in steps if k == key), "")
    if ": " not in text:          # "Every yaku on the chart counts.": no group named
        return []
    return [n.strip() for n in text.split(": ", 1)[1].rstrip(".").split(", ")]


def all_made(table: YakuTable, pile: CardSet) -> set[str]:
    """Every yaku the pile makes, with no limit at all (each group counting every yaku)."""
    free = replace(table, limit="all",
                   groups=tuple(replace(g, mode="each") for g in table.groups))
    return {h.rule.key for h in free.evaluate(pile).hits}


def scored(g: Game, pile: CardSet) -> list[str]:
    sheet = g.score(list(pile))
    data = sheet.to_dict() if hasattr(sheet, "to_dict") else dict(sheet)
    return [y["key"] for y in data["yaku"]]


def check_limits(g: Game, pile: CardSet) -> None:
    """The shared steps' "keep only the best of these groups", "every yaku of these
    groups counts" and "keep only your single best yaku" against the yaku the engine
    scores for ``pile``."""
    steps = scoring_steps(g)
    table = g.rules.yaku
    best, each = listed(steps, "best"), listed(steps, "each")
    only_one = any(k == "only_one" for k, _ in steps)
    made, kept = all_made(table, pile), scored(g, pile)
    if only_one:
        assert len(kept) == min(1, len(made)), (g.options, kept)
        return
    names = {gr.key: gr.name for gr in table.groups}
    for group in table.groups:
        ours = [r.key for r in table.rules if r.group == group.key]
        if not ours:
            continue
        in_group = made & set(ours)
        got = [k for k in kept if k in ours]
        if names[group.key] in best:
            assert len(got) == min(1, len(in_group)), (group.name, got, in_group)
        else:
            one_group = len({r.group for r in table.rules}) == 1
            assert names[group.key] in each or (
                one_group and dict(steps).get("each") == "Every yaku on the chart counts."), group
            assert set(got) == in_group, (group.name, got, in_group)


def random_piles(g: Game, seed: int, n: int = 12) -> list[CardSet]:
    deck = [c for c in g.rules.deck]
    rng = random.Random(seed)
    return [CardSet(rng.sample(deck, rng.randrange(6, min(30, len(deck)))))
            for _ in range(n)] + [CardSet(deck)]


# ---------------------------------------------------------------------------
# Oni Koi-Koi: which yaku count follows ``yaku_limit``


@pytest.mark.parametrize("limit", ["groups", "all", "only_one"])
def test_oni_koikoi_says_which_yaku_count_as_the_engine_scores_them(limit):
    g = get_game("oni-koikoi", yaku_limit=limit)
    steps = scoring_procedure(g)          # placed without error under every limit
    text = " ".join(steps)
    brights = CardSet.parse("1a 3a 8a 11a 12a")
    total = g.score(list(brights)).to_dict()["yaku_points"]
    bright_yaku = scored(g, brights)
    if limit == "all":
        assert "Every yaku of these groups counts: Bright yaku" in text
        assert len(bright_yaku) == 4 and total == 39
    else:
        assert len(bright_yaku) == 1 and total == 15
        assert ("Keep only your single best yaku." in steps) == (limit == "only_one")
        assert ("keep only the best yaku you made: Bright yaku" in text) == (limit == "groups")
    # no step of its own says otherwise
    assert not any(k == "own" for k, _ in scoring_steps(g))
    for pile in random_piles(g, 7):
        check_limits(g, pile)


# ---------------------------------------------------------------------------
# Tensho and Tensho (Simplified): yaku inside a larger yaku


@pytest.mark.parametrize("key", ["tensho-simplified", "tensho"])
@pytest.mark.parametrize("yaku_set", ["one", "two"])
@pytest.mark.parametrize("nested", ["all", "largest_only"])
def test_tensho_says_whether_the_yaku_inside_a_larger_one_count(key, yaku_set, nested):
    g = get_game(key, yaku_set=yaku_set, nested_yaku=nested)
    steps = scoring_steps(g)
    own = [t for k, t in steps if k == "own"]
    assert len(own) == 1
    says_all = "all count" in own[0]
    says_larger = "only the larger one counts" in own[0]
    assert says_all != says_larger
    table = g.rules.yaku
    largest = [r for r in table.rules if len(r.cards) == 4 and not r.automatic_win]
    assert largest
    for rule in largest:
        pile = CardSet(rule.cards)
        inside = [r for r in table.rules if r is not rule and r.cards
                  and set(r.cards) <= set(rule.cards) and not r.automatic_win]
        assert inside
        points = g.score(list(pile)).to_dict()["yaku_points"]
        expected = rule.points + (sum(r.points for r in inside) if says_all else 0)
        assert points == expected, (rule.name, points, own[0])
    for pile in random_piles(g, 3):
        check_limits(g, pile)


@pytest.mark.parametrize("key", ["tensho-simplified", "tensho"])
@pytest.mark.parametrize("yaku_set", ["one", "two"])
def test_tensho_groups_are_named_for_readers(key, yaku_set):
    g = get_game(key, yaku_set=yaku_set, nested_yaku="largest_only")
    table = g.rules.yaku
    shown = " ".join(scoring_procedure(g)) + " ".join(str(r["Group"]) for r in yaku_rows(g))
    assert not re.search(r"\d|_", shown), shown
    for group in table.groups:
        members = [r for r in table.rules if r.group == group.key]
        if group.mode == "one_of":
            # the name is the largest yaku's own name (its months as the chart says them)
            largest = max(members, key=lambda r: len(r.cards))
            assert group.name.startswith(largest.name + " "), group.name
            assert ", " not in group.name


# ---------------------------------------------------------------------------
# Hachi and Hachi (Simplified): a Poetry form replaces its plain form, or adds to it


@pytest.mark.parametrize("key", ["hachi-simplified", "hachi"])
@pytest.mark.parametrize("cards", ["top", "any_card"])
@pytest.mark.parametrize("adds", [False, True])
def test_hachi_says_whether_the_poetry_form_adds(key, cards, adds):
    g = get_game(key, yaku_cards=cards, poetry_adds=adds)
    own = [t for k, t in scoring_steps(g) if k == "own"]
    assert len(own) == 1
    both = "both score" in own[0]
    alone = "only the Poetry form scores" in own[0]
    assert both != alone and both == adds
    table = g.rules.yaku
    points_of = {r.key: r.points for r in table.rules}

    def as_the_text_says(pile: CardSet) -> int:
        """Each number-named yaku made: its Poetry form alone, or both forms."""
        made = all_made(table, pile)
        total = 0
        for key in {k.removeprefix("poetry_") for k in made}:
            poetry = f"poetry_{key}"
            if poetry in made and not both:
                total += points_of[poetry]
            else:
                total += sum(points_of[k] for k in (key, poetry) if k in made)
        return total

    for poetry in (r for r in table.rules if r.key.startswith("poetry_")):
        pile = CardSet(poetry.cards)
        assert poetry.key in all_made(table, pile)
        points = g.score(list(pile)).to_dict()["yaku_points"]
        assert points == as_the_text_says(pile), poetry.name
    for pile in random_piles(g, 11, 30):
        assert g.score(list(pile)).to_dict()["yaku_points"] == as_the_text_says(pile)
    if key == "hachi" and cards == "top":     # the brief's pile: 10 + 20 with the option
        pile = CardSet.parse("12a 4a 11a 1b 2b 3b")
        assert g.score(list(pile)).to_dict()["yaku_points"] == (30 if adds else 20)
    for pile in random_piles(g, 5):
        check_limits(g, pile)


# ---------------------------------------------------------------------------
# Go-Stop: the Stop caller's score and what each loser pays, from the rules


def go_stop_text(g: Game) -> tuple[str, str]:
    own = [t for k, t in scoring_steps(g) if k == "own"]
    assert len(own) == 2, own
    return own[0], own[1]


def check_go_stop(g: Game) -> None:
    """Every claim of Go-Stop's two steps against the settlement under ``g``'s rules."""
    score_text, pay_text = go_stop_text(g)
    text = score_text + " " + pay_text
    assert not ENGINE_WORDS.search(text) and not RAW.search(text), text
    sc = g.rules.overlay.scoring
    pay = sc.payments
    # the Go calls
    go = pay.go_table
    one = int(re.search(r"one Go adds (\d+) point", score_text).group(1))
    assert go.apply(10, 1)[0] == 10 + one
    if "by the number of Go calls" in score_text:
        assert all(go.apply(10, n)[0] == 10 * n for n in range(2, 8))
    else:
        two = int(re.search(r"two Go calls add (\d+)", score_text).group(1))
        f = int(re.search(r"by (\d+) for each Go beyond the second", score_text).group(1))
        assert go.apply(10, 2)[0] == 10 + two
        assert all(go.apply(10, n)[0] == 10 * f ** (n - 2) for n in range(3, 8))
    # the doublings of the Stop caller's score
    facts = go_stop.GoStopRound((CardSet.parse("1a 3a 8a").mask,), 0, bombs=2, reveals=1)
    reasons = [why for _, why in sc.winner_facts(sc.table, facts.piles[0], facts).multipliers]
    bombs = reasons.count("bombed the field")
    if g.rules.option_values["bomb"] == "off":
        assert "bomb" not in score_text
    else:
        assert bombs == (2 if "every bomb" in score_text else 1)
    assert ("Double Points Joker" in score_text) == ("double_points" in sc.joker_abilities)
    assert f"{go_stop.SEVEN_TENS} Tens" in score_text
    # each loser's own doublings
    winner = WinnerFacts(0, yaku=5, bright_yaku=True, chaff_yaku=True)
    bright = re.search(r"(doubled|then 2 points more) if they caught no Bright", pay_text)
    assert bright is not None
    no_bright = pay.penalty(10, replace(winner, chaff_yaku=False),
                            LoserFacts(1, brights=0, chaffs=99))[0]
    assert no_bright == (20 if bright.group(1) == "doubled" else 12)
    # the Rain Man alone spares a loser unless the text says otherwise
    rain_only = sc.loser_facts(1, CardSet.parse("11a").mask, go_stop.GoStopRound((0, 0), 0))
    assert (rain_only.brights == 0) == ("other than the Rain Man" in pay_text)
    chaffs = re.search(r"(doubled|then 2 points more) if they have fewer than (\d+) Chaffs",
                       pay_text)
    assert chaffs is not None
    n = int(chaffs.group(2))
    few = replace(winner, bright_yaku=False)
    hit = pay.penalty(10, few, LoserFacts(1, brights=1, chaffs=n - 1))[0]
    assert hit == (20 if chaffs.group(1) == "doubled" else 12)
    assert pay.penalty(10, few, LoserFacts(1, brights=1, chaffs=n))[0] == 10
    # both at once: the doubling first, then any 2 points more
    both = pay.penalty(10, winner, LoserFacts(1, brights=0, chaffs=n - 1))[0]
    modes = (bright.group(1), chaffs.group(1))
    assert both == (40 if modes == ("doubled", "doubled") else 22)
    # who pays for both: only at a table of three
    three = g.rules.players > 2
    assert pay_text.startswith("Each opponent" if three else "Your opponent")
    assert ("pays for both" in pay_text) == three
    if three:
        out = pay.settle(3, WinnerFacts(0, yaku=5), (LoserFacts(1, called_go=True),
                                                     LoserFacts(2)))
        assert dict(out.payers)[2] == 0 and "called Go" in pay_text
        draw = pay.settle(3, WinnerFacts(0, yaku=5), (LoserFacts(1, refused_draw=True),
                                                      LoserFacts(2)))
        assert ("refused a Draw" in pay_text) == g.rules.option_values["draw_requests"]
        if "refused a Draw" in pay_text:
            assert dict(draw.payers)[2] == 0
        handed = pay.settle(3, WinnerFacts(0, yaku=5), (LoserFacts(1, responsible=True),
                                                        LoserFacts(2)))
        assert dict(handed.payers)[2] == 0 and "your winning turn" in pay_text


@pytest.mark.parametrize("options", [
    {}, {"weak_brights": True}, {"more_chaffs": True},
    {"weak_brights": True, "more_chaffs": True, "weak_rain_man": True},
    {"go_table": "higher_stakes", "bomb": "off"}, {"players": 2},
    {"draw_requests": True, "responsibility": "penalty_variant", "bomb_multiplier": "per_bomb"},
    {"joker_abilities": "double_points,deny_losses"}, {"joker_abilities": "no_bright_penalty"},
])
def test_go_stop_steps_follow_the_settlement(options):
    check_go_stop(get_game("go-stop", **options))


def test_go_stop_weak_brights_and_more_chaffs_are_named_as_the_engine_pays():
    plain, pay = go_stop_text(get_game("go-stop"))
    assert "doubled if they caught no Bright" in pay and "fewer than 5 Chaffs" in pay
    _, pay = go_stop_text(get_game("go-stop", weak_brights=True, more_chaffs=True))
    assert "then 2 points more if they caught no Bright" in pay
    assert "doubled if they have fewer than 7 Chaffs" in pay
    doubles = go_stop.scoring(weak_brights=True, more_chaffs=True).payments.doubles
    assert [d.label() for d in doubles] == ["no Bright against a Bright yaku: +2",
                                            "fewer than 7 Chaffs against the Chaff yaku: x2"]


@pytest.mark.parametrize("options", [{}, {"weak_brights": True, "more_chaffs": True},
                                     {"weak_brights": True}, {"more_chaffs": True}])
def test_go_stop_random_rounds_pay_as_the_step_says(options):
    """Seeded random rounds: each loser's payment is the Stop caller's score with the
    doublings the step names for that loser (x2, or 2 points more)."""
    g = get_game("go-stop", **options)
    _, pay_text = go_stop_text(g)
    mode = {"no Bright": "doubled" if "doubled if they caught no Bright" in pay_text
            else "plus", "Chaffs": "doubled" if re.search(r"doubled if they have fewer", pay_text)
            else "plus"}
    threshold = re.search(r"fewer than (\d+) Chaffs", pay_text).group(1)
    seen = set()
    for seed in range(40):
        res = random_round(g, seed).result()
        report = getattr(res.detail, "report", None)
        if res.winner is None or report is None:
            continue
        lines = report.notes
        score = report.total
        for line in lines:
            m = re.match(r"player \d owes (\d+)(?: \((.*)\))?$", line)
            if not m:
                continue
            amount, why = int(m.group(1)), m.group(2) or ""
            expect = score
            hits = [w for w in why.split("; ") if w]
            for w in hits:                # the x2 ones first, then any 2 more
                kind = "no Bright" if w.startswith("no Bright") else "Chaffs"
                if kind == "Chaffs":
                    assert f"fewer than {threshold} Chaffs" in w
                if mode[kind] == "doubled":
                    assert w.endswith("x2")
                    expect *= 2
            for w in hits:
                kind = "no Bright" if w.startswith("no Bright") else "Chaffs"
                if mode[kind] == "plus":
                    assert w.endswith("+2")
                    expect += 2
                seen.add(kind)
            assert amount == expect, (seed, line, pay_text)
    assert seen            # some round had a loser's doubling


# ---------------------------------------------------------------------------
# Hachi-Hachi: the field multiplier under each ``field_mode``


def _highest(kept: tuple[int, ...], lights: list[int]) -> tuple[int, tuple[int, ...]]:
    return (max(lights, default=1), kept)


def _additive(kept: tuple[int, ...], lights: list[int]) -> tuple[int, tuple[int, ...]]:
    return (sum(lights) or 1, kept)


def _carryover(kept: tuple[int, ...], lights: list[int]) -> tuple[int, tuple[int, ...]]:
    pool = sorted([*kept, *lights], reverse=True)
    return (pool[0] if pool else 1, tuple(pool[1:2]))


def _queue(kept: tuple[int, ...], lights: list[int]) -> tuple[int, tuple[int, ...]]:
    pool = sorted([*kept, *lights], reverse=True)
    return (pool[0] if pool else 1, tuple(pool[1:]))


def _few(kept: tuple[int, ...], lights: list[int]) -> tuple[int, tuple[int, ...]]:
    if kept:                       # a kept deal: its own field Brights are not looked at
        return kept[0], kept[1:]
    pool = sorted(lights, reverse=True)
    return (pool[0] if pool else 1, tuple(pool[1:2]))


#: The text's words for each way of making one multiplier, and that way as a model.
FIELD_MODELS = (
    ("add up to the field multiplier", _additive),
    ("is carried to the next deal", _carryover),
    ("every other one is kept for a later deal", _queue),
    ("the second highest is kept for the next deal, which uses it and does not look at its "
     "own field's Brights", _few),
    ("The highest of them is the field multiplier", _highest),
)


def field_text(g: Game) -> str:
    return next(t for k, t in scoring_steps(g) if k == "own" and "field multiplier" in t)


@pytest.mark.parametrize("mode", ["highest", "additive", "carryover", "queue", "few"])
@pytest.mark.parametrize("preset", ["book", "d001"])
def test_hachihachi_field_step_describes_the_field_mode(mode, preset):
    g = get_game("hachihachi", preset=preset, field_mode=mode)
    text = field_text(g)
    # each Bright's own multiplier, as the text gives it
    for factor, names in re.findall(r"\u00d7(\d+) with ((?:the \w+(?:, | or )?)+)", text):
        for name in re.findall(r"the (\w+)", names):
            card = next(c for c in LIGHT_MULTIPLIERS if c.title == name)
            assert LIGHT_MULTIPLIERS[card] == int(factor)
    model = next(m for words, m in FIELD_MODELS if words in text)
    # the model the text describes, deal after deal, against the engine's queue
    rng = random.Random(hash(mode) & 0xFFFF)
    lights = list(LIGHT_MULTIPLIERS)
    for _ in range(200):
        queue, kept = FieldQueue(mode), ()
        for _deal in range(6):
            field = rng.sample(lights, rng.choice([0, 0, 1, 1, 2, 3, 5]))
            m, queue = queue.next(field)
            value, kept = model(kept, [LIGHT_MULTIPLIERS[c] for c in field])
            assert m.value == value, (mode, field, text)
            assert tuple(queue.pending) == tuple(kept)
    if mode == "additive":
        a, b, v = re.search(r"the (\w+) and the (\w+) together make \u00d7(\d+)", text).groups()
        pair = [next(c for c in lights if c.title == n) for n in (a, b)]
        assert FieldQueue(mode).next(pair)[0].value == int(v)


def test_hachihachi_additive_crane_and_phoenix_make_six():
    g = get_game("hachihachi", field_mode="additive")
    assert FieldQueue("additive").next(CardSet.parse("1a 12a"))[0].value == 6
    assert "add up" in field_text(g) and "The highest" not in field_text(g)


# ---------------------------------------------------------------------------
# Option descriptions on the variants pages: reader words, not Python values


@pytest.mark.parametrize("key", GAMES)
def test_option_descriptions_carry_no_raw_values(key):
    g = get_game(key)
    preset_keys = [p for p in presets_of(g) if re.search(r"\d|-", p)]
    for row in option_rows(g):
        text = str(row["What it decides"])
        assert not RAW.search(text), (row["Option"], RAW.search(text).group(0), text)
        for p in preset_keys:
            assert not re.search(rf"(?<![\w-]){re.escape(p)}(?![\w-])", text), (p, text)


def presets_of(g: Game) -> list[str]:
    from hanafuda_core.teach import presets as teach_presets
    return list(teach_presets(g))


def test_min_hwatu_limit_description_names_the_values_shown():
    g = get_game("min-hwatu")
    opt = g.option_table["yaku_limit"]
    row = dict(zip(g.option_table, option_rows(g)))["yaku_limit"]
    for value in opt.allowed:      # as the rule set columns show each value
        assert value_text(value) in str(row["What it decides"]), value


def test_hachijuu_hana_refill_description_reads_without_python_values():
    text = get_game("hachijuu-hana").option_table["field_quad_refill"].description
    assert "turned off, it stays four cards short" in text


def test_hachihachi_descriptions_name_the_documents_once():
    g = get_game("hachihachi")
    texts = {k: str(r["What it decides"]) for k, r in zip(g.option_table, option_rows(g))}
    assert "as in the three-player Hachi-Hachi rules (D001)" in texts["sixteen"]
    assert "without the exchange" in texts["trade"]


# ---------------------------------------------------------------------------
# Generated option sets: every step is placed, reads without raw values, and agrees with
# the engine


def _check_any(g: Game, seed: int) -> None:
    steps = scoring_steps(g)
    for _, text in steps:
        assert not RAW.search(text), text
    if g.key in CHART_GAMES:
        for pile in random_piles(g, seed, 4):
            check_limits(g, pile)
    if g.key == "go-stop":
        check_go_stop(g)
    if g.key == "hachihachi":
        text = field_text(g)
        assert sum(words in text for words, _ in FIELD_MODELS[:4]) <= 1


@st.composite
def _ruled(draw: Any) -> tuple[str, str, dict[str, Any], int]:
    key = draw(st.sampled_from(GAMES))
    return key, draw(presets(key)), draw(option_sets(key)), draw(st.integers(0, 999))


@under_random_rules(60)
@given(_ruled())
def test_generated_option_sets_keep_the_steps_true(ruled):
    key, preset, options, seed = ruled
    _check_any(game_or_skip(key, preset, options), seed)


@pytest.mark.parametrize("options", [
    {"nested_yaku": "largest_only", "back_reading": "any_other", "set_each_round": True},
    {"nested_yaku": "largest_only", "yaku_set": "two", "one_four_twelve": "front"},
])
def test_tensho_simplified_combinations(options):
    _check_any(get_game("tensho-simplified", **options), 1)


@pytest.mark.parametrize("options", [
    {"yaku_limit": "all", "sake": "ten_and_chaff", "special_chaffs": True},
    {"yaku_limit": "only_one", "yaku_of_the_month": True},
])
def test_oni_koikoi_combinations(options):
    _check_any(get_game("oni-koikoi", **options), 2)


def test_hachihachi_field_modes_under_every_tradition():
    for preset in hachihachi.PRESETS:
        for mode in hachihachi.OPTIONS["field_mode"].allowed:
            _check_any(get_game("hachihachi", preset=preset, field_mode=mode), 0)
