"""Adapters: the existing engines mapped onto the play protocol (:mod:`hanafuda_core.play`).

Thin code only: each adapter calls an engine's public functions and turns its
states, results and records into the protocol's. Two adapters exist:

* :class:`CaptureAdapter`, for any game whose rules module has ``get_rules(preset,
  **options)`` giving the capture engine's :class:`~hanafuda_core.engines.capture.CaptureRules`
  (Koi-Koi today): :mod:`hanafuda_core.engines.capture` deals, steps and replays;
* :class:`HachiHachiAdapter`, for Hachi-Hachi's staged round
  (:mod:`hanafuda_core.games.hachihachi_play`) and whole game
  (:mod:`hanafuda_core.games.hachihachi_game`).

The registry (:mod:`hanafuda_core.registry`) names the adapter of each playable game
as data. What a game needs beyond the engine is a hook in its own rules module
(``zero_sum(rules)``: whether a round's points sum to zero under these rules).
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import combinations
from operator import itemgetter
from typing import TYPE_CHECKING, Any, ClassVar, Generic, NoReturn, TypeVar, cast

from .cards import (
    DEFAULT_VALUES,
    MONTH_MASKS,
    MONTH_NAMES,
    Card,
    CardSet,
    Extra,
    mask_cards,
    parse_cards,
)
from .engines import capture as _eng
from .errors import (
    DeclarationError,
    HanafudaError,
    OptionError,
    PlayerCountError,
    UnknownCardError,
    apply_or_refuse,
    shown,
)
from .ledger import PAYMENT_WORDS
from .play import (
    FLAG,
    TEXT,
    WHOLE,
    WHOLES,
    Field,
    Game,
    Outcome,
    Record,
    RecordError,
    Round,
    RoundRecord,
    check_fields,
    json_value,
    list_field,
    numbers_text,
    seat_field,
)
from .rules import option_text

if TYPE_CHECKING:
    from .families.capture import table_round as _tr
    from .games import hachihachi_play as _hh

_I = TypeVar("_I")

__all__ = [
    "ADAPTERS",
    "CaptureAdapter",
    "CaptureRound",
    "GoStopAdapter",
    "HachiHachiAdapter",
    "HachiHachiRound",
    "ScoreSheet",
    "TableCaptureRound",
    "capture_decision",
    "capture_rounds_won",
    "capture_totals",
    "first_dealer_sentence",
    "game_end_words",
    "hachihachi_log",
    "hachihachi_score",
    "heading",
    "make_adapter",
    "option_text",
    "plain_cards",
    "refuse_length",
    "round_log",
    "table_choice_lines",
    "table_round_log",
]


# ---------------------------------------------------------------------------
# Shared pieces


def heading(game: Game) -> str:
    """"Koi-Koi, preset book, views=off"."""
    return (f"{game.name}, preset {game.preset}"
            + (", " + ", ".join(f"{k}={option_text(v)}" for k, v in game.options.items())
               if game.options else ""))


def plain_cards(cards: str | Iterable[Any], game: Game) -> list[Card]:
    """The cards of a pile to score, read from codes, ids, names or cards (a string is
    split as :func:`~hanafuda_core.cards.parse_cards` does). A Joker or blank card, a card
    listed twice or a card outside the game's deck (Mushi plays 40) is refused with the
    reason."""
    from .games.catalog import deck_for
    found = parse_cards(cards, extras=True)
    deck = {c for c in deck_for(game.key) if isinstance(c, Card)}
    bonus = getattr(getattr(game, "rules", None), "bonus", None)
    jokers = {int(j) for j in bonus.cards} if bonus is not None else set()   # G1
    seen: set[Card | Extra] = set()
    for c in found:
        if isinstance(c, Extra) and c in jokers:
            if c in seen:
                raise UnknownCardError(f"{c.title} ({c.code}) is listed twice; each card is "
                                       "in the pile once")
            seen.add(c)
            continue
        if isinstance(c, Extra):
            held = ", ".join(Extra(j).code for j in sorted(jokers))
            raise HanafudaError(f"{game.name} scores the 48 cards"
                                + (f" and its Jokers ({held})" if jokers else "")
                                + f"; {c.title} ({c.code}) is not one")
        if c not in deck:
            raise UnknownCardError(f"{game.name} plays with {len(deck)} cards; {c.code} is "
                                   f"not in its deck (the {c.title} is left out)")
        if c in seen:
            raise UnknownCardError(f"the {c.title} ({c.code}) is listed twice; each card is "
                                   "in the pile once")
        seen.add(c)
    # (a Joker of the rules is kept: the pile's Chaff count reads it, G1)
    return [cast(Card, c) for c in found if isinstance(c, Card) or c in jokers]


@dataclass(frozen=True)
class ScoreSheet:
    """A scored pile: the data (``to_dict``, what ``hanafuda score --json`` prints) and
    the explanation in words (``to_text``)."""

    data: Mapping[str, Any]
    text: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return dict(self.data)

    def to_text(self) -> str:
        return "\n".join(self.text)


_new_tuple = tuple.__new__
_W = TypeVar("_W", bound="_Wrapped[Any]")
_ROUND_OVER = _eng.Phase.ROUND_OVER


class _Wrapped(tuple, Generic[_I]):  # type: ignore[type-arg]
    """A protocol round around an engine's immutable state (``inner``).

    It is a tuple (``game``, ``inner``, ``context``, ``is_terminal``), read through
    its properties: a round is made at every step, and a tuple is made in one call
    where an object with slots took a call per slot (more than twice the machine
    work). ``is_terminal`` is read once from the engine's state, when the round is made:
    a random game asks it at every step."""

    __slots__ = ()
    if TYPE_CHECKING:
        game: Game
        inner: _I
        context: Mapping[str, Any]
        is_terminal: bool
    else:
        game = property(itemgetter(0), doc="the game (its rules) of this round")
        inner = property(itemgetter(1), doc="the engine's state of this round")
        context = property(itemgetter(2), doc="what the record keeps besides the deal")
        is_terminal = property(itemgetter(3), doc="whether the round is over")

    def __new__(cls: type[_W], game: Game, inner: Any, context: Mapping[str, Any]) -> _W:
        return _new_tuple(cls, (game, inner, context, bool(inner.is_terminal)))

    def __getnewargs__(self) -> tuple[Any, ...]:     # (copy and pickle: __new__'s arguments)
        return self[:3]

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, _Wrapped) and type(other) is type(self)
                and other.game == self.game and other.inner == self.inner)

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash((type(self), self.game))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a round is immutable: apply an action to get the next one")

    def __repr__(self) -> str:
        return f"<{self.game.name} round: {self.inner!r}>"

    def _record(self, deal: Mapping[str, Any], actions: Sequence[Any]) -> Record:
        res = self.result()  # type: ignore[attr-defined]
        rr = RoundRecord(deal, tuple(a.code() for a in actions), dict(self.context),
                         res.to_dict() if res is not None else None)
        g = self.game
        return Record(g.key, g.preset, dict(g.options), self.players, (rr,))  # type: ignore


# ---------------------------------------------------------------------------
# The capture engine


class CaptureRound(_Wrapped[_eng.State]):
    """A capture-engine round (``inner``: :class:`~hanafuda_core.engines.capture.State`)."""

    __slots__ = ()

    @property
    def state(self) -> Any:
        return self.inner

    @property
    def players(self) -> int:
        return self.inner.rules.players

    @property
    def current_player(self) -> int | None:
        # G9: in a Draw vote, the voter acts (not the player whose turn it is)
        return None if self.inner.phase == _ROUND_OVER else self.inner.actor

    def legal_actions(self) -> tuple[_eng.Action, ...]:
        return _eng.legal_actions(self[1])

    def apply(self, action: Any) -> CaptureRound:
        # (the fields by index, and the next round made as __new__ makes it, without
        # the calls: this runs at every step)
        game, inner, context, _ = self
        try:
            new = _eng.apply(inner, action)
        except HanafudaError:
            raise
        except (IndexError, ValueError, TypeError, AttributeError, KeyError):
            apply_or_refuse(_eng.apply, inner, action, _eng.legal_actions)
            raise       # pragma: no cover - apply_or_refuse raised the reason
        # (``new.is_terminal`` read as its own comparison: the property's call is 3 % of a
        # random round's machine instructions)
        return _new_tuple(CaptureRound, (game, new, context, new.phase == _ROUND_OVER))

    def view(self, player: int) -> Any:
        return _eng.view(self.inner, player)

    def result(self) -> Outcome | None:
        res = self.inner.result
        if res is None:
            return None
        # amounts held by no seat, if the rules' overlay keeps any (Mushi: card points
        # left on the field at the end)
        accounts = getattr(self.inner.rules.overlay, "accounts", None)
        return Outcome(res.winner, tuple(res.points), res.reason,
                       self.game.adapter.zero_sum(self.game),
                       dict(accounts(self.inner)) if accounts is not None else {}, res)

    def record(self) -> Record:
        return self._record(self.inner.deal.to_dict(), self.inner.history)

    def card_count(self) -> int:
        return self.inner.card_count()

    def zones(self) -> dict[str, tuple[int, ...]]:
        return _capture_zones(self.inner, range(self.players))


def _capture_zones(s: Any, seats: Sequence[int]) -> dict[str, tuple[int, ...]]:
    """Where every card of a capture-engine state lies, by zone (card ids); the engine's
    player ``i`` sits at table seat ``seats[i]`` (zone ``"hand <seat>"``)."""
    rules = s.rules
    zones = {f"hand {seats[p]}": _ids(s.hand(p)) for p in range(rules.players)}
    for p in range(rules.players):      # teammates share one pile: list it once
        zones[f"captures of side {rules.side(p) + 1}"] = _ids(s.captures(p))
    zones["field"] = _ids(s.field)
    # The stock's order and the card waiting for a capture choice are not public
    # properties of State; they are read from its fields (the engine's record of them).
    zones["stock"] = tuple(int(c) for c in s.stock[s.pos:])
    if s.deal.aside:                    # B7: face down out of the round
        zones["aside"] = tuple(s.deal.aside)
    if s.pending:
        zones["in play"] = tuple(mask_cards((1 << s.pending[0]) | s.pending[1]))
    from .engines.capture import _discarded
    gone = _discarded(s)            # a wild dealt to the field that left the round (B2)
    if gone:
        zones["out of the round"] = tuple(mask_cards(gone))
    return zones


def _ids(cards: Iterable[Any]) -> tuple[int, ...]:
    return tuple(int(c) for c in cards)


def _first_deal_dealer(deal: Mapping[str, Any]) -> Any:
    """Who dealt a round's first deal: the dealer of its first voided deal if there was
    one (a misdeal may pass the deal on: D003), else the round's dealer."""
    voided = deal.get("voided") or ()
    if voided and isinstance(voided[0], Mapping) and "dealer" in voided[0]:
        return voided[0]["dealer"]
    return deal.get("dealer")


