"""Card-value settlement: a round scored by the card values each player took.

Several capture games play every card out and then score each pile by the sum
of its card values (20/10/5/1), sometimes against a par, plus the pile's yaku,
sometimes minus the yaku of the other players:

* the rulebook's Simplified Game for Beginners (ch. 4): card points, plus the
  optional simple yaku chart;
* Mushi (ch. 8): (card points - 115) + own yaku - the opponent's yaku;
* Min-Hwatu (ch. 11): card points + own yaku x the number of opponents - every
  opponent's yaku (each opponent pays each player's yaku);
* Hana-Awase 2 (ch. 7): (card points - 88) + own yaku - every opponent's yaku.

The last three are one rule, :func:`transfer_scores`, with a factor for a side's own
yaku (``own_yaku_factor``): ``"one"`` (it counts once for the side) or ``"opponents"``
(once per other side); with two sides both readings agree. Higo-Bana (ch. 14) counts a
side's own yaku never (``"none"``): a yaku is only a penalty on the other sides.

Some chapters then rewrite the counted scores with a round variation (Winner Takes
All, Low Man Out, Rain ...): ``adjustments``, applied in the game's order, each a line
of the round's report (:mod:`~hanafuda_core.families.capture.adjustments`). A round
whose best score is shared goes to nobody, or, with ``round_tie`` set to
``"dealer_then_play_order"`` (the Dealer Tie Breaker), to the dealer if tied, else to
the first tied player after the dealer in turn order.

:class:`CardValueSettlement` is that rule as data. It is a capture-engine
overlay (:mod:`hanafuda_core.engines.capture`): there is no stop/continue
decision, and the round is settled when the last card is played
(``settle_draw``). Its :meth:`~CardValueSettlement.pile_figures` gives what
``hanafuda score GAME CARDS --json`` reports for one pile.

>>> from hanafuda_core.cards import CardSet
>>> plain = CardValueSettlement()
>>> plain.card_points(CardSet.parse("1a 2a 3b 4d").mask)
36
>>> CardValueSettlement(par=115).pile_figures(None, CardSet.parse("1a 3a 8a").mask)["total"]
-55
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from ...cards import CARD_INFO, KIND_MASKS, Card, CardSet, Kind
from ...engines.capture import (
    STOP,
    CaptureRules,
    Declarations,
    Declare,
    RoundResult,
    State,
    Stop,
    doubled_yaku,
)
from ...errors import HanafudaError, OptionError
from ...rules import Source
from ...scoring import ScoreLine, ScoreReport
from ...yaku import Signature
from .adjustments import Adjustment, RoundContext, apply_all
from .ranking import ROUND_TIES, round_winner

__all__ = ["OWN_YAKU_FACTORS", "CardValueSettlement", "HandClaims", "SideScore",
           "transfer_scores", "yaku_factor"]

_KINDS = (Kind.BRIGHT, Kind.TEN, Kind.RIBBON, Kind.CHAFF)

#: How often a side's own yaku count for it when every side's yaku are transferred:
#: ``"one"``, once (Mushi, Hana-Awase 2); ``"opponents"``, once per other side
#: (Min-Hwatu: each opponent pays it); ``"none"``, never: a yaku only costs the other
#: sides (Higo-Bana's penalties, B3).
OWN_YAKU_FACTORS: tuple[str, ...] = ("one", "opponents", "none")


def yaku_factor(own_yaku_factor: str, sides: int) -> int:
    """The multiplier of a side's own yaku: 1 for ``"one"``, ``sides - 1`` for
    ``"opponents"`` (a pile scored on its own, as ``hanafuda score`` does, counts its
    yaku once), 0 for ``"none"``. Anything else is refused with the allowed values.

    >>> yaku_factor("one", 3), yaku_factor("opponents", 3), yaku_factor("opponents", 2)
    (1, 2, 1)
    >>> yaku_factor("opponents", 1), yaku_factor("none", 3)
    (1, 0)
    """
    if own_yaku_factor not in OWN_YAKU_FACTORS:
        raise OptionError(f"a side's own yaku count {' or '.join(map(repr, OWN_YAKU_FACTORS))}"
                          f" times, not {own_yaku_factor!r}")
    if own_yaku_factor == "none":
        return 0
    return 1 if own_yaku_factor == "one" else max(sides - 1, 1)


def transfer_scores(card_points: Sequence[int], yaku: Sequence[int], factor: str = "one",
                    par: int = 0) -> tuple[int, ...]:
    """Each side's score when every side's yaku are paid by the other sides:
    ``(card points - par) + own yaku x k - the other sides' yaku``, ``k`` being 1
    (``factor="one"``), the number of other sides (``"opponents"``) or 0 (``"none"``).

    The rulebook's Min-Hwatu, three players (cards 80 / 90 / 70, yaku 30 / 20 / 50):

    >>> transfer_scores((80, 90, 70), (30, 20, 50), "opponents")
    (70, 50, 120)
    >>> transfer_scores((131, 99), (35, 10), "one", par=115)    # Mushi: either factor
    (41, -41)
    >>> transfer_scores((90, 75, 80), (0, 100, 50), "none")     # Higo-Bana: penalties only
    (-60, 25, -20)
    """
    if len(card_points) != len(yaku):
        raise HanafudaError(f"one yaku total per side: {len(card_points)} sides of card "
                            f"points, {len(yaku)} yaku totals")
    k = yaku_factor(factor, len(card_points))
    everyone = sum(yaku)
    return tuple(c - par + y * k - (everyone - y) for c, y in zip(card_points, yaku))


@dataclass(frozen=True)
class SideScore:
    """One side's score for a round, term by term."""

    card_points: int
    par: int
    yaku_points: int           # the game's own yaku chart
    optional_yaku_points: int  # the optional chart (counted only if it is in use)
    optional_counted: bool
    taken_by_others: int       # the other sides' yaku, subtracted (Mushi, Min-Hwatu)
    yaku_factor: int           # how often the side's own counted yaku count for it
    total: int
    hand_points: int = 0       # the hand combinations claimed at the deal (A11), in total

    def formula(self) -> str:
        """The score written out: "(131 - 115) + 35 - 10 = 41", "80 + 30 x 2 - 70 = 70"
        (the factor of the own yaku is written when it is not 1; with factor 0 the own
        yaku are left out: "90 - 150 = -60"); hand combinations come first:
        "400 + 130 + 50 = 580".

        >>> SideScore(90, 0, 0, 0, False, 150, 0, -60).formula()
        '90 - 150 = -60'
        """
        text = f"({self.card_points} - {self.par})" if self.par else f"{self.card_points}"
        if self.hand_points:
            text = f"{self.hand_points} + {text}"
        yaku = self.yaku_points + (self.optional_yaku_points if self.optional_counted else 0)
        if self.yaku_factor and (yaku or self.taken_by_others):
            text += f" + {yaku}" + (f" x {self.yaku_factor}" if self.yaku_factor != 1 else "")
        if self.taken_by_others:
            text += f" - {self.taken_by_others}"
        return text if text == str(self.total) else f"{text} = {self.total}"


