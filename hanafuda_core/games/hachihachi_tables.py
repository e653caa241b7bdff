"""The Hachi-Hachi chapter's own facts, as rows: what only Hachi-Hachi has.

Its four traditions side by side (passing fees and forced dropouts, compensation, the
field multiplier and its timelines, how each tradition pays a yaku call, the special
achievements, the same situations settled four ways), the hand-combination comparison,
the glue for the chapter's prose and the hooks its learner chapter gives the teaching
layer (the worked round's claim words and reasons, the parts of a worked example).
Nothing here draws: the teaching layer (:mod:`hanafuda_core.teach.layouts`) shows these
rows, and every value comes from :mod:`hanafuda_core.games.hachihachi`, the teyaku
tables and :func:`~hanafuda_core.games.hachihachi_settle.settle_round`. The facts of the
seed worked examples live in :mod:`hanafuda_core.games.hachihachi_examples`.

>>> settle("BK17-3").totals()
{'A': -88, 'B': -38, 'C': 126}
>>> teyaku_example("greater").evaluate_key("book")
'greater'
>>> par_facts()
(264, 3, 88)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from .. import tables
from ..cards import DEFAULT_VALUES, Card, CardSet
from ..errors import HanafudaError
from ..ledger import BANK
from ..narration import counted
from ..rules import SOURCE_DOCUMENTS, GameInfo
from ..teyaku import CHAFF, SUIT, greater_words
from .hachihachi import (
    GAME_DEALS,
    OPTIONS,
    PRESETS,
    TEYAKU_TABLES,
    game_award,
    get_rules,
    preset_options,
    yaku_rule,
)
from .hachihachi_examples import (
    AKA_HAND,
    EXAMPLES,
    GREATER_TRIPLE_HAND,
    example,
    yaku_cards,
)
from .hachihachi_examples import player as _p
from .hachihachi_settle import (
    LIGHT_MULTIPLIERS,
    PAR,
    Call,
    FieldQueue,
    PlayerFacts,
    RoundFacts,
    Settlement,
    field_multiplier,
    settle_round,
)

#: The four traditions in the order the chapter shows them (the game's presets).
TRADITIONS: tuple[str, ...] = tuple(PRESETS)


def _game(preset: str) -> GameInfo:
    """The registry entry behind a tradition (:func:`hanafuda_core.teach.preset_info`)."""
    from .. import teach
    return teach.preset_info("hachihachi", preset)


def _label(preset: str) -> str:
    """A tradition's column heading (:func:`hanafuda_core.teach.preset_label`)."""
    from .. import teach
    return teach.preset_label("hachihachi", preset)


def _check_tradition(preset: str) -> None:
    if preset not in TRADITIONS:
        raise HanafudaError(f"unknown Hachi-Hachi tradition {preset!r}; choose one of "
                            f"{', '.join(TRADITIONS)}")

def _and(items: Sequence[str]) -> str:
    items = [i for i in items if i]
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def par_facts() -> tuple[int, int, int]:
    """(card points in the deck, players who share them, par): 264 / 3 = 88."""
    total = tables.deck_total()
    if total % 3:
        raise HanafudaError(f"the deck's {total} card points do not split in three")
    if total // 3 != PAR:
        raise HanafudaError(f"par {PAR} is not a third of {total}")
    return total, 3, total // 3


def money(preset: str, amount: int) -> str:
    """An amount in the tradition's own notation (amount in its smallest unit)."""
    return get_rules(preset).unit.format(amount)




def table_value(preset: str, value: int) -> str:
    """A table value (BOOK points, kan, shillings) written in the tradition's unit
    (:func:`hanafuda_core.teach.amount_text`)."""
    from .. import teach
    return teach.amount_text(teach.preset_game("hachihachi", preset), value)


# ---------------------------------------------------------------------------
# 2. Setup: drop-outs and compensation (the overview and the deal are the teaching
# layer's: teach.show_preset_overview, teach.show_deals)

def _aspect_rows(aspects: Sequence[tuple[str, Callable[[str], object]]]
                 ) -> list[dict[str, object]]:
    """One row per (label, function of the tradition), one column per tradition."""
    return [{"": label, **{_label(p): fn(p) for p in TRADITIONS}}
            for label, fn in aspects]


def _fee_list(preset: str) -> str:
    r = get_rules(preset)
    if r.fold_fee_by == "seat":
        return "by seat: " + ", ".join(r.unit.format(f) for f in r.seat_fees)
    if not r.fold_fees:
        return "none (the Pass Penalty variant: " + ", ".join(
            r.unit.format(f) for f in OPTIONS["fold_fees"].allowed[1]) + ")"
    return "1st, 2nd, 3rd passer: " + ", ".join(r.unit.format(f) for f in r.fold_fees)


def dropout_rows() -> list[dict[str, object]]:
    """How three active players are chosen: fees, compensation, who pays (per tradition)."""
    def yn(b: bool) -> str:
        return "yes" if b else "no"

    aspects: list[tuple[str, Callable[[str], object]]] = [
        ("Fee for passing by choice", _fee_list),
        ("Fees multiplied by the field", lambda p: yn(get_rules(p).fees_multiplied)),
        ("Forced dropout: half of the hand combinations", lambda p: "yes"),
        ("Forced dropout: half of any yaku held in hand",
         lambda p: yn(get_rules(p).compensation_yaku)),
        ("Forced dropout: per Bright, Poetry or Purple Ribbon",
         lambda p: money(p, get_rules(p).compensation_per_card)),
        ("Cards already in a compensated combination count again",
         lambda p: yn(not get_rules(p).compensation_excludes_counted)),
        ("Who pays the compensation",
         lambda p: "each active player except the dealer"
         if get_rules(p).compensation_payers == "active_non_dealer" else "each active player"),
        ("Seven players", lambda p: _game(p).deals[7].note),
    ]
    return _aspect_rows(aspects)