def _context(state: Any) -> dict[str, Any]:
    return {"round_no": state.round_no, "scores": list(state.scores), "wins": list(state.wins)}


#: A card as a record writes it: its code ("3a", "j1" for a Joker).
_CODE = Field("a card code", lambda v: isinstance(v, str))
_CODES = list_field(_CODE, 'card codes (such as "3a")')
_TEXTS = list_field(TEXT, "texts")
_ROUND_NO = Field("the round's number, a whole number from 1",
                  lambda v: type(v) is int and v >= 1, False)


def _scores_context(players: int) -> dict[str, Field]:
    """The context of a round of a capture game: its number and the scores and rounds
    won before it, one per seat."""
    per_seat = list_field(WHOLE, "whole numbers (one per player)", players)
    return {"round_no": _ROUND_NO, "scores": per_seat.optional(), "wins": per_seat.optional()}


def _unreadable() -> HanafudaError:
    """The refusal of a round whose fields are each of the right kind but do not make a
    round these rules could deal (the engine could not set it up); the game says which
    round of the record it is."""
    return HanafudaError("its deal and context do not make a round these rules could deal "
                         "(compare them with a record written by `hanafuda play`)")


class CaptureAdapter:
    """A capture game whose rules module gives :class:`CaptureRules` (module
    ``hanafuda_core.games.<rules>``: ``get_rules``, ``preset_options``, ``OPTIONS``,
    ``PRESETS``, ``PRESET_SOURCES`` and, optionally, the ``zero_sum(rules)`` hook)."""

    round_word: str = "rounds"
    agent_names: tuple[str, ...] = ("random", "greedy", "coach")
    default_agents: tuple[str, ...] = ("coach", "greedy")
    score_flags: Mapping[str, Any] = {"calls": 0, "field": None, "hand": False,
                                      "revealed": None}
    #: the option that sets the number of players (:meth:`Game.seated`)
    count_options: tuple[str, ...] = ("players",)

    def __init__(self, rules_module: str) -> None:
        self.module_name = rules_module

    @property
    def module(self) -> Any:
        return importlib.import_module(f"hanafuda_core.games.{self.module_name}")

    def rules(self, preset: str, options: Mapping[str, Any]) -> Any:
        try:
            return self.module.get_rules(preset, **options)
        except NotImplementedError as error:
            raise OptionError(str(error)) from None

    def option_table(self) -> Mapping[str, Any]:
        table: Mapping[str, Any] = self.module.OPTIONS
        return table

    def presets(self) -> Mapping[str, Any]:
        presets: Mapping[str, Any] = self.module.PRESETS
        return presets

    def preset_sources(self) -> Mapping[str, Any]:
        return getattr(self.module, "PRESET_SOURCES", {})

    def canonical(self, preset: str, options: Mapping[str, Any]) -> dict[str, Any]:
        values = self.module.preset_options(preset, **options)
        return {k: values[k] for k in options}

    def zero_sum(self, game: Game) -> bool:
        hook = getattr(self.module, "zero_sum", None)
        return bool(hook(game.rules)) if hook is not None else False

    def players(self, game: Game) -> tuple[int, int]:
        n = game.rules.players
        return (n, n)

    def new_round(self, game: Game, seed: Any, players: int, dealer: int) -> Any:
        # (``_eng.new_round``, not an import here: a relative import in a function runs
        # Python code of the import system at every call: about 0.9 µs, 4 % of a deal)
        state = _eng.new_round(game.rules, seed, dealer)
        return CaptureRound(game, state, _context(state))

    def check_round(self, game: Game, players: int, record: RoundRecord, where: str) -> None:
        """A round's deal and context as this adapter writes them (``where``: "round 2"),
        else :class:`RecordError` naming the field and what it should hold."""
        seat = seat_field(players)
        deal = check_fields(f"{where}'s deal", record.deal, {
            "order": _CODES, "dealer": seat, "voided": list_field(
                Field("a deal", lambda v: True), "deals dealt before it (misdeals)"
            ).optional(), "events": _TEXTS.optional(), "burdens": WHOLES.optional(),
            "carry": _TEXTS.optional(), "choice": TEXT.optional()})
        for j, voided in enumerate(deal.get("voided") or (), start=1):
            check_fields(f"{where}'s deal: voided deal {j}", voided,
                         {"order": _CODES, "dealer": seat, "reason": TEXT})
        check_fields(f"{where}'s context", record.context, _scores_context(players))

    def replay_round(self, game: Game, players: int, record: RoundRecord) -> Any:
        from .engines.capture import DealRecord, replay
        ctx = record.context
        try:
            deal = DealRecord.from_dict(record.deal)
            states = replay(game.rules, deal, record.actions, round_no=ctx.get("round_no", 1),
                            scores=ctx.get("scores"), wins=ctx.get("wins"))
        except HanafudaError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            raise _unreadable() from None
        return CaptureRound(game, states[-1], _context(states[0]))

    def agent(self, game: Game, name: str) -> Any:
        from .players import make_agent
        return make_agent(name)

    def _with_rounds(self, game: Game, rounds: int | None) -> Game:
        """``game`` to play ``rounds`` rounds (``play(..., rounds=...)``): the game with its
        round option set to it, or the game as it is where its rules set the length
        (``CaptureRules.rounds`` with no option for it: that number is accepted) or end
        the game their own way (a race to a target, a run of wins: no number is). A
        number the rules do not play raises :class:`HanafudaError` saying the game's
        length (:func:`refuse_length`)."""
        if rounds is None:
            return game
        word = self.round_word
        if word in game.options:
            raise HanafudaError("give the number of rounds once: as the option or as rounds")
        option = self.option_table().get(word)
        if option is None:          # (the rules set the length, or end the game themselves)
            fixed = getattr(game.rules, "rounds", None)
            lengths = (fixed,) if type(fixed) is int else ()
            if rounds not in lengths or type(rounds) is not int:
                refuse_length(game, rounds, lengths, word, game_end_words(game.rules, word),
                              fixed=True)
            return game
        try:
            value = option.check(rounds)
        except OptionError:
            refuse_length(game, rounds, option.allowed, word, error=OptionError)
        return Game(game.entry, self, game.preset, {**game.options, word: value})

    def play(self, game: Game, agents: Sequence[Any], seed: int | None,
             rounds: int | None) -> Record:
        from .players import play_rounds
        game = self._with_rounds(game, rounds)
        from .seating import draw_for_game
        rules = game.rules
        rng = random.Random(seed)
        # The first dealer is drawn where the game's sources say so; the drawing is kept
        # in the record's summary (the rounds' deals carry the dealer, so replays are exact).
        draw = draw_for_game(self.module, game.preset, rules.players, rng)
        logs = []
        for start, state in play_rounds(rules, agents, rng, draw.dealer if draw else 0):
            res = state.result
            assert res is not None
            logs.append(RoundRecord(start.deal.to_dict(),
                                    tuple(a.code() for a in state.history), _context(start),
                                    {"winner": res.winner, "points": list(res.points),
                                     "reason": res.reason}))
        names = tuple(getattr(a, "name", type(a).__name__) for a in agents)
        record = Record(game.key, game.preset, dict(game.options), rules.players,
                        tuple(logs), seed, names,
                        {"first_dealer": draw.to_dict()} if draw is not None else {})
        return replace(record, summary={**self.summary(game, record), **record.summary})

    def check_record(self, game: Game, record: Record) -> None:
        """The checks a record of this game passes beyond its rules: a drawing for the
        first dealer (``summary["first_dealer"]``) follows the preset's rule
        (``FIRST_DEALER``) and chose the dealer of the first round."""
        from .seating import DealerDraw
        data = record.summary.get("first_dealer")
        if data is None:
            return
        rule = getattr(self.module, "FIRST_DEALER", {}).get(game.preset)
        if rule is None:
            raise HanafudaError(f"{game.name} under the preset {game.preset!r} gives the "
                                "first dealer; this record has a drawing for it")
        seat = seat_field(record.players)
        drawn = list_field(Field("a pair", lambda v: isinstance(v, list) and len(v) == 2
                                 and seat.ok(v[0]) and _CODE.ok(v[1])),
                           "[seat, card code] pairs")
        check_fields("the record's drawing for the first dealer ('first_dealer')", data, {
            "draws": list_field(drawn, f"drawings (each a list of {drawn.what[2:]})"),
            "dealer": seat})
        draw = DealerDraw.from_dict(data)
        draw.check(rule, record.players)
        if record.rounds and self._first_dealer_deals(record) and \
                _first_deal_dealer(record.rounds[0].deal) != draw.dealer:
            raise HanafudaError("the first round is not dealt by the player the drawing "
                                f"chose (seat {draw.dealer + 1})")

    def _first_dealer_deals(self, record: Record) -> bool:
        """Whether the drawing's winner deals the first round (always, in a capture game)."""
        return True

    def summary(self, game: Game, record: Record,
                rounds: Sequence[Round] | None = None) -> dict[str, Any]:
        """The game's results, read from a finished record: ``totals`` (and
        ``final_scores``, the same), the ``winner`` under the game's ranking and, when
        rounds won rank the players, ``ranked_by`` and ``rounds_won``; {} while a
        round is unfinished."""
        if not record.rounds or any(r.outcome is None for r in record.rounds):
            return {}
        from .families.capture.ranking import ranked_by
        totals, won = capture_totals(record), capture_first_key(game, record)
        by = ranked_by(game.rules)
        ranking = ({} if by == "points" else {"ranked_by": "tokens", "tokens": list(won)}
                   if by == "tokens" else {"ranked_by": "rounds won", "rounds_won": list(won)})
        decision = capture_decision(game, record)
        decided = {} if decision.how in ("first key", "second key", "shared") else {
            "decided_by": decision.how, **({"race_yaku": decision.yaku}
                                           if decision.yaku else {})}
        return {"totals": list(totals), "final_scores": list(totals), **ranking,
                "winner": decision.winner, **decided}

    def log(self, game: Game, record: Record) -> list[str]:
        names = list(record.agents) or [f"seat {p + 1}" for p in range(record.players)]
        lines: list[str] = []
        if not all(r.outcome is not None for r in record.rounds):
            return _open_round_lines(game, record)
        for states in game.round_states(record):
            # (this adapter's rounds: the Round protocol does not name ``inner``)
            lines += round_log(game.rules, [cast(CaptureRound, s).inner for s in states],
                               names)
        # (the game's final line only for a game: a round dealt on its own, as a
        # worked round is, ends with its scores, not with who "wins the game")
        if record.rounds and (len(record.rounds) > 1 or record.summary):
            from .families.capture.ranking import final_line, ranked_by
            totals = capture_totals(record)
            table = game.rules.yaku
            lines.append(final_line(totals, capture_first_key(game, record),
                                    ranked_by(game.rules),
                                    [f"Player {p + 1} ({names[p]})"
                                     for p in range(len(totals))],
                                    capture_decision(game, record),
                                    {r.key: r.name for r in table.rules} if table else None,
                                    teams=game.rules.teams))
        return lines

    def hand_table(self, game: Game) -> Any:
        """The hand combinations a dealt hand of this game is scored by (A11: the
        :class:`~hanafuda_core.families.capture.settlement.HandClaims` of its
        declarations at the deal, a :class:`~hanafuda_core.teyaku.TeyakuTable`), or None."""
        from .families.capture.settlement import HandClaims
        claims = game.rules.declarations
        return claims.table if isinstance(claims, HandClaims) else None

    def revealable(self, game: Game) -> dict[int, frozenset[str]]:
        """The months a player may reveal at the deal to make yaku worth double (A1), each
        with the yaku (rule keys) it doubles; {} when the game's declarations double
        nothing. Read from the rules' declarations: a month is revealable when some hand
        of its cards is offered a declaration whose :meth:`doubled_rules
        <hanafuda_core.engines.capture.Declarations.doubled_rules>` names a yaku of the
        game's chart."""
        return _revealable(game.rules)

    def score(self, game: Game, cards: Iterable[Any], calls: int = 0,
              field: Iterable[Any] | None = None, hand: bool = False,
              revealed: Iterable[int] | None = None) -> ScoreSheet:
        """A pile scored as if its owner ended the round after ``calls`` go-on calls (the
        preset says what they do); ``field``: cards left on the field. An overlay with
        ``pile_figures(rules, mask, field_mask)`` (a card-value game: Simplified, Mushi)
        gives the card points, par, optional yaku, total and yaku itself.

        ``revealed``: months revealed at the deal whose yaku count double (games whose
        declarations double yaku, :meth:`revealable`). With ``hand``, ``cards`` is a dealt
        hand scored by its hand combinations instead (games whose players claim them at
        the deal, :meth:`hand_table`)."""
        if hand:
            if calls or field is not None or revealed is not None:
                raise HanafudaError("a dealt hand is scored on its own: leave out --koikoi, "
                                    "--field and --revealed with --hand")
            return self._score_hand(game, cards)
        cards = plain_cards(cards, game)
        fld = plain_cards(field or (), game)
        if field is not None and not self.uses_field(game):
            turn_on = [f"{k}={option_text(v)}" for k, v in self._field_options(game)]
            raise HanafudaError(f"cards on the field (--field) do not count in a {game.name} "
                                "score under these rules: none of their yaku is cancelled by "
                                "a card left on the field"
                                + (f" (the house rule {' or '.join(turn_on)} adds one)"
                                   if turn_on else ""))
        both = [c for c in fld if c in set(cards)]
        if both:
            raise HanafudaError(f"the {both[0].title} ({both[0].code}) is both in the pile and "
                                "on the field; a card lies in one place")
        if isinstance(calls, bool) or not isinstance(calls, int) or calls < 0:
            raise HanafudaError("the calls to play on made before this score (calls) are a "
                                f"whole number from 0, not {calls!r}")
        rules = game.rules
        months = () if revealed is None else self._revealed_months(game, revealed)
        doubled = frozenset().union(*(self.revealable(game)[m] for m in months))
        extra = {"doubled": doubled} if doubled else {}
        report = rules.overlay.pile_report(rules, CardSet(cards).mask, CardSet(fld).mask,
                                           calls, **extra)
        data = report.to_dict()
        data.update(game=game.key, preset=game.preset, options=json_value(game.options),
                    cards=[c.code for c in cards], calls=calls,
                    card_points=None, yaku_points=report.subtotal, optional_yaku_points=0)
        if revealed is not None:
            data["revealed"] = list(months)
        figures = getattr(rules.overlay, "pile_figures", None)
        if figures is not None:     # an overlay that scores card points says so itself
            data.update(figures(rules, CardSet(cards).mask, CardSet(fld).mask, **extra))
        head = heading(game) + (f", after {calls} {rules.decision_words.go_on} "
                                f"call{'s' * (calls > 1)}" if calls else "")
        text = [head, f"Cards: {' '.join(c.code for c in cards)}"]
        if months:
            verb = rules.declarations.verb
            text.append(f"{verb.capitalize()}ed at the deal: "
                        + ", ".join(MONTH_NAMES[m - 1] for m in months)
                        + f" (worth double: {', '.join(_rule_names(rules.yaku, doubled))})")
        text.append(report.to_text())
        return ScoreSheet(data, tuple(text))

    def uses_field(self, game: Game) -> bool:
        """Whether a score of this game looks at the cards left on the field: whether a
        yaku of its charts is cancelled by a card on the field (Rain & Fog)."""
        charts = (game.rules.yaku, getattr(game.rules.overlay, "optional_chart", None))
        return any(chart is not None and chart.field_sensitive for chart in charts)

    def _field_options(self, game: Game) -> list[tuple[str, Any]]:
        """The house rules that, set on top of these rules, make a score look at the field
        (each as its option and value)."""
        from .registry import get_game
        found = []
        for key, option in game.settable_options.items():
            if key in game.options or not isinstance(option.default, bool) or \
                    option.default or True not in option.allowed:
                continue
            try:
                turned = get_game(game.key, game.preset, **{**game.options, key: True})
            except HanafudaError:
                continue
            if self.uses_field(turned):
                found.append((key, True))
        return found

    def _revealed_months(self, game: Game, revealed: Iterable[int]) -> tuple[int, ...]:
        """``revealed`` checked against the months the game lets a player reveal."""
        allowed = self.revealable(game)
        if not allowed:
            able = _games_that("revealed")
            raise DeclarationError(f"{game.name} has no months to reveal at the deal (no "
                                   "declaration of its makes a yaku worth double); games "
                                   f"with revealed months: {', '.join(able) or 'none'}")
        months: list[int] = []
        for m in revealed:
            if isinstance(m, bool) or not isinstance(m, int) or m not in allowed:
                raise DeclarationError(f"{game.name} lets a player reveal the months "
                                       f"{_month_list(allowed)}, not {m!r}")
            if m in months:
                raise DeclarationError(f"month {m} is revealed twice; give each month once")
            months.append(m)
        return tuple(sorted(months))

    def _score_hand(self, game: Game, cards: Iterable[Any]) -> ScoreSheet:
        """A dealt hand scored by the hand combinations its player may claim (A11)."""
        table = self.hand_table(game)
        if table is None:
            able = _games_that("hand")
            raise DeclarationError(f"{game.name} has no hand combinations to claim at the "
                                   f"deal; games that score a dealt hand: {', '.join(able)}")
        hand = plain_cards(cards, game)
        rules = game.rules
        size = rules.deals[rules.players][0]
        if len(hand) != size:
            raise HanafudaError(f"a dealt {game.name} hand has {size} cards with "
                                f"{rules.players} players, not {len(hand)}")
        hits = table.evaluate(CardSet(hand)).hits
        points = sum(h.value for h in hits)
        data: dict[str, Any] = {
            "game": game.key, "preset": game.preset, "options": json_value(game.options),
            "mode": "hand", "cards": [c.code for c in CardSet(hand)],
            "teyaku": [h.to_dict() for h in hits], "card_points": None, "yaku_points": 0,
            "optional_yaku_points": 0, "hand_points": points, "total": points}
        verb = rules.declarations.verb
        text = [heading(game) + ": a dealt hand", f"Hand: {' '.join(data['cards'])}"]
        for h in hits:
            name = f"{h.rule.name} ({h.rule.japanese})" if h.rule.japanese else h.rule.name
            text.append(f"  {name}: {h.value}; shows {h.shown.format()}")
        if not hits:
            text.append("  no hand combination")
        text.append(f"Total: {points} (points a player receives who {verb}s "
                    f"{'them' if len(hits) > 1 else 'it'} at the deal)" if hits
                    else "Total: 0")
        return ScoreSheet(data, tuple(text))


