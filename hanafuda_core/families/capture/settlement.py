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
from functools import cached_property, lru_cache
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
from ...frozen import quick_init
from ...rules import Source
from ...scoring import ScoreLine, ScoreReport
from ...yaku import Signature
from .adjustments import Adjustment, RoundContext, apply_all
from .ranking import ROUND_TIES, round_winner

__all__ = ["OWN_YAKU_FACTORS", "TIE_KEYS", "CardValueSettlement", "HandClaims", "SideScore",
           "transfer_scores", "yaku_factor"]

_KINDS = (Kind.BRIGHT, Kind.TEN, Kind.RIBBON, Kind.CHAFF)
_CHAFF = KIND_MASKS[Kind.CHAFF]

#: B11: the keys a tuple ``round_tie`` may list, tried in order among the tied players.
TIE_KEYS: tuple[str, ...] = ("most_chaffs", "card_points", "dealer_then_play_order")

#: How often a side's own yaku count for it when every side's yaku are transferred:
#: ``"one"``, once (Mushi, Hana-Awase 2); ``"opponents"``, once per other side
#: (Min-Hwatu: each opponent pays it); ``"none"``, not at all: a yaku only costs the
#: other sides (B3: Higo-Bana's penalties, BOOK 2417-2419).
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

    The rulebook's Higo-Bana (B3: own yaku count nothing; cards 90 / 75 / 80, yaku
    0 / 100 / 50, 50 a yaku):

    >>> transfer_scores((90, 75, 80), (0, 100, 50), "none")
    (-60, 25, -20)
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


@quick_init
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
    hand_taken: int = 0        # B15: the other sides' claimed combinations, subtracted
    hand_factor: int = 1       # B15: how often the side's own combinations count for it
    cards_counted: bool = True  # B11: False, the card points are reported, not scored

    def formula(self) -> str:
        """The score written out: "(131 - 115) + 35 - 10 = 41", "80 + 30 x 2 - 70 = 70"
        (the factor of the own yaku is written when it is not 1; with factor 0 only the
        others' yaku are written: "90 - 150 = -60"); hand combinations come
        first: "400 + 130 + 50 = 580", or, paid by each opponent (B15), in brackets:
        "(20 x 2 - 40) + (89 - 100) + 0 x 2 - 30 = -41"; a round scored by yaku only
        (B11) writes the yaku: "100 + 50 = 150", "0".

        >>> SideScore(90, 0, 0, 0, False, 150, 0, -60).formula()
        '90 - 150 = -60'
        """
        if not self.cards_counted:
            yaku = self.yaku_points + (self.optional_yaku_points if self.optional_counted
                                       else 0)
            return f"yaku {self.total}" if yaku == self.total else f"{yaku} = {self.total}"
        text = f"({self.card_points} - {self.par})" if self.par else f"{self.card_points}"
        if self.hand_taken:
            factor = f" x {self.hand_factor}" if self.hand_factor != 1 else ""
            text = f"({self.hand_points}{factor} - {self.hand_taken}) + {text}"
        elif self.hand_points:
            factor = f" x {self.hand_factor}" if self.hand_factor != 1 else ""
            text = f"{self.hand_points}{factor} + {text}"
        yaku = self.yaku_points + (self.optional_yaku_points if self.optional_counted else 0)
        if self.yaku_factor == 0:       # B3: the own yaku count for nothing
            yaku = 0
        if yaku or (self.taken_by_others and self.yaku_factor):
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
    the cards go back into the hand and stay known to the table (``open_hand``; with it
    False they are hidden again, only the claims stay public: Sudaoshi). The card-value
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
    open_hand: bool = True

    def offers(self, hand: int, shown: tuple[Declare, ...]) -> tuple[Declare, ...]:
        found = self._claims.get(hand)
        if found is None:               # (each hand is asked several times at the deal)
            if len(self._claims) > 4096:
                self._claims.clear()
            hits = self.table.evaluate(CardSet.from_mask(hand)).hits
            found = self._claims[hand] = tuple(Declare(h.rule.key, tuple(h.shown))
                                               for h in hits)
        if not shown:
            return found
        done = {d.key for d in shown}
        return tuple(d for d in found if d.key not in done)

    @cached_property
    def _claims(self) -> dict[int, tuple[Declare, ...]]:
        """The claims each hand (a mask) makes, as asked so far."""
        return {}

    def points(self, shown: Sequence[Declare]) -> int:
        """The points of the combinations claimed in ``shown`` (the table's values)."""
        values = self._values
        return sum(values.get(d.key, 0) for d in shown)

    @cached_property
    def _values(self) -> dict[str, int]:
        """Each combination's points, by key."""
        return {r.key: r.value for r in self.table.rules}


