"""A whole Hachi-Hachi game: twelve (or six) deals and what happens between them.

Between deals the game carries:

* the **field queue** (:class:`~hanafuda_core.hachihachi_settle.FieldQueue`): extra
  lights in one field reserve doubled or quadrupled later deals (D001, D002, D004);
* the **dealer**: the winner of a deal deals the next; after a deal without a
  winner the same dealer deals again;
* the **month chart**: every deal's winner marks its month; in D001, D002 and
  D004 the winner puts one chip (a point, a penny) on it, and the lowest player
  takes the chart at the end;
* **half-time** after deal 6 of 12 (3 of 6): D001's debt card, D002's Han-Don,
  D004's crown token; here each player puts the award share (5 kan, 5/-) into the
  winner's pot (BOOK has no half-time);
* the **end of the game**: the player ahead takes the pot (BOOK: the Campaign bonus
  of 10 per player, paid by each); totals are rounded to whole kan or shillings
  (D004: less 10/-), see :func:`~hanafuda_core.ledger.final_score`.

Every payment of the game sits in one :class:`~hanafuda_core.ledger.Ledger`
(with the ``pot`` and ``chart`` accounts, and the ``bank`` of two-player BOOK
scoring), which sums to zero after every deal. A :class:`HachiHachiGameRecord`
holds the deals and the actions and replays exactly.

>>> rec = play_hachihachi_game(seed=1, agents=("greedy", "random", "greedy"), deals=6)
>>> len(rec.deals), rec.ledger.balance(), sum(rec.totals().values())
(6, 0, 0)
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import HanafudaError, PlayerCountError
from .games.hachihachi import (
    FIRST_DEALER,
    OPTIONS,
    HachiHachiRules,
    check_table,
    game_award,
    get_rules,
)
from .games.hachihachi_play import (
    HachiHachiDeal,
    HachiHachiRound,
    apply,
    legal_actions,
    make_agent,
    new_hachihachi_round,
    offers_trade,
    replay_round,
    seat_names,
    view,
)
from .hachihachi_settle import FieldQueue
from .ledger import POT, Ledger, Payment, final_score
from .rules import canonical_options
from .seating import DealerDraw, draw_first_dealer

__all__ = ["CHART", "HALF_TIME", "DealLog", "HachiHachiGameRecord", "play_hachihachi_game",
           "play_campaign", "half_time_payments", "end_payments", "month_chart", "chip_account",
           "STAKE", "four_three_track"]

CHART = "chart"

#: What each tradition calls the half-time step (BOOK has none).
HALF_TIME = {"d001": "the 10-kan debt card (half-time)", "d002": "Han-Don (half-time)",
             "d004": "the crown token (half-game)"}

_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


@dataclass(frozen=True)
class DealLog:
    """One deal of the game: its deal record and actions (enough to replay it), the
    field multiplier, the winner and each seat's result in the smallest unit."""

    deal_no: int
    deal: HachiHachiDeal
    actions: tuple[str, ...]
    queue: tuple[int, ...]              # the reserved multipliers before this deal
    blind_offered: bool
    multiplier: int
    winner: int | None
    points: tuple[int, ...]
    reason: str
    settlement: Mapping[str, Any] | None = field(default=None, compare=False)

    def to_dict(self) -> dict:
        return {"deal_no": self.deal_no, "deal": self.deal.to_dict(),
                "actions": list(self.actions), "queue": list(self.queue),
                "blind_offered": self.blind_offered, "multiplier": self.multiplier,
                "winner": self.winner, "points": list(self.points), "reason": self.reason,
                "settlement": self.settlement}

    @classmethod
    def from_dict(cls, d: Mapping) -> DealLog:
        return cls(d["deal_no"], HachiHachiDeal.from_dict(d["deal"]), tuple(d["actions"]),
                   tuple(d["queue"]), d["blind_offered"], d["multiplier"], d["winner"],
                   tuple(d["points"]), d["reason"], d.get("settlement"))


