"""Teaching tools for every playable game: play against the computer, score a pile, replay.

These controllers hold state and call the core; they know nothing of widgets, so the
views of :mod:`hanafuda_core.widgets.generic` only lay them out, and tests drive them
as plain objects. Each takes a game (a :class:`~hanafuda_core.play.Game`, or a key
with a preset and options) and reaches it only through the play protocol
(:mod:`hanafuda_core.play`): ``legal_actions``, ``apply``, ``view``, ``zones``,
``result``, ``record``, the game's agents, ``game.score`` and ``game.log``. Nothing
here assumes capture, so a game of another family that joins the protocol gets the
same tools.

Why here and not in ``families/capture``: the tools are the same for every family
(a round is stepped by legal actions whatever its family), so they belong to the
teaching layer, which takes any game.

* :class:`PlayController`: you (seat 0) against the computer, with hints and a log;
* :class:`ScoreController`: cards in (toggles or text), the game's own score report out;
* :class:`ReplayController`: step through a record (a round you played, or a seeded
  game between computer players), with the words of each step.

>>> play = PlayController("simplified", seed=3)
>>> play.is_over, play.your_turn, len(play.legal) > 0
(False, True, True)
>>> play.act(play.legal[0].code).is_over
False
>>> score = ScoreController("mushi")
>>> score.set_text("1a 2a 3a").to_dict()["yaku_points"]
25
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..cards import DECK, AnyCard, Card, Extra, parse_card, parse_cards
from ..errors import HanafudaError, IllegalActionError, UnknownCardError
from ..play import Game, Record, Round, RoundRecord

__all__ = [
    "Hint",
    "LegalMove",
    "PlayController",
    "ReplayController",
    "ReplayStep",
    "ScoreController",
    "TableRow",
    "as_play_game",
    "game_deck",
    "table_rows",
    "zone_cards",
]

#: Zones whose cards nobody sees (their count is shown instead).
HIDDEN_ZONES = frozenset({"stock", "undealt", "deck", "wall"})


def as_play_game(game: Game | str, preset: str | None = None, **options: Any) -> Game:
    """A game with its rules chosen: a :class:`Game` as it is (no preset or options
    may be given with it), or a registry key with ``preset`` and ``options``."""
    if isinstance(game, Game):
        if preset is not None or options:
            raise HanafudaError("give the rules once: a game already has its preset and "
                                "options")
        return game
    if not isinstance(game, str):
        raise HanafudaError(f"a game is a registry key such as 'koikoi' or a game from "
                            f"get_game(), not {type(game).__name__}")
    from ..registry import get_game
    return get_game(game, preset=preset, **options)


def game_deck(game: Game) -> tuple[Card, ...]:
    """The cards of the 48-card deck that ``game`` plays with (Mushi: 40), in card order."""
    deck = getattr(game.rules, "deck", None)
    if deck is None:
        from ..games.catalog import deck_for
        deck = [c for c in deck_for(game.key) if isinstance(c, Card)]
    return tuple(sorted(Card(int(c)) for c in deck))


def _words(text: str) -> str:
    return text[:1].upper() + text[1:]


# ---------------------------------------------------------------------------
# What a seat sees of the table


@dataclass(frozen=True)
class TableRow:
    """One zone of the table as a seat sees it: a label, the cards shown (empty when
    hidden) and how many cards lie there."""

    zone: str
    label: str
    cards: tuple[AnyCard, ...]
    count: int
    hidden: bool = False

    def to_text(self) -> str:
        if self.hidden:
            return f"{self.label}: {self.count} card{'s' * (self.count != 1)}, face down"
        return f"{self.label}: {' '.join(c.code for c in self.cards) or 'none'}"


def _side_of(game: Game, seat: int) -> int | None:
    side = getattr(game.rules, "side", None)
    try:
        return int(side(seat)) + 1 if callable(side) else None
    except (TypeError, ValueError, IndexError):
        return None


def zone_cards(ids: Iterable[int]) -> tuple[AnyCard, ...]:
    """Card ids of a zone as cards (ids from 48 up are the blank card and jokers)."""
    return tuple(Card(i) if i < len(DECK) else Extra(i) for i in ids)


def table_rows(game: Game, state: Round, seat: int = 0,
               names: Sequence[str] | None = None) -> tuple[TableRow, ...]:
    """The zones of ``state`` (:meth:`Round.zones`) laid out for ``seat``: its own hand
    first, the shared zones, then the other seats' hands and the face-down piles as
    counts. ``names`` names each seat ("you", "computer 1"...); a pile of captures is
    named after its seat where every seat keeps its own, else after its side."""
    zones = state.zones()
    players = sum(1 for z in zones if z.startswith("hand "))
    sides = sum(1 for z in zones if z.startswith("captures of side "))
    names = list(names) if names else [f"player {p + 1}" for p in range(players)]
    mine = _side_of(game, seat)
    first, shared, last = [], [], []
    for zone, ids in zones.items():
        cards = zone_cards(ids)
        if zone.startswith("hand "):
            p = int(zone.split()[1])
            if p == seat:
                first.append(TableRow(zone, "Your hand", cards, len(ids)))
            else:
                last.append(TableRow(zone, f"{_words(names[p])}'s hand", (), len(ids), True))
        elif zone.startswith("captures of side "):
            side = int(zone.rsplit(" ", 1)[1])
            whose = ("Your captures" if side == mine else
                     f"Captured by {names[side - 1]}" if sides == players else
                     f"Captured by side {side}")
            shared.append(TableRow(zone, whose, cards, len(ids)))
        elif zone in HIDDEN_ZONES:
            last.append(TableRow(zone, _words(zone), (), len(ids), True))
        else:
            shared.append(TableRow(zone, _words(zone), cards, len(ids)))
    return tuple(first + shared + last)


# ---------------------------------------------------------------------------
# Play against the computer


@dataclass(frozen=True)
class LegalMove:
    """A legal action with its text code and its words."""

    action: Any
    code: str
    words: str


@dataclass(frozen=True)
class Hint:
    """The computer's advice: the move, its words, who advises and why."""

    action: Any
    code: str
    words: str
    by: str
    reason: str
    reasons: tuple[str, ...] = ()

    def to_text(self) -> str:
        lines = [f"{_words(self.words)} ({self.by}): {self.reason}"]
        return "\n".join(lines + [f"  - {r}" for r in self.reasons])


