"""The play protocol: one way to deal, play, record and replay every game.

Nothing here assumes capture. A game of any family (capture, shedding, banking,
patience, rummy) plays through the same four things:

* a :class:`Game` (from :func:`hanafuda_core.get_game`): the rules chosen (``preset``
  and canonical ``options``), the player counts, agents by name, whole-game play;
* a :class:`Round`: one dealt round, immutable, stepped by ``apply``;
* an action: any object with ``code()`` (short text, what records keep) and
  ``describe()`` (words for a person); ``apply`` also takes the text code;
* a :class:`Record`: the game, the rules, the players, every round's chance event
  (the deal) and its actions as text codes, in JSON and back, replaying exactly.

A family plugs in with an adapter (:class:`Adapter`): thin code that maps its
engine onto the protocol. The capture family's is in
:mod:`hanafuda_core.play_adapters`.

>>> from hanafuda_core import get_game
>>> game = get_game("koikoi")
>>> state = game.new_round(seed=7)
>>> state.current_player, len(state.legal_actions())
(0, 8)
>>> state = state.apply(state.legal_actions()[0])
>>> game.replay(Record.from_json(state.record().to_json())) == state
True
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from .errors import HanafudaError, PlayerCountError, RecordError, check_seat

if TYPE_CHECKING:
    from .cards import AnyCard
    from .registry import GameEntry
    from .rules import GameInfo

__all__ = [
    "RECORD_FORMAT",
    "Action",
    "FLAG",
    "TEXT",
    "WHOLE",
    "WHOLES",
    "SEED",
    "OPTIONS",
    "AGENTS",
    "Adapter",
    "Agent",
    "Field",
    "Game",
    "Outcome",
    "Record",
    "RecordError",
    "Round",
    "RoundRecord",
    "check_fields",
    "check_seed",
    "json_value",
    "list_field",
    "numbers_text",
    "count_word",
    "random_round",
    "seat_field",
]

#: The ``format`` field of every record this module writes. (``"hanafuda-record/1"``, the
#: same but for one default of Hachi-Hachi, is read by :mod:`hanafuda_core.records`.)
RECORD_FORMAT = "hanafuda-record/2"


@runtime_checkable
class Action(Protocol):
    """A move: ``code()`` is its text in records (``"play 3a"``, ``"pass"``)."""

    def code(self) -> str: ...

    def describe(self) -> str: ...


class Agent(Protocol):
    """A player: chooses one of the legal actions from what its seat may see."""

    name: str

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action: ...


@dataclass(frozen=True)
class Outcome:
    """How a round ended: the winner (None: nobody), points per seat (in the game's own
    unit), the reason, and whether payments sum to zero under these rules: when
    ``zero_sum``, the seats' points plus ``accounts`` (a pot, a bank: amounts held
    by no seat) sum to zero."""

    winner: int | None
    points: tuple[int, ...]
    reason: str
    zero_sum: bool = False
    accounts: Mapping[str, int] = field(default_factory=dict, compare=False)
    detail: Any = field(default=None, compare=False)   # the engine's explained result

    def to_dict(self) -> dict[str, Any]:
        return {"winner": self.winner, "points": list(self.points), "reason": self.reason}


class Round(Protocol):
    """One dealt round (immutable). Every adapter's round offers these."""

    game: Game

    @property
    def is_terminal(self) -> bool: ...

    @property
    def current_player(self) -> int | None: ...

    def legal_actions(self) -> tuple[Action, ...]: ...

    def apply(self, action: Any) -> Round: ...

    def view(self, player: int) -> Any: ...

    def result(self) -> Outcome | None: ...

    def record(self) -> Record: ...

    def card_count(self) -> int: ...

    def zones(self) -> dict[str, tuple[int, ...]]:
        """Where every card of the deck lies now, as card ids by zone: ``"hand <seat>"``
        for each seat's hand (seats from 0, as in ``view``), and the game's own zones
        (field, piles, stock...); together the zones hold the deck, each card once."""
        ...


# ---------------------------------------------------------------------------
# Records


@dataclass(frozen=True)
class Field:
    """What one field of a record holds: ``what`` in words (for the message that refuses
    a wrong value), the test a value passes (``ok``) and whether the field must be
    there (``required``)."""

    what: str
    ok: Callable[[Any], bool]
    required: bool = True

    def optional(self) -> Field:
        return replace(self, required=False)

    def or_null(self) -> Field:
        ok = self.ok
        return Field(f"{self.what}, or null", lambda v: v is None or ok(v), self.required)