def _revealable(rules: Any) -> dict[int, frozenset[str]]:
    decl = getattr(rules, "declarations", None)
    chart = getattr(rules, "yaku", None)
    if decl is None or chart is None:
        return {}
    keys = frozenset(r.key for r in chart.rules)
    out: dict[int, frozenset[str]] = {}
    for month, mm in enumerate(MONTH_MASKS, start=1):
        bits = [1 << c for c in range(48) if mm >> c & 1]
        found: frozenset[str] = frozenset()
        for size in range(1, len(bits) + 1):
            for held in combinations(bits, size):
                for d in decl.offers(sum(held), ()):
                    found |= decl.doubled_rules((d,)) & keys
        if found:
            out[month] = found
    return out


def _month_list(months: Iterable[int]) -> str:
    """"1 to 12 (January to December)" or "2, 4 (February, April)"."""
    ms = sorted(months)
    if ms == list(range(ms[0], ms[-1] + 1)) and len(ms) > 2:
        return f"{ms[0]} to {ms[-1]} ({MONTH_NAMES[ms[0] - 1]} to {MONTH_NAMES[ms[-1] - 1]})"
    return f"{', '.join(map(str, ms))} ({', '.join(MONTH_NAMES[m - 1] for m in ms)})"


def _rule_names(table: Any, keys: Iterable[str]) -> list[str]:
    wanted = set(keys)
    return [r.name for r in table.rules if r.key in wanted]