def compensation_rows(key: str = "BK17-6") -> list[dict[str, object]]:
    """The forced dropout of a worked example, compensated under every tradition."""
    ex = example(key)
    rows: list[dict[str, object]] = []
    for p in TRADITIONS:
        s = settle_round(get_rules(p), ex.facts)
        lines = [x for x in s.ledger if x.category == "compensation"]
        if not lines:
            continue
        rows.append({"Tradition": _label(p),
                     "Paid by": _and([x.payer for x in lines]),
                     "Each pays": money(p, lines[0].amount),
                     "Received in all": money(p, sum(x.amount for x in lines)),
                     "Made of": lines[0].reason.split(": ", 1)[-1]
                     + f", times the field ({lines[0].multiplier})"})
    return rows


# ---------------------------------------------------------------------------
# 3. The field multiplier

FIELD_MODES: Mapping[str, str] = {
    "highest": "Rulebook: the highest only",
    "additive": "Rulebook variant: Multiple Multiplier",
    "carryover": "Rulebook variant: Carryover Multiplier",
    "queue": "The other traditions: 'as many as possible'",
    "few": "The shilling rules: 'as few as possible'",
}


def field_rows() -> list[tuple[str, list[Card]]]:
    """(label, Brights) rows: which Brights make which field."""
    by_value: dict[int, list[Card]] = {}
    for card, mult in LIGHT_MULTIPLIERS.items():
        by_value.setdefault(mult, []).append(card)
    small = field_multiplier(get_rules("book"), CardSet())
    rows: list[tuple[str, list[Card]]] = [
        (f"{small.name} ×{small.value}: no Bright in the field", [])]
    for value in sorted(by_value):
        fm = field_multiplier(get_rules("book"), CardSet(by_value[value][:1]))
        rows.append((f"{fm.name} ×{fm.value}: any of these in the field", by_value[value]))
    return rows


def _dealt_field(key: str) -> str:
    """A worked example's field as dealt, in card notation."""
    dealt = EXAMPLES[key].facts.field
    if dealt is None:
        raise HanafudaError(f"the worked example {key} gives no field")
    return dealt.format()


#: Worked multiplier examples: (key, what it shows, the fields of consecutive deals).
TIMELINES: Mapping[str, tuple[str, tuple[str, ...]]] = {
    "D1-6": ("Curtain, Rainman and Phoenix dealt together (the three-player Hachi-Hachi rules' "
             "example), then three deals with no Bright",
             ("3a 11a 12a 5c 6c 7c", "2c 4c 5d 6d 7d 9c", "1c 2d 4d 5c 9d 10c",
              "1d 3c 6c 7c 8c 10d")),
    "D2-1": ("Crane, Rainman and Phoenix in deal 1, the Rainman again in deal 2 "
             "(the Japanese publisher's example)",
             ("1a 11a 12a 5c 6c 7c", "11a 2c 4c 5d 6d 9c", "1c 2d 4d 5c 9d 10c",
              "1d 3c 6c 7c 8c 10d")),
    # The first field is the worked example's own (hachihachi_examples, BK17-V1).
    "BK17-V1": ("Phoenix and Crane dealt together (the rulebook's variants), then a deal "
                "with no Bright",
                (_dealt_field("BK17-V1"), "2c 4c 5d 6d 7d 9d",
                 "1c 2d 4d 5c 9c 10c")),
}


def field_timeline(mode: str, fields: Iterable[str | CardSet]
                   ) -> list[tuple[CardSet, int, tuple[int, ...], bool]]:
    """(field, multiplier, deals still reserved after it, carried?) for consecutive deals."""
    q = FieldQueue(mode)
    out = []
    for f in fields:
        cards = f if isinstance(f, CardSet) else CardSet.parse(f)
        m, q = q.next(cards)
        out.append((cards, m.value, q.pending, m.carried))
    return out


def timeline_rows(key: str, modes: Sequence[str] = tuple(FIELD_MODES)
                  ) -> list[dict[str, object]]:
    """One row per deal, one column per field mode: the multiplier (and what is reserved)."""
    _, fields = _timeline(key)
    runs = {m: field_timeline(m, fields) for m in modes}
    rows = []
    for i, f in enumerate(fields):
        cards = CardSet.parse(f)
        lights = [c for c in cards if c in LIGHT_MULTIPLIERS]
        row: dict[str, object] = {"Deal": i + 1,
                                  "Brights dealt": ", ".join(c.title for c in lights) or "none"}
        for m in modes:
            _, value, pending, carried = runs[m][i]
            text = f"×{value}" + (" (reserved earlier)" if carried else "")
            if pending:
                text += "; then " + ", ".join(f"×{p}" for p in pending)
            row[FIELD_MODES[m]] = text
        rows.append(row)
    return rows


# ---------------------------------------------------------------------------
# 4. Hand combinations

@dataclass(frozen=True)
class TeyakuExample:
    """A 7-card hand that makes one combination, and where it came from."""

    key: str
    hand: CardSet
    origin: str            # "seed 12, hand of player 2" or "constructed"
    group: str

    def evaluate_key(self, preset: str = "book") -> str | None:
        """The key of the best combination of this group under a tradition's table."""
        hit = get_rules(preset).teyaku.evaluate(self.hand).best(self.group)
        return hit.rule.key if hit else None


