"""Every worked Hachi-Hachi example of the seed documents, as round facts, in one place.

The rulebook's scored rounds (BOOK ch. 17, BK17-1 to BK17-6), its variants (BK17-V1,
BK17-V2) and the examples of D001, D002 and D004 are written here once, each as a
:class:`WorkedExample`: where it comes from, its tradition and house rules, who held
which hand and who called what, and what the source states about it (with a note
where the source is wrong). Everything else reads them from here: the chapter's
data (:mod:`hanafuda_core.games.hachihachi_tables`), the settlement calculator
(:mod:`hanafuda_core.games.hachihachi_calculator`) and the tests, which hold their own
expected values as the independent check.

Hands are real 7-card hands chosen to make exactly the combinations each example
names, so a settlement of them exercises detection as well as payment.

>>> ex = BOOK_EXAMPLES["BK17-3"]
>>> ex.facts.names, ex.facts.multiplier
(('A', 'B', 'C'), 1)
>>> ex.settle().totals()
{'A': -88, 'B': -38, 'C': 126}
>>> example("BK17-5").source_note != "", example("D1-7").rules().preset
(True, 'd001')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..cards import CardSet
from ..errors import HanafudaError
from .hachihachi import HachiHachiRules, get_rules, yaku_rule
from .hachihachi_settle import Call, PlayerFacts, RoundFacts, Settlement, settle_round

__all__ = ["WorkedExample", "EXAMPLES", "BOOK_EXAMPLES", "DEFAULT_EXAMPLE", "example",
           "yaku_cards", "player", "AKA_HAND", "GREATER_TRIPLE_HAND", "NO_COMBINATION_HAND",
           "THREE_OF_A_KIND_HAND", "payment_case", "continue_case", "continue_settlements",
           "ContinueSettlements", "CONTINUE_YAKU", "DOUBLE_FROM_LONE_CONTINUER"]

H = CardSet.parse

#: Hands several examples share (with the combinations they make in the rulebook's table).
AKA_HAND = "1b 2b 3c 4c 6c 7c 10c"              # 2 Ribbons & 5 Chaffs (D001's Aka)
GREATER_TRIPLE_HAND = "5a 5b 5d 8a 9a 10a 12a"  # a greater triple (D001's Tatesanbon)
NO_COMBINATION_HAND = "1a 2a 3a 6a 7a 8b 9b"    # nothing
THREE_OF_A_KIND_HAND = "9a 9b 9c 1b 2a 3a 8a"   # an ordinary 3 of a Kind


def yaku_cards(key: str) -> CardSet:
    """The cards of one of the rulebook's fixed yaku, as a capture pile.

    >>> yaku_cards("poetry").format(), yaku_cards("four_dry_brights").format()
    ('1b 2b 3b', '1a 3a 8a 12a')
    """
    return CardSet(yaku_rule(get_rules("book").yaku, key).cards)


def player(name: str, hand: str | None = None, **kw: Any) -> PlayerFacts:
    """A player's facts with the dealt hand written in card notation.

    >>> player("A", "1a 1c", card_points=100).hand.format()
    '1a 1c'
    """
    return PlayerFacts(name, hand=H(hand) if hand else None, **kw)


_p = player


def _empty(*names: str) -> tuple[PlayerFacts, ...]:
    """Players who show no hand combination (and no hand)."""
    return tuple(_p(n, claims=()) for n in names)


def _points(names: Sequence[str], points: Sequence[int | None]) -> tuple[PlayerFacts, ...]:
    """Players known only by their card points (None: a player who is out of the round)."""
    return tuple(_p(n, claims=(), card_points=pts) for n, pts in zip(names, points))


@dataclass(frozen=True)
class WorkedExample:
    """A seed worked example: where it is, its tradition, its facts, what the source says.

    ``states`` is the source's own result in a few words; ``source_note`` says where
    the source is wrong (empty when it is right), or, with ``source_gap``, what it leaves
    unsaid though its result is right. ``summary`` tells the round in a
    sentence for the settlement calculator.
    """

    key: str
    source: str
    title: str
    facts: RoundFacts
    preset: str = "book"
    options: tuple[tuple[str, Any], ...] = ()
    summary: str = ""
    states: str = ""
    source_note: str = ""
    source_gap: bool = False

    def rules(self, **overrides: Any) -> HachiHachiRules:
        """The example's rules: its tradition, its house rules, then ``overrides``."""
        return get_rules(self.preset, **{**dict(self.options), **overrides})

    def settle(self, **overrides: Any) -> Settlement:
        """Settle the example under :meth:`rules` (``overrides`` change house rules)."""
        return settle_round(self.rules(**overrides), self.facts)