def _whole(value: Any) -> bool:
    return type(value) is int


#: Fields of the kinds every adapter's records use.
WHOLE = Field("a whole number", _whole)
TEXT = Field("a text", lambda v: isinstance(v, str))
FLAG = Field("true or false", lambda v: type(v) is bool)
OBJECT = Field("an object ({...})", lambda v: isinstance(v, Mapping))


def seat_field(players: int) -> Field:
    """A seat of ``players`` (seats count from 0)."""
    return Field(f"a seat from 0 to {players - 1}", lambda v: _whole(v) and 0 <= v < players)


def list_field(item: Field, plural: str, count: int | None = None) -> Field:
    """A list of ``item`` values (``plural``: their name, "whole numbers"), of exactly
    ``count`` of them when given."""
    what = f"a list of {'' if count is None else f'{count} '}{plural}"
    ok = item.ok
    return Field(what, lambda v: isinstance(v, list) and all(ok(x) for x in v)
                 and (count is None or len(v) == count))


WHOLES = list_field(WHOLE, "whole numbers")
#: Fields every version of a record has held (:mod:`hanafuda_core.records` reads the
#: earlier ones with them too).
SEED = Field("a whole number from 0", lambda v: _whole(v) and v >= 0, False).or_null()
OPTIONS = Field("an object of house rules and their values", OBJECT.ok, False)
AGENTS = list_field(TEXT, "texts (each player's name)")


def _unworded(value: Any, words: frozenset[str]) -> Any:
    """A JSON value without the fields named ``words`` in any object within it."""
    if not words:
        return value
    if isinstance(value, dict):
        return {k: _unworded(v, words) for k, v in value.items() if k not in words}
    if isinstance(value, list):
        return [_unworded(v, words) for v in value]
    return value


def _shown(value: Any) -> str:
    """A value as the record writes it, cut short (for messages)."""
    try:
        text = json.dumps(json_value(value), ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def check_fields(where: str, data: Any, fields: Mapping[str, Field]) -> Mapping[str, Any]:
    """``data`` if it is an object whose fields hold what ``fields`` say, else
    :class:`RecordError` naming ``where`` ("round 2's deal"), the field and what it
    should hold. Fields not named in ``fields`` are not looked at.

    >>> check_fields("round 1's deal", {"dealer": None}, {"dealer": seat_field(3)})
    Traceback (most recent call last):
      ...
    hanafuda_core.errors.RecordError: round 1's deal: 'dealer' should be a seat from 0 to 2, not
    null
    """
    if not isinstance(data, Mapping):
        keys = ", ".join(repr(k) for k in fields)
        raise RecordError(f"{where} should be an object with {keys}, not {_shown(data)}")
    for key, kind in fields.items():
        if key not in data:
            if kind.required:
                raise RecordError(f"{where} lacks {key!r}: it should be {kind.what}")
        elif not kind.ok(data[key]):
            raise RecordError(f"{where}: {key!r} should be {kind.what}, not "
                              f"{_shown(data[key])}")
    return data


def json_value(value: Any) -> Any:
    """A value as JSON writes it (tuples become lists)."""
    if isinstance(value, (tuple, list)):
        return [json_value(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): json_value(v) for k, v in value.items()}
    return value


def _frozen(value: Any) -> Any:
    """JSON's lists back into tuples (option values and contexts compare as tuples)."""
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    return value


@dataclass(frozen=True)
class RoundRecord:
    """One round: its chance event (``deal``, the adapter's JSON form), what the adapter
    needs to set it up again (``context``: round number, scores carried in...), the
    actions as text codes, and how it ended (``outcome``; None if unfinished)."""

    deal: Mapping[str, Any]
    actions: tuple[str, ...]
    context: Mapping[str, Any] = field(default_factory=dict)
    outcome: Mapping[str, Any] | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"deal": json_value(self.deal), "context": json_value(self.context),
                "actions": list(self.actions),
                "outcome": json_value(self.outcome) if self.outcome is not None else None}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any], where: str = "a round") -> RoundRecord:
        """A round read from JSON data; a field missing or of the wrong kind raises
        :class:`RecordError` naming ``where`` ("round 2") and the field."""
        check_fields(where, d, _ROUND_FIELDS)
        copy = json.loads(json.dumps(d))         # (the record keeps data of its own)
        return cls(copy["deal"], tuple(copy["actions"]), copy.get("context") or {},
                   copy.get("outcome") or None)