def _games_that(what: str) -> list[str]:
    """The playable games (keys) that score a dealt hand (``what="hand"``) or revealed
    months (``"revealed"``) under their book rules."""
    from .registry import get_game, iter_games
    out = []
    for e in iter_games(playable=True):
        if "score" not in e.tools:
            continue
        g = get_game(e.key)
        adapter: Any = g.adapter
        if (adapter.hand_table(g) is not None if what == "hand"
                else bool(adapter.revealable(g))):
            out.append(e.key)
    return out


def _names(cards: int | Iterable[int]) -> str:
    cs = CardSet.from_mask(cards) if isinstance(cards, int) else CardSet(cards)
    return ", ".join(f"{c.title} ({c.code})" for c in cs) or "nothing"


def first_dealer_sentence(record: Record, names: Sequence[str] | None = None) -> str:
    """How the first dealer of a record's game was chosen, in words (the drawing kept in
    its summary); "" when the game was given its first dealer. ``names``: the seats'
    names (by default "Player 1", "Player 2"...)."""
    from .seating import DealerDraw
    data = record.summary.get("first_dealer")
    if not data:
        return ""
    names = names or tuple(f"Player {i + 1}" for i in range(record.players))
    from .registry import get_game
    order = getattr(get_game(record.game, record.preset).rules, "month_order", "japanese")
    return DealerDraw.from_dict(data).sentence(names, order)


def capture_totals(record: Record) -> tuple[int, ...]:
    """Each seat's total at the end of a finished capture game record: the last round's
    scores before it (its ``context``) plus its points."""
    last = record.rounds[-1]
    before = last.context.get("scores") or [0] * record.players
    points = (last.outcome or {}).get("points") or [0] * record.players
    return tuple(int(s) + int(p) for s, p in zip(before, points))


def capture_decision(game: Game, record: Record) -> Any:
    """Who wins a finished capture game record and what decided it (a
    :class:`~hanafuda_core.families.capture.ranking.GameDecision`): the game's ranking,
    its First Dealer Tie Breaker (the first dealer: who dealt the first round) and its
    race tie break (the final round's yaku, replayed only when several players are over
    the target)."""
    from .families.capture.ranking import decide_game
    rules = game.rules
    totals, won = capture_totals(record), capture_first_key(game, record)
    final_yaku = None
    target = rules.target_score
    if rules.race_tie_break and target is not None and \
            sum(1 for t in totals if t >= target) > 1:
        last = cast(CaptureRound, game.replay_rounds(record)[-1]).inner
        table = rules.yaku
        final_yaku = [frozenset(h.rule.key for h in table.evaluate(
            last.caps_m[rules.side(p)], last.field_m).hits) for p in range(rules.players)]
    first = _first_deal_dealer(record.rounds[0].deal) if record.rounds else None
    from .families.capture.ranking import ranked_by
    points = [tuple((r.outcome or {}).get("points") or [0] * record.players)
              for r in record.rounds] \
        if rules.win_streak is not None or ranked_by(rules) == "tokens" else None
    return decide_game(rules, totals, won, first_dealer=first, final_yaku=final_yaku,
                       round_points=points)


def capture_first_key(game: Game, record: Record) -> tuple[int, ...]:
    """What ranks the players before the total: rounds won, or under Counting Tokens
    (B5) each seat's tokens, read from every round's scores."""
    from .families.capture.ranking import ranked_by, tokens_won
    if ranked_by(game.rules) != "tokens":
        return capture_rounds_won(record)
    return tokens_won([tuple((r.outcome or {}).get("points") or [0] * record.players)
                       for r in record.rounds], record.players, teams=game.rules.teams)