# ---------------------------------------------------------------------------
# BOOK ch. 17: the six scored rounds

_BOOK_ROUNDS: tuple[WorkedExample, ...] = (
    WorkedExample(
        "BK17-1", "BOOK ch. 17, Scoring Example 1 (fig. 17.4)",
        "Two players, Large field, no yaku",
        RoundFacts((_p("A", "1a 1c 2c 3c 4c 5c 6c", card_points=141),
                    _p("B", "9a 9b 9c 8a 10a 12a 2a", card_points=123)),
                   dealer="A", field=H("3a 5a 7b 10b 11d 12c")),
        summary="A holds 1 Bright & 6 Chaffs, B a 3 of a Kind; the Curtain in the field "
                "makes it a Large field (x2). With two players each card total is scored "
                "against 88 on its own.",
        states="A takes 80 for the combination and pays 40; the card points give A 106 "
               "and B 70: A 146, B 30; A wins."),
    WorkedExample(
        "BK17-2", "BOOK ch. 17, Scoring Example 2 (fig. 17.5)",
        "Two players, Grand field, a yaku ends the round",
        RoundFacts((_p("A", "4a 4b 4c 1c 2c 3d 5c"), _p("B", "1a 2a 3b 5a 6b 8b 9c")),
                   dealer="A", multiplier=4, calls=(Call("B", "end", ("poetry",)),)),
        summary="A holds a greater triple of Wisteria; B captures the three Poetry Ribbons "
                "and calls End, so no card points are counted.",
        states="A's Wisteria triple takes 120, B's Poetry Ribbons 280; no card points: "
               "A -160, B 160; B wins."),
    WorkedExample(
        "BK17-3", "BOOK ch. 17, Scoring Example 3 (fig. 17.6)",
        "Three players, Small field, no yaku",
        RoundFacts((_p("A", "1a 2a 3a 4a 5b 6b 8b", card_points=100),
                    _p("B", "9a 9b 9c 10a 11a 12a 8a", card_points=90),
                    _p("C", "1c 1d 2c 2d 3c 3d 10c", card_points=74)),
                   dealer="A", multiplier=1),
        summary="A holds no combination but takes the most card points; B holds a 3 of a "
                "Kind; C holds 7 Chaffs and 3 Pairs. The winner (most card points) is not "
                "the one who gains the most.",
        states="A -88, B -38, C 126; A wins with the most card points."),
    WorkedExample(
        "BK17-4", "BOOK ch. 17, Scoring Example 4 (fig. 17.7)",
        "Three players take 88 each",
        RoundFacts((_p("A", "10a 10b 10c 8a 9a 12a 11b", card_points=88),
                    _p("B", "5b 7b 1c 2c 3c 4c 6c", card_points=88),
                    _p("C", "1a 2a 3a 4a 5a 6a 8b", card_points=88)),
                   dealer="A", multiplier=2),
        summary="Everyone captures exactly 88 in a Large field: the dealer's special "
                "achievement cancels the hand combinations and the card points.",
        states="The dealer takes 200 from each: A 400, B -200, C -200.",
        source_note="The rulebook's figure still prints the hand-combination rows, but its "
                    "totals leave them out, as the special requires; it does not say that A "
                    "is the dealer, which the 200 from each implies.",
        source_gap=True),
    WorkedExample(
        "BK17-5", "BOOK ch. 17, Scoring Example 5 (fig. 17.8)",
        "Four players, one passes (Pass Penalty variant)",
        RoundFacts((_p("A", "1b 4a 4d 7a 9d 11a 12d"),
                    _p("B", "9a 9b 9c 1a 2a 3a 8a", card_points=98, caught_triples=(9,)),
                    _p("C", "6b 1c 2c 3c 10c 11d 12b", card_points=80),
                    _p("D", "2b 3b 4b 5a 7b 8b 10a", card_points=86)),
                   dealer="B", multiplier=4, passed=("A",)),
        options=(("fold_fees", (10, 15, 20)),),
        summary="A passes and pays the first pass fee to the round's winner; B catches the "
                "triple it showed; Grand field.",
        states="A -40 (the pass fee), B 200, C 88, D -248; B wins.",
        source_note="The rulebook's prose says C collects the 1 Ribbon & 6 Chaffs from "
                    "Player A and Player B. A had passed and takes no part in the round; "
                    "the rulebook's own figure and totals only add up when B and D pay, "
                    "which is what the payment lines above show."),
    WorkedExample(
        "BK17-6", "BOOK ch. 17, Scoring Example 6 (fig. 17.9)",
        "Four players, one forced out, a yaku round",
        RoundFacts((_p("A", "5c 5d 6c 6d 7c 8c 9c"), _p("B", "10a 11b 12a 9a 8b 7a 5a"),
                    _p("C", "1c 3a 4c 6a 7b 9b 10b"), _p("D", "1a 2a 2b 3b 3c 4a 4b")),
                   dealer="A", multiplier=2, forced_out=("D",),
                   calls=(Call("B", "end", ("four_dry_brights",)),)),
        summary="B and C choose to play with the dealer A, so D must sit out and is "
                "compensated; B captures 4 Dry Brights and calls End.",
        states="D's compensation is 46 from B and from C; A -40, B 274, C -326, D 92; "
               "B wins."),
)