#: What a round of a record holds (the deal's and the context's fields are the adapter's).
_ROUND_FIELDS = {
    "deal": Field("an object: the round's deal as the game records it", OBJECT.ok),
    "actions": list_field(TEXT, "texts (each an action, such as \"play 3a\")"),
    "context": OBJECT.optional(),
    "outcome": Field("an object with the round's winner, points and reason", OBJECT.ok,
                     False).or_null(),
}


#: The keys every record has; other keys of a record's JSON are its summary (and "log",
#: the words ``hanafuda play`` adds, is dropped).
_CORE_KEYS = frozenset({"format", "game", "preset", "options", "players", "seed", "agents",
                        "rounds", "log"})

#: What the record's own fields hold (its summary's are the game's results).
_RECORD_FIELDS = {
    "game": Field("the game's key, such as \"koikoi\"", TEXT.ok),
    "preset": Field("the name of one of the game's presets, such as \"book\"", TEXT.ok),
    "options": OPTIONS.or_null(),
    "players": Field("the number of players, a whole number from 1",
                     lambda v: _whole(v) and v >= 1),
    "agents": AGENTS.or_null().optional(),
    "rounds": Field("a list of the rounds played, each an object", lambda v: isinstance(v, list)),
}

#: The summary's keys that are given, not results: the drawing for the first dealer
#: (checked against the first round's dealer by the adapter's ``check_record``).
_GIVEN_KEYS = frozenset({"first_dealer"})


@dataclass(frozen=True)
class Record:
    """A game (or one round) as played: enough to replay it exactly.

    ``options`` are the canonical values of the options chosen on top of the preset;
    ``summary`` carries the game's own results (totals, ledger...) for readers. It is
    not compared (two records of one game are equal), but it is checked: replaying a
    record (:meth:`Game.replay_rounds`) recomputes the results and refuses a record
    whose stored ones differ.
    """

    game: str
    preset: str
    options: Mapping[str, Any]
    players: int
    rounds: tuple[RoundRecord, ...]
    seed: int | None = None
    agents: tuple[str, ...] = ()
    summary: Mapping[str, Any] = field(default_factory=dict, compare=False)

    def to_dict(self, summary: bool = True) -> dict[str, Any]:
        """The record as JSON data; ``summary`` adds the game's own results (totals,
        final scores, ledger...) as further keys, which :meth:`from_dict` keeps."""
        core = {"format": RECORD_FORMAT, "game": self.game, "preset": self.preset,
                "options": json_value(dict(self.options)), "players": self.players,
                "seed": self.seed, "agents": list(self.agents),
                "rounds": [r.to_dict() for r in self.rounds]}
        if not summary:
            return core
        return {**core, **{k: json_value(v) for k, v in self.summary.items()
                           if k not in core}}

    def to_json(self, **kwargs: Any) -> str:
        kwargs.setdefault("indent", 1)
        kwargs.setdefault("ensure_ascii", False)
        return json.dumps(self.to_dict(), **kwargs)

    def get_game(self) -> Game:
        """The game this record was played under (its key, preset and options), checked
        against the record (:meth:`Game.check_record`): an unknown game, an option the
        game does not have or a value it does not allow raises our error with the
        reason, as does a drawing for the first dealer that does not give the first
        round's dealer."""
        from .registry import get_game
        game = get_game(self.game, self.preset, **self.options)
        game.check_record(self)
        return game

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Record:
        """Read a record (JSON's lists become tuples again); a record of another format
        or without a game is refused with the reason. The records of earlier versions
        (Koi-Koi's ``hanafuda-game-record/1``, Hachi-Hachi's game record without a
        format, ``hanafuda-record/1``) are read by
        :func:`hanafuda_core.records.from_legacy`."""
        if not isinstance(d, Mapping):
            raise HanafudaError("a game record is a JSON object")
        from .records import is_legacy
        if is_legacy(d):
            from .records import from_legacy
            return from_legacy(d)
        if d.get("format") != RECORD_FORMAT:
            raise RecordError(f"not a game record: its 'format' should be {RECORD_FORMAT!r}, "
                              f"not {_shown(d.get('format'))}")
        if not SEED.ok(seed := d.get("seed")):
            raise RecordError(f"a game record's seed is {SEED.what}, not {_shown(seed)}")
        try:
            check_fields("the record", d, _RECORD_FIELDS)
        except RecordError as error:
            raise RecordError(f"a game record needs game, preset, players and rounds; "
                              f"{error}") from None
        players, agents = d["players"], d.get("agents") or []
        options = {str(k): _frozen(v) for k, v in (d.get("options") or {}).items()}
        summary = {k: v for k, v in d.items() if k not in _CORE_KEYS}
        rounds = tuple(RoundRecord.from_dict(r, f"round {i}")
                       for i, r in enumerate(d["rounds"], start=1))
        record = cls(d["game"], d["preset"], options, players, rounds, d.get("seed"),
                     tuple(agents), summary)
        return record.checked()

    def checked(self) -> Record:
        """This record with its options as the game's canonical values (``"true"``, as
        the command line writes it, is ``True``), checked by :meth:`get_game`: an
        unknown game or option raises our error with the reason."""
        from .registry import get_game
        game = get_game(self.game, self.preset, **self.options)
        record = self if dict(self.options) == game.options else \
            Record(self.game, self.preset, dict(game.options), self.players, self.rounds,
                   self.seed, self.agents, self.summary)
        game.check_record(record)
        return record

    @classmethod
    def from_json(cls, text: str) -> Record:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise HanafudaError(f"a game record is JSON; this is not ({error})") from None
        except RecursionError:
            raise HanafudaError("cannot read the record: its JSON is nested too deeply to "
                                "be a game record (save one with `hanafuda play GAME "
                                "--json`)") from None
        return cls.from_dict(data)