@dataclass(frozen=True)
class HachiHachiGameRecord:
    """A played game: rules, seats, every deal, and the whole ledger."""

    preset: str
    options: Mapping[str, Any]
    names: tuple[str, ...]
    seed: int | None
    agents: tuple[str, ...]
    planned_deals: int
    blind_stay: bool
    deals: tuple[DealLog, ...]
    ledger: Ledger
    ended_early: str = ""
    trade: bool = False                  # the exchange of hands was offered every deal
    dealer_draw: DealerDraw | None = None    # the drawing for the first dealer, if any

    def __post_init__(self) -> None:
        # Options as a user, the command line or JSON gave them ("true", lists) are kept
        # as their canonical values, so a record loaded back equals the one saved.
        object.__setattr__(self, "options", canonical_options("Hachi-Hachi", OPTIONS,
                                                              dict(self.options)))
        if self.dealer_draw is not None:
            self.dealer_draw.check(FIRST_DEALER[self.preset], len(self.names))
            # (with seven, a Joker holder who was to deal passes the deal on)
            if self.deals and len(self.names) < 7 and \
                    self.deals[0].deal.dealer != self.dealer_draw.dealer:
                raise HanafudaError("the first deal is not dealt by the player the drawing "
                                    f"chose ({self.names[self.dealer_draw.dealer]})")

    def first_dealer_sentence(self) -> str:
        """How the first dealer was chosen, in words ("" when the game was given one)."""
        return self.dealer_draw.sentence(self.names) if self.dealer_draw else ""

    @property
    def rules(self) -> HachiHachiRules:
        return get_rules(self.preset, **self.options)

    @property
    def players(self) -> int:
        return len(self.names)

    def totals(self) -> dict[str, int]:
        """Net result of every account (players, and pot / chart / bank if used)."""
        out = {n: 0 for n in self.names}
        out.update(self.ledger.totals())
        return out

    def final_scores(self) -> dict[str, int]:
        """Each player's total rounded to whole kan / shillings (D004: less 10/-)."""
        unit = self.rules.unit
        return {n: final_score(v, unit) for n, v in self.totals().items() if n in self.names}

    def formatted(self) -> dict[str, str]:
        fmt = self.rules.unit.format
        return {n: fmt(v) for n, v in self.final_scores().items()}

    @property
    def winner(self) -> str:
        tot = self.totals()
        return max(self.names, key=lambda n: (tot[n], -self.names.index(n)))

    def chart(self) -> list[dict]:
        return month_chart(self)

    def to_dict(self) -> dict:
        return {"game": "hachihachi", "preset": self.preset, "options": dict(self.options),
                "names": list(self.names), "seed": self.seed, "agents": list(self.agents),
                "planned_deals": self.planned_deals, "blind_stay": self.blind_stay,
                "deals": [d.to_dict() for d in self.deals],
                "ledger": [p.to_dict() for p in self.ledger.payments],
                "ended_early": self.ended_early, "totals": self.totals(),
                "final_scores": self.final_scores(),
                **({"trade": True} if self.trade else {}),
                **({"first_dealer": self.dealer_draw.to_dict()} if self.dealer_draw else {})}

    def to_json(self, **kwargs) -> str:
        kwargs.setdefault("indent", 1)
        kwargs.setdefault("ensure_ascii", False)
        return json.dumps(self.to_dict(), **kwargs)

    @classmethod
    def from_dict(cls, d: Mapping) -> HachiHachiGameRecord:
        rules = get_rules(d["preset"], **d["options"])
        pays = tuple(Payment(**p) for p in d["ledger"])
        return cls(d["preset"], dict(d["options"]), tuple(d["names"]), d["seed"],
                   tuple(d["agents"]), d["planned_deals"], d["blind_stay"],
                   tuple(DealLog.from_dict(x) for x in d["deals"]),
                   Ledger(rules.unit, pays, tuple(d["names"])), d.get("ended_early", ""),
                   d.get("trade", False),
                   DealerDraw.from_dict(d["first_dealer"]) if d.get("first_dealer") else None)

    @classmethod
    def from_json(cls, text: str) -> HachiHachiGameRecord:
        return cls.from_dict(json.loads(text))

    def replay(self) -> list[list[HachiHachiRound]]:
        """Every state of every deal, rebuilt from the record; raises if a deal does
        not end as recorded."""
        rules = self.rules
        out = []
        for log in self.deals:
            states = replay_round(rules, self.players, log.deal, log.actions,
                                  queue=FieldQueue(rules.field_mode, log.queue),
                                  offer_blind_stay=log.blind_offered, names=self.names,
                                  round_no=log.deal_no, offer_trade=self.trade)
            end = states[-1]
            if end.stage != "over" or end.result.points != log.points or \
                    end.result.winner != log.winner:
                raise HanafudaError(f"deal {log.deal_no} does not replay as recorded")
            out.append(states)
        return out