# ---------------------------------------------------------------------------
# BOOK ch. 17 variants, D001, D002 and D004

_THREE_OF_A_KIND = RoundFacts((_p("A", THREE_OF_A_KIND_HAND, claims=("three",)),)
                              + _empty("B", "C"), dealer="A", field=H("12a 1a 5c 6c 7c 9d"))


def _combos(names: tuple[str, str, str]) -> RoundFacts:
    """D001's and D002's hand-combination example: Aka, a greater triple, nothing."""
    return RoundFacts(tuple(_p(n, h) for n, h in zip(names, (AKA_HAND, GREATER_TRIPLE_HAND,
                                                             NO_COMBINATION_HAND))),
                      dealer=names[0], multiplier=1)


def _d001_ending(a_points: int, a_chaffs: int | None, b_points: int, c_points: int
                 ) -> RoundFacts:
    """D001's end-of-hand dekiyaku: A with an Aka, dealer B with a greater triple."""
    return RoundFacts((_p("A", AKA_HAND, card_points=a_points, chaffs=a_chaffs),
                       _p("B", GREATER_TRIPLE_HAND, card_points=b_points),
                       _p("C", claims=(), card_points=c_points)), dealer="B", multiplier=1)


_AKIKO = ("Akiko", "Iori", "Uzuki")
_D002 = ("Oya", "Dou-Ni", "Biki")
_SHIKOU = yaku_cards("four_dry_brights")