#: What the simple computer player does, for a hint where no coach reasons exist.
_GREEDY_REASON = ("the simple computer player's choice: the move worth most at once, "
                  "without looking ahead")


def _strongest(game: Game) -> str:
    names = game.agent_names
    for name in ("coach", "greedy"):
        if name in names:
            return name
    return names[0]


class PlayController:
    """You (seat 0) against the computer in any playable game.

    ``opponent`` names the computer's agent (``game.agent_names``; default: the coach
    where the game has one, else the greedy player). The computer's moves run at once
    after yours, so between calls it is your turn or the round is over.

    * ``legal``: your legal moves (:class:`LegalMove`, with their words);
    * ``act(move)``: play a move (a legal move, an action or its code); an illegal one
      raises :class:`~hanafuda_core.errors.IllegalActionError` and changes nothing;
    * ``hint()``: the coach's choice with its reasons (else the greedy player's);
    * ``log``: what happened, in words; ``result_text()`` once the round is over;
    * ``new_round(seed)``: deal again.
    """

    def __init__(self, game: Game | str, seed: int = 1, preset: str | None = None,
                 opponent: str | None = None, players: int | None = None,
                 **options: Any) -> None:
        self.game = as_play_game(game, preset, **options)
        self.opponent = _strongest(self.game) if opponent is None else opponent
        self.game.agent(self.opponent)                 # an unknown name is refused here
        self.seat = 0
        self.seed: int = seed
        self._seat_players(self.game.players[0])
        if players is not None and players != self.players:
            self._choose_players(players)
        self.new_round(seed)

    def _seat_players(self, players: int) -> None:
        name = self.opponent
        self.players = players
        self.agents = [self.game.agent(name) for _ in range(players - 1)]
        self.names = ["you"] + ([f"the computer ({name})"] if players == 2 else
                                [f"computer {p} ({name})" for p in range(1, players)])

    def player_choices(self) -> tuple[int, ...]:
        """The numbers of players these rules can deal for: the game's range, or the
        values of its ``players`` option that the preset accepts (a capture game's rules
        are built for one count; Koi-Koi's rulebook preset is for two only)."""
        low, high = self.game.players
        option = self.game.option_table.get("players")
        if low < high or option is None:
            return tuple(range(low, high + 1))
        from ..registry import get_game
        found = []
        for n in option.allowed:
            try:
                get_game(self.game.key, self.game.preset,
                         **{**self.game.options, "players": n})
            except HanafudaError:
                continue
            found.append(int(n))
        return tuple(found)

    def set_players(self, players: int) -> PlayController:
        """Deal a new round (same seed) for ``players`` at the table; a count the game
        does not allow is refused and the round shown goes on."""
        self._choose_players(players)
        return self.new_round(self.seed)

    def _choose_players(self, players: int) -> None:
        if isinstance(players, bool) or players not in self.player_choices():
            allowed = ", ".join(str(n) for n in self.player_choices())
            raise HanafudaError(f"{self.game.name} is played here by {allowed} players, "
                                f"not {players!r}")
        low, high = self.game.players
        if not low <= players <= high:      # the count is an option of the rules
            from ..registry import get_game
            self.game = get_game(self.game.key, self.game.preset,
                                 **{**self.game.options, "players": players})
        self._seat_players(players)

    # -- dealing -----------------------------------------------------------------
    def new_round(self, seed: int | None = None) -> PlayController:
        """Deal a new round (``seed``: the same seed gives the same cards); the computer
        moves first if it is its turn."""
        seed = self.seed if seed is None else seed
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise HanafudaError(f"a seed is a whole number, 0 or more, not {seed!r}")
        state = self.game.new_round(seed=seed, players=self.players)
        self.seed = seed
        self.state: Round = state
        self.rng = random.Random(f"play:{self.game.key}:{seed}")
        self.steps: list[tuple[int, str, str]] = []     # (seat, code, words)
        self._computer()
        return self

    # -- what you see --------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.state.is_terminal

    @property
    def your_turn(self) -> bool:
        return not self.is_over and self.state.current_player == self.seat

    @property
    def legal(self) -> tuple[LegalMove, ...]:
        """Your legal moves now (none when the round is over)."""
        if not self.your_turn:
            return ()
        return tuple(LegalMove(a, a.code(), a.describe()) for a in self.state.legal_actions())

    def table(self) -> tuple[TableRow, ...]:
        """The table as you see it: your hand, the field and piles, the hidden counts."""
        return table_rows(self.game, self.state, self.seat, self.names)

    @property
    def log(self) -> tuple[str, ...]:
        """Every move so far in words; once the round is over, the game's own account of
        it (the deal, every move, the scoring)."""
        lines = [f"{_words(self.names[seat])}: {words}" for seat, _code, words in self.steps]
        if self.is_over:
            lines += ["", *self.game.log(self.record())]
        return tuple(lines)

    def record(self) -> Record:
        """The round so far as a record (it replays exactly), with the seats' names."""
        record = self.state.record()
        agents = ("you",) + tuple(self.opponent for _ in self.agents)
        return replace(record, agents=agents, seed=self.seed)

    def result_text(self) -> str:
        """How the round ended, in words ('' while it goes on)."""
        outcome = self.state.result()
        if outcome is None:
            return ""
        points = ", ".join(f"{self.names[p]} {v}" for p, v in enumerate(outcome.points))
        if outcome.winner is None:
            head = "Nobody wins this round"
        elif outcome.winner == self.seat:
            head = "You win this round"
        else:
            head = f"{_words(self.names[outcome.winner])} wins this round"
        return f"{head} ({outcome.reason}). Points: {points}."

    # -- moves ---------------------------------------------------------------------
    def _find(self, move: Any) -> LegalMove:
        legal = self.legal
        if self.is_over:
            raise IllegalActionError("the round is over: start a new round to play again")
        if isinstance(move, LegalMove):
            code = move.code
        elif isinstance(move, str):
            code = " ".join(move.split()).lower()
        elif hasattr(move, "code") and callable(move.code):
            code = move.code()
        else:
            raise IllegalActionError(f"a move is one of your legal moves or its code, not "
                                     f"{type(move).__name__} {move!r}")
        for m in legal:
            if m.code.lower() == code.lower():
                return m
        allowed = "; ".join(f"{m.code} ({m.words})" for m in legal)
        raise IllegalActionError(f"{code!r} is not a legal move now; your legal moves: "
                                 f"{allowed}")

    def act(self, move: Any) -> PlayController:
        """Play your move, then the computer's until it is your turn again or the round is
        over. An illegal move raises and leaves the round as it was."""
        found = self._find(move)
        self.state = self.state.apply(found.action)
        self.steps.append((self.seat, found.code, found.words))
        self._computer()
        return self

    def _computer(self, max_steps: int = 10_000) -> None:
        for _ in range(max_steps):
            if self.state.is_terminal:
                return
            seat = self.state.current_player
            if seat == self.seat:
                return
            if seat is None:
                raise HanafudaError("the round waits for no seat but is not over")
            agent = self.agents[seat - 1]
            legal = self.state.legal_actions()
            action = agent.choose(self.state.view(seat), legal, self.rng)
            self.steps.append((seat, action.code(), action.describe()))
            self.state = self.state.apply(action)
        raise HanafudaError(f"the computer did not finish within {max_steps} moves")

    def hint(self) -> Hint:
        """The best move as the coach sees it, with its reasons; where the game has no
        coach, the greedy player's move and what it goes by."""
        if not self.your_turn:
            raise IllegalActionError("the round is over: there is no move to advise on")
        legal = self.state.legal_actions()
        view = self.state.view(self.seat)
        if "coach" in self.game.agent_names:
            coach = self.game.agent("coach")
            advise = getattr(coach, "advise", None)
            if advise is not None:
                advice = advise(view, legal)
                best = advice.moves[0]
                return Hint(best.action, best.action.code(), best.action.describe(), "coach",
                            advice.summary, tuple(best.reasons))
        name = "greedy" if "greedy" in self.game.agent_names else self.game.agent_names[0]
        action = self.game.agent(name).choose(view, legal, random.Random(0))
        reason = _GREEDY_REASON if name == "greedy" else f"the {name} player's choice"
        return Hint(action, action.code(), action.describe(), name, reason)