def half_time_payments(rules: HachiHachiRules, names: Sequence[str]) -> tuple[Payment, ...]:
    """Half-time: each player puts the award share into the winner's pot (D001 debt
    card, D002 Han-Don, D004 crown token); BOOK has no half-time."""
    if rules.preset not in HALF_TIME or rules.unit.key == "points":
        return ()
    share = game_award(rules, len(names)) // len(names)
    return tuple(Payment(n, POT, share, f"{n} pays into the winner's pot: "
                         f"{HALF_TIME[rules.preset]}", rules.cite("unit"), 1, share, "half-time")
                 for n in names)


def _split(amount: int, payees: Sequence[str]) -> list[tuple[str, int]]:
    """An amount shared evenly; the odd points go to the first payee (our decision)."""
    share, odd = divmod(amount, len(payees))
    return [(n, share + (odd if i == 0 else 0)) for i, n in enumerate(payees)
            if share + (odd if i == 0 else 0)]


def end_payments(rules: HachiHachiRules, names: Sequence[str], ledger: Ledger
                 ) -> tuple[Payment, ...]:
    """End of the game: the lowest player takes the month chart, then the leader takes
    the pot (BOOK: the Campaign bonus, 10 from each player). With ties the first in seat
    order takes it, or (``chart_ties`` / ``award_ties="share"``, D002) the tied players
    share it evenly.

    >>> from hanafuda_core.games.hachihachi import get_rules
    >>> from hanafuda_core.ledger import BANK
    >>> led = Ledger(get_rules("d002").unit, (Payment("A", POT, 90, "fees"),
    ...     Payment("B", POT, 90, "fees"), Payment("C", CHART, 12, "track"),
    ...     Payment(BANK, "A", 102, "x"), Payment(BANK, "B", 102, "x")), ("A", "B", "C"))
    >>> [(p.payer, p.payee, p.amount) for p in end_payments(get_rules("d002"), "ABC", led)]
    [('chart', 'C', 12), ('pot', 'A', 90), ('pot', 'B', 90)]
    """
    order = list(names)
    tot = {n: 0 for n in names}
    tot.update(ledger.totals())

    def tied(best: int, share: bool) -> list[str]:
        top = [n for n in order if tot[n] == best]
        return top if share else top[:1]

    out = []
    if tot.get(CHART, 0):
        low = tied(min(tot[n] for n in order), rules.chart_ties == "share")
        for who, part in _split(tot[CHART], low):
            out.append(Payment(CHART, who, part, f"the month chart's chips go to {who}, "
                               + ("the lowest player" if len(low) == 1 else
                                  f"one of the {len(low)} poorest players, who split them"),
                               rules.cite("chart_ties" if len(low) > 1 else "unit"), 1, part,
                               "chart"))
            tot[who] += part
    leaders = tied(max(tot[n] for n in order), rules.award_ties == "share")
    shared = "" if len(leaders) == 1 else f" (shared by the {len(leaders)} tied on top)"
    clause = rules.cite("award_ties" if len(leaders) > 1 else "unit")
    if rules.unit.key == "points":
        per = game_award(rules, len(names)) // len(names)
        for payer in (n for n in names if n not in leaders):
            for who, part in _split(per, leaders):
                out.append(Payment(payer, who, part, f"Campaign bonus to {who}, the game's "
                                   f"winner{shared}", clause, 1, part, "award"))
    elif tot.get(POT, 0):
        for who, part in _split(tot[POT], leaders):
            out.append(Payment(POT, who, part, f"the pot goes to {who}, the game's winner"
                               f"{shared} (not multiplied by any field)", clause, 1, part,
                               "award"))
    return tuple(out)