_SEARCH_SEEDS = 400


@cache
def _dealt_examples(limit: int = _SEARCH_SEEDS) -> dict[str, tuple[int, int, CardSet]]:
    """The first seeded hand (seed, player, hand) whose best combination of a group is
    each BOOK rule, preferring hands with nothing in the other group."""
    from .catalog import deal_game
    table = TEYAKU_TABLES["book"]
    clean: dict[str, tuple[int, int, CardSet]] = {}
    mixed: dict[str, tuple[int, int, CardSet]] = {}
    for seed in range(limit):
        d = deal_game("hachihachi", 3, seed=seed)
        for i, hand in enumerate(d.hands):
            res = table.evaluate(hand)
            for hit in res.hits:
                target = clean if len(res.hits) == 1 else mixed
                target.setdefault(hit.rule.key, (seed, i + 1, hand))
    return {**mixed, **clean}


def teyaku_example(key: str) -> TeyakuExample:
    """An example hand for a BOOK combination: the first seeded deal that holds it, or a
    constructed hand when the first seeds deal none."""
    table = TEYAKU_TABLES["book"]
    rule = table.rule(key)
    found = _dealt_examples().get(key)
    if found:
        seed, player, hand = found
        return TeyakuExample(key, hand, f"dealt: seed {seed}, player {player}", rule.group)
    from ..teach.charts import hand_example
    return TeyakuExample(key, hand_example(table, key), "constructed", rule.group)


def teyaku_examples() -> list[TeyakuExample]:
    """One example hand for every combination of the rulebook's table, in table order."""
    return [teyaku_example(r.key) for r in TEYAKU_TABLES["book"].rules]


#: Hands on which the traditions' tables disagree (label, group, hand).
EXTRA_HANDS: tuple[tuple[str, str, str], ...] = (
    ("Three Ribbons and four Chaffs", CHAFF, "1b 6b 7b 2c 3c 8c 11d"),
    ("A greater triple with two pairs", SUIT, "4a 4b 4c 1a 1c 9a 9c"),
    ("Two greater triples, one of them Paulownia Chaffs", SUIT, "5a 5b 5c 12b 12c 12d 1a"),
    ("Seven Chaffs that also make three pairs: every card serves twice", "",
     "1c 1d 2c 2d 3c 3d 10c"),
)


def _hit_text(preset: str, hand: CardSet, group: str) -> str:
    """What a tradition's table makes of a hand: one group, or both (group '')."""
    rules = get_rules(preset)
    if not group:
        res = rules.teyaku.evaluate(hand)
        if not res.hits:
            return "nothing"
        return (" + ".join(f"{h.rule.name} {table_value(preset, h.value)}" for h in res.hits)
                + f": {table_value(preset, res.total)}")
    hit = rules.teyaku.evaluate(hand).best(group)
    if hit is None:
        return "nothing"
    return f"{hit.rule.name}: {table_value(preset, hit.value)}"


def _values_differ(hand: str, group: str) -> bool:
    """True when the traditions value a hand differently (rulebook points / 10 = kan)."""
    cards = CardSet.parse(hand)
    seen = set()
    for p in TRADITIONS:
        res = get_rules(p).teyaku.evaluate(cards)
        if group:
            hit = res.best(group)
            value = hit.value if hit else 0
        else:
            value = res.total
        seen.add(value / 10 if p == "book" else value)
    return len(seen) > 1


def teyaku_rows(group: str | None = None) -> list[dict[str, object]]:
    """Every rulebook combination with its example hand, and what each tradition's table
    makes of that same hand (name and value in its unit); ``Differs`` marks the hands the
    traditions value differently."""
    rows = []
    book = TEYAKU_TABLES["book"]
    for ex in teyaku_examples():
        rule = book.rule(ex.key)
        if group and rule.group != group:
            continue
        row: dict[str, object] = {"Combination": f"{rule.name} ({rule.japanese})",
                                  "Needs": rule.describe(), "Hand": ex.hand.format(),
                                  "Group": rule.group,
                                  "Example from": ex.origin}
        for p in TRADITIONS:
            row[_label(p)] = _hit_text(p, ex.hand, rule.group)
        row["Differs"] = _values_differ(str(row["Hand"]), rule.group)
        rows.append(row)
    for label, g, hand in EXTRA_HANDS:
        if group and g != group:
            continue
        cards = CardSet.parse(hand)
        row = {"Combination": label,
               "Needs": "one chaff and one suit combination from the same cards" if not g
               else "a hand on which the tables disagree",
               "Hand": cards.format(), "Example from": "chosen for the comparison",
               "Group": g}
        for p in TRADITIONS:
            row[_label(p)] = _hit_text(p, cards, g)
        row["Differs"] = _values_differ(str(row["Hand"]), g)
        rows.append(row)
    return rows


def _call_word(preset: str, kind: str) -> str:
    """A tradition's word for a settlement call kind (``continue``, ``end``, ``cancel``):
    the rules' decision words (:data:`hanafuda_core.games.hachihachi.DECISION_WORDS`)."""
    words = get_rules(preset).decision_words
    return {"continue": words.go_on, "end": words.stop,
            "cancel": words.cancel or "(none)"}[kind]


_RIB_POETRY = yaku_cards("poetry").format()
_RIB_PURPLE = yaku_cards("purple").format()