def capture_rounds_won(record: Record) -> tuple[int, ...]:
    """Rounds won by each seat of a capture game record (a drawn round: nobody)."""
    from .families.capture.ranking import rounds_won
    return rounds_won(((r.outcome or {}).get("winner") for r in record.rounds),
                      record.players)


def round_log(rules: Any, states: Sequence[Any], agents: Sequence[str]) -> list[str]:
    """One round of a capture game told in words from every state of it (the capture
    engine's states, as dealt and after each action: :meth:`Game.round_states
    <hanafuda_core.play.Game.round_states>`): the deal, every move, the yaku, the
    calls and the result (each move's lines come from
    :func:`hanafuda_core.narration.log_lines`)."""
    from .narration import log_lines, reason_words, story, winners_text
    n = rules.players
    who = [f"Player {p + 1} ({agents[p]})" for p in range(n)]
    first, last = states[0], states[-1]
    round_no = first.round_no
    lines = [f"Round {round_no}: {who[first.dealer]} deals"]
    for v in first.deal.voided:
        lines.append(f"  misdeal, dealt again: {v.reason}")
    for p in range(n):
        lines.append(f"  {who[p]} holds {_names(first.hands_m[p])}")
    lines.append(f"  Field: {_names(first.field_m)}; stock: {first.stock_size} cards")
    lines += [f"  {event}" for event in first.deal.events]
    for s0, a, s1 in zip(states, last.history, states[1:]):
        lines += log_lines(story(s0, a, s1), who)
    res = last.result
    points = ", ".join(f"{who[p]} {res.points[p]}" for p in range(n))
    if res.winner is None:
        lines.append(f"  Result of round {round_no}: nobody wins "
                     f"({reason_words(res.reason, rules.decision_words)}); points: {points}")
    else:
        lines.append(f"  Result of round {round_no}: "
                     f"{winners_text(res.winner, who, rules.teams)} "
                     f"({reason_words(res.reason, rules.decision_words)}); points: {points}")
    if res.report is not None:
        lines += ["    " + line for line in res.report.to_text().splitlines()]
    totals = [s + q for s, q in zip(first.scores, res.points)]
    lines.append("  Scores: " + ", ".join(f"{who[p]} {totals[p]}" for p in range(n)))
    return lines


# ---------------------------------------------------------------------------
# Hachi-Hachi


class _StagedWrapped(_Wrapped[_I]):
    """A protocol round around a staged round (stages before the capture engine's
    play: Hachi-Hachi's, the big table's), which says itself who acts, whether it is
    over, how many seats it has and its deal and history."""

    __slots__ = ()

    @property
    def players(self) -> int:
        return self.inner.players  # type: ignore[attr-defined, no-any-return]

    @property
    def current_player(self) -> int | None:
        return self.inner.current_seat  # type: ignore[attr-defined, no-any-return]

    def record(self) -> Record:
        inner: Any = self.inner
        return self._record(inner.deal.to_dict(), inner.history)

    def card_count(self) -> int:
        return self.inner.card_count()  # type: ignore[attr-defined, no-any-return]


class HachiHachiRound(_StagedWrapped["_hh.HachiHachiRound"]):
    """A Hachi-Hachi round (``inner``:
    :class:`~hanafuda_core.games.hachihachi_play.HachiHachiRound`)."""

    __slots__ = ()

    # The staged round's ``legal_actions`` and ``apply``, set by the adapter when it
    # loads their module (an import statement here, or the look-up through the game and
    # its adapter, would cost more on every step of a round).
    _legal: ClassVar[Callable[[_hh.HachiHachiRound], tuple[Any, ...]]]
    _step: ClassVar[Callable[[_hh.HachiHachiRound, Any], _hh.HachiHachiRound]]

    def legal_actions(self) -> tuple[Any, ...]:
        return HachiHachiRound._legal(self[1])

    def apply(self, action: Any) -> HachiHachiRound:
        game, inner, context, _ = self          # (by index: this runs at every step)
        try:
            new = HachiHachiRound._step(inner, action)
        except HanafudaError:
            raise
        except (IndexError, ValueError, TypeError, AttributeError, KeyError):
            apply_or_refuse(HachiHachiRound._step, inner, action, HachiHachiRound._legal)
            raise       # pragma: no cover - apply_or_refuse raised the reason
        # (the next round made as __new__ makes it, without the call, and ``is_terminal``
        # read as its own comparison, without the property's call: once a step)
        return _new_tuple(HachiHachiRound, (game, new, context, new.stage == "over"))

    def view(self, player: int) -> Any:
        from .games.hachihachi_play import view
        return view(self.inner, player)

    def result(self) -> Outcome | None:
        res = self.inner.result
        if res is None:
            return None
        ledger = res.report.ledger.totals()
        accounts = {k: v for k, v in ledger.items() if k not in self.inner.names}
        return Outcome(res.winner, tuple(res.points), res.reason,
                       self.game.adapter.zero_sum(self.game), accounts, res)

    def zones(self) -> dict[str, tuple[int, ...]]:
        r = self.inner
        if r.inner is not None:         # in play: the capture engine holds every card
            return _capture_zones(r.inner, r.active)
        zones = {f"hand {s}": tuple(mask_cards(h)) for s, h in enumerate(r.hands)}
        zones["field"] = tuple(mask_cards(r.field0))
        dealt = 7 * r.players + (0 if r.players == 7 else 6)
        zones["undealt"] = tuple(c for c in r.deal.order[dealt:] if c < 48)
        return zones


def _fewest_players(key: str, preset: str) -> int:
    """The fewest players a preset's document gives its game for."""
    from .registry import preset_info
    return preset_info(key, preset).players[0]