# ---------------------------------------------------------------------------
# The score calculator


class ScoreController:
    """A pile of cards and the game's score report for it (``game.score``).

    Cards come from the game's own deck (:func:`game_deck`): ``toggle(card)`` adds or
    removes one, ``set_text("1a 2a 3a")`` sets the whole pile, ``clear()`` empties it.
    A card the deck lacks, or text that names no card, raises
    :class:`~hanafuda_core.errors.UnknownCardError` and leaves the pile as it was.
    """

    def __init__(self, game: Game | str, preset: str | None = None, cards: Any = (),
                 **options: Any) -> None:
        self.game = as_play_game(game, preset, **options)
        self.deck = game_deck(self.game)
        self.cards: tuple[Card, ...] = ()
        if cards:
            self.set_cards(cards)

    def _card(self, card: Any) -> Card:
        found = parse_card(card, extras=True)
        if isinstance(found, Extra) or found not in self.deck:
            left = "" if len(self.deck) == 48 else (
                f" ({self.game.name} plays with {len(self.deck)} cards)")
            raise UnknownCardError(f"the {found.title} ({found.code}) is not a card of "
                                   f"{self.game.name}'s deck{left}")
        return Card(int(found))

    def set_cards(self, cards: Iterable[Any]) -> ScoreController:
        """Set the pile to ``cards`` (codes, names or cards; each once)."""
        if isinstance(cards, str):
            self.set_text(cards)
            return self
        found = [self._card(c) for c in cards]
        seen: set[Card] = set()
        for c in found:
            if c in seen:
                raise UnknownCardError(f"the {c.title} ({c.code}) is listed twice; each "
                                       "card is in the pile once")
            seen.add(c)
        self.cards = tuple(sorted(found))
        return self

    def set_text(self, text: str) -> Any:
        """Set the pile from text ("1a 2a 3a" or card names, commas allowed) and return
        the score report."""
        if not isinstance(text, str):
            raise UnknownCardError(f"write the cards as text such as '1a 2a 3a', not "
                                   f"{type(text).__name__}")
        self.set_cards(parse_cards(text.replace(",", " "), extras=True) if text.strip()
                       else ())
        return self.report()

    def toggle(self, card: Any) -> ScoreController:
        """Add ``card`` to the pile, or take it out if it is there."""
        c = self._card(card)
        self.cards = tuple(sorted(set(self.cards) ^ {c}))
        return self

    def clear(self) -> ScoreController:
        self.cards = ()
        return self

    @property
    def text(self) -> str:
        """The pile as card codes."""
        return " ".join(c.code for c in self.cards)

    def report(self) -> Any:
        """The game's score report for the pile (``to_text()``, ``to_dict()``)."""
        return self.game.score(list(self.cards))

    def lines(self) -> tuple[str, ...]:
        """The report in a player's words: card points and par where the game counts
        them, each yaku with its cards and points (and whether these rules count it), the
        sum, and the total. Read from the report's data, so every game's report works.

        >>> ScoreController("mushi", cards="1a 2a 3a").lines()[-1]
        'Total: -40'
        """
        d = self.report().to_dict()
        out = []
        card_points, par = d.get("card_points"), d.get("par")
        if card_points is not None:
            out.append(f"Card points: {card_points}"
                       + (f", against a par of {par}" if par else ""))
        yaku = d.get("yaku") or ()
        for y in yaku:
            counted = y.get("counted", True)
            cards = " ".join(y.get("cards", ()))
            out.append(f"{y['name']}: {y['points']} ({cards})"
                       + ("" if counted else ", from the optional chart: not counted under "
                          "these rules"))
        if not yaku:
            out.append("No yaku")
        out += [_words(str(note)) for note in d.get("notes") or ()
                if not str(note).lower().startswith("card points")]   # said above
        out.append(f"Total: {d.get('total')}")
        return tuple(out)