#: Call sequences that show how each tradition pays yaku: (label, calls as
#: (player, action, captured cards)). Nobody holds a hand combination and card
#: points are left out, so the lines are the yaku alone (Large Field, x2).
CALL_CASES: tuple[tuple[str, tuple[tuple[str, str, str], ...]], ...] = (
    ("A makes the three Poetry Ribbons and ends at once",
     (("A", "end", _RIB_POETRY),)),
    ("B plays on with the Purple Ribbons; then A makes the Poetry Ribbons and ends",
     (("B", "continue", _RIB_PURPLE), ("A", "end", _RIB_POETRY))),
    ("A plays on with the Poetry Ribbons and later adds the Purple ones, then ends",
     (("A", "continue", _RIB_POETRY), ("A", "end", f"{_RIB_POETRY} {_RIB_PURPLE}"))),
    ("A plays on with the Poetry Ribbons and nobody makes anything more",
     (("A", "continue", _RIB_POETRY),)),
    ("A plays on with the Poetry Ribbons, then cancels at the start of a turn",
     (("A", "continue", _RIB_POETRY), ("A", "cancel", ""))),
)


def _call_facts(calls: Sequence[tuple[str, str, str]], multiplier: int = 2) -> RoundFacts:
    return RoundFacts(tuple(PlayerFacts(n, claims=()) for n in "ABC"), dealer="A",
                      multiplier=multiplier,
                      calls=tuple(Call(p, a, cards=CardSet.parse(c) if c else None)
                                  for p, a, c in calls))


def _nets(preset: str, s: Settlement) -> str:
    return ", ".join(f"{n} {money(preset, v)}" for n, v in s.totals().items()
                     if n != BANK)


def call_rows() -> list[dict[str, object]]:
    """Each call sequence settled under every tradition: the players' nets."""
    rows = []
    for label, calls in CALL_CASES:
        row: dict[str, object] = {"What happens": label}
        for p in TRADITIONS:
            try:
                s = settle_round(p, _call_facts(calls))
            except HanafudaError as exc:
                row[_label(p)] = f"not possible: {exc}"
                continue
            said = " → ".join(f"{who}: {_call_word(p, a)}" for who, a, _ in calls)
            row[_label(p)] = f"{said}. {_nets(p, s)}"
        rows.append(row)
    return rows


# ---------------------------------------------------------------------------
# 6. Card points, par and the special achievements

def special_rows() -> list[dict[str, object]]:
    """The special achievements and bonuses with their values in every tradition."""
    def fmt(p: str, v: int) -> str:
        return table_value(p, v)

    def sixteen(p: str) -> str:
        r = get_rules(p)
        if r.sixteen is None:
            y = yaku_rule(r.yaku, "sixteen_dregs")
            return (f"a yaku: {fmt(p, y.points)} + {fmt(p, y.plus_per_extra)} per Chaff beyond 16, "
                    "all the November cards count")
        base, per, cap, rain = r.sixteen
        text = f"{fmt(p, base)} + {fmt(p, per)} per Chaff beyond 16"
        if cap:
            text += f", at most {fmt(p, cap)}"
        text += ("; all the November cards count" if rain
                 else "; of the November cards, only the Storm counts")
        if r.sixteen_when_out:
            text += "; also when someone goes out"
        return text

    effect = {"cancel_all": "everything else is cancelled (fees and compensation stay)",
              "return_teyaku": "card points and bonuses are cancelled; hand combinations "
                               "are paid back",
              "flip_teyaku": "card points and bonuses are cancelled; hand combinations are "
                             "reversed",
              "return_combos_events": "card points are cancelled; hand combinations and "
                                      "bonuses are paid back",
              "return_all": "card points are cancelled; hand combinations, yaku and "
                            "bonuses are paid back"}
    aspects: list[tuple[str, Callable[[str], object]]] = [
        ("168 or more card points", lambda p: f"{fmt(p, get_rules(p).futahachi[0])} + "
                                              f"{fmt(p, get_rules(p).futahachi[1])} per point "
                                              "beyond 168"),
        ("Sixteen or more Chaffs", sixteen),
        ("All three take exactly 88", lambda p: f"the dealer takes "
                                                f"{fmt(p, get_rules(p).all_88)} from each"),
        ("Only in a round without yaku",
         lambda p: "yes" if get_rules(p).specials_need_no_yaku else "no"),
        ("What a special does to the rest", lambda p: effect[get_rules(p).special_effect]),
        ("Chaff combination (not the Bright one) and 89 or more",
         lambda p: f"{fmt(p, get_rules(p).chaff_bonus)} from each"),
        ("Capturing one's own declared triple",
         lambda p: f"{fmt(p, get_rules(p).triple_bonus)} from each, per triple"
                   + ("" if get_rules(p).triple_catch == "all_three"
                      else " (by taking the month's fourth card)")),
        ("Blind-stay dealer with 89 or more",
         lambda p: f"{fmt(p, get_rules(p).blind_stay)} from every player"),
        ("Blind-stay dealer under 89 (round without yaku)",
         lambda p: f"pays {fmt(p, get_rules(p).blind_stay)} to each active opponent"
                   if get_rules(p).blind_failure else "no penalty"),
    ]
    return _aspect_rows(aspects)


#: Card-point endings settled under every tradition: (label, facts). The first three
#: are D001's end-of-hand examples (D1-8, D1-8b, D1-8c); the last one has no special.
SPECIAL_CASES: tuple[tuple[str, RoundFacts], ...] = (
    ("A takes 170 card points; A holds 2 Ribbons & 5 Chaffs, B a greater triple",
     example("D1-8").facts),
    ("A takes 18 Chaffs (November counted) for 80 card points", example("D1-8b").facts),
    ("All three take 88; B is the dealer", example("D1-8c").facts),
    ("No special: A 100 with 2 Ribbons & 5 Chaffs, B 90 with a greater triple, C 74",
     RoundFacts((_p("A", AKA_HAND, card_points=100),
                 _p("B", GREATER_TRIPLE_HAND, card_points=90),
                 _p("C", claims=(), card_points=74)), dealer="B", multiplier=1)),
)