# -- A11: hand combinations claimed at the deal ------------------------------------

@dataclass(frozen=True)
class HandClaims(Declarations):
    """Hand combinations claimed at the deal by showing them (A11; A1's declarations).

    ``table`` is a :class:`~hanafuda_core.teyaku.TeyakuTable`. After the deal each seat
    may claim the best combination of each of the table's groups that its dealt hand
    makes (:meth:`offers`; a claim is a ``Declare(key, cards)`` showing the cards the
    combination needs: a chaff combination the whole hand, a triple its three cards);
    the cards go back into the hand and stay known to the table. The card-value
    settlement adds each side's claimed combinations to its round score
    (:func:`_hand_points`; ``SideScore.hand_points``). Six Hundred (BOOK 1279-1291,
    1385-1401): claiming is how a player receives the points, so an unclaimed
    combination scores nothing.

    >>> from hanafuda_core.teyaku import CHAFF, TeyakuRule, TeyakuTable
    >>> t = TeyakuTable((TeyakuRule("all_chaffs", "All Chaffs", "", CHAFF, 400),),
    ...                 rain_is_chaff=False)
    >>> [d.code() for d in HandClaims(t).offers(CardSet.parse("1c 2c 3c 4c 5c 6c 7c").mask, ())]
    ['declare all_chaffs 1c 2c 3c 4c 5c 6c 7c']
    """

    table: Any = None
    verb: str = "claim"
    source: Source | None = None

    def offers(self, hand: int, shown: tuple[Declare, ...]) -> tuple[Declare, ...]:
        done = {d.key for d in shown}
        hits = self.table.evaluate(CardSet.from_mask(hand)).hits
        return tuple(Declare(h.rule.key, tuple(h.shown)) for h in hits
                     if h.rule.key not in done)

    def points(self, shown: Sequence[Declare]) -> int:
        """The points of the combinations claimed in ``shown`` (the table's values)."""
        keys = {r.key for r in self.table.rules}
        return sum(self.table.rule(d.key).value for d in shown if d.key in keys)


