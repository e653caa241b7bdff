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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from .errors import HanafudaError, PlayerCountError, check_seat

if TYPE_CHECKING:
    from .registry import GameEntry

__all__ = [
    "RECORD_FORMAT",
    "Action",
    "Adapter",
    "Agent",
    "Game",
    "Outcome",
    "Record",
    "Round",
    "RoundRecord",
    "json_value",
    "random_round",
]

#: The ``format`` field of every record this module writes.
RECORD_FORMAT = "hanafuda-record/1"


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
    def from_dict(cls, d: Mapping[str, Any]) -> RoundRecord:
        try:
            return cls(json.loads(json.dumps(d["deal"])), tuple(str(a) for a in d["actions"]),
                       json.loads(json.dumps(d.get("context", {}))),
                       json.loads(json.dumps(d["outcome"])) if d.get("outcome") else None)
        except (KeyError, TypeError) as error:
            raise HanafudaError(f"a round record needs 'deal' and 'actions' ({error})") from None


#: The keys every record has; other keys of a record's JSON are its summary (and "log",
#: the words ``hanafuda play`` adds, is dropped).
_CORE_KEYS = frozenset({"format", "game", "preset", "options", "players", "seed", "agents",
                        "rounds", "log"})


@dataclass(frozen=True)
class Record:
    """A game (or one round) as played: enough to replay it exactly.

    ``options`` are the canonical values of the options chosen on top of the preset;
    ``summary`` carries the game's own results (totals, ledger...) for readers and is
    not compared: a replay recomputes it.
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
        format) are read by :func:`hanafuda_core.records.from_legacy`."""
        if not isinstance(d, Mapping):
            raise HanafudaError("a game record is a JSON object")
        from .records import is_legacy
        if is_legacy(d):
            from .records import from_legacy
            return from_legacy(d)
        if d.get("format") != RECORD_FORMAT:
            raise HanafudaError(f"not a game record of format {RECORD_FORMAT!r} "
                                f"(format: {d.get('format')!r})")
        seed = d.get("seed")
        if seed is not None and type(seed) is not int:
            raise HanafudaError(f"a game record's seed is a whole number or null, not {seed!r}")
        try:
            options = {str(k): _frozen(v) for k, v in dict(d.get("options") or {}).items()}
            summary = {k: v for k, v in d.items() if k not in _CORE_KEYS}
            record = cls(str(d["game"]), str(d["preset"]), options, int(d["players"]),
                         tuple(RoundRecord.from_dict(r) for r in d["rounds"]), d.get("seed"),
                         tuple(d.get("agents") or ()), summary)
        except (KeyError, TypeError, ValueError) as error:
            if isinstance(error, HanafudaError):
                raise
            raise HanafudaError(f"a game record needs game, preset, players and rounds "
                                f"({error})") from None
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
    fees); :meth:`Game.check_players` calls it before its own message.
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

    def summary(self, game: Game, record: Record) -> Mapping[str, Any]: ...


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

    @property
    def option_table(self) -> Mapping[str, Any]:
        """Every option of the game (:class:`hanafuda_core.rules.Option` values)."""
        return self.adapter.option_table()

    @property
    def settable_options(self) -> dict[str, Any]:
        """The options a player can set, in the table's order (:attr:`Option.settable`);
        not ``players``, which the number of players at the table sets."""
        return {k: o for k, o in self.option_table.items() if k != "players" and o.settable}

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
        if seed is not None and type(seed) is not int and not isinstance(seed, random.Random):
            _refuse_seed(seed, "or a random.Random")
        return self.adapter.new_round(self, seed, n, d)

    def check_record(self, record: Record) -> int:
        """Whether ``record`` is a record of this game under these rules, for a player
        count they allow, and whatever else the adapter checks (``check_record``: the
        drawing for the first dealer chose the first round's dealer); returns the
        number of players, else raises :class:`HanafudaError` with the reason."""
        if record.game != self.key:
            raise HanafudaError(f"this record is of {record.game!r}, not {self.key!r}")
        if record.preset != self.preset or record.options != self.options:
            raise HanafudaError("this record was played under other rules; replay it with "
                                "record.get_game()")
        n = self.check_players(record.players)
        hook = getattr(self.adapter, "check_record", None)
        if hook is not None:
            hook(self, record)
        return n

    @staticmethod
    def _check_end(i: int, rr: RoundRecord, r: Round) -> Round:
        if rr.outcome is not None:
            res = r.result()
            if res is None or json_value(res.to_dict()) != json_value(rr.outcome):
                raise HanafudaError(f"round {i} of the record does not replay to its "
                                    "recorded result")
        return r

    def replay_rounds(self, record: Record) -> tuple[Round, ...]:
        """Every round of a record, replayed to its last action; a round that does not
        end as recorded raises :class:`HanafudaError`."""
        n = self.check_record(record)
        return tuple(self._check_end(i, rr, self.adapter.replay_round(self, n, rr))
                     for i, rr in enumerate(record.rounds, start=1))

    def round_states(self, record: Record) -> tuple[tuple[Round, ...], ...]:
        """Every state of every round of a record: the round as dealt, then the round
        after each recorded action (so one more state than actions); a round that does
        not end as recorded raises :class:`HanafudaError`, as :meth:`replay_rounds`."""
        n = self.check_record(record)
        out = []
        for i, rr in enumerate(record.rounds, start=1):
            states = [self.adapter.replay_round(self, n, RoundRecord(rr.deal, (), rr.context))]
            for code in rr.actions:
                states.append(states[-1].apply(code))
            self._check_end(i, rr, states[-1])
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
        ``rounds`` (or ``deals``, the same) overrides the number of rounds."""
        if rounds is not None and deals is not None:
            raise HanafudaError("give the number of rounds once: rounds or deals")
        if seed is not None and type(seed) is not int:
            _refuse_seed(seed)
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
        option)."""
        if record.game != self.key:
            raise HanafudaError(f"this record is of {record.game!r}, not {self.key!r}")
        same = record.preset == self.preset and record.options == self.options
        return self.adapter.log(self if same else record.get_game(), record)


def _refuse_seed(seed: object, other: str = "") -> None:
    """A seed that is not one: the error that says what a seed is."""
    raise HanafudaError(f"a seed is a whole number{' ' + other if other else ''} (or none, "
                        f"for a new deal each time), not {seed!r}")


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