def month_chart(record: HachiHachiGameRecord) -> list[dict]:
    """The month track: one row per deal (month, winner, field multiplier)."""
    return [{"month": _MONTHS[(d.deal_no - 1) % 12], "deal": d.deal_no,
             "winner": record.names[d.winner] if d.winner is not None else "-",
             "multiplier": d.multiplier, "reason": d.reason} for d in record.deals]


def _chart_payment(rules: HachiHachiRules, winner: str | None) -> tuple[Payment, ...]:
    if winner is None or rules.unit.key == "points":
        return ()
    return (Payment(winner, CHART, 1, f"{winner} marks the month chart with a chip",
                    rules.cite("unit"), 1, 1, "chart"),)


def four_three_track(rules: HachiHachiRules, winner: str | None, ledger: Ledger,
                     months: int) -> tuple[Payment, ...]:
    """D002: a Four & Three that ends the game puts a coin on every empty month of the
    track, paid by its holder (``four_three_track``); ``months`` is the track's length.

    >>> from hanafuda_core.games.hachihachi import get_rules
    >>> led = Ledger(get_rules("d002").unit, (Payment("A", CHART, 1, "m1"),
    ...     Payment("B", CHART, 1, "m2")), ("A", "B", "C"))
    >>> [(p.payer, p.amount) for p in four_three_track(get_rules("d002"), "C", led, 12)]
    [('C', 10)]
    """
    if not rules.four_three_track or winner is None or rules.unit.key == "points":
        return ()
    empty = months - sum(1 for p in ledger.payments if p.payee == CHART)
    if empty <= 0:
        return ()
    return (Payment(winner, CHART, empty, f"{winner}'s Four & Three puts a coin on each of the "
                    f"{empty} empty months of the track", rules.cite("four_three_track"), 1,
                    empty, "chart"),)