_OTHER_EXAMPLES: tuple[WorkedExample, ...] = (
    WorkedExample(
        "BK17-V1", "BOOK ch. 17, Gameplay Variations (Multiple and Carryover Multiplier)",
        "Phoenix and Crane in the field: the multiplier variants", _THREE_OF_A_KIND,
        states="Carryover: this deal x4 and the next x2; Multiple: this deal x6."),
    WorkedExample(
        "BK17-V2", "BOOK ch. 17, Gameplay Variations (Winning Hand)",
        "Four & Three with 7 Chaffs: the Winning Hand variant",
        RoundFacts((_p("A", "11a 11b 11c 11d 12b 12c 12d"),) + _empty("B", "C"),
                   dealer="A", multiplier=1),
        options=(("winning_hand", True), ("four_three", "wins_round")),
        states="Four & Three (200) with 7 Chaffs (40) take 240 from each; under the "
               "variant, 400 from each."),
    WorkedExample(
        "D1-1", "D001, Teyaku (lines 22-52)", "Toichi in a doubled deal",
        RoundFacts((_p("Akiko", "2a 1c 1d 3c 4c 5c 6c"),) + _empty("Iori", "Uzuki"),
                   dealer="Akiko", multiplier=2),
        preset="d001", states="Akiko receives 12 kan, 6 from each opponent."),
    WorkedExample(
        "D1-2", "D001, Teyaku (lines 22-52)", "Aka against Tatesanbon", _combos(_AKIKO),
        preset="d001", states="Akiko +1 kan, Iori +4, Uzuki -5."),
    WorkedExample(
        "D1-3", "D001, Dekiyaku and Sage (lines 60-100)", "Shikou, sage, then Gokou",
        RoundFacts(_empty(*_AKIKO), dealer="Akiko", multiplier=1,
                   calls=(Call("Akiko", "sage", cards=_SHIKOU),
                          Call("Akiko", "stop", cards=_SHIKOU | H("11a")))),
        preset="d001", states="Shikou's 10 kan are paid at once; Gokou adds 12 kan more from "
                              "each opponent (22 in all)."),
    WorkedExample(
        "D1-3b", "D001, Dekiyaku and Sage (lines 60-100)", "Shikou, sage, and nothing more",
        RoundFacts(_empty(*_AKIKO), dealer="Akiko", multiplier=1,
                   calls=(Call("Akiko", "sage", cards=_SHIKOU),)),
        preset="d001", states="A sage that fails pays back half of the dekiyaku to each "
                              "opponent."),
    WorkedExample(
        "D1-4", "D001, End of hand (lines 101-135)", "Card points in a quadrupled deal",
        RoundFacts(_points(_AKIKO, (106, 116, 42)), dealer="Akiko", multiplier=4),
        preset="d001", states="Akiko 6 kan, Iori 9 kan 4, Uzuki -15 kan 4; Uzuki pays both."),
    WorkedExample(
        "D1-5", "D001, Hachi-Hachi for 2 players (lines 140-150)", "Aka with two players",
        RoundFacts((_p("A", AKA_HAND), _p("B", claims=())), dealer="A", multiplier=1),
        preset="d001", states="An Aka is worth 4 kan with three players, 2 kan with two."),
    WorkedExample(
        "D1-7", "D001, Hachi-Hachi for 4-6 players (lines 151-170)",
        "Six players, three fold by choice",
        RoundFacts(_points("ABCDEF", (100, None, 80, None, 84, None)), dealer="A",
                   multiplier=1, passed=("B", "D", "F")),
        preset="d001", states="Folding by choice costs 1 kan, 1 kan 6 and 2 kan."),
    WorkedExample(
        "D1-8", "D001, Dekiyaku that do not stop play (lines 101-111)",
        "Futahachi: 170 card points", _d001_ending(170, None, 50, 44),
        preset="d001", states="Futahachi is 10 kan and 1 more per point beyond 168; it "
                              "cancels the card points and returns the teyaku."),
    WorkedExample(
        "D1-8b", "D001, Dekiyaku that do not stop play (lines 101-111)",
        "Sujiroku: 18 Chaffs, the Willows counted", _d001_ending(80, 18, 100, 84),
        preset="d001", states="Sujiroku is 12 kan and 2 more per Chaff beyond 16."),
    WorkedExample(
        "D1-8c", "D001, Dekiyaku that do not stop play (lines 101-111)",
        "Souhachi: all three take 88", _d001_ending(88, None, 88, 88),
        preset="d001", states="Souhachi pays the dealer 10 kan from each."),
    WorkedExample(
        "D2-2", "D002, Hand Combo (lines 169-190)", "Hand combos balanced among the three",
        _combos(_D002), preset="d002", states="Oya +1 Kan, Dou-Ni +4, Biki -5."),
    WorkedExample(
        "D2-3", "D002, Draw deck becomes empty (lines 213-228)",
        "Double 8's: 170 card points",
        RoundFacts((_p("Oya", AKA_HAND, card_points=170),
                    _p("Dou-Ni", claims=(), card_points=50),
                    _p("Biki", claims=(), card_points=44)), dealer="Oya", multiplier=1),
        preset="d002", states="Double 8's is 10 + 2 = 12 Kan from each."),
    WorkedExample(
        "D2-4", "D002, Draw deck becomes empty (lines 213-228)", "Card points around 88",
        RoundFacts(_points(_D002, (100, 72, 92)), dealer="Oya", multiplier=1),
        preset="d002", states="100 card points are +12 points, 72 are -16 (88 is 0)."),
    WorkedExample(
        "D2-Y", "D002, Declare Yoshi or Sa-gé (lines 199-212)",
        "Sa-gé, then another player's Yoshi",
        RoundFacts(_empty(*_D002), dealer="Oya", multiplier=1,
                   calls=(Call("Dou-Ni", "sa-gé", cards=yaku_cards("poetry")),
                          Call("Biki", "yoshi", cards=yaku_cards("purple")))),
        preset="d002", states="Yoshi after another player's Sa-gé: the Sa-gé caller pays "
                              "double."),
    WorkedExample(
        "D4-1", "D004, Auction (lines 25-34)", "Six players, three pass",
        RoundFacts(_points("ABCDEF", (None, 100, None, 80, None, 84)), dealer="B",
                   multiplier=1, passed=("A", "C", "E")),
        preset="d004", states="Passing costs 1/-, 1/6 and 2/- for the first, second and "
                              "third passer."),
    WorkedExample(
        "D4-K", "D004, Scoring combinations, going out and keeping (lines 53-62)",
        "Keeping, and an opponent goes out",
        RoundFacts(_empty("A", "B", "C"), dealer="A", multiplier=1,
                   calls=(Call("A", "keep", cards=yaku_cards("poetry")),
                          Call("B", "out", cards=yaku_cards("purple")))),
        preset="d004", states="A keeper whose opponent goes out pays for both losers and "
                              "returns half of what the kept combination earned."),
)