# ---------------------------------------------------------------------------
# Adapters and the game


class Adapter(Protocol):
    """What a family (or a game) supplies so that :class:`Game` can play it.

    ``rules(preset, options)`` builds and checks the rules; ``option_table`` and
    ``presets`` describe them; ``summary(game, record)`` gives the game's own
    results that a record's JSON carries; the rest deal, replay and play. An adapter may add
    ``check_record(game, record)``, raising :class:`HanafudaError` for a record its
    rules could not have produced (the capture adapter checks the drawing for the
    first dealer); :meth:`Game.check_record` calls it. It may add
    ``refuse_players(game, players)``, raising :class:`PlayerCountError` with the rules'
    reason for a count the game allows and these rules do not (Hachi-Hachi: too few fold
    fees); :meth:`Game.check_players` calls it before its own message. It may add
    ``check_round(game, players, round_record, where)``, raising :class:`RecordError` for a
    round whose deal or context is not written as the adapter writes them
    (:func:`check_fields`), and ``count_options``: the options that set the number of
    players (``("players",)``), which :meth:`Game.seated` sets. It may add ``wording``:
    the fields of its summary's entries that are words, not results (a payment's
    reason), which a replay does not compare, so that rewording them keeps earlier
    records readable.
    """

    round_word: str                         # "rounds" or "deals", as the game says it
    agent_names: tuple[str, ...]
    default_agents: tuple[str, ...]         # who plays when `hanafuda play` names nobody
    score_flags: Mapping[str, Any]          # `hanafuda score` flags it uses -> their defaults

    def rules(self, preset: str, options: Mapping[str, Any]) -> Any: ...

    def option_table(self) -> Mapping[str, Any]: ...

    def presets(self) -> Mapping[str, Any]: ...

    def preset_sources(self) -> Mapping[str, Any]: ...

    def canonical(self, preset: str, options: Mapping[str, Any]) -> dict[str, Any]: ...

    def players(self, game: Game) -> tuple[int, int]: ...

    def new_round(self, game: Game, seed: Any, players: int, dealer: int) -> Round: ...

    def replay_round(self, game: Game, players: int, record: RoundRecord) -> Round: ...

    def agent(self, game: Game, name: str) -> Agent: ...

    def play(self, game: Game, agents: Sequence[Agent], seed: int | None,
             rounds: int | None) -> Record: ...

    def zero_sum(self, game: Game) -> bool: ...

    def log(self, game: Game, record: Record) -> list[str]: ...

    def summary(self, game: Game, record: Record,
                rounds: Sequence[Round] | None = None) -> Mapping[str, Any]:
        """The game's results read from a record; ``rounds``: its rounds already
        replayed (by :meth:`Game.replay_rounds`), for a summary that needs them."""
        ...


def _game_again(key: str, preset: str, options: Mapping[str, Any]) -> Game:
    """The game of ``key`` under ``preset`` and ``options`` (unpickling a :class:`Game`)."""
    from .registry import get_game
    return get_game(key, preset, **options)