def _special_facts(index: int) -> RoundFacts:
    return SPECIAL_CASES[index][1]


def special_case_rows() -> list[dict[str, object]]:
    """Each ending settled under every tradition: the special found and the nets."""
    rows = []
    for i, (label, _) in enumerate(SPECIAL_CASES):
        row: dict[str, object] = {"Ending": label}
        for p in TRADITIONS:
            s = settle_round(p, _special_facts(i))
            what = s.special or "no special"
            undone = []
            if s.cancelled:
                undone.append(f"{counted(len(s.cancelled), 'payment')} cancelled")
            back = [x for x in s.ledger if x.category == "returned"]
            if back:
                undone.append(f"{len(back)} paid back")
            row[_label(p)] = (f"{what}; " + ("; ".join(undone) + "; " if undone
                                                       else "") + _nets(p, s))
        rows.append(row)
    return rows


# ---------------------------------------------------------------------------
# 7. Worked examples (their facts: :mod:`hanafuda_core.games.hachihachi_examples`)

def settle(key: str, **options: Any) -> Settlement:
    """Settle a worked example under its own rules (plus option overrides)."""
    return example(key).settle(**options)


#: The steps of a settlement in the order the chapter narrates them:
#: (step title, ledger categories).
STEPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Compensation for a forced dropout", ("compensation",)),
    ("Hand combinations", ("teyaku",)),
    ("Yaku", ("yaku",)),
    ("Card points against 88", ("cards",)),
    ("Bonuses", ("events", "blind")),
    ("Special achievement", ("special", "returned")),
    ("Passing fees, to the round's winner", ("fees",)),
)




#: What each ledger category is called in a settlement's net table.
NET_NAMES: Mapping[str, str] = {
    "compensation": "Compensation", "teyaku": "Hand combinations", "yaku": "Yaku",
    "cards": "Card points", "events": "Bonuses", "blind": "Blind stay",
    "special": "Special achievement", "returned": "Paid back", "fees": "Passing fees",
    "total": "Total"}


def example_facts_text(key: str) -> str:
    """The facts of a worked example in one paragraph (generated from the facts)."""
    ex = example(key)
    s = settle(key)
    f = ex.facts
    rules = ex.rules()
    parts = [f"{len(f.players)} players; {s.multiplier.name} (×{s.multiplier.value})"
             + (f", {s.multiplier.reason}" if f.field is not None else "")
             + f"; {f.dealer} deals."]
    if f.passed:
        parts.append(f"{_and(list(f.passed))} passed by choice.")
    if f.forced_out:
        parts.append(f"{_and(list(f.forced_out))} had to drop out.")
    for name in f.active:
        hits = s.teyaku.get(name, ())
        pl = f.player(name)
        bits = []
        if hits:
            bits.append("shows " + _and([f"{h.rule.name} ({table_value(ex.preset, h.value)})"
                                         for h in hits]))
        elif pl.hand is not None or pl.claims is not None:
            bits.append("has no hand combination")
        if pl.card_points is not None:
            bits.append(f"takes {pl.card_points} card points")
        if bits:
            parts.append(f"{name} {_and(bits)}.")
    for c in f.calls:
        held = (", ".join(h.rule.name for h in rules.yaku.evaluate(c.cards).hits)
                if c.cards is not None else ", ".join(yaku_rule(rules.yaku, k).name
                                                      for k in c.yaku))
        said = f"{c.player} calls {_call_word(ex.preset, c.kind)}"
        parts.append(said + (f" holding {held}." if held else "."))
    return " ".join(parts)


# ---------------------------------------------------------------------------
# 8. The same deals under four traditions

def _trio(points: Sequence[int | None] = (None, None, None)) -> tuple[PlayerFacts, ...]:
    """The three players of every situation: A a chaff combination, B a greater triple
    and C 3 Pairs, with the card points each takes (None: not known)."""
    hands = ("1b 6b 2c 3c 8c 9c 11d", "4a 4b 4c 1a 5a 6a 8a", "1c 1d 2d 3d 10c 10d 12c")
    return tuple(_p(n, h, card_points=pts) for n, h, pts in zip("ABC", hands, points))


#: Tradition-neutral deal situations: (label, facts).
SITUATIONS: tuple[tuple[str, RoundFacts], ...] = (
    ("Hand combinations and card points, no yaku (a Small Field)",
     RoundFacts(_trio((100, 90, 74)), dealer="A", multiplier=1)),
    ("B plays on with the Purple Ribbons, A makes the Poetry Ribbons and ends "
     "(a Large Field)",
     RoundFacts(_trio(), dealer="A", multiplier=2,
                calls=(Call("B", "continue", cards=yaku_cards("purple")),
                       Call("A", "end", cards=yaku_cards("poetry"))))),
    ("A takes 170 card points while holding a chaff combination (a Small Field)",
     RoundFacts(_trio((170, 50, 44)), dealer="A", multiplier=1)),
    ("Five players: E passes, D is forced out with three Brights (a Grand Field)",
     RoundFacts(_trio((96, 80, 88)) + (_p("D", "3a 8a 12a 2a 5b 7c 9d"),
                                       _p("E", "6a 7a 9a 10a 10b 11a 11b")),
                dealer="A", multiplier=4, passed=("E",), forced_out=("D",))),
)