#: Every worked example by key, in the chapter's order.
EXAMPLES: Mapping[str, WorkedExample] = {e.key: e for e in _BOOK_ROUNDS + _OTHER_EXAMPLES}

#: The rulebook's scored rounds ("BK17-1" ... "BK17-6"), offered by the calculator.
BOOK_EXAMPLES: Mapping[str, WorkedExample] = {e.key: e for e in _BOOK_ROUNDS}

#: The round the settlement calculator shows first.
DEFAULT_EXAMPLE = "BK17-3"


def example(key: str) -> WorkedExample:
    """The worked example ``key`` (a clear error naming the known keys otherwise)."""
    try:
        return EXAMPLES[key]
    except KeyError:
        raise HanafudaError(f"unknown worked example {key!r}; known: "
                            f"{', '.join(EXAMPLES)}") from None



# ---------------------------------------------------------------------------
# Quiz cases: seeded rounds the generic settlement topics ask about
# (:mod:`hanafuda_core.teach.settlement_quiz`; named by ``QUIZ_CASES`` in the rules module).

def payment_case(game: Any, rng: Any) -> Any:
    """A seeded three-player settlement for the ``payment`` topic: hands of a seeded
    deal, card points from a seeded split of the deck, the deal's field; only rounds
    with a hand combination and no special ending, with at least three distinct slips
    (a :class:`~hanafuda_core.teach.settlement_quiz.PaymentCase`)."""
    from ..cards import DECK, DEFAULT_VALUES
    from ..teach.settlement_quiz import PaymentCase, amount
    rules: HachiHachiRules = game.rules
    names = ("A", "B", "C")
    for _ in range(500):
        zones = game.new_round(seed=rng.randrange(100_000), players=3).zones()
        order = list(DECK)
        rng.shuffle(order)
        a, b = sorted(rng.sample(range(8, 40), 2))
        piles = (order[:a], order[a:b], order[b:])
        players = tuple(PlayerFacts(n, hand=CardSet(zones[f"hand {i}"]),
                                    card_points=CardSet(p).value(DEFAULT_VALUES))
                        for i, (n, p) in enumerate(zip(names, piles)))
        facts = RoundFacts(players, dealer="A", field=CardSet(zones["field"]))
        s = settle_round(rules, facts)
        if s.special or not any(x.category == "teyaku" for x in s.ledger):
            continue
        who = rng.choice(facts.active)
        right = s.totals()[who]
        by_cat = {r["category"]: r[who] for r in s.to_rows()}
        one = settle_round(rules, RoundFacts(facts.players, facts.dealer, multiplier=1))
        mistakes = (
            (one.totals()[who], "forgets to multiply by the field"),
            (right - by_cat.get("cards", 0), "leaves out the card points"),
            (right - by_cat.get("teyaku", 0), "leaves out the hand combinations"),
            (-right, "has the sign the wrong way round"),
            (right - by_cat.get("events", 0), "leaves out the bonuses"),
        )
        slips: list[tuple[int, str]] = []
        for value, why in mistakes:
            if value != right and value not in [w for w, _ in slips]:
                slips.append((value, why))
        if len(slips) >= 3:
            break
    else:  # pragma: no cover
        raise HanafudaError("no suitable Hachi-Hachi settlement found")
    held = "; ".join(
        f"{p.name}: " + (", ".join(h.rule.name for h in s.teyaku[p.name])
                         or "no hand combination") + f", {p.card_points} card points"
        for p in facts.players)
    setting = (f"Three players, {s.multiplier.name} (×{s.multiplier.value}); A deals. "
               f"{held}. No yaku was made.")
    lines = tuple(f"{x.payer} pays {x.payee} {amount(game, x.amount)} ({x.reason})"
                  for x in s.ledger)
    return PaymentCase(setting, who, right, lines, tuple(s.totals().items()),
                       tuple(slips[:3]))