class HachiHachiAdapter(CaptureAdapter):
    """Hachi-Hachi: the staged round and the whole game of twelve (or six) deals."""

    round_word = "deals"
    agent_names = ("random", "greedy")
    default_agents = ("greedy", "greedy", "greedy")

    @property
    def default_rounds(self) -> int:
        """Deals in a game unless told otherwise: twelve (``GAME_DEALS``)."""
        return self.game_lengths[0]

    @property
    def game_lengths(self) -> tuple[int, ...]:
        """The numbers of deals a whole game may have (``GAME_DEALS``: 12, or 6 for a
        short game), for the tools that ask for a game's length."""
        from .games.hachihachi import GAME_DEALS
        return tuple(GAME_DEALS)

    @property
    def lengths_text(self) -> str:
        return " or ".join(map(str, sorted(self.game_lengths)))
    score_flags: Mapping[str, Any] = {"hand": False, "revealed": None}
    count_options: tuple[str, ...] = ()      # (the rules seat two to seven as they are)
    wording = PAYMENT_WORDS                  # (the ledger's wording is not replayed)

    def __init__(self, rules_module: str = "hachihachi") -> None:
        super().__init__(rules_module)
        #: the staged round (trade, claims, calls) around the capture engine
        self.rounds = importlib.import_module(".games.hachihachi_play", __package__)
        HachiHachiRound._legal = staticmethod(self.rounds.legal_actions)
        HachiHachiRound._step = staticmethod(self.rounds.apply)

    def zero_sum(self, game: Game) -> bool:
        return True

    def hand_table(self, game: Game) -> Any:
        """The hand combinations (teyaku) a dealt Hachi-Hachi hand is scored by."""
        return game.rules.teyaku

    def revealable(self, game: Game) -> dict[int, frozenset[str]]:
        """Nothing revealed at the deal doubles a Hachi-Hachi yaku."""
        return {}

    def players(self, game: Game) -> tuple[int, int]:
        # (fewer than 7 where the fold fees reach too few passers: the app's player menu
        # offers only counts these rules can seat; from 3 where the preset's document
        # gives no two-player game)
        return (_fewest_players(game.key, game.preset), game.rules.most_players)

    def refuse_players(self, game: Game, players: int) -> None:
        """Refuse a count these rules cannot seat, with the reason: the preset's
        document has no game for so few, or the fold fees do not reach."""
        fewest = _fewest_players(game.key, game.preset)
        if players < fewest:
            from .registry import preset_info
            from .rules import SOURCE_DOCUMENTS
            doc = SOURCE_DOCUMENTS[preset_info(game.key, game.preset).sources[0].doc]
            others = [p for p in self.presets() if _fewest_players(game.key, p) <= players]
            raise PlayerCountError(f"{doc.reader} have no game for {players} players: "
                                   f"choose rules that do (preset {' or '.join(others)})")
        self.module.check_table(game.rules, players)

    def new_round(self, game: Game, seed: Any, players: int, dealer: int) -> Any:
        r = self.rounds.new_hachihachi_round(game.rules, players, seed, dealer)
        return HachiHachiRound(game, r, {"round_no": 1, "queue": [], "blind_offered": False,
                                         "trade": r.trade_offered, "names": list(r.names)})

    def replay_round(self, game: Game, players: int, record: RoundRecord) -> Any:
        from .games.hachihachi_play import HachiHachiDeal, replay_round
        from .games.hachihachi_settle import FieldQueue
        ctx = record.context
        rules = game.rules
        try:
            deal = HachiHachiDeal.from_dict(record.deal)
            states = replay_round(rules, players, deal, record.actions,
                                  queue=FieldQueue(rules.field_mode,
                                                   tuple(ctx.get("queue", ()))),
                                  offer_blind_stay=bool(ctx.get("blind_offered", False)),
                                  names=ctx.get("names"), round_no=ctx.get("round_no", 1),
                                  offer_trade=ctx.get("trade"))
        except HanafudaError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            raise _unreadable() from None
        return HachiHachiRound(game, states[-1], dict(ctx))

    def check_round(self, game: Game, players: int, record: RoundRecord, where: str) -> None:
        """A deal's record and context as this adapter writes them (``where``: "round
        2"), else :class:`RecordError` naming the field and what it should hold."""
        check_fields(f"{where}'s deal", record.deal, {
            "order": list_field(_CODE, 'card codes (such as "3a", or "joker")'),
            "keys": WHOLES, "dealer": seat_field(players),
            "voided": list_field(_CODES, "lists of card codes (deals dealt before it)"
                                 ).optional()})
        check_fields(f"{where}'s context", record.context, {
            "round_no": _ROUND_NO,
            "queue": list_field(WHOLE, "whole numbers (field multipliers kept for later "
                                       "deals)").optional(),
            "blind_offered": FLAG.optional(), "trade": FLAG.optional().or_null(),
            "names": list_field(TEXT, "texts (one name per player)", players).optional(),
            "deals": Field(f"the game's number of deals, {self.lengths_text}",
                           lambda v: v in self.game_lengths and type(v) is int, False)})

    def agent(self, game: Game, name: str) -> Any:
        from .games.hachihachi_play import make_agent
        return make_agent(name)

    def play(self, game: Game, agents: Sequence[Any], seed: int | None,
             rounds: int | None) -> Record:
        from .games.hachihachi_game import play_hachihachi_game
        if rounds is not None and (type(rounds) is not int or rounds not in self.game_lengths):
            refuse_length(game, rounds, self.game_lengths, self.round_word)
        return play_hachihachi_game(seed, agents, players=len(agents),
                                    deals=rounds if rounds is not None else self.default_rounds,
                                    preset=game.preset, **game.options)

    def _first_dealer_deals(self, record: Record) -> bool:
        # with seven, a Joker holder who was to deal passes the deal on
        return record.players < 7

    def check_record(self, game: Game, record: Record) -> None:
        """The capture adapter's checks, and one length of game for every deal: the
        deals of a whole game each say how many deals it has (``deals``), those of a
        deal played alone none of them."""
        super().check_record(game, record)
        lengths = [rr.context.get("deals") for rr in record.rounds]
        given = next((n for n in lengths if n is not None), None)
        for i, n in enumerate(lengths, start=1):
            if n != given:          # (given is a number: some deal gives one)
                said = "it has none" if n is None else f"not {n}"
                raise RecordError(f"round {i}'s context: 'deals' should be {given}, the "
                                  f"game's number of deals as its other deals give it; {said}")

    @staticmethod
    def _whole_game(record: Record) -> bool:
        """Whether the record is a whole game (its deals know the game's length), not
        one deal dealt by ``new_round``."""
        return bool(record.rounds) and all("deals" in r.context and r.outcome is not None
                                           for r in record.rounds)

    def summary(self, game: Game, record: Record,
                rounds: Sequence[Round] | None = None) -> dict[str, Any]:
        if not self._whole_game(record):
            return {}               # (one deal, or a game not played to its end)
        from .games.hachihachi_game import game_result
        return game_result(record, rounds).summary()

    def log(self, game: Game, record: Record) -> list[str]:
        if self._whole_game(record):
            return hachihachi_log(game, record)
        from .games.hachihachi_play import action_lines
        lines: list[str] = []
        for wrapped in game.round_states(record):
            # (this adapter's rounds: the Round protocol does not name ``inner``)
            states = [cast(HachiHachiRound, s) for s in wrapped]
            r = states[-1]
            names = r.inner.names
            lines.append(f"Deal {r.context.get('round_no', 1)}: {names[r.inner.deal.dealer]} "
                         "deals")
            for before, action, after in zip(states, r.inner.history, states[1:]):
                lines += action_lines(before.inner, action, after.inner, names)
        return lines

    def score(self, game: Game, cards: Iterable[Any],  # type: ignore[override]
              hand: bool = False, revealed: Iterable[int] | None = None) -> ScoreSheet:
        if revealed is not None:
            self._revealed_months(game, revealed)       # refused: nothing to reveal
        cards = plain_cards(cards, game)
        data = {"game": game.key, "preset": game.preset,
                "options": {k: option_text(v) for k, v in game.options.items()},
                **hachihachi_score(game.rules, cards, hand)}
        text = [heading(game) + (": a dealt hand" if hand else ": a capture pile"),
                f"{'Hand' if hand else 'Cards'}: {' '.join(data['cards'])}"]
        found = data["teyaku" if hand else "yaku"]
        what = "hand combination" if hand else "yaku"
        for item in found:
            name = f"{item['name']} ({item['japanese']})" if item.get("japanese") else \
                item["name"]
            shown = item["shown"] if hand else " ".join(item["cards"])
            verb = "shows" if hand else "cards"
            text.append(f"  {name}: {item['written']}; {verb} {shown}")
        if not found:
            text.append(f"  no {what}")
        text.append(f"Total: {data['written']} from each active opponent (the field "
                    "multiplies it)")
        if not hand:
            text.append(f"Card points: {data['card_points']} ({data['against_par']:+d} "
                        "against the par of 88)")
        return ScoreSheet(data, tuple(text))


def hachihachi_score(rules: Any, cards: Iterable[Card], hand: bool = False
                     ) -> dict[str, Any]:
    """What ``hanafuda score hachihachi`` reports, as plain data: with ``hand``, the hand
    combinations (teyaku) of a dealt 7-card hand and the cards shown for them; else
    the yaku of a capture pile and its card points against the par of 88. Values are
    in the tradition's table unit (``value``: points, kan or shillings) and in its
    smallest unit (``amount``), with the amount written the tradition's way.
    ``total`` is ``value``; ``yaku_points`` the yaku's value before the field
    multiplier (0 for a hand).

    >>> from hanafuda_core.cards import parse_cards
    >>> from hanafuda_core.games.hachihachi import get_rules
    >>> hand = parse_cards("9a 9b 9c 1b 2a 3a 8a")
    >>> [(t["name"], t["value"], t["written"]) for t in
    ...  hachihachi_score(get_rules("d001"), hand, hand=True)["teyaku"]]
    [('3 of a Kind', 2, '2 kan')]
    """
    from .units import format_amount
    pile = CardSet(cards)
    scale = rules.combo_scale

    def money(value: int) -> dict[str, Any]:
        return {"value": value, "amount": value * scale,
                "written": format_amount(rules, value * scale), "total": value}

    data: dict[str, Any] = {"mode": "hand" if hand else "captures", "unit": rules.unit.key,
                  "cards": [c.code for c in pile]}
    if hand:
        if len(pile) != 7:
            raise HanafudaError(f"a dealt Hachi-Hachi hand has 7 cards, not {len(pile)}")
        result = rules.teyaku.evaluate(pile)
        data["teyaku"] = [{**h.to_dict(), **money(h.value)} for h in result.hits]
        value = sum(h.value for h in result.hits)
        return {**data, **money(value), "card_points": None, "yaku_points": 0,
                "optional_yaku_points": 0, "hand_points": value}
    hits = rules.yaku.evaluate(pile).hits
    data["yaku"] = [{**h.to_dict(), **money(h.points)} for h in hits]
    points = pile.value(DEFAULT_VALUES) if len(pile) else 0
    yaku = sum(h.points for h in hits)
    return {**data, **money(yaku), "card_points": points, "par": 88,
            "against_par": points - 88, "yaku_points": yaku, "optional_yaku_points": 0}