def compare_rows(index: int) -> list[dict[str, object]]:
    """One situation settled under every tradition: each player's net in the tradition's
    unit and in points (a kan or a shilling counted as 12 points, a penny as one)."""
    label, facts = _situation(index)
    results = {p: settle_round(p, facts) for p in TRADITIONS}
    rows = []
    for name in facts.names:
        row: dict[str, object] = {"Player": name}
        for p in TRADITIONS:
            v = results[p].totals().get(name, 0)
            own = money(p, v)
            row[_label(p)] = own if p == "book" else f"{own} ({v} points)"
        rows.append(row)
    row = {"Player": "Winner of the round"}
    for p in TRADITIONS:
        row[_label(p)] = results[p].winner or "—"
    rows.append(row)
    return rows


# ---------------------------------------------------------------------------
# 9. House rules and sources

def example_source_rows() -> list[dict[str, object]]:
    """Where each seed worked example comes from (the rules' own sources are
    :func:`hanafuda_core.teach.source_rows`)."""
    rows: list[dict[str, object]] = []
    for ex in EXAMPLES.values():
        doc = ex.source.split(",")[0].split(" ")[0]
        if doc not in SOURCE_DOCUMENTS:
            raise HanafudaError(f"unknown source document {doc!r} in {ex.source!r}")
        rows.append({"Document": SOURCE_DOCUMENTS[doc].reader,
                     "Section": ex.source[len(doc):].lstrip(", "), "Lines": "",
                     "Used for": f"the worked example \"{ex.title}\""})
    return rows


# ---------------------------------------------------------------------------
# Glue for the prose

def tradition_name(preset: str) -> str:
    """A tradition as readers meet it: "the rulebook", "the shilling rules (D004)"."""
    _check_tradition(preset)
    return SOURCE_DOCUMENTS["BOOK" if preset == "book" else preset.upper()].reader


def field_quad_facts() -> dict[str, str]:
    """Who redeals four of a month dealt to the field, who lets the dealer take them,
    and what four of a month in a hand is instead (from each tradition's options)."""
    by_value: dict[str, list[str]] = {}
    for p in TRADITIONS:
        by_value.setdefault(preset_options(p)["field_quad"], []).append(tradition_name(p))
    return {"hh_quad_redeal": _and(by_value.get("redeal", [])),
            "hh_quad_take": _and(by_value.get("dealer_takes", [])),
            "hh_four_name": get_rules("book").teyaku.rule("four").name}


def chapter_facts() -> dict[str, object]:
    """The numbers the chapter's prose names beyond those every game has (those are
    :func:`hanafuda_core.teach.facts`): par, the field multipliers, awards, bonuses and
    the seed examples' figures, keyed ``hh_...`` for ``{glue:text}``
    (``teach.glue_facts(game, "hh", **chapter_facts())``)."""
    total, players, par = par_facts()
    book = get_rules("book")
    bk5 = [x for x in settle("BK17-5").ledger if x.payee == "C" and x.category == "teyaku"]
    return {
        "hh_deck_total": total, "hh_active": players, "hh_par": par,
        "hh_deals": GAME_DEALS[0], "hh_short_deals": GAME_DEALS[1],
        **{f"hh_value_{kind.name.lower()}": value for kind, value in DEFAULT_VALUES.items()},
        "hh_per_kan": get_rules("d001").unit.per_major,
        "hh_large": max(v for v in LIGHT_MULTIPLIERS.values() if v < 4),
        "hh_grand": max(LIGHT_MULTIPLIERS.values()),
        "hh_award_book": game_award(book, 6), "hh_award_d002": money(
            "d002", game_award(get_rules("d002"), 6)),
        "hh_comp_card": book.compensation_per_card,
        "hh_par_plus": par + 1,
        "hh_chaff_bonus": book.chaff_bonus, "hh_triple_bonus": book.triple_bonus,
        "hh_three_book": book.teyaku.rule("three").value,
        "hh_three_kan": table_value("d001", get_rules("d001").teyaku.rule("three").value),
        "hh_bk5_c": sum(x.amount for x in bk5) // 2,
        "hh_bk5_payers": _and([x.payer for x in bk5]),
        **field_quad_facts(),
    }


#: The tradition the chapter teaches first, and the table it seats.
BASE_PRESET = "book"
BASE_PLAYERS = 3
#: The seeded deal the chapter's first game starts from, and the worked round's seed: a
#: round with a hand combination claimed and a yaku called End with cards still in hand
#: (:func:`find_sage_seed` finds it; the tests check it still does).
FIRST_DEAL_SEED = 100
#: Cards still in hand at the End call of the worked round (a real choice, not the
#: round's last card).
SAGE_HAND_LEFT = 4


def _base_game() -> Any:
    from ..registry import get_game
    return get_game("hachihachi", preset=BASE_PRESET)

def _claim_names() -> list[tuple[str, str]]:
    """(key in words, combination name) for every hand combination, longest first: the
    play tool's claim words ("claim three two pairs") become names."""
    t = get_rules(BASE_PRESET).teyaku
    pairs = [(str(r["key"]).replace("_", " "), str(r["name"])) for r in t.rows()]
    return sorted(pairs, key=lambda p: -len(p[0]))