def _hand_points(state: State) -> tuple[int, ...]:
    """Per side, the points of the hand combinations it claimed at the deal (A11), or ()
    when the rules take no claims."""
    rules = state.rules
    claims = rules.declarations
    if not isinstance(claims, HandClaims):
        return ()
    return tuple(claims.points([d for seat, d in state.declared if rules.side(seat) == side])
                 for side in range(rules.sides))


def _stand_in_note(hit: Any) -> str:
    """"the Rainman stood for the Pine Ribbon; worth double" (A7), or ""."""
    from ...cards import CARD_INFO
    parts = [f"the {CARD_INFO[a].name} stood for the {CARD_INFO[b].name}"
             for a, b in hit.stood_for]
    if hit.doubled:
        parts.append("worth double")
    return "; ".join(parts)


@dataclass(frozen=True)
class CardValueSettlement:
    """Settle a round by card values, with an optional par and yaku transfer.

    ``values``
        Points of a Bright, a Ten, a Ribbon and a Chaff (default 20/10/5/1).
    ``card_values``
        Values of single cards that differ from their kind's, as ``((card, value), ...)``
        (Six Hundred: the Nightingale 50, the Special Paulownia 10); a card listed here
        is worth its own value instead of its kind's. Later pairs override earlier ones.
    ``par``
        Subtracted from each pile's card points (Mushi: 115, half its deck's 230).
    ``chart``
        The game's own yaku (a :class:`~hanafuda_core.yaku.YakuTable`), or None.
    ``optional_chart`` / ``optional_on``
        An optional chart (Simplified's simple yaku) and whether it is in use.
        ``hanafuda score`` reports it either way, as ``optional_yaku_points``.
    ``transfer_yaku``
        Each side's yaku are also subtracted from every other side (Mushi, Min-Hwatu,
        Hana-Awase 2): the score is :func:`transfer_scores`.
    ``own_yaku_factor``
        With ``transfer_yaku``, how often a side's own yaku count for it: ``"one"``,
        ``"opponents"`` (once per other side; Min-Hwatu) or ``"none"`` (never: they only
        cost the others; Higo-Bana). One of :data:`OWN_YAKU_FACTORS`.
    ``adjustments``
        Round adjustments (:mod:`~hanafuda_core.families.capture.adjustments`: Winner
        Takes All, Low Man Out ...) applied in this order to the scores as counted; each
        is a line of the round's report.
    ``round_tie``
        Who wins a round whose best score is shared: ``"none"`` (nobody; the basics) or
        ``"dealer_then_play_order"`` (Dealer Tie Breaker); see
        :func:`~hanafuda_core.families.capture.ranking.round_winner`.
    ``source``
        The rule's source, cited in reports.
    """

    values: tuple[int, int, int, int] = (20, 10, 5, 1)
    card_values: tuple[tuple[Card, int], ...] = ()
    par: int = 0
    chart: Any = None
    optional_chart: Any = None
    optional_on: bool = False
    transfer_yaku: bool = False
    own_yaku_factor: str = "one"
    adjustments: tuple[Adjustment, ...] = ()
    round_tie: str = "none"
    source: Source | None = None

    def __post_init__(self) -> None:
        yaku_factor(self.own_yaku_factor, 2)      # refuses an unknown factor
        if self.round_tie not in ROUND_TIES:
            raise OptionError(f"a tied round is decided by {' or '.join(ROUND_TIES)}, "
                              f"not {self.round_tie!r}")
        self._check_card_values()

    # -- the figures -------------------------------------------------------------
    def _check_card_values(self) -> None:
        """Refuse a malformed ``card_values`` (A10)."""
        for pair in self.card_values:
            items: tuple[object, ...] = pair if isinstance(pair, tuple) else ()
            if (len(items) != 2 or isinstance(items[0], bool) or not isinstance(items[0], int)
                    or not 0 <= items[0] < 48 or isinstance(items[1], bool)
                    or not isinstance(items[1], int)):
                raise HanafudaError(f"card_values holds {pair!r}; each entry is (card, "
                                    "points): one of the 48 cards and a whole number")

    @cached_property
    def _card_adjustments(self) -> tuple[tuple[int, int], ...]:
        """``(bit, value - kind value)`` of each card valued apart from its kind (A10)."""
        kind_value = dict(zip(_KINDS, self.values))
        own = {int(c): v for c, v in self.card_values}
        return tuple((1 << c, v - kind_value[CARD_INFO[c].kind]) for c, v in own.items()
                     if v != kind_value[CARD_INFO[c].kind])

    def card_value(self, card: int) -> int:
        """The value of one card: its own (``card_values``) or its kind's.

        >>> CardValueSettlement(card_values=((Card.PLUM_NIGHTINGALE, 50),)).card_value(4)
        50
        """
        for c, v in reversed(self.card_values):
            if int(c) == int(card):
                return v
        return dict(zip(_KINDS, self.values))[CARD_INFO[card].kind]

    def card_points(self, mask: int) -> int:
        """The sum of the card values of a pile (an int mask)."""
        total = sum((mask & KIND_MASKS[k]).bit_count() * v for k, v in zip(_KINDS, self.values))
        for bit, delta in self._card_adjustments:
            if mask & bit:
                total += delta
        return total

    @staticmethod
    def _yaku(table: Any, mask: int, field_mask: int, doubled: frozenset[str] = frozenset()
              ) -> int:
        if table is None:
            return 0
        return int(table.score(mask, field_mask, doubled)[0] if doubled else
                   table.quick(mask, field_mask)[0])

    def side_scores(self, piles: tuple[int, ...], field_mask: int = 0,
                    doubled: tuple[frozenset[str], ...] = (),
                    hand: Sequence[int] = ()) -> tuple[SideScore, ...]:
        """Each side's score from the sides' capture piles (int masks); ``doubled``: per
        side, the game's own yaku worth double this round (A1/A7: declared at the deal);
        ``hand``: per side, the points of the hand combinations it claimed (A11)."""
        own = [self._yaku(self.chart, m, field_mask, doubled[s] if doubled else frozenset())
               for s, m in enumerate(piles)]
        opt = [self._yaku(self.optional_chart, m, field_mask) for m in piles]
        counted = [y + (o if self.optional_on else 0) for y, o in zip(own, opt)]
        cards = [self.card_points(m) for m in piles]
        if self.transfer_yaku:
            k = yaku_factor(self.own_yaku_factor, len(piles))
            totals = transfer_scores(cards, counted, self.own_yaku_factor, self.par)
            everyone = sum(counted)
            taken = [everyone - y for y in counted]
        else:
            k, taken = 1, [0] * len(piles)
            totals = tuple(c - self.par + y for c, y in zip(cards, counted))
        if hand:
            totals = tuple(t + h for t, h in zip(totals, hand))
        return tuple(SideScore(cards[s], self.par, own[s], opt[s], self.optional_on,
                               taken[s], k, totals[s], hand[s] if hand else 0)
                     for s in range(len(piles)))

    def _yaku_lines(self, mask: int, field_mask: int, who: str = "",
                    doubled: frozenset[str] = frozenset()) -> list[ScoreLine]:
        lines: list[ScoreLine] = []
        for table, optional in ((self.chart, False), (self.optional_chart, True)):
            if table is None:
                continue
            for h in table.evaluate(mask, field_mask, () if optional else doubled).hits:
                note = "; ".join(x for x in (who, _stand_in_note(h)) if x)
                if optional:
                    note = (note + "; " if note else "") + (
                        "optional chart, in use" if self.optional_on
                        else "optional chart, not in use: not counted")
                lines.append(ScoreLine(h.rule.key, h.rule.name, h.rule.japanese,
                                       tuple(h.cards), h.base, h.extras, tuple(h.extra_cards),
                                       h.points, h.rule.source, note))
        return lines

    @staticmethod
    def check_deck(rules: Any, mask: int) -> None:
        """Refuse a pile holding a card that is not in the game's deck (Mushi's 40)."""
        if rules is None:
            return
        deck = 0
        for c in rules.deck:
            deck |= 1 << int(c)
        stray = mask & ~deck
        if stray:
            codes = " ".join(c.code for c in CardSet.from_mask(stray))
            raise HanafudaError(f"{rules.name} is played with {len(rules.deck)} cards; "
                                f"{codes} {'is' if stray.bit_count() == 1 else 'are'} not "
                                "in its deck")

    def pile_figures(self, rules: Any, mask: int, field_mask: int = 0,
                     doubled: frozenset[str] = frozenset()) -> dict[str, Any]:
        """What ``hanafuda score`` reports for one pile: ``card_points``, ``yaku_points``
        (the game's own chart), ``optional_yaku_points`` (the optional chart, counted in
        ``total`` only if in use), ``par`` (None without one), ``total`` (no opponent: nothing
        is taken away) and ``yaku``, each with its cards and whether it is ``optional``.
        ``doubled``: the game's own yaku (rule keys) worth double, as declarations at the
        deal make them (A1: Hachi-juu Hana's revealed months)."""
        self.check_deck(rules, mask | field_mask)
        s = self.side_scores((mask,), field_mask, (doubled,) if doubled else ())[0]
        yaku = []
        for table, optional in ((self.chart, False), (self.optional_chart, True)):
            if table is None:
                continue
            for h in table.evaluate(mask, field_mask, () if optional else doubled).hits:
                yaku.append({**h.to_dict(), "optional": optional,
                             "counted": not optional or self.optional_on})
        return {"card_points": s.card_points, "par": self.par or None,
                "yaku_points": s.yaku_points,
                "optional_yaku_points": s.optional_yaku_points, "total": s.total,
                "yaku": yaku}

    def pile_report(self, rules: Any, mask: int, field_mask: int = 0, calls: int = 0,
                    calls_self: int = 0, doubled: frozenset[str] = frozenset()
                    ) -> ScoreReport:
        """One pile explained (``doubled``: as :meth:`pile_figures`). These games have no
        Koi-Koi calls: a count of calls other than 0 is refused with the reason."""
        if calls or calls_self:
            name = rules.name if rules is not None else "this game"
            raise HanafudaError(f"{name} has no Koi-Koi calls: every round is played to the "
                                "last card; leave out --koikoi")
        self.check_deck(rules, mask | field_mask)
        s = self.side_scores((mask,), field_mask, (doubled,) if doubled else ())[0]
        lines = self._yaku_lines(mask, field_mask, doubled=doubled)
        counted = s.yaku_points + (s.optional_yaku_points if self.optional_on else 0)
        notes = [f"card points: {s.card_points}" + (f", against a par of {self.par}"
                                                    if self.par else ""),
                 f"score: {s.formula()}"]
        if self.transfer_yaku and self.own_yaku_factor == "none" and lines:
            notes.append("these yaku score nothing for this pile: each is taken off every "
                         "other player's score")
        if self.chart is not None:      # a yaku made but set aside (A13: voided by the pile)
            notes += [f"{name} does not count: {why}"
                      for name, why in self.chart.evaluate(mask, field_mask).set_aside]
        return ScoreReport(tuple(lines), counted, (), s.total, "Score of the captured cards",
                           None, tuple(notes))

    def accounts(self, state: State) -> dict[str, int]:
        """Amounts held by no seat at the end of a round (the play protocol's
        ``Outcome.accounts``): the card points of cards left on the field, which no
        pile scored. With a par of half the deck (Mushi) the seats' points plus this
        sum to zero."""
        if state.result is None or not state.field_m:
            return {}
        return {"left on the field": self.card_points(state.field_m)}

    # -- the capture engine's overlay hooks ----------------------------------------
    def decision_needed(self, rules: CaptureRules, old_sig: Signature, new_sig: Signature,
                        total: int) -> bool:
        """No stop/continue decision: every round is played to the last card."""
        return False

    def decision_actions(self, state: State) -> tuple[Stop]:
        return (STOP,)      # never asked (no decision is ever opened)

    def settle(self, state: State, winner: int) -> RoundResult:
        """The round ended on ``winner``'s turn before the last card: their first yaku
        ended it (``CaptureRules.round_end="first_yaku"``, A3: Hana-Awase 2; there is no
        Stop). Every side is scored as at the end (the cards still out are nobody's),
        and ``winner``, who made the yaku, wins the round (reason ``"yaku"``)."""
        res = self.settle_draw(state)

        def make_report() -> ScoreReport:
            rep: ScoreReport = res.report
            notes = tuple(n for n in rep.notes if not n.startswith("a tie"))
            if any(state.hands_m) or state.stock_size:
                notes += ("the cards still in the hands and the stock are nobody's",)
            return replace(rep, title=f"Round {state.round_no}: player {winner + 1} makes "
                           "the first yaku and wins the round", player=winner, notes=notes)
        return RoundResult(winner, res.points, "yaku", make_report=make_report)

    def _yaku_keys(self, mask: int, field_mask: int) -> frozenset[str]:
        keys: set[str] = set()
        for table, counted in ((self.chart, True), (self.optional_chart, self.optional_on)):
            if table is not None and counted:
                keys.update(h.rule.key for h in table.evaluate(mask, field_mask).hits)
        return frozenset(keys)

    def round_context(self, state: State, scores: tuple[SideScore, ...]) -> RoundContext:
        """What the round adjustments read at the end of a round, seat by seat."""
        rules = state.rules
        seats = [rules.side(p) for p in range(rules.players)]
        return RoundContext(
            scores=tuple(scores[s].total for s in seats),
            card_points=tuple(scores[s].card_points for s in seats),
            piles=tuple(state.caps_m[s] for s in seats),
            yaku=tuple(self._yaku_keys(state.caps_m[s], state.field_m) for s in seats),
            dealer=state.dealer, value_of=self.card_points)

    def settle_draw(self, state: State) -> RoundResult:
        """The end of the round: every side's score; the highest wins (a tie: nobody, or
        as ``round_tie`` says); then the round adjustments, in order."""
        rules = state.rules
        doubled = doubled_yaku(state)
        scores = self.side_scores(state.caps_m, state.field_m, doubled, _hand_points(state))
        counted = tuple(scores[rules.side(p)].total for p in range(rules.players))
        best = max(counted)
        tied = sum(1 for v in (s.total for s in scores) if v == best) > 1   # sides (B6)
        winner = round_winner(counted, state.dealer, self.round_tie, rules.teams)
        tie_winner = winner if tied else None
        points = counted
        adjusted_notes: tuple[str, ...] = ()
        if self.adjustments:
            points, winner, adjusted_notes = apply_all(
                self.adjustments, self.round_context(state, scores), winner)
        caps, fm, rnd = state.caps_m, state.field_m, state.round_no

        def make_report() -> ScoreReport:
            lines: list[ScoreLine] = []
            notes = []
            for p in range(rules.players):
                side = rules.side(p)
                if rules.teams and rules.teams.index(side) != p:    # a partner (B6)
                    first = rules.teams.index(side)
                    notes.append(f"player {p + 1} plays with player {first + 1}: the same "
                                 "pile and score")
                    continue
                lines += self._yaku_lines(caps[side], fm, f"player {p + 1}",
                                          doubled[side] if doubled else frozenset())
                if scores[side].hand_points and isinstance(rules.declarations, HandClaims):
                    table = rules.declarations.table
                    claimed = [table.rule(d.key).name for seat, d in state.declared
                               if seat == p and d.key in {r.key for r in table.rules}]
                    if claimed:
                        notes.append(f"player {p + 1} claimed {' and '.join(claimed)} at the "
                                     "deal")
                notes.append(f"player {p + 1}: {scores[side].formula()}")
                if scores[side].taken_by_others and not scores[side].yaku_factor:
                    notes.append(f"player {p + 1}: {scores[side].taken_by_others} taken by "
                                 "others' yaku (a yaku scores nothing for its maker)")
            if fm:
                notes.append(f"{fm.bit_count()} card(s) stay on the field: nobody's")
            if tie_winner is not None:
                notes.append(f"a tie for the best score: player {tie_winner + 1} wins the "
                             "round, the first tied player in turn order from the dealer")
            elif tied:
                notes.append("a tie for the best score: nobody wins the round")
            notes += adjusted_notes
            if points != counted:
                notes.append("the round's scores: " + ", ".join(
                    f"player {p + 1} {v}" for p, v in enumerate(points)))
            subtotal = sum(line.points for line in lines)
            if winner is None:
                title = f"Round {rnd}: " + ("a tie" if tied else "nobody wins")
            elif tied or points != counted:
                title = f"Round {rnd}: player {winner + 1} wins"
            else:
                title = f"Round {rnd}: player {winner + 1} has the best score"
            return ScoreReport(tuple(lines), subtotal, (), max(points), title, winner,
                               tuple(notes))
        return RoundResult(winner, points, "cards", make_report=make_report)

    def settle_instant(self, state: State, winner: int, reason: str) -> RoundResult:
        """These games have no instant win from the deal (their rules redeal instead)."""
        raise HanafudaError(f"{state.rules.name} has no instant win from the deal "
                            f"({reason}); its rules redeal such a hand")