def play_hachihachi_game(seed: int | None = 0, agents: Sequence = ("random", "random", "random"),
                         players: int | None = None, deals: int = 12, preset: str = "book", *,
                         names: Sequence[str] | None = None, offer_blind_stay: bool = False,
                         dealer: int | None = None, offer_trade: bool | None = None,
                         **options) -> HachiHachiGameRecord:
    """Play a seeded game of ``deals`` (6 or 12) deals and return its record.

    ``offer_trade`` offers the exchange of unseen hands every deal (rules with the
    option ``trade=True``: D004, BOOK 'Trade'); by default (``None``) whenever the
    rules have it, so a d004 game, or any game with ``trade=True``, offers it as the
    sources do. ``offer_blind_stay`` offers the dealer a blind stay each deal (four or
    more players). Every other keyword is a rule option (``options``), ``trade`` and
    ``blind_stay`` included. With the ``overtime`` option (D001
    variation, D004 'some') extra deals follow while doubled or quadrupled deals
    are still reserved.

    ``dealer``: the seat that deals first; by default (``None``) each player draws a
    card and the earliest month deals, as the preset's sources say (``FIRST_DEALER``);
    the drawing is kept in the record.

    ``agents``: one per seat (names "random", "greedy" or objects with
    ``choose(view, legal, rng)``); ``players`` defaults to their number.
    One ``random.Random(seed)`` drives deals and agents. The ledger is checked
    to sum to zero after every deal.
    """
    rules = get_rules(preset, **options)
    players = players if players is not None else len(agents)
    if len(agents) != players:
        raise PlayerCountError(f"{players} players need {players} agents, not {len(agents)}")
    if deals not in (6, 12):
        raise HanafudaError(f"a Hachi-Hachi game has 6 or 12 deals, not {deals}")
    names = tuple(names) if names else seat_names(players)
    trade = offers_trade(rules, players, offer_trade)
    seats = [make_agent(a) for a in agents]
    check_table(rules, players)
    rng = random.Random(seed)
    drawn = None
    if dealer is None:
        drawn = draw_first_dealer(FIRST_DEALER[preset], players, rng)
        dealer = drawn.dealer
    ledger = Ledger(rules.unit, (), names)
    queue = FieldQueue(rules.field_mode)
    logs = []
    ended = ""
    deal_no = 0
    while deal_no < deals or (rules.overtime and queue.pending and deal_no < deals + 12):
        deal_no += 1
        r = new_hachihachi_round(rules, players, rng, dealer, queue=queue,
                                 offer_blind_stay=offer_blind_stay, names=names,
                                 round_no=deal_no, offer_trade=trade)
        before = queue.pending
        while r.stage != "over":
            legal = legal_actions(r)
            seat = r.current_seat
            r = apply(r, seats[seat].choose(view(r, seat), legal, rng))
        s = r.settlement
        ledger = ledger.add(*s.ledger.payments)
        win = names[r.result.winner] if r.result.winner is not None else None
        ledger = ledger.add(*_chart_payment(rules, win))
        if deal_no == deals // 2:
            ledger = ledger.add(*half_time_payments(rules, names))
        if ledger.balance() != 0:           # pragma: no cover - a broken rule would show here
            raise HanafudaError(f"the ledger does not sum to zero after deal {deal_no}")
        logs.append(DealLog(deal_no, r.deal, tuple(a.code() for a in r.history), before,
                            r.blind_offered, r.multiplier.value, r.result.winner,
                            r.result.points, r.result.reason, s.to_dict()))
        queue = r.queue_after
        if r.result.winner is not None:
            dealer = r.result.winner
        if r.ends_game:
            ended = f"deal {deal_no}: Four & Three ends the game at once"
            ledger = ledger.add(*four_three_track(rules, win, ledger, deals))
            if deal_no < deals // 2:
                ledger = ledger.add(*half_time_payments(rules, names))
            break
    ledger = ledger.add(*end_payments(rules, names, ledger))
    assert ledger.balance() == 0
    return HachiHachiGameRecord(preset, dict(options), names, seed,
                                tuple(getattr(a, "name", type(a).__name__) for a in seats),
                                deals, offer_blind_stay, tuple(logs), ledger, ended, trade,
                                drawn)


def play_campaign(seed: int = 0, agents: Sequence = ("random", "random", "random"),
                  preset: str = "book", games: int | None = None, **kwargs
                  ) -> list[HachiHachiGameRecord]:
    """BOOK 'Campaign': as many games as players (each game's winner takes the
    Campaign bonus inside that game's ledger)."""
    games = games if games is not None else len(agents)
    return [play_hachihachi_game(seed * 1000 + g, agents, preset=preset, **kwargs)
            for g in range(games)]


#: Chips each player starts with, in major units (D001 4 kan + 12 points; D002 5 Kan;
#: D004 4/- and 12d): five.
STAKE = 5