def hachihachi_log(game: Game, record: Record) -> list[str]:
    """A Hachi-Hachi game record told in words, deal by deal: the field and its
    multiplier, the exchange, who plays and who passes, the hand combinations shown,
    every move (the capture moves told by :func:`hanafuda_core.narration.log_lines`),
    the calls, and the settlement's payment lines; then the month chart, half-time
    and end-of-game payments and the final scores. Rebuilt by replaying the record."""
    from .games.hachihachi_game import HALF_TIME, game_result
    from .games.hachihachi_play import action_lines
    from .units import format_amount
    result = game_result(record)
    rules = result.rules
    who = [f"{n} ({a})" for n, a in zip(result.names, result.agents)] if result.agents \
        else list(result.names)         # (a record may leave its players' names out)
    drawn = result.first_dealer_sentence()
    lines: list[str] = [drawn] if drawn else []
    for wrapped in game.round_states(record):
        states = [cast(HachiHachiRound, r).inner for r in wrapped]
        first, last = states[0], states[-1]
        fm = first.multiplier
        lines.append(f"Deal {first.round_no}: {who[first.deal.dealer]} deals; {fm.name} "
                     f"(x{fm.value}): {fm.reason}")
        if first.deal.voided:
            lines.append(f"  dealt again {len(first.deal.voided)} time(s): four cards of a "
                         "month in the field")
        if first.joker is not None:
            lines.append(f"  {who[first.joker]} holds the blank card and sits out; their "
                         "other six cards are the field")
        lines.append(f"  Field: {_names(first.field0)}")
        if first.stage == "claim":
            lines += _hands_line(first, who)
        for before, action, after in zip(states, last.history, states[1:]):
            lines += action_lines(before, action, after, who)
            if before.stage != "claim" and after.stage == "claim":
                lines += _hands_line(after, who)
        s = last.settlement
        res = last.result
        if res is None or s is None:
            raise HanafudaError(f"deal {first.round_no} of this record is unfinished; a "
                                "game's log tells finished deals")
        lines.append(f"  Result of deal {first.round_no}: "
                     + (f"{result.names[res.winner]} wins" if res.winner is not None
                        else "nobody wins") + f" ({res.reason})")
        lines += ["    " + line for line in s.ledger.to_text().splitlines()]
    extra = [p for p in result.ledger.payments if p.category in ("chart", "half-time", "award")]
    if extra:
        what = " and ".join(x for x in ("the month chart" if rules.unit.key != "points" else "",
                                        HALF_TIME.get(rules.preset, "")
                                        if rules.unit.key != "points" else "",
                                        "the end of the game") if x)
        lines.append(f"Between and after the deals ({what}):")
        lines += [f"  {p.payer} pays {p.payee} {format_amount(rules, p.amount)}: {p.reason}"
                  for p in extra]
    if result.ended_early:
        lines.append(f"The game ended early: {result.ended_early}")
    finals = result.final_scores()
    note = {"kan": " (rounded to whole kan)",
            "shillings": " (rounded to whole shillings, less 10/-)"}.get(rules.unit.key, "")
    lines.append(f"Final scores{note}: "
                 + ", ".join(f"{w} {format_amount(rules, finals[n])}"
                             for w, n in zip(who, result.names))
                 + f"; {who[result.names.index(result.winner)]} wins the game")
    return lines


def _hands_line(r: Any, who: Sequence[str]) -> list[str]:
    return [f"  {who[s]} holds {_names(r.hands[s])}" for s in r.active]


# ---------------------------------------------------------------------------
# Go-Stop at a table of four to seven (G10): the big table's round
# (:mod:`hanafuda_core.families.capture.table_round`) on the protocol; two or three
# players are the capture adapter's, unchanged.


class TableCaptureRound(_StagedWrapped["_tr.TableRound"]):
    """A round at a big table (``inner``:
    :class:`~hanafuda_core.families.capture.table_round.TableRound`): the choice of the
    three players, then the capture engine's round; seats are table seats."""

    __slots__ = ()
    inner: _tr.TableRound

    def legal_actions(self) -> tuple[Any, ...]:
        return self.inner.legal_actions()

    def apply(self, action: Any) -> TableCaptureRound:
        return TableCaptureRound(self.game, self.inner.apply(action), self.context)

    def view(self, player: int) -> Any:
        return self.inner.view(player)

    def result(self) -> Outcome | None:
        res = self.inner.table_result
        if res is None:
            return None
        return Outcome(res.winner, res.points, res.reason, True, {}, res)

    def zones(self) -> dict[str, tuple[int, ...]]:
        return self.inner.zones()


def _table_context(r: Any) -> dict[str, Any]:
    return {"round_no": r.round_no, "scores": list(r.scores), "wins": list(r.wins)}


class GoStopAdapter(CaptureAdapter):
    """Go-Stop: the capture adapter for two or three players; at a table of four to
    seven (the option ``table_players``), the big table's rounds and whole game."""

    count_options = ("players", "table_players")

    def table(self, game: Game) -> Any:
        """The big table the game's rules seat (a
        :class:`~hanafuda_core.families.capture.table_round.TableSetup`), or None."""
        return self.module.table_of(game.rules)

    def players(self, game: Game) -> tuple[int, int]:
        t = self.table(game)
        return (t.players, t.players) if t is not None else super().players(game)

    def new_round(self, game: Game, seed: Any, players: int, dealer: int) -> Any:
        t = self.table(game)
        if t is None:
            return super().new_round(game, seed, players, dealer)
        from .families.capture.table_round import new_table_round
        r = new_table_round(t, seed, dealer)
        return TableCaptureRound(game, r, _table_context(r))

    def replay_round(self, game: Game, players: int, record: RoundRecord) -> Any:
        t = self.table(game)
        if t is None:
            return super().replay_round(game, players, record)
        from .families.capture.table_round import TableDeal, deal_table_round
        ctx = record.context
        try:
            r = deal_table_round(t, TableDeal.from_dict(record.deal),
                                 round_no=int(ctx.get("round_no", 1)),
                                 scores=ctx.get("scores"), wins=ctx.get("wins"))
            for code in record.actions:
                r = r.apply(code)
        except HanafudaError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            raise _unreadable() from None
        return TableCaptureRound(game, r, _table_context(r))

    def check_round(self, game: Game, players: int, record: RoundRecord, where: str) -> None:
        if self.table(game) is None:
            super().check_round(game, players, record, where)
            return
        seat = seat_field(players)
        check_fields(f"{where}'s deal", record.deal, {
            "order": _CODES, "keys": WHOLES, "dealer": seat,
            "voided": list_field(_CODES, "lists of card codes (deals dealt before it)"
                                 ).optional(),
            "carry": _TEXTS.optional(),
            "kept": list_field(seat, f"seats from 0 to {players - 1}").optional(),
            "owed": list_field(Field("a pair", lambda v: isinstance(v, list) and len(v) == 2
                                     and seat.ok(v[0]) and WHOLE.ok(v[1])),
                               "[seat, points] pairs").optional()})
        check_fields(f"{where}'s context", record.context, _scores_context(players))

    def agent(self, game: Game, name: str) -> Any:
        base = super().agent(game, name)
        if self.table(game) is None:
            return base
        from .families.capture.table_round import TableAgent
        return TableAgent(base)

    def play(self, game: Game, agents: Sequence[Any], seed: int | None,
             rounds: int | None) -> Record:
        t = self.table(game)
        if t is None:
            return super().play(game, agents, seed, rounds)
        if rounds is not None:
            game = self._with_rounds(game, rounds)
            t = self.table(game)
        from .families.capture.ranking import game_ends
        from .families.capture.table_round import TableAgent, new_table_round
        from .seating import draw_for_game
        rules = game.rules
        rng = random.Random(seed)
        draw = draw_for_game(self.module, game.preset, t.players, rng)
        seats = [a if isinstance(a, TableAgent) else TableAgent(a) for a in agents]
        r = new_table_round(t, rng, draw.dealer if draw else 0)
        logs = []
        while True:
            start = r
            while not r.is_terminal:
                seat = cast(int, r.current_seat)
                r = r.apply(seats[seat].choose(r.view(seat), r.legal_actions(), rng))
            res = r.table_result
            assert res is not None
            logs.append(RoundRecord(start.deal.to_dict(), tuple(a.code() for a in r.history),
                                    _table_context(start),
                                    {"winner": res.winner, "points": list(res.points),
                                     "reason": res.reason}))
            totals = [s + p for s, p in zip(r.scores, res.points)]
            if game_ends(totals, r.round_no, rounds=rules.rounds, target=rules.target_score,
                         floor=rules.floor_score):
                break
            r = r.next_round(rng)
        names = tuple(getattr(a, "name", type(a).__name__) for a in agents)
        record = Record(game.key, game.preset, dict(game.options), t.players, tuple(logs),
                        seed, names,
                        {"first_dealer": draw.to_dict()} if draw is not None else {})
        return replace(record, summary={**self.summary(game, record), **record.summary})

    def log(self, game: Game, record: Record) -> list[str]:
        if self.table(game) is None:
            return super().log(game, record)
        names = list(record.agents) or [f"seat {p + 1}" for p in range(record.players)]
        who = [f"Player {p + 1} ({names[p]})" for p in range(record.players)]
        lines: list[str] = []
        if not all(r.outcome is not None for r in record.rounds):
            return _open_round_lines(game, record)
        for states in game.round_states(record):
            lines += table_round_log([cast(TableCaptureRound, s).inner for s in states], who)
        if record.rounds:
            from .families.capture.ranking import final_line, ranked_by
            lines.append(final_line(capture_totals(record), capture_first_key(game, record),
                                    ranked_by(game.rules), who,
                                    capture_decision(game, record)))
        return lines