#: The ``calls`` rules under which ending after exactly one opponent went on takes double
#: from that one and nothing from the other (BOOK, D002).
DOUBLE_FROM_LONE_CONTINUER = ("book", "d002")

#: The fixed yaku a continue case is made of (their cards: :func:`yaku_cards`).
CONTINUE_YAKU = ("poetry", "purple", "four_dry_brights")


@dataclass(frozen=True)
class ContinueSettlements:
    """Your results in the three endings of an End-or-play-on decision: end now, play on
    and end with both yaku, play on and let C end first with the hoped-for yaku."""

    end_now: int
    success: int
    failure: int


def continue_settlements(rules: HachiHachiRules | str, mine: str, hoped: str, theirs: str,
                         multiplier: int) -> ContinueSettlements:
    """Settle the three endings of an End-or-play-on decision for player "You" (B has
    already played on holding ``theirs``, unless it is ``""``).

    >>> continue_settlements("book", "poetry", "four_dry_brights", "purple", 2).end_now
    280
    """
    r = get_rules(rules) if isinstance(rules, str) else rules
    players = tuple(PlayerFacts(n, claims=()) for n in ("You", "B", "C"))
    cards = {k: yaku_cards(k) for k in CONTINUE_YAKU}
    prior = (Call("B", "continue", cards=cards[theirs]),) if theirs else ()

    def net(*calls: Call) -> int:
        s = settle_round(r, RoundFacts(players, dealer="You", multiplier=multiplier,
                                       calls=prior + calls))
        return s.totals()["You"]

    return ContinueSettlements(
        net(Call("You", "end", cards=cards[mine])),
        net(Call("You", "continue", cards=cards[mine]),
            Call("You", "end", cards=cards[mine] | cards[hoped])),
        net(Call("You", "continue", cards=cards[mine]), Call("C", "end", cards=cards[hoped])))


def continue_case(game: Any, rng: Any) -> Any:
    """A seeded End-or-play-on decision for the ``continue`` topic, whose two calls
    differ by at least one unit on average (a
    :class:`~hanafuda_core.teach.settlement_quiz.ContinueCase`)."""
    from ..teach.settlement_quiz import ContinueCase
    rules: HachiHachiRules = game.rules
    go = rules.decision_words.go_on
    for _ in range(200):
        mine, hoped, theirs = rng.sample(list(CONTINUE_YAKU), 3)
        if rng.random() < 0.4:
            theirs = ""
        multiplier = rng.choice((1, 2, 4))
        chance = rng.choice((0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8))
        s = continue_settlements(rules, mine, hoped, theirs, multiplier)
        if abs(s.end_now - (chance * s.success + (1 - chance) * s.failure)) >= 1:
            break
    name = {k: yaku_rule(rules.yaku, k).name for k in CONTINUE_YAKU}
    before = (f"B has already called {go} holding the {name[theirs]}." if theirs
              else "Nobody else has made a yaku.")
    # The rulebook's and the Japanese publisher's calls: ending after exactly one
    # opponent went on takes double from that one and nothing from the other.
    lone = bool(theirs) and dict(rules.options).get("calls") in DOUBLE_FROM_LONE_CONTINUER
    note = "B had played on, so B pays double and C pays nothing." if lone else ""
    return ContinueCase(f"Field ×{multiplier}. {before}", name[mine], name[hoped], "C",
                        chance, s.end_now, s.success, s.failure, note)