class Game:
    """A game with its rules chosen: what :func:`hanafuda_core.get_game` returns.

    ``info`` is the registry entry (names, family, deals, sources, tools);
    ``preset`` and ``options`` the rules (``options``: the canonical values of the
    options given on top of the preset); ``rules`` the engine's rules object.
    """

    def __init__(self, entry: GameEntry, adapter: Adapter, preset: str,
                 options: Mapping[str, Any]) -> None:
        self.entry = entry
        self.info = entry.info
        self.key: str = entry.key
        self.adapter = adapter
        self.preset = preset
        options = {k: _frozen(v) for k, v in options.items()}     # [10, 15, 20] as in JSON
        self.rules = adapter.rules(preset, options)
        self.options: dict[str, Any] = adapter.canonical(preset, options)

    def __repr__(self) -> str:
        opts = "".join(f", {k}={v!r}" for k, v in self.options.items())
        return f"get_game({self.key!r}, preset={self.preset!r}{opts})"

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Game) and other.key == self.key
                and other.preset == self.preset and other.options == self.options)

    def __hash__(self) -> int:
        return hash((self.key, self.preset, tuple(sorted(self.options))))

    def __reduce__(self) -> tuple[Any, ...]:
        # (pickle: a game is made again from its key, preset and options, as a record
        # names it; its adapter may hold a module, which does not pickle)
        return _game_again, (self.key, self.preset, self.options)

    @property
    def name(self) -> str:
        return self.info.name

    @property
    def players(self) -> tuple[int, int]:
        """The fewest and most players these rules deal for."""
        return self.adapter.players(self)

    def seated(self, players: int) -> Game:
        """These rules for ``players`` at the table: the game itself when its rules seat
        that many, else the game with the option that sets the count (the adapter's
        ``count_options``: ``players``, a big table's ``table_players``) set to it. A
        count these rules cannot seat raises :class:`PlayerCountError` naming the counts
        they can (:meth:`player_counts`) and, where the rules say it, why.

        >>> from hanafuda_core import get_game
        >>> get_game("simplified").seated(4).options
        {'players': 4}
        >>> get_game("koikoi").seated(3)
        Traceback (most recent call last):
          ...
        hanafuda_core.errors.PlayerCountError: Koi-Koi is played by 2 players under these
        rules, not 3 (3 and 4 players follow the Japanese publisher's rules: use preset 'd002')
        """
        game, reason = self._seat(players)
        if game is not None:
            return game
        if type(players) is not int:
            self.check_players(players)         # (refused: not a number of players)
        counts = self.player_counts()
        # ("under these rules" where other rules of the game would seat that many)
        other = reason or self.info.players[0] <= players <= self.info.players[1]
        raise PlayerCountError(f"{self.name} is played by {numbers_text(counts)} players"
                               f"{' under these rules' if other else ''}, not {players}"
                               + (f" ({reason})" if reason else ""))

    def player_counts(self) -> tuple[int, ...]:
        """Every number of players :meth:`seated` gives these rules for.

        >>> from hanafuda_core import get_game
        >>> get_game("go-stop").player_counts(), get_game("koikoi", "d002").player_counts()
        ((2, 3, 4, 5, 6, 7), (2, 3, 4))
        """
        low, high = self.players
        candidates = {*range(low, high + 1), *range(self.info.players[0],
                                                      self.info.players[1] + 1)}
        for key in getattr(self.adapter, "count_options", ()):
            option = self.option_table.get(key)
            candidates.update(n for n in (option.allowed if option else ()) if _whole(n))
        return tuple(n for n in sorted(candidates) if self._seat(n)[0] is not None)

    def _seat(self, players: Any) -> tuple[Game | None, str]:
        """The game for ``players`` (:meth:`seated`), or None and the rules' reason."""
        if not _whole(players):
            return None, ""
        low, high = self.players
        if low <= players <= high:
            return self, ""
        keys = [k for k in getattr(self.adapter, "count_options", ()) if k in self.option_table]
        reason = ""
        if any(k in self.options for k in keys):
            # the count was chosen with the options: another count is other rules
            return None, "the options set " + ", ".join(f"{k}={self.options[k]}" for k in keys
                                                        if k in self.options)
        for key in keys:
            if players in self.option_table[key].allowed:
                try:
                    return _game_again(self.key, self.preset,
                                       {**self.options, key: players}), ""
                except HanafudaError as error:
                    reason = reason or str(error)
        refuse = getattr(self.adapter, "refuse_players", None)
        if not reason and refuse is not None and \
                self.info.players[0] <= players <= self.info.players[1]:
            try:
                refuse(self, players)
            except PlayerCountError as error:
                reason = str(error)
        return None, reason

    @property
    def option_table(self) -> Mapping[str, Any]:
        """Every option of the game (:class:`hanafuda_core.rules.Option` values)."""
        return self.adapter.option_table()

    @property
    def settable_options(self) -> dict[str, Any]:
        """The options a player can set, in the table's order (:attr:`Option.settable`);
        not ``players``, which the number of players at the table sets."""
        return {k: o for k, o in self.option_table.items() if k != "players" and o.settable}

    def deck(self, players: int, info: GameInfo | None = None) -> tuple[AnyCard, ...]:
        """The cards these rules deal to ``players``: the rules' own deck where they build
        one (as many Jokers as the rules deal: Go-Stop's option), else the deck of the
        catalog entry ``info`` (default: the game's) for that many players (the blank a
        seventh Hachi-Hachi player adds)."""
        ids = getattr(self.rules, "deck_ids", None)
        if ids is None:
            from .games.catalog import deck_for
            return tuple(deck_for(self.info if info is None else info, players))
        from .cards import parse_card
        return tuple(parse_card(i, extras=True) for i in ids)

    @property
    def round_word(self) -> str:
        return self.adapter.round_word

    def check_players(self, players: int | None) -> int:
        """``players``, or the fewest these rules allow; a count outside the range is
        refused with :class:`PlayerCountError`."""
        low, high = self.players
        if players is None:
            return low
        if isinstance(players, bool) or not isinstance(players, int) or \
                not low <= players <= high:
            allowed = f"{low}" if low == high else f"{low} to {high}"
            note = ""
            if type(players) is int and self.info.players[0] <= players <= self.info.players[1]:
                # a count the game allows and these rules do not: their own reason, when
                # the adapter gives one
                refuse = getattr(self.adapter, "refuse_players", None)
                if refuse is not None:
                    refuse(self, players)
                note = " under these rules"
            given = players if type(players) is int else repr(players)
            raise PlayerCountError(f"{self.name} is played by {allowed} players, not "
                                   f"{given}{note}")
        return players

    def new_round(self, seed: int | random.Random | None = None, players: int | None = None,
                  dealer: int | None = None) -> Round:
        """Shuffle and deal a round; the same seed gives the same deal."""
        n = self.check_players(players)
        d = 0 if dealer is None else check_seat(dealer, n, "dealer")
        if seed is not None and not isinstance(seed, random.Random):
            check_seed(seed, "or a random.Random")
        return self.adapter.new_round(self, seed, n, d)

    def check_record(self, record: Record) -> int:
        """Whether ``record`` is a record of this game under these rules, for a player
        count they allow, each round's deal and context written as the adapter writes
        them (its ``check_round``), and whatever else the adapter checks
        (``check_record``: the drawing for the first dealer chose the first round's
        dealer); returns the number of players, else raises :class:`HanafudaError` with
        the reason."""
        if record.game != self.key:
            raise HanafudaError(f"this record is of {record.game!r}, not {self.key!r}")
        if record.preset != self.preset or record.options != self.options:
            raise HanafudaError("this record was played under other rules; replay it with "
                                "record.get_game()")
        n = self.check_players(record.players)
        if record.agents and len(record.agents) != n:
            raise RecordError(f"the record: 'agents' should name one player per seat ({n}), "
                              f"not {len(record.agents)}")
        check_round = getattr(self.adapter, "check_round", None)
        if check_round is not None:
            for i, rr in enumerate(record.rounds, start=1):
                check_round(self, n, rr, f"round {i}")
        hook = getattr(self.adapter, "check_record", None)
        if hook is not None:
            hook(self, record)
        return n

    def _replayed(self, i: int, rr: RoundRecord, players: int, actions: bool = True) -> Round:
        """Round ``i`` of a record dealt again (and its actions replayed, with
        ``actions``); the adapter's or the engine's refusal says which round it was."""
        try:
            return self.adapter.replay_round(self, players,
                                             rr if actions else replace(rr, actions=()))
        except RecordError:
            raise
        except HanafudaError as error:
            raise RecordError(f"round {i} of the record cannot be replayed: {error}") \
                from None

    def _check_end(self, i: int, rr: RoundRecord, r: Round, record: Record) -> Round:
        """Round ``i`` of ``record`` replayed (``r``), if it ends as recorded: the
        outcome it gives, else :class:`RecordError` saying what differs. Only the last
        round of a record that gives no results of the game may be without its outcome
        (a round saved part-way through, or one whose end the record leaves out)."""
        res = r.result()
        if rr.outcome is None:
            follows, results = i < len(record.rounds), bool(self._results(record))
            if not follows and not results:
                return r
            if res is not None:
                raise RecordError(f"round {i} ended ({res.reason}), but the record gives no "
                                  "'outcome' for it: a finished round's outcome should give "
                                  "its winner, points and reason")
            raise RecordError(f"round {i} is unfinished, yet " + (
                "another round follows it: only a record's last round may be unfinished"
                if follows else "the record gives the game's results"))
        if res is None:
            raise RecordError(f"round {i} of the record does not replay to its recorded "
                              f"result: its actions stop before the round ends, yet its "
                              "outcome says how it ended")
        got, recorded = json_value(res.to_dict()), json_value(dict(rr.outcome))
        if got != recorded:
            diffs = "; ".join(f"{key} {_shown(got.get(key))} on replay, "
                              f"{_shown(recorded.get(key))} in the record"
                              for key in sorted(set(got) | set(recorded))
                              if got.get(key) != recorded.get(key))
            raise RecordError(f"round {i} of the record does not replay to its recorded "
                              f"result: {diffs}")
        return r

    @staticmethod
    def _results(record: Record) -> dict[str, Any]:
        """The game's results a record gives (its summary but what is given)."""
        return {k: v for k, v in record.summary.items() if k not in _GIVEN_KEYS}

    def _check_results(self, record: Record, rounds: Sequence[Round]) -> None:
        """The record's stored results (its summary: totals, final scores, winner...)
        recomputed from its rounds (``rounds``: those rounds replayed); one that differs,
        or one the rounds do not give, raises :class:`RecordError` naming it."""
        stored = self._results(record)
        if not stored:
            return
        # (the results recomputed from the record without them: an adapter may replay
        # the record to compute them, and that replay has nothing to check)
        bare = replace(record, summary={k: v for k, v in record.summary.items()
                                        if k in _GIVEN_KEYS})
        words: frozenset[str] = getattr(self.adapter, "wording", frozenset())
        found = {k: _unworded(v, words)
                 for k, v in json_value(dict(self.adapter.summary(self, bare, rounds))).items()}
        for key, value in stored.items():
            if key not in found:
                why = "has no rounds" if not record.rounds else \
                    "has an unfinished round" if any(r.outcome is None for r in record.rounds) \
                    else "does not give it"
                raise RecordError(f"the record gives {key!r}, but its game {why}: a record's "
                                  "results come from replaying its rounds")
            if _unworded(json_value(value), words) != found[key]:
                raise RecordError(f"the record's {key!r} is {_shown(value)}, but replaying "
                                  f"its rounds gives {_shown(found[key])}")

    def replay_rounds(self, record: Record) -> tuple[Round, ...]:
        """Every round of a record, replayed to its last action, checked against the
        record: each round ends as recorded (a finished round has its outcome; only the
        last may be unfinished), and the game's results the record gives (totals,
        final scores, winner...) are those its rounds give. Else :class:`RecordError`
        says what differs."""
        n = self.check_record(record)
        rounds = tuple(self._check_end(i, rr, self._replayed(i, rr, n), record)
                       for i, rr in enumerate(record.rounds, start=1))
        self._check_results(record, rounds)
        return rounds

    def round_states(self, record: Record) -> tuple[tuple[Round, ...], ...]:
        """Every state of every round of a record: the round as dealt, then the round
        after each recorded action (so one more state than actions); a round that does
        not end as recorded raises :class:`HanafudaError`, as :meth:`replay_rounds`."""
        n = self.check_record(record)
        out = []
        for i, rr in enumerate(record.rounds, start=1):
            states = [self._replayed(i, rr, n, actions=False)]
            for code in rr.actions:
                try:
                    states.append(states[-1].apply(code))
                except HanafudaError as error:
                    raise RecordError(f"round {i} of the record cannot be replayed: "
                                      f"{error}") from None
            self._check_end(i, rr, states[-1], record)
            out.append(tuple(states))
        return tuple(out)

    def replay(self, record: Record) -> Round:
        """The last round of a record, replayed exactly (one-round records: the round)."""
        rounds = self.replay_rounds(record)
        if not rounds:
            raise HanafudaError("the record has no rounds")
        return rounds[-1]

    def agent(self, name: str | Agent = "random", seed: int | None = None) -> Agent:
        """An agent by name (``game.agent_names``), or an agent object as it is.
        ``seed`` is accepted for agents that keep their own random stream."""
        if not isinstance(name, str):
            return name
        if name not in self.adapter.agent_names:
            raise HanafudaError(f"unknown player {name!r}; players: "
                                f"{', '.join(self.adapter.agent_names)}")
        return self.adapter.agent(self, name)

    @property
    def agent_names(self) -> tuple[str, ...]:
        return tuple(self.adapter.agent_names)

    def play(self, agents: Sequence[str | Agent], seed: int | None = None,
             rounds: int | None = None, *, deals: int | None = None) -> Record:
        """Play a whole seeded game between agents (one per seat) and return its record.
        ``rounds`` (or ``deals``, the same) overrides the number of rounds where the
        rules let the table choose it (an option, or Hachi-Hachi's 6 or 12 deals). Where
        the rules set the length it may be given as that number, and where they end the
        game their own way (a race to a target, a run of wins) it is left out: any other
        number raises :class:`HanafudaError` saying what the game's length is.

        >>> from hanafuda_core import get_game
        >>> len(get_game("koikoi").play(["random", "random"], seed=1, rounds=2).rounds)
        2
        >>> get_game("hachi").play(["random", "random"], seed=1, rounds=1)
        Traceback (most recent call last):
          ...
        hanafuda_core.errors.HanafudaError: Hachi has no set number of rounds: a game goes on until
        a player wins 2 rounds in a row, each by 20 points or more, so its length cannot be
        changed; leave the number of rounds out (not 1)
        """
        if rounds is not None and deals is not None:
            raise HanafudaError("give the number of rounds once: rounds or deals")
        if seed is not None:
            check_seed(seed)
        players = [self.agent(a) for a in agents]
        self.check_players(len(players))
        return self.adapter.play(self, players, seed, rounds if rounds is not None else deals)

    def score(self, cards: Any, **kw: Any) -> Any:
        """Score a pile of cards (games that score piles; see the entry's tools)."""
        scorer = getattr(self.adapter, "score", None)
        if scorer is None:
            raise HanafudaError(f"{self.name} does not score a pile of cards")
        return scorer(self, cards, **kw)

    def log(self, record: Record) -> list[str]:
        """A record told in words, round by round (rebuilt by replaying it under the
        record's own rules: ``play(..., rounds=...)`` records the number of rounds as an
        option, in a game that has one)."""
        if record.game != self.key:
            raise HanafudaError(f"this record is of {record.game!r}, not {self.key!r}")
        same = record.preset == self.preset and record.options == self.options
        return self.adapter.log(self if same else record.get_game(), record)