# ---------------------------------------------------------------------------
# Replay


@dataclass(frozen=True)
class ReplayStep:
    """One step of a replay: the round and step numbers (from 1), the seat that moved,
    the move's code and words."""

    round_no: int
    step: int
    seat: int | None
    code: str
    words: str


class ReplayController:
    """Step through a record: ``first()``, ``back()``, ``next()``, ``last()``.

    ``record`` is a :class:`~hanafuda_core.play.Record` (a round you played, a saved
    game); without one, a seeded game between computer players (``agents``; default:
    greedy players, as few as the game allows) is played, ``rounds`` long (default: the
    game's own length), and replayed. ``position`` is (round index, actions done);
    ``state`` the round at that point, ``words()`` what has happened in the round so far.
    """

    def __init__(self, record: Record | None = None, *, game: Game | str | None = None,
                 seed: int = 1, agents: Sequence[str] | None = None,
                 rounds: int | None = None,
                 preset: str | None = None, **options: Any) -> None:
        if record is None:
            if game is None:
                raise HanafudaError("give a record to replay, or a game to play one")
            g = as_play_game(game, preset, **options)
            quick = "greedy" if "greedy" in g.agent_names else g.agent_names[0]
            names = list(agents) if agents else [quick] * g.players[0]
            record = g.play(names, seed=seed, rounds=rounds)
        if not isinstance(record, Record):
            raise HanafudaError(f"a replay needs a game record, not {type(record).__name__}")
        from ..registry import get_game
        self.game = get_game(record.game, record.preset, **record.options)
        self.record = record
        self.game.replay_rounds(record)     # checks the whole record before stepping
        self._states: list[list[Round]] = []
        self._steps: list[list[ReplayStep]] = []
        for i, rr in enumerate(record.rounds):
            states, steps = self._walk(i, rr)
            self._states.append(states)
            self._steps.append(steps)
        self.round_index = 0
        self.index = 0

    def _walk(self, i: int, rr: RoundRecord) -> tuple[list[Round], list[ReplayStep]]:
        start = self.game.adapter.replay_round(self.game, self.record.players,
                                               RoundRecord(rr.deal, (), rr.context, None))
        states, steps = [start], []
        for n, code in enumerate(rr.actions, start=1):
            s = states[-1]
            action = next((a for a in s.legal_actions() if a.code() == code), None)
            words = action.describe() if action is not None else code
            steps.append(ReplayStep(i + 1, n, s.current_player, code, words))
            states.append(s.apply(code))
        return states, steps

    # -- where we are ------------------------------------------------------------
    @property
    def rounds(self) -> int:
        return len(self.record.rounds)

    @property
    def length(self) -> int:
        """The number of actions in the current round."""
        return len(self._steps[self.round_index])

    @property
    def position(self) -> tuple[int, int]:
        return self.round_index, self.index

    @property
    def state(self) -> Round:
        return self._states[self.round_index][self.index]

    @property
    def step(self) -> ReplayStep | None:
        """The last step done (None at the start of a round)."""
        return self._steps[self.round_index][self.index - 1] if self.index else None

    def steps(self) -> tuple[ReplayStep, ...]:
        """Every step of the current round done so far."""
        return tuple(self._steps[self.round_index][:self.index])

    def who(self, seat: int | None) -> str:
        if seat is None:
            return "nobody"
        names = self.record.agents
        return f"player {seat + 1}" + (f" ({names[seat]})" if seat < len(names) else "")

    def words(self) -> tuple[str, ...]:
        """The round so far in words: one line per step."""
        return tuple(f"{s.step}. {_words(self.who(s.seat))}: {s.words}" for s in self.steps())

    def table(self) -> tuple[TableRow, ...]:
        """Every zone at this point, all cards face up (a replay hides nothing)."""
        zones = self.state.zones()
        return tuple(TableRow(z, _words(z), zone_cards(ids), len(ids))
                     for z, ids in zones.items())

    def result_text(self) -> str:
        outcome = self.state.result()
        if outcome is None:
            return ""
        who = "nobody" if outcome.winner is None else self.who(outcome.winner)
        points = ", ".join(f"{self.who(p)} {v}" for p, v in enumerate(outcome.points))
        return f"Round {self.round_index + 1}: {who} wins ({outcome.reason}). Points: {points}."

    # -- moving --------------------------------------------------------------------
    def go(self, index: int, round_index: int | None = None) -> ReplayController:
        """Go to step ``index`` (0: the deal) of round ``round_index`` (from 0)."""
        r = self.round_index if round_index is None else round_index
        if isinstance(r, bool) or not isinstance(r, int) or not 0 <= r < self.rounds:
            raise HanafudaError(f"the record has rounds 1 to {self.rounds}, not {r!r} + 1")
        n = len(self._steps[r])
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index <= n:
            raise HanafudaError(f"round {r + 1} has steps 0 to {n}, not {index!r}")
        self.round_index, self.index = r, index
        return self

    def first(self) -> ReplayController:
        return self.go(0)

    def last(self) -> ReplayController:
        return self.go(self.length)

    def next(self) -> ReplayController:
        """One step on; at the end of a round, the start of the next (if any)."""
        if self.index < self.length:
            return self.go(self.index + 1)
        if self.round_index + 1 < self.rounds:
            return self.go(0, self.round_index + 1)
        return self

    def back(self) -> ReplayController:
        """One step back; at the start of a round, the end of the one before (if any)."""
        if self.index > 0:
            return self.go(self.index - 1)
        if self.round_index > 0:
            return self.go(len(self._steps[self.round_index - 1]), self.round_index - 1)
        return self