def claim_text(choice: str) -> str:
    """A claim choice in the combinations' own names.

    >>> claim_text("claim three two pairs")
    'claim 3 of a Kind & 2 Pairs'
    """
    if not choice.startswith("claim ") or choice == "claim no hand combination":
        return choice
    parts = choice[len("claim "):].split(" and ")
    names = dict(_claim_names())
    return "claim " + " and ".join(names.get(p, p) for p in parts)


_TITLES = sorted({c.title for c in CardSet.parse(" ".join(
    f"{m}{k}" for m in range(1, 13) for k in "abcd"))}, key=len, reverse=True)


def _comma_cards(line: str) -> str:
    """"showing Pine Chaff 1 Pine Chaff 2" -> "showing Pine Chaff 1, Pine Chaff 2"."""
    def split(m: re.Match[str]) -> str:
        rest, names = m.group(1), []
        while rest:
            t = next((t for t in _TITLES if rest.startswith(t)), None)
            if t is None:
                return m.group(0)
            names.append(t)
            rest = rest[len(t):].lstrip()
        return "showing " + ", ".join(names)
    return re.sub(r"showing ((?:(?! and \d).)+?)(?= and \d|$)", split, line)


def _reason(d: Any, multiplier: int) -> str:
    """A plain reason for a decision of the base game, from the table at that moment."""
    chosen = d.chosen
    if chosen.startswith("claim") and chosen != "claim no hand combination":
        return ("Claiming costs nothing and the other two pay at once, so always claim "
                "the best combination of each group your hand makes.")
    if "End" in chosen or "Continue" in chosen:
        rules = get_rules(BASE_PRESET)
        cards = CardSet(Card(c) for c in d.zones[f"captures of side {d.player + 1}"])
        hits = rules.yaku.evaluate(cards)
        value = sum(h.points for h in hits.hits)
        names = _and([h.rule.name for h in hits.hits])
        gain = value * multiplier
        left = len(d.zones[f"hand {d.player}"])
        stock = len(d.zones.get("stock", ()))
        return (f"Why {'End' if 'End' in chosen else 'Continue'}? {names} is worth {value}; "
                f"times the field's {multiplier} that is {gain} from each of the other two, "
                f"{2 * gain} in all, if the round ends now. Playing on could add more, but "
                f"with {left} cards still in hand and {stock} in the stock the others have "
                "plenty of time to make a yaku, and if one of them ends the round you pay "
                "double and collect nothing. A sure gain now is the better call.")
    return ""



def find_sage_seed(start: int = 1, limit: int = 200) -> int:
    """The first seed whose three-player round has a hand combination claimed and a
    yaku called End with :data:`SAGE_HAND_LEFT` cards or more in hand (the worked
    round's seed)."""
    from ..teach import worked_round
    g = _base_game()
    for seed in range(start, limit):
        wr = worked_round(g, seed, BASE_PLAYERS)
        chosen = [d.chosen for d in wr.decisions]
        ends = [d for d in wr.decisions if "End" in d.chosen
                and len(d.zones[f"hand {d.player}"]) >= SAGE_HAND_LEFT]
        if ends and any(c.startswith("claim ") and c != "claim no hand combination"
                        for c in chosen):
            return seed
    raise HanafudaError(f"no seed below {limit} claims and ends with a yaku")  # pragma: no cover


def example_title(key: str) -> str:
    """Where a worked example comes from, for readers: "the rulebook, Scoring Example 3
    (figure 17.6)" (no labels, no line numbers)."""
    ex = example(key)
    doc = ex.source.split(",")[0].split(" ")[0]
    rest = ex.source[len(doc):].lstrip(", ")
    section = rest.split(",", 1)[1].strip() if "," in rest else rest
    return f"{SOURCE_DOCUMENTS[doc].reader}, {section.replace('fig.', 'figure')}"


#: The hand combinations the chapter draws with an example hand (the others are in the
#: table beside them): a chaff combination, a triple and three pairs.
PICTURED_TEYAKU = ("seven_chaffs", "three", "three_pairs")

def base_specials_rows(*, bonuses: bool = False) -> list[dict[str, object]]:
    """The rulebook's special achievements (its column of :func:`special_rows`), and
    with ``bonuses`` its two small bonuses too (the chapter tells those in words)."""
    col = _label(BASE_PRESET)
    left_out = SPECIAL_ROWS_LEFT_OUT if not bonuses else tuple(
        x for x in SPECIAL_ROWS_LEFT_OUT if x not in BONUS_ROWS)
    return [{"Achievement": r[""], "What it is worth": r[col]} for r in special_rows()
            if not str(r[""]).startswith(left_out)]


#: The bonuses among :func:`special_rows` (their first words).
BONUS_ROWS = ("Chaff combination", "Capturing")


#: Rows of :func:`special_rows` the base game's table leaves to the prose (the bonuses,
#: when specials count and what they cancel) or to the variants page (the blind stay).
SPECIAL_ROWS_LEFT_OUT = ("Blind", "Only in", "What a special", "Chaff combination",
                         "Capturing")




def worked_example_parts(key: str, **options: Any) -> Any:
    """A worked example for the teaching layer's settlement display
    (:func:`hanafuda_core.teach.layouts.show_worked_example`): settled under its own
    rules plus ``options``, with the hands worth drawing (those showing a combination,
    and forced dropouts) and the source's slip, if any."""
    from ..teach.layouts import WorkedExampleParts
    ex = example(key)
    s = settle(key, **options)
    hands = tuple((f"{p.name}'s hand", tuple(p.hand)) for p in ex.facts.players
                  if p.hand is not None and (s.teyaku.get(p.name)
                                             or p.name in ex.facts.forced_out))
    shown = tuple(c for hits in s.teyaku.values() for h in hits for c in h.shown)
    from .. import teach
    unit = teach.unit_text(teach.preset_game("hachihachi", ex.preset))
    return WorkedExampleParts(s, f"{ex.source} · {_label(ex.preset)}", example_title(key),
                              unit, example_facts_text(key), hands, shown, STEPS, NET_NAMES,
                              ex.source_note, ex.source_gap)


