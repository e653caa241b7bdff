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
scoring), which sums to zero after every deal. A game is recorded as every game
is, in a :class:`hanafuda_core.play.Record` (each deal's context: its number, the
field queue before it, the seats' names, the offers of a blind stay and of the
exchange, and the game's planned number of deals); everything else is read from
the record by replaying it: :func:`game_result` gives the deals, the ledger, the
totals, the final scores and the winner; :func:`month_chart` and
:func:`chip_account` take that result.

>>> rec = play_hachihachi_game(seed=1, agents=("greedy", "random", "greedy"), deals=6)
>>> result = game_result(rec)
>>> len(result.deals), result.ledger.balance(), sum(result.totals().values())
(6, 0, 0)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from ..errors import HanafudaError, PlayerCountError
from ..ledger import POT, Ledger, Payment, final_score
from ..seating import DealerDraw, draw_first_dealer
from .hachihachi import (
    FIRST_DEALER,
    GAME_DEALS,
    HachiHachiRules,
    game_award,
)
from .hachihachi_play import (
    HachiHachiRound,
    apply,
    legal_actions,
    make_agent,
    new_hachihachi_round,
    offers_trade,
    seat_names,
    view,
)
from .hachihachi_settle import FieldQueue, Settlement

if TYPE_CHECKING:
    from ..engines.capture import RoundResult
    from ..play import Record, Round
    from ..play_adapters import HachiHachiRound as ProtocolRound

__all__ = ["CHART", "HALF_TIME", "GameResult", "game_result", "play_hachihachi_game",
           "play_campaign", "half_time_payments", "end_payments", "month_chart", "chip_account",
           "STAKE", "four_three_track", "whole_game_marks"]

CHART = "chart"

#: A seat's agent from its name or as given (``hachihachi_play`` leaves it unannotated).
_make_agent: Callable[[object], Any] = make_agent

#: What each tradition calls the half-time step (BOOK has none).
HALF_TIME = {"d001": "the 10-kan debt card (half-time)", "d002": "Han-Don (half-time)",
             "d004": "the crown token (half-game)"}

_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


@dataclass(frozen=True)
class GameResult:
    """A whole Hachi-Hachi game as its record tells it (:func:`game_result`): the
    rules, the seats' names and agents, the planned number of deals, whether the
    exchange was offered, every deal as played to its end (``deals``: the staged
    rounds, :class:`~hanafuda_core.games.hachihachi_play.HachiHachiRound`), the whole
    ledger, why the game ended early ("" if it did not) and the drawing for the first
    dealer (None when the first dealer was given)."""

    rules: HachiHachiRules
    names: tuple[str, ...]
    agents: tuple[str, ...]
    planned_deals: int
    trade: bool
    deals: tuple[HachiHachiRound, ...]
    ledger: Ledger
    ended_early: str = ""
    dealer_draw: DealerDraw | None = None

    @classmethod
    def of(cls, rules: HachiHachiRules, names: Sequence[str], agents: Sequence[str],
           planned_deals: int, trade: bool, deals: Sequence[HachiHachiRound],
           dealer_draw: DealerDraw | None = None) -> GameResult:
        """The result of deals played to their ends: the ledger is every deal's
        settlement plus what is paid between and after the deals
        (:func:`between_deals`, :func:`end_payments`); it must sum to zero after
        every deal."""
        names = tuple(names)
        ledger = Ledger(rules.unit, (), names)
        for r in deals:
            ledger = between_deals(rules, names, ledger, r, planned_deals)
            if ledger.balance() != 0:        # pragma: no cover - a broken rule shows here
                raise HanafudaError(f"the ledger does not sum to zero after deal {r.round_no}")
        ledger = ledger.add(*end_payments(rules, names, ledger))
        last = deals[-1] if deals else None
        ended = (f"deal {last.round_no}: Four & Three ends the game at once"
                 if last is not None and last.ends_game else "")
        return cls(rules, names, tuple(agents), planned_deals, trade, tuple(deals), ledger,
                   ended, dealer_draw)

    @property
    def preset(self) -> str:
        return self.rules.preset

    @property
    def players(self) -> int:
        return len(self.names)

    def first_dealer_sentence(self) -> str:
        """How the first dealer was chosen, in words ("" when the game was given one)."""
        return self.dealer_draw.sentence(self.names) if self.dealer_draw else ""

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

    def chart(self) -> list[dict[str, Any]]:
        return month_chart(self)

    def summary(self) -> dict[str, Any]:
        """What a record of the game shows its readers beside the deals (its
        ``summary``): the names, the planned deals, every payment, the totals, the
        final scores, the winner and why the game ended early."""
        return {"names": list(self.names), "planned_deals": self.planned_deals,
                "ledger": [p.to_dict() for p in self.ledger.payments],
                "ended_early": self.ended_early, "totals": self.totals(),
                "final_scores": self.final_scores(), "winner": self.winner,
                **({"trade": True} if self.trade else {})}


def game_result(record: Record, rounds: Sequence[Round] | None = None) -> GameResult:
    """A whole Hachi-Hachi game's :class:`GameResult`, read from its record by replaying
    every deal (raises :class:`HanafudaError` if one does not end as recorded, or the
    record is not of Hachi-Hachi); ``rounds``: the record's deals already replayed
    (:meth:`~hanafuda_core.play.Game.replay_rounds`), which are not replayed again."""
    if record.game != "hachihachi":
        raise HanafudaError(f"this record is of {record.game!r}, not a Hachi-Hachi game")
    game = record.get_game()
    replayed = cast("tuple[ProtocolRound, ...]",      # Hachi-Hachi's
                    game.replay_rounds(record) if rounds is None else tuple(rounds))
    deals = tuple(r.inner for r in replayed)
    ctx = record.rounds[0].context if record.rounds else {}
    names = tuple(ctx.get("names") or seat_names(record.players))
    planned = int(ctx.get("deals", GAME_DEALS[0]))
    draw = record.summary.get("first_dealer")
    return GameResult.of(game.rules, names, record.agents, planned, bool(ctx.get("trade")),
                         deals, DealerDraw.from_dict(draw) if draw else None)


def between_deals(rules: HachiHachiRules, names: Sequence[str], ledger: Ledger,
                  r: HachiHachiRound, deals: int) -> Ledger:
    """The ledger after deal ``r`` (played to its end) of a game of ``deals`` deals: its
    settlement, the winner's chip on the month chart, the half-time payments after the
    middle deal, and, when a Four & Three ends the game, its chips on the empty months
    (and the half-time payments if the game ends before half-time)."""
    ledger = ledger.add(*_settlement(r).ledger.payments)
    winner = _result(r).winner
    win = names[winner] if winner is not None else None
    ledger = ledger.add(*_chart_payment(rules, win))
    if r.round_no == deals // 2:
        ledger = ledger.add(*half_time_payments(rules, names))
    if r.ends_game:
        ledger = ledger.add(*four_three_track(rules, win, ledger, deals))
        if r.round_no < deals // 2:
            ledger = ledger.add(*half_time_payments(rules, names))
    return ledger


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
    the pot (BOOK, with its ``campaign`` variation: the Campaign bonus, 10 from each
    player). With ties the first in seat
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
        if not rules.campaign:      # BOOK's end of the game pays nothing more by default
            return tuple(out)
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


def whole_game_marks(record: Record, names: Sequence[str]) -> dict[str, Any]:
    """What the whole-game chart (:mod:`hanafuda_core.teach.whole_game`) shows of a
    Hachi-Hachi game beyond its deals' points, as plain data: each deal's month and field
    multiplier, the payments outside the deals (the month chart's chips, the half-time
    pot, the game winner's award) as (label, amount, reason) rows, each player's total
    with them, the winner and why the game ended early. ``names`` are the seats' names
    as the chart writes them."""
    result = game_result(record)
    rename = dict(zip(result.names, names))
    grouped: dict[tuple[str, str, str], list[Payment]] = {}
    for p in result.ledger.payments:
        if p.category in ("chart", "half-time", "award"):
            grouped.setdefault((p.payer, p.payee, p.category), []).append(p)
    extra = []
    for (payer, payee, category), pays in grouped.items():
        reason = (f"a chip on the month chart for each deal won ({len(pays)})"
                  if category == "chart" and payee == CHART else pays[0].reason)
        extra.append((f"{rename.get(payer, payer)} → {rename.get(payee, payee)}",
                      sum(p.amount for p in pays), reason))
    totals = result.totals()
    return {"labels": [row["month"] for row in result.chart()],
            "label_word": "month", "multipliers": [d.multiplier.value for d in result.deals],
            "shade": "a doubled or quadrupled field, where every payment counts two or four "
                     "times",
            "payments": extra, "totals": {rename[n]: totals[n] for n in result.names},
            "winner": rename[result.winner], "ended_early": result.ended_early}


def month_chart(result: GameResult) -> list[dict[str, Any]]:
    """The month track: one row per deal (month, winner, field multiplier)."""
    rows = []
    for d in result.deals:
        res = _result(d)
        rows.append({"month": _MONTHS[(d.round_no - 1) % 12], "deal": d.round_no,
                     "winner": result.names[res.winner] if res.winner is not None else "-",
                     "multiplier": d.multiplier.value, "reason": res.reason})
    return rows


def _result(r: HachiHachiRound) -> RoundResult:
    """The result of a deal played to its end."""
    assert r.result is not None, "a deal played to its end has its result"
    return r.result


def _settlement(r: HachiHachiRound) -> Settlement:
    """The settlement of a deal played to its end."""
    settlement = r.settlement
    assert settlement is not None, "a deal played to its end is settled"
    return settlement


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


def play_hachihachi_game(seed: int | None = 0,
                         agents: Sequence[object] = ("random", "random", "random"),
                         players: int | None = None, deals: int = GAME_DEALS[0],
                         preset: str = "book", *,
                         names: Sequence[str] | None = None, offer_blind_stay: bool = False,
                         dealer: int | None = None, offer_trade: bool | None = None,
                         **options: Any) -> Record:
    """Play a seeded game of ``deals`` (6 or 12) deals and return its
    :class:`~hanafuda_core.play.Record` (what ``get_game("hachihachi", preset,
    **options).play(agents, seed, deals)`` returns; its summary holds the ledger,
    totals and final scores of :func:`game_result`).

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
    from ..play import Record, RoundRecord
    from ..registry import get_game
    game = get_game("hachihachi", preset, **options)
    rules = game.rules
    players = players if players is not None else len(agents)
    if len(agents) != players:
        raise PlayerCountError(f"{players} players need {players} agents, not {len(agents)}")
    if isinstance(deals, bool) or deals not in GAME_DEALS:
        allowed = " or ".join(map(str, sorted(GAME_DEALS)))
        raise HanafudaError(f"a Hachi-Hachi game has {allowed} deals, not {deals}")
    names = tuple(names) if names else seat_names(players)
    trade = offers_trade(rules, players, offer_trade)
    seats = [_make_agent(a) for a in agents]
    game.check_players(players)         # (the preset's own range, and the fold fees)
    rng = random.Random(seed)
    drawn = None
    if dealer is None:
        drawn = draw_first_dealer(FIRST_DEALER[preset], players, rng)
        dealer = drawn.dealer
    queue = FieldQueue(rules.field_mode)
    played: list[HachiHachiRound] = []
    logs = []
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
            assert seat is not None, "a deal not over has a seat to act"
            r = apply(r, seats[seat].choose(view(r, seat), legal, rng))
        res = _result(r)
        played.append(r)
        logs.append(RoundRecord(r.deal.to_dict(), tuple(a.code() for a in r.history),
                                {"round_no": deal_no, "queue": list(before),
                                 "blind_offered": r.blind_offered, "trade": trade,
                                 "names": list(names), "deals": deals},
                                {"winner": res.winner, "points": list(res.points),
                                 "reason": res.reason}))
        queue = r.queue_after
        if res.winner is not None:
            dealer = res.winner
        if r.ends_game:
            break
    agent_names = tuple(getattr(a, "name", type(a).__name__) for a in seats)
    result = GameResult.of(rules, names, agent_names, deals, trade, played, drawn)
    summary = {**result.summary(), **({"first_dealer": drawn.to_dict()} if drawn else {})}
    return Record(game.key, game.preset, dict(game.options), players, tuple(logs), seed,
                  agent_names, summary)


def play_campaign(seed: int = 0, agents: Sequence[object] = ("random", "random", "random"),
                  preset: str = "book", games: int | None = None, **kwargs: Any
                  ) -> list[Record]:
    """BOOK 'Campaign': as many games as players (each game's winner takes the
    Campaign bonus inside that game's ledger: the ``campaign`` option)."""
    games = games if games is not None else len(agents)
    return [play_hachihachi_game(seed * 1000 + g, agents, preset=preset,
                                 **{"campaign": True, **kwargs})
            for g in range(games)]


#: Chips each player starts with, in major units (D001 4 kan + 12 points; D002 5 Kan;
#: D004 4/- and 12d): five.
STAKE = 5


def chip_account(record: GameResult | Record, *, optional_repayment: bool = True
                 ) -> list[dict[str, Any]]:
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

    ``record``: a game's record or its :func:`game_result`.

    >>> rec = play_hachihachi_game(seed=2, agents=("greedy",) * 3, preset="d002", deals=6)
    >>> rows = chip_account(rec)
    >>> rows[-1]["event"], all(v >= 0 for v in rows[-1]["chips"].values())
    ('after the last deal', True)
    """
    if not isinstance(record, GameResult):
        record = game_result(record)
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
    rows: list[dict[str, Any]] = []

    def row(event: str, deal_no: int, loans: dict[str, int], repaid: dict[str, int]) -> None:
        rows.append({"deal": deal_no, "event": event, "chips": dict(chips), "debt": dict(debt),
                     "stake_owed": dict(owed), "loans": loans, "repaid": repaid})

    def borrow() -> dict[str, int]:
        taken: dict[str, int] = {}
        for n in names:
            while chips[n] < 0:
                chips[n] += unit
                debt[n] += unit
                taken[n] = taken.get(n, 0) + unit
        return taken

    def repay_steps() -> dict[str, int]:
        paid: dict[str, int] = {}
        if not optional_repayment:
            return paid
        for n in names:
            while debt[n] >= step and chips[n] >= step:
                chips[n] -= step
                debt[n] -= step
                paid[n] = paid.get(n, 0) + step
        return paid

    half = record.planned_deals // 2
    last = record.deals[-1].round_no if record.deals else 0
    for log in record.deals:
        deal_no = log.round_no
        pays = list(_settlement(log).ledger.payments)
        winner = _result(log).winner
        win = names[winner] if winner is not None else None
        pays += list(_chart_payment(rules, win))
        if deal_no == half or (record.ended_early and deal_no == last and last < half):
            pays += list(half_time_payments(rules, names))
        for p in pays:
            if p.payer in chips:
                chips[p.payer] -= p.amount
            if p.payee in chips:
                chips[p.payee] += p.amount
        row(f"deal {deal_no}", deal_no, borrow(), {})
        if rules.loan_repayment == "han_don" and deal_no == 6 and record.planned_deals == 12:
            for n in names:
                chips[n] -= owed[n]
                owed[n] = 0
            row("Han-Don: the stake goes back to the bank", 6, borrow(), {})
            row("Han-Don: loans repaid in 5-Kan steps", 6, {}, repay_steps())
        if rules.loan_repayment == "han_don" and deal_no == 11 and record.planned_deals == 12:
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