def chip_account(record: HachiHachiGameRecord, *, optional_repayment: bool = True
                 ) -> list[dict]:
    """The chips in front of each player and their debt to the bank, step by step.

    Scores are the ledger's; this follows the chips. Everyone starts with a stake of
    5 (kan, 5/-) from the bank. When a player's chips fall below zero after a deal
    they borrow from the bank in ``loan_unit`` steps (D002 10 Kan, D004 5/- with a
    crown token). With ``loan_repayment="han_don"`` (D002): after deal 6 each player
    returns the stake (with the half-time payment into the Award that makes the 10
    Kan of Han-Don), borrowing if needed, then may repay loans in 5-Kan steps; after
    deal 11 (Ishi-Arai) may repay again in 5-Kan steps. After the last deal the stake
    and the loans are repaid as far as the chips allow. Invariant on every row:
    chips - debt - stake still owed = the player's score so far.

    >>> rec = play_hachihachi_game(seed=2, agents=("greedy",) * 3, preset="d002", deals=6)
    >>> rows = chip_account(rec)
    >>> rows[-1]["event"], all(v >= 0 for v in rows[-1]["chips"].values())
    ('after the last deal', True)
    """
    rules = record.rules
    unit = rules.loan_unit
    if not unit:
        raise HanafudaError("these rules keep plain scores with no chips or loans (BOOK); "
                            "the kan and shilling traditions lend from a bank (loan_unit)")
    names = record.names
    scale = rules.combo_scale
    stake, step = STAKE * scale, 5 * scale
    chips = {n: stake for n in names}
    debt = {n: 0 for n in names}
    owed = {n: stake for n in names}
    rows: list[dict] = []

    def row(event: str, deal_no: int, loans: dict, repaid: dict) -> None:
        rows.append({"deal": deal_no, "event": event, "chips": dict(chips), "debt": dict(debt),
                     "stake_owed": dict(owed), "loans": loans, "repaid": repaid})

    def borrow() -> dict:
        taken = {}
        for n in names:
            while chips[n] < 0:
                chips[n] += unit
                debt[n] += unit
                taken[n] = taken.get(n, 0) + unit
        return taken

    def repay_steps() -> dict:
        paid = {}
        if not optional_repayment:
            return paid
        for n in names:
            while debt[n] >= step and chips[n] >= step:
                chips[n] -= step
                debt[n] -= step
                paid[n] = paid.get(n, 0) + step
        return paid

    half = record.planned_deals // 2
    last = record.deals[-1].deal_no if record.deals else 0
    for log in record.deals:
        pays = [Payment(**p) for p in (log.settlement or {}).get("payments", ())]
        win = names[log.winner] if log.winner is not None else None
        pays += list(_chart_payment(rules, win))
        if log.deal_no == half or (record.ended_early and log.deal_no == last
                                   and last < half):
            pays += list(half_time_payments(rules, names))
        for p in pays:
            if p.payer in chips:
                chips[p.payer] -= p.amount
            if p.payee in chips:
                chips[p.payee] += p.amount
        row(f"deal {log.deal_no}", log.deal_no, borrow(), {})
        if rules.loan_repayment == "han_don" and log.deal_no == 6 and record.planned_deals == 12:
            for n in names:
                chips[n] -= owed[n]
                owed[n] = 0
            row("Han-Don: the stake goes back to the bank", 6, borrow(), {})
            row("Han-Don: loans repaid in 5-Kan steps", 6, {}, repay_steps())
        if rules.loan_repayment == "han_don" and log.deal_no == 11 and record.planned_deals == 12:
            row("Ishi-Arai: loans repaid in 5-Kan steps", 11, {}, repay_steps())
    # The end-of-game payments (award, chart) are whatever the ledger holds beyond the deals.
    total = record.totals()
    for n in names:
        chips[n] = total[n] + debt[n] + owed[n]
    paid = {}
    for n in names:
        back = min(owed[n], max(chips[n], 0))
        chips[n] -= back
        owed[n] -= back
        more = min(debt[n], max(chips[n], 0))
        chips[n] -= more
        debt[n] -= more
        if back + more:
            paid[n] = back + more
    row("after the last deal", last, {}, paid)
    return rows