def decision_reason(d: Any, wr: Any) -> str:
    """The worked round's plain reason for a decision (:func:`_reason`), at the field
    multiplier of the round's deal."""
    assert wr.dealt is not None, "a worked round keeps its deal"
    mult = field_multiplier(get_rules(BASE_PRESET),
                            CardSet(Card(c) for c in wr.dealt["field"])).value
    return _reason(d, mult)


def _drawn(d: Any) -> bool:
    """Only the call after a yaku is drawn: the claims are in the story, and the deal is
    the one pictured in "Your first game" (each picture costs page weight)."""
    return not str(d.chosen).startswith("claim")


#: The worked round's hooks for :func:`hanafuda_core.teach.layouts.show_decisions_round`:
#: claims in the combinations' names, card lists with commas, a plain reason for each
#: decision, and only the calls drawn.
WORKED_ROUND: Mapping[str, Callable[..., Any]] = {
    "choice_text": claim_text, "line_text": _comma_cards, "reason": decision_reason,
    "drawn": _drawn}

#: The base game's printable reference data
#: (:func:`hanafuda_core.teach.layouts.show_settlement_reference`).
REFERENCE_NOTE = ("Points from each opponent. Claim one of each group; for chaff "
                  "combinations every November card counts as a Chaff.")


def reference_data() -> dict[str, Any]:
    """What the base game's printable reference needs beyond the game: par, the field's
    Brights by multiplier, the specials and bonuses, the hand-combination note (with
    what a Greater is)."""
    return {"par": par_facts()[2], "field": field_rows()[1:],
            "specials": base_specials_rows(bonuses=True),
            "combinations_note": f"{REFERENCE_NOTE} A Greater is {greater_words()}."}


# ---------------------------------------------------------------------------
# Pictures for the chapter's tables: (label, cards) rows the teaching layer draws

#: The capture pile the learner chapter counts against par.
PILE_EXAMPLE = "1a 8a 12a 9a 10a 2b 6b 3c 4c 5c 7c"


def teyaku_hands() -> dict[str, CardSet]:
    """The example hand of each pictured combination (:data:`PICTURED_TEYAKU`)."""
    return {k: teyaku_example(k).hand for k in PICTURED_TEYAKU}


def compensation_hands(key: str = "BK17-6") -> list[tuple[str, list[Any]]]:
    """The hand of a worked example's forced dropout, to draw beside its compensation."""
    ex = example(key)
    dropout = ex.facts.player(ex.facts.forced_out[0])
    if dropout.hand is None:
        raise HanafudaError(f"the worked example {key} gives no hand for its dropout")
    return [(f"{dropout.name}'s hand (forced to drop out)", list(dropout.hand))]


def _timeline(key: str) -> tuple[str, tuple[str, ...]]:
    try:
        return TIMELINES[key]
    except KeyError:
        raise HanafudaError(f"unknown field example {key!r}; known: "
                            f"{', '.join(TIMELINES)}") from None


def timeline_fields(key: str) -> list[tuple[str, list[Any]]]:
    """The fields of a timeline's consecutive deals, to draw above its table."""
    return [(f"Deal {i + 1}", list(CardSet.parse(f))) for i, f in enumerate(_timeline(key)[1])]


def timeline_brights(key: str) -> list[Any]:
    """The Brights dealt in a timeline's fields (outlined in the picture)."""
    return [c for f in _timeline(key)[1] for c in CardSet.parse(f) if c in LIGHT_MULTIPLIERS]


def timeline_caption(key: str) -> str:
    """What a timeline shows, in words."""
    return _timeline(key)[0]


def situation_hands(index: int) -> list[tuple[str, list[Any]]]:
    """The dealt hands of a comparison situation (:data:`SITUATIONS`)."""
    facts = _situation(index)[1]
    return [(f"{p.name}'s hand", list(p.hand)) for p in facts.players if p.hand is not None]


def situation_title(index: int) -> str:
    """A comparison situation in words."""
    return _situation(index)[0]


def _situation(index: int) -> tuple[str, RoundFacts]:
    try:
        return SITUATIONS[index]
    except IndexError:
        raise HanafudaError(f"there are {len(SITUATIONS)} situations, numbered from 0") from None


def timeline_view(key: str, modes: Sequence[str] = tuple(FIELD_MODES)) -> dict[str, Any]:
    """A timeline for :func:`hanafuda_core.teach.show_cards_and_table`: its fields drawn
    (Brights outlined), its table and what it shows."""
    return {"pictures": timeline_fields(key), "rows": timeline_rows(key, modes),
            "caption": timeline_caption(key), "highlight": timeline_brights(key)}


def compensation_view(key: str = "BK17-6") -> dict[str, Any]:
    """A forced dropout's hand and its compensation under every tradition, for
    :func:`hanafuda_core.teach.show_cards_and_table`."""
    return {"pictures": compensation_hands(key), "rows": compensation_rows(key)}


def situation_view(index: int) -> dict[str, Any]:
    """A comparison situation's hands and its settlement under every tradition, for
    :func:`hanafuda_core.teach.show_cards_and_table`."""
    return {"pictures": situation_hands(index), "rows": compare_rows(index),
            "title": situation_title(index)}