def game_end_words(rules: Any, word: str = "rounds") -> str:
    """How a game's rules end it other than after a number of rounds, in words ("" for
    none): a run of wins (``win_streak``), a total reaching a target (``target_score``)
    or falling to a floor (``floor_score``), as the capture rules name them
    (:func:`~hanafuda_core.families.capture.ranking.game_ends`).

    >>> from hanafuda_core import get_game
    >>> game_end_words(get_game("hachi").rules)
    'a player wins 2 rounds in a row, each by 20 points or more'
    >>> game_end_words(get_game("six-hundred").rules), game_end_words(get_game("koikoi").rules)
    ("a player's total reaches 600", '')
    """
    ends = []
    streak = getattr(rules, "win_streak", None)
    if streak is not None:
        ends.append(f"a player wins {streak[0]} {word} in a row, each by {streak[1]} points "
                    "or more")
    target = getattr(rules, "target_score", None)
    if target is not None:
        ends.append(f"a player's total reaches {target}")
    floor = getattr(rules, "floor_score", None)
    if floor is not None:
        ends.append(f"a player's total falls to {floor} or below")
    return " or ".join(ends)


def refuse_length(game: Game, count: object, lengths: Sequence[Any], word: str,
                  ends: str = "", *, fixed: bool = False,
                  error: type[HanafudaError] = HanafudaError) -> NoReturn:
    """Refuse a number of rounds (``count``: ``play(..., rounds=...)``, or deals) that
    the game's rules do not play, saying what they play: ``lengths`` the numbers they
    allow (``fixed``: set by the rules, not an option); none where the rules end the game
    their own way (``ends``, in words: :func:`game_end_words`). ``error``: the class
    raised (:class:`OptionError` for a value of the game's round option).

    >>> from hanafuda_core import get_game
    >>> refuse_length(get_game("hachi"), 3, (), "rounds", "a player wins 2 rounds in a row")
    Traceback (most recent call last):
      ...
    hanafuda_core.errors.HanafudaError: Hachi has no set number of rounds: a game goes on until
    a player wins 2 rounds in a row, so its length cannot be changed; leave the number of
    rounds out (not 3)
    """
    shown_count = shown(count)
    if not lengths:
        until = f": a game goes on until {ends}" if ends else ""
        raise error(f"{game.name} has no set number of {word}{until}, so its length "
                    f"cannot be changed; leave the number of {word} out (not {shown_count})")
    allowed = numbers_text(sorted(lengths))
    if fixed:
        sooner = f" (it ends sooner when {ends})" if ends else ""
        raise error(f"{game.name} is played over {allowed} {word}{sooner}: its rules set the "
                    f"length, which cannot be changed; give {allowed} or leave the number of "
                    f"{word} out (not {shown_count})")
    raise error(f"{game.name} is played over {allowed} {word}, not {shown_count}")


def _open_round_lines(game: Game, record: Record) -> list[str]:
    """The log of a record whose last round has no outcome (replayed: only the last
    round of a record may lack it): that round, unfinished or ended, in one line."""
    rr, last = record.rounds[-1], game.replay_rounds(record)[-1]
    how = "ended; the record does not give its result" if last.is_terminal else "unfinished"
    return [f"Round {rr.context.get('round_no', 1)}: {how}, after {len(rr.actions)} actions"]


def table_round_log(states: Sequence[Any], who: Sequence[str]) -> list[str]:
    """One round at a big table told in words from its states (as dealt, then after each
    action): the deal, the choice of the players, the compensation, every move (the
    narration's lines), the result and the table's scores."""
    from .narration import log_lines, reason_words, story
    first, last = states[0], states[-1]
    lines = [f"Round {first.round_no}: {who[first.dealer]} deals 7 cards to each of "
             f"{first.players}" + (f" and {first.setup.field} face down to the field"
                                   if first.setup.field else "")]
    if first.deal.voided:
        lines.append(f"  dealt again {len(first.deal.voided)} time(s): four cards of a month "
                     "in the field")
    lines += ["  " + line for line in table_choice_lines(last, who)]
    play = [s for s in states if s.inner is not None]
    if not play:
        return lines
    p0 = play[0]
    act = [who[s] for s in p0.active]
    inner0 = p0.inner
    for e, seat in enumerate(p0.active):
        lines.append(f"  {who[seat]} holds {_names(inner0.hands_m[e])}")
    lines.append(f"  Field: {_names(inner0.field_m)}; draw pile: {inner0.stock_size} cards")
    lines += [f"  {_table_names(event, p0.active, who)}" for event in inner0.deal.events]
    for s0, s1 in zip(play, play[1:]):
        assert s0.inner is not None and s1.inner is not None
        action = s1.inner.history[-1]
        lines += log_lines(story(s0.inner, action, s1.inner), act)
    res = last.table_result
    if res is None:
        return lines
    points = ", ".join(f"{who[p]} {res.points[p]}" for p in range(last.players))
    head = (f"{who[res.winner]} wins" if res.winner is not None else "nobody wins")
    lines.append(f"  Result of round {first.round_no}: {head} "
                 f"({reason_words(res.reason, inner0.rules.decision_words)}); points: {points}")
    rep = res.report                # (its seats are the table's)
    if rep is not None:
        lines += ["    " + line for line in rep.to_text().splitlines()]
    totals = [s + q for s, q in zip(first.scores, res.points)]
    lines.append("  Scores: " + ", ".join(f"{who[p]} {totals[p]}"
                                          for p in range(last.players)))
    return lines


def table_choice_lines(r: Any, who: Sequence[str]) -> list[str]:
    """Who chose to play, who sat out, who was forced, and the compensation, in words."""
    lines = []
    if r.deal.kept:
        lines.append("the round before had no winner: the same three play again ("
                     + ", ".join(who[s] for s in r.deal.kept) + ")")
    forced_out = set(r.forced_out)
    owed = dict(r.compensation_owed())
    for seat, plays in r.choices:
        how = r.forced(seat)
        if plays:
            lines.append(f"{who[seat]} {'is forced to play' if how == 'in' else 'chooses to play'}")
        elif seat in forced_out:
            pts = owed.get(seat, 0)
            lines.append(f"{who[seat]} is forced out"
                         + (f" and is owed {pts} points by each "
                            + ("loser of the round" if r.setup.delayed else
                               "player who chose to play")
                            + f" for {_names(_compensated(r, seat))}" if pts else
                            ", with nothing to be compensated for"))
        else:
            lines.append(f"{who[seat]} chooses to sit this round out")
    for seat, pts in r.deal.owed:
        lines.append(f"{who[seat]} is still owed {pts} points by each loser of this round "
                     "(the round before had no winner)")
    if r.active:
        lines.append(f"{who[r.dealer]} deals and plays with "
                     + " and ".join(who[s] for s in r.active[1:]))
    return lines


def _compensated(r: Any, seat: int) -> list[Any]:
    comp = r.setup.compensation
    return [c for c in r.dealt_hand(seat) if c in comp.cards or isinstance(c, Extra)]


def _table_names(text: str, active: Sequence[int], who: Sequence[str]) -> str:
    """The engine's "player 2" said as the table seat playing as engine seat 2."""
    import re
    return re.sub(r"\b[Pp]layer ([1-3])\b",
                  lambda m: who[active[int(m.group(1)) - 1]].split(" (")[0]
                  if int(m.group(1)) <= len(active) else m.group(0), text)


#: Adapters by the name a registry entry gives (``adapter`` and its argument).
ADAPTERS = {"capture": CaptureAdapter, "hachihachi": HachiHachiAdapter,
            "go_stop": GoStopAdapter}


def make_adapter(kind: str, rules_module: str) -> Any:
    """The adapter a registry entry names: ``kind`` (a key of :data:`ADAPTERS`) over the
    game's rules module."""
    try:
        return ADAPTERS[kind](rules_module)
    except KeyError:
        raise HanafudaError(f"no play adapter {kind!r}; adapters: {', '.join(ADAPTERS)}") \
            from None