def check_seed(seed: object, other: str = "") -> int:
    """``seed`` if it is a seed: a whole number from 0 (``other``: what else the caller
    takes, "or a random.Random"). A negative number is refused: Python's random numbers
    seeded with -1 are those seeded with 1, so two seeds would name one game, and a
    record's seed would not say which was typed.

    >>> check_seed(-1)
    Traceback (most recent call last):
      ...
    hanafuda_core.errors.HanafudaError: a seed is a whole number (from 0; or none, for a new deal
    each time), not -1: a negative seed would give the same game as 1
    """
    twin = ""
    if isinstance(seed, int) and not isinstance(seed, bool):
        if seed >= 0:
            return seed
        twin = f": a negative seed would give the same game as {-seed}"
    raise HanafudaError(f"a seed is a whole number{' ' + other if other else ''} (from 0; "
                        f"or none, for a new deal each time), not {seed!r}{twin}")


def numbers_text(counts: Sequence[int]) -> str:
    """Numbers in words, a run of them as its ends.

    >>> numbers_text([2]), numbers_text([2, 3, 4]), numbers_text([2, 3, 5])
    ('2', '2 to 4', '2, 3 or 5')
    """
    if len(counts) > 2 and list(counts) == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]} to {counts[-1]}"
    if len(counts) > 1:
        return ", ".join(map(str, counts[:-1])) + f" or {counts[-1]}"
    return str(counts[0]) if counts else "no number of"


_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight",
                 "nine", "ten", "eleven", "twelve")


def count_word(n: int) -> str:
    """A small count in words, "no" for none, a larger one in figures.

    >>> count_word(0), count_word(3), count_word(12), count_word(13)
    ('no', 'three', 'twelve', '13')
    """
    return _NUMBER_WORDS[n] if 0 <= n < len(_NUMBER_WORDS) else str(n)


def random_round(game: Game, seed: int, players: int | None = None,
                 max_steps: int = 10_000) -> Round:
    """A round played to its end by uniformly random legal choices (tests, demos)."""
    rng = random.Random(seed)
    r = game.new_round(seed=rng.randrange(1 << 30), players=players)
    for _ in range(max_steps):
        if r.is_terminal:
            return r
        legal = r.legal_actions()
        r = r.apply(legal[int(rng.random() * len(legal))])
    raise HanafudaError(f"the round did not end within {max_steps} actions")