def _hand_points(state: State) -> tuple[int, ...]:
    """Per side, the points of the hand combinations it claimed at the deal (A11), or ()
    when the rules take no claims."""
    rules = state.rules
    claims = rules.declarations
    if not isinstance(claims, HandClaims):
        return ()
    return tuple(claims.points([d for seat, d in state.declared if rules.side(seat) == side])
                 for side in range(rules.sides))


@lru_cache(maxsize=32)
def _without_groups(chart: Any, barred: frozenset[str]) -> Any:
    """``chart`` without the yaku of the groups ``barred`` (B16), built once per pair."""
    stand_ins = chart.stand_ins
    return replace(chart, groups=tuple(g for g in chart.groups if g.key not in barred),
                   rules=tuple(r for r in chart.rules if r.group not in barred),
                   stand_ins=None if stand_ins is not None and stand_ins.group in barred
                   else stand_ins)


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
        Who wins a round whose best score is shared: ``"none"`` (nobody; the basics),
        ``"dealer_then_play_order"`` (Dealer Tie Breaker) or ``"lighter_burden"`` (the
        tied side carrying the lighter point burden, B14); see
        :func:`~hanafuda_core.families.capture.ranking.round_winner`. Or (B11) a tuple
        of keys tried in order among the tied players: ``"most_chaffs"`` (the most
        Chaff cards captured), ``"card_points"`` (the highest card points), then
        optionally ``"dealer_then_play_order"``; still tied: nobody (Tensho).
    ``count_cards``
        False (B11): the card points are reported but not scored; a side's score is
        its yaku (Tensho). True: card points plus yaku, as above.
    ``transfer_hand``
        B15: the hand combinations claimed at the deal (A11) are paid by the other
        sides like the yaku (:func:`transfer_scores` with ``own_yaku_factor``), not only
        added to the claimer (Sudaoshi, BOOK 4247, 4279: "taken from each opponent").
    ``group_burdens``
        B16: yaku groups only a side carrying one point burden may score, as
        ``((group key, burden), ...)`` (Sudaoshi's Rain yaku: ``(("rain", 120),)``).
        A side carrying another burden scores the rest of its yaku; the report says
        why the group's did not count. Read only when the round has burdens (B14:
        ``CaptureRules.burdens``); a pile scored on its own counts the group.
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
    round_tie: str | tuple[str, ...] = "none"
    source: Source | None = None
    count_cards: bool = True
    transfer_hand: bool = False
    group_burdens: tuple[tuple[str, int], ...] = ()

    def __post_init__(self) -> None:
        yaku_factor(self.own_yaku_factor, 2)      # refuses an unknown factor
        if self.own_yaku_factor == "none" and not self.transfer_yaku:
            raise OptionError("own yaku that count for nothing (own_yaku_factor='none') "
                              "only cost the other sides: set transfer_yaku as well")
        if isinstance(self.round_tie, tuple):
            keys = self.round_tie
            if not keys or any(k not in TIE_KEYS for k in keys) or len(set(keys)) != len(keys) \
                    or "dealer_then_play_order" in keys[:-1]:
                raise OptionError(f"a tied round is decided by keys among "
                                  f"{', '.join(TIE_KEYS)}, each once and "
                                  f"'dealer_then_play_order' last, not {keys!r}")
        elif self.round_tie not in ROUND_TIES:
            raise OptionError(f"a tied round is decided by {' or '.join(ROUND_TIES)}, "
                              f"not {self.round_tie!r}")
        self._check_card_values()
        self._check_group_burdens()

    def _check_group_burdens(self) -> None:
        """Refuse a ``group_burdens`` entry that is no (group of the chart, burden) pair
        (B16)."""
        groups = {g.key for g in self.chart.groups} if self.chart is not None else set()
        for pair in self.group_burdens:
            items: tuple[object, ...] = pair if isinstance(pair, tuple) else ()
            if (len(items) != 2 or items[0] not in groups or isinstance(items[1], bool)
                    or not isinstance(items[1], int)):
                raise OptionError(f"group_burdens holds {pair!r}; each entry is (group, "
                                  "burden): a yaku group of the game's chart ("
                                  f"{', '.join(sorted(groups)) or 'none'}) and the point "
                                  "burden that may score it")

    # -- B16: yaku groups restricted to one burden ------------------------------------
    def barred_groups(self, burden: int | None) -> frozenset[str]:
        """The chart's yaku groups a side carrying ``burden`` may not score (B16); none
        when the burden is unknown (None: a pile scored on its own).

        >>> from hanafuda_core.yaku import YakuGroup, YakuRule, YakuTable
        >>> chart = YakuTable((YakuGroup("rain", "Rain yaku"),),
        ...                   (YakuRule("rainy", "Rainy Sky", "", 20, cards=(40, 41)),))
        >>> s = CardValueSettlement(chart=chart, group_burdens=(("rain", 120),))
        >>> sorted(s.barred_groups(110)), sorted(s.barred_groups(120)), s.barred_groups(None)
        (['rain'], [], frozenset())
        """
        if burden is None:
            return frozenset()
        return frozenset(g for g, b in self.group_burdens if b != burden)

    def chart_for(self, burden: int | None) -> Any:
        """The game's own chart as a side carrying ``burden`` scores it: without the
        groups it may not score (B16; the chart itself when none is barred)."""
        if burden is None or not self.group_burdens or self.chart is None:
            return self.chart
        charts = self._burden_charts
        if burden not in charts:
            barred = self.barred_groups(burden)
            charts[burden] = _without_groups(self.chart, barred) if barred else self.chart
        return charts[burden]

    @cached_property
    def _burden_charts(self) -> dict[int, Any]:
        """The chart as each burden scores it, as asked so far (:meth:`chart_for`)."""
        return {}

    def barred_notes(self, mask: int, field_mask: int, burden: int | None,
                     who: str = "") -> list[str]:
        """Why a yaku the pile makes does not count for a side carrying ``burden`` (B16):
        "Rainy Sky does not count: only the player carrying the 120 point burden scores
        Rain yaku"."""
        barred = self.barred_groups(burden)
        if not barred or self.chart is None:
            return []
        names = {g.key: g.name for g in self.chart.groups}
        need = dict(self.group_burdens)
        prefix = f"{who}: " if who else ""
        return [f"{prefix}{h.rule.name} does not count: only the player carrying the "
                f"{need[h.rule.group]} point burden scores {names[h.rule.group]}"
                for h in self.chart.evaluate(mask, field_mask).hits if h.rule.group in barred]

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
                    hand: Sequence[int] = (), burdens: Sequence[int] = ()
                    ) -> tuple[SideScore, ...]:
        """Each side's score from the sides' capture piles (int masks); ``doubled``: per
        side, the game's own yaku worth double this round (A1/A7: declared at the deal);
        ``hand``: per side, the points of the hand combinations it claimed (A11), paid by
        the others with ``transfer_hand`` (B15); ``burdens``: per side, the point burden
        it carries this round (B14): its par instead of ``par``, and which
        burden-restricted yaku groups it scores (B16).

        The rulebook's Sudaoshi example (B15; burdens 100 / 110 / 120, hand combinations
        20 / 0 / 40, yaku 0 / 10 / 20, card values 89 / 108 / 133):

        >>> s = CardValueSettlement(transfer_yaku=True, own_yaku_factor="opponents",
        ...                         transfer_hand=True)
        >>> s.transfer_hand_points((20, 0, 40))
        (0, -60, 60)
        """
        n = len(piles)
        if burdens and len(burdens) != n:
            raise HanafudaError(f"one point burden per side: {n} sides, {len(burdens)} "
                                "burdens")
        charts = ([self.chart_for(b) for b in burdens] if burdens and self.group_burdens
                  else [self.chart] * n)
        own = [self._yaku(charts[s], m, field_mask, doubled[s] if doubled else frozenset())
               for s, m in enumerate(piles)]
        opt = [self._yaku(self.optional_chart, m, field_mask) for m in piles]
        counted = [y + (o if self.optional_on else 0) for y, o in zip(own, opt)]
        cards = [self.card_points(m) for m in piles]
        pars = tuple(burdens) if burdens else (self.par,) * n
        if self.transfer_yaku:
            k = yaku_factor(self.own_yaku_factor, n)
            totals = tuple(t - p for t, p in zip(
                transfer_scores(cards, counted, self.own_yaku_factor), pars))
            everyone = sum(counted)
            taken = [everyone - y for y in counted]
        else:
            k, taken = 1, [0] * n
            scored = cards if self.count_cards else list(pars)
            totals = tuple(c - p + y for c, p, y in zip(scored, pars, counted))
        hand_taken, hand_k = [0] * n, 1
        if hand:
            paid = self.transfer_hand_points(hand) if self.transfer_hand else tuple(hand)
            totals = tuple(t + h for t, h in zip(totals, paid))
            if self.transfer_hand:
                hand_k = yaku_factor(self.own_yaku_factor, n)
                hand_taken = [sum(hand) - h for h in hand]
        return tuple(SideScore(cards[s], pars[s], own[s], opt[s], self.optional_on,
                               taken[s], k, totals[s], hand[s] if hand else 0,
                               hand_taken[s], hand_k, self.count_cards)
                     for s in range(n))

    def transfer_hand_points(self, hand: Sequence[int]) -> tuple[int, ...]:
        """Each side's hand-combination term when the others pay it (B15): its own
        claimed points times the own-yaku factor, less every other side's
        (:func:`transfer_scores` with no card points)."""
        return transfer_scores((0,) * len(hand), hand, self.own_yaku_factor)

    def tie_winner(self, state: State, counted: Sequence[int]) -> tuple[int | None, str]:
        """The round's winner under ``round_tie`` from the seats' scores, and what decided
        a tie (B11: the keys in order among the players still tied), "" without a tie.

        The Chaffs counted are the Chaff cards (:class:`~hanafuda_core.cards.Kind`) of
        each pile; the card points are :meth:`card_points`."""
        rules = state.rules
        best = max(counted)
        tied = [p for p in range(rules.players) if counted[p] == best]
        if len(tied) == 1:
            return tied[0], ""
        keys = self.round_tie if isinstance(self.round_tie, tuple) else (self.round_tie,)
        for key in keys:
            if key == "none":
                break
            if key == "dealer_then_play_order":
                n = rules.players
                seat = next(s for s in ((state.dealer + k) % n for k in range(n)) if s in tied)
                return seat, "the first tied player in turn order from the dealer"
            piles = [state.caps_m[rules.side(p)] for p in tied]
            vals = ([(m & _CHAFF).bit_count() for m in piles] if key == "most_chaffs"
                    else [self.card_points(m) for m in piles])
            top = max(vals)
            tied = [p for p, v in zip(tied, vals) if v == top]
            if len(tied) == 1:
                what = "the most Chaffs" if key == "most_chaffs" else "the most card points"
                return tied[0], f"{what} ({top})"
        return None, ""

    def _yaku_lines(self, mask: int, field_mask: int, who: str = "",
                    doubled: frozenset[str] = frozenset(), burden: int | None = None
                    ) -> list[ScoreLine]:
        lines: list[ScoreLine] = []
        for table, optional in ((self.chart_for(burden), False), (self.optional_chart, True)):
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

    def _one_pile(self, rules: Any, mask: int, field_mask: int, doubled: frozenset[str]
                  ) -> SideScore:
        """One pile's score as a seat at the rules' table whose other piles are empty:
        a game that counts a side's own yaku once per opponent (Min-Hwatu) counts them so
        for this pile too, and nothing is taken away from it."""
        sides = getattr(rules, "sides", 1) if rules is not None else 1
        piles = (mask,) + (0,) * (sides - 1)
        return self.side_scores(piles, field_mask,
                                ((doubled,) + (frozenset(),) * (sides - 1)) if doubled
                                else ())[0]

    def pile_figures(self, rules: Any, mask: int, field_mask: int = 0,
                     doubled: frozenset[str] = frozenset()) -> dict[str, Any]:
        """What ``hanafuda score`` reports for one pile: ``card_points``, ``yaku_points``
        (the game's own chart), ``optional_yaku_points`` (the optional chart, counted in
        ``total`` only if in use), ``par`` (None without one), ``total`` (no opponent: nothing
        is taken away) and ``yaku``, each with its cards and whether it is ``optional``.
        ``doubled``: the game's own yaku (rule keys) worth double, as declarations at the
        deal make them (A1: Hachi-juu Hana's revealed months)."""
        self.check_deck(rules, mask | field_mask)
        s = self._one_pile(rules, mask, field_mask, doubled)
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
        s = self._one_pile(rules, mask, field_mask, doubled)
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
            notes += [f"{line.name} is an automatic win: it wins the round at once"
                      for line in lines if line.key in self.chart.automatic_keys]
            need = dict(self.group_burdens)     # B16: counted here, but only for one burden
            notes += [f"{h.rule.name} counts only for the player carrying the "
                      f"{need[h.rule.group]} point burden"
                      for h in self.chart.evaluate(mask, field_mask).hits
                      if h.rule.group in need]
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
        rules = state.rules
        auto = rules.yaku.automatic_indices if rules.yaku is not None else frozenset()
        made = [rules.yaku.rules[i].name for i, _ in state.sigs[rules.side(winner)]
                if i in auto]

        def make_report() -> ScoreReport:
            rep: ScoreReport = res.report
            notes = tuple(n for n in rep.notes if not n.startswith("a tie"))
            if any(state.hands_m) or state.stock_size:
                notes += ("the cards still in the hands and the stock are nobody's",)
            if made:        # B10: an automatic win ended the round
                return replace(rep, title=f"Round {state.round_no}: player {winner + 1} "
                               f"makes {' and '.join(made)}, an automatic win", player=winner,
                               notes=notes)
            return replace(rep, title=f"Round {state.round_no}: player {winner + 1} makes "
                           "the first yaku and wins the round", player=winner, notes=notes)
        return RoundResult(winner, res.points, "automatic win" if made else "yaku",
                           make_report=make_report)

    def _yaku_keys(self, mask: int, field_mask: int, burden: int | None = None
                   ) -> frozenset[str]:
        keys: set[str] = set()
        for table, counted in ((self.chart_for(burden), True),
                               (self.optional_chart, self.optional_on)):
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
            yaku=tuple(self._yaku_keys(state.caps_m[s], state.field_m,
                                       state.burdens[p] if state.burdens else None)
                       for p, s in enumerate(seats)),
            dealer=state.dealer, value_of=self.card_points)

    def settle_draw(self, state: State) -> RoundResult:
        """The end of the round: every side's score; the highest wins (a tie: nobody, or
        as ``round_tie`` says); then the round adjustments, in order."""
        rules = state.rules
        doubled = doubled_yaku(state)
        burdens = state.burdens          # B14: per seat (burdens are not played with teams)
        scores = self.side_scores(state.caps_m, state.field_m, doubled, _hand_points(state),
                                  burdens)
        counted = tuple(scores[rules.side(p)].total for p in range(rules.players))
        best = max(counted)
        tied = sum(1 for v in (s.total for s in scores) if v == best) > 1   # sides (B6)
        if isinstance(self.round_tie, tuple):
            winner, decided = self.tie_winner(state, counted)
        else:
            winner = round_winner(counted, state.dealer, self.round_tie, burdens or None,
                                  rules.teams)
            decided = ""
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
                burden = burdens[p] if burdens else None
                if burden is not None:
                    notes.append(f"player {p + 1} carries the {burden} point burden")
                lines += self._yaku_lines(caps[side], fm, f"player {p + 1}",
                                          doubled[side] if doubled else frozenset(), burden)
                notes += self.barred_notes(caps[side], fm, burden, f"player {p + 1}")
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
                n = fm.bit_count()
                notes.append(f"{n} {'card stays' if n == 1 else 'cards stay'} on the field "
                             "and score for nobody")
            if tie_winner is not None and burdens:
                notes.append(f"a tie for the best score: player {tie_winner + 1} wins the "
                             "round, carrying the lighter point burden")
            elif tie_winner is not None:
                notes.append(f"a tie for the best score: player {tie_winner + 1} wins the "
                             "round, " + (decided or "the first tied player in turn order "
                                          "from the dealer"))
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
