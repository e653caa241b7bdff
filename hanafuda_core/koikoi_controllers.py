"""Controllers of the Koi-Koi tools: the score calculator, a round against the computer, a replay.

Pure Python (standard library and the core only, no ipywidgets), so the views
in :mod:`hanafuda_core.widgets.koikoi` only lay these answers out and wire the
events, and the tests drive the controllers without a browser. Every change is
checked first: on bad input a :class:`~hanafuda_core.errors.HanafudaError`
explains what was wrong and the controller's state is left as it was.

>>> calc = ScoreCalculator()
>>> calc.set_text("1b 2b 3b 4b").total
6
>>> calc.set_calls(1).total
12
>>> calc.set_text("1b cran")          # doctest: +ELLIPSIS
Traceback (most recent call last):
  ...
hanafuda_core.errors.UnknownCardError: unknown card 'cran'; ...
>>> calc.total, calc.cards.format()
(12, '1b 2b 3b 4b')

>>> game = KoiKoiRound(seed=3, opponent="greedy")
>>> game.state.current_player, len(game.legal())
(0, 8)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .cards import CARD_INFO, FLOWERS, MONTH_NAMES, Card, CardSet, parse_cards
from .coach import Coach
from .controllers import MAX_SEED, Advice, SeededTool, check_seed
from .engines.capture import (
    Action,
    Capture,
    Phase,
    State,
    apply,
    legal_actions,
    new_round,
    parse_action,
    view,
)
from .errors import HanafudaError, IllegalActionError, OptionError
from .games.koikoi import OPTIONS, PRESETS, WORDS, get_rules, preset_options
from .narration import conjugate, describe, result_text, story, subject
from .narration import held_yaku as _yaku_names
from .rules import SOURCE_DOCUMENTS, name_sources
from .scoring import ScoreReport, score_cards

__all__ = ["ScoreCalculator", "CALCULATOR_OPTIONS", "KoiKoiRound", "Hint", "ReplayController",
           "describe_step", "short_card_label", "option_value_label", "PRESET_LABELS",
           "AGENT_CHOICES", "MAX_SEED", "MAX_CALLS"]

#: Koi-Koi calls the calculator accepts (no real round has more).
MAX_CALLS = 9

#: The presets in the order the tools list them, with a label each.
PRESET_LABELS: dict[str, str] = {
    "book": "Rulebook (ch. 12)",
    "d002": f"{SOURCE_DOCUMENTS['D002'].short}, appendix",
    "d002-toppa": f"{SOURCE_DOCUMENTS['D002'].short}, Toppa (10/8 deal)",
    "d003": f"{SOURCE_DOCUMENTS['D003'].short}",
}
assert set(PRESET_LABELS) == set(PRESETS)

#: Options that change the score of a capture pile, most important first. Only
#: options the engine plays are offered (``Option.implemented``).
CALCULATOR_OPTIONS: tuple[str, ...] = tuple(
    k for k in ("koikoi_effect", "seven_doubles", "sake", "views", "special_chaffs",
                "yaku_limit", "yaku_chart") if OPTIONS[k].implemented)

#: Computer players the replay and the round can use (``coach`` only once it exists).
AGENT_CHOICES: tuple[str, ...] = ("greedy", "random", "coach")


def short_card_label(card: Card) -> str:
    """A short name for a button in a month column ("Crane", "Poetry Ribbon", "Chaff 1").

    >>> [short_card_label(c) for c in parse_cards("1a 1b 1c 11d 12b")]
    ['Crane', 'Poetry Ribbon', 'Chaff 1', 'Storm', 'Special Chaff']
    """
    info = CARD_INFO[card]
    if card == Card.PAULOWNIA_SPECIAL:
        return "Special Chaff"
    if info.named:
        return info.named
    if info.ribbon is not None:
        return info.ribbon.label
    return "Chaff " + info.name.rsplit(" ", 1)[-1]


def option_value_label(value: Any) -> str:
    """An option value in words for a dropdown ("double_once" -> "double once").

    >>> option_value_label("double_once"), option_value_label(True), option_value_label(None)
    ('double once', 'yes', 'none')
    """
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if value is None:
        return "none"
    return str(value).replace("_", " ")


def _check_preset(preset) -> str:
    if preset not in PRESETS:
        raise OptionError(f"unknown Koi-Koi preset {preset!r}; presets: {', '.join(PRESETS)}")
    return preset


# ---------------------------------------------------------------------------
# The score calculator


class ScoreCalculator:
    """A capture pile scored live under a preset, a few options and a number of calls.

    ``options`` holds only the values changed on top of the preset; choosing
    another preset clears them, so what is shown is always that preset's rules
    plus what the teacher changed since.
    """

    def __init__(self, cards: Any = (), preset: str = "book",
                 options: dict[str, Any] | None = None, calls: int = 0) -> None:
        self._preset = "book"
        self._options: dict[str, Any] = {}
        self._calls = 0
        self._cards = CardSet()
        self._report = self._score(CardSet(), "book", {}, 0)
        self._apply(cards=CardSet(parse_cards(cards) if isinstance(cards, str) else cards),
                    preset=_check_preset(preset), options=dict(options or {}),
                    calls=self._check_calls(calls))

    # -- state ---------------------------------------------------------------
    @property
    def cards(self) -> CardSet:
        return self._cards

    @property
    def preset(self) -> str:
        return self._preset

    @property
    def options(self) -> dict[str, Any]:
        """The options changed on top of the preset."""
        return dict(self._options)

    @property
    def calls(self) -> int:
        return self._calls

    @property
    def report(self) -> ScoreReport:
        return self._report

    @property
    def total(self) -> int:
        return self._report.total

    def option_values(self) -> dict[str, Any]:
        """Every calculator option's value in force (the preset's, or the changed one)."""
        values = preset_options(self._preset, **self._options)
        return {k: values[k] for k in CALCULATOR_OPTIONS}

    @staticmethod
    def option_rows() -> list[tuple[str, str, tuple]]:
        """(key, description with its documents named for readers, allowed values) for each
        calculator option."""
        return [(k, name_sources(OPTIONS[k].description), OPTIONS[k].allowed)
                for k in CALCULATOR_OPTIONS]

    # -- changes (each checked first; on error nothing changes) ----------------
    def set_cards(self, cards: Any) -> ScoreReport:
        """Replace the pile: a notation string, card names or an iterable of cards."""
        if isinstance(cards, str):
            cards = parse_cards(cards)
        return self._apply(cards=CardSet(cards))

    def set_text(self, text: str) -> ScoreReport:
        """The teacher's text box: notation ("1a 3a 8a") or names ("crane, moon")."""
        if not isinstance(text, str):
            raise HanafudaError(f"write the cards as text, not {type(text).__name__}")
        return self.set_cards(text)

    def toggle(self, card: Any, on: bool | None = None) -> ScoreReport:
        """Add or remove one card (``on`` forces the side)."""
        card = parse_cards([card])[0]
        has = card in self._cards
        want = (not has) if on is None else bool(on)
        if want == has:
            return self._report
        return self._apply(cards=self._cards.add(card) if want else self._cards.remove(card))

    def clear(self) -> ScoreReport:
        return self._apply(cards=CardSet())

    def set_preset(self, preset: str) -> ScoreReport:
        return self._apply(preset=_check_preset(preset), options={})

    def set_option(self, key: str, value: Any) -> ScoreReport:
        if key not in CALCULATOR_OPTIONS:
            raise OptionError(f"the calculator offers the options {', '.join(CALCULATOR_OPTIONS)}; "
                              f"not {key!r}")
        options = dict(self._options)
        options[key] = OPTIONS[key].check(value)
        return self._apply(options=options)

    def set_calls(self, calls: int) -> ScoreReport:
        return self._apply(calls=self._check_calls(calls))

    # -- answers -------------------------------------------------------------
    def summary(self) -> str:
        """One line: how many cards, which rules, the total."""
        n = len(self._cards)
        calls = (f", after {self._calls} {WORDS.go_on} call{'s' * (self._calls != 1)}"
                 if self._calls else "")
        return (f"{n} card{'s' * (n != 1)} under {PRESET_LABELS[self._preset]}{calls}: "
                f"{self.total} point{'s' * (self.total != 1)}")

    # -- internals -------------------------------------------------------------
    @staticmethod
    def _check_calls(calls) -> int:
        if isinstance(calls, bool) or not isinstance(calls, int) or not 0 <= calls <= MAX_CALLS:
            raise HanafudaError(f"the number of {WORDS.go_on} calls is a whole number from 0 to "
                                f"{MAX_CALLS}, not {calls!r}")
        return int(calls)

    @staticmethod
    def _score(cards: CardSet, preset: str, options: dict, calls: int) -> ScoreReport:
        return score_cards(cards, preset, options, calls=calls)

    def _apply(self, *, cards: CardSet | None = None, preset: str | None = None,
               options: dict | None = None, calls: int | None = None) -> ScoreReport:
        cards = self._cards if cards is None else cards
        preset = self._preset if preset is None else preset
        options = self._options if options is None else options
        calls = self._calls if calls is None else calls
        report = self._score(cards, preset, options, calls)   # raises before any change
        self._cards, self._preset, self._options, self._calls = cards, preset, options, calls
        self._report = report
        return report


# ---------------------------------------------------------------------------
# Describing a step in words (the words come from hanafuda_core.narration)


def describe_step(before: State, action: Action, after: State,
                  names: Sequence[str] = ("Player 1", "Player 2")) -> str:
    """One step of a round in words: the card played and what it took, each card the
    stock turned up and what it took, the yaku formed, then what must happen next
    (a choice, a decision to go on or stop, in the game's words) or how the round ended.

    ``names`` names each seat ("You", "The computer"...); see
    :func:`hanafuda_core.narration.describe`.
    """
    return describe(story(before, action, after), names)


# ---------------------------------------------------------------------------
# A round against the computer


@dataclass(frozen=True)
class Hint(Advice):
    """Advice for the human's current choice: one summary and a line per move."""

    best: Action
    source: str                 # who advises: "coach"


class KoiKoiRound(SeededTool):
    """One round of Koi-Koi: the human is player 1 (seat 0, the dealer, who leads),
    the computer player 2. The computer's moves are made as soon as it is its turn.

    ``opponent`` is ``"coach"`` (the default), ``"greedy"`` or ``"random"``. The computer's
    choices come from a ``random.Random`` seeded by the round's seed, so the same seed and the
    same human moves give the same round.
    """

    human = 0
    computer = 1
    NAMES = ("You", "The computer")

    def __init__(self, seed: int = 1, preset: str = "book", opponent: str | None = None,
                 coach_samples: int = 24) -> None:
        self._coach_samples = coach_samples
        self._coach = Coach(samples=coach_samples, seed=0)
        self._preset = _check_preset(preset)
        self._opponent_name = self._check_opponent(opponent)
        self.new_round(seed)

    # -- state ---------------------------------------------------------------
    @property
    def state(self) -> State:
        return self._state

    @property
    def start(self) -> State:
        """The state as dealt (for a replay of this round)."""
        return self._start

    @property
    def opponent(self) -> str:
        return self._opponent_name

    @property
    def log(self) -> tuple[str, ...]:
        return tuple(self._log)

    @property
    def is_over(self) -> bool:
        return self._state.is_terminal

    def legal(self) -> tuple[Action, ...]:
        """The human's legal actions now (empty while it is not the human's turn)."""
        if self._state.is_terminal or self._state.current_player != self.human:
            return ()
        return legal_actions(self._state)

    # -- changes ---------------------------------------------------------------
    def new_round(self, seed: int | None = None, preset: str | None = None,
                  opponent: str | None = None) -> State:
        """Deal a new round (seed, preset and opponent checked before anything changes)."""
        seed = self._seed if seed is None else check_seed(seed)
        preset = self._preset if preset is None else _check_preset(preset)
        opponent = self._opponent_name if opponent is None else self._check_opponent(opponent)
        rules = get_rules(preset)
        if rules.players != 2:       # pragma: no cover - every preset is for two by default
            raise HanafudaError("the round against the computer is for two players")
        state = new_round(rules, seed, dealer=self.human)
        self._seed, self._preset, self._opponent_name = seed, preset, opponent
        self._agent = self._make_agent(opponent, seed)
        self._rng = random.Random(seed)
        self._state = self._start = state
        self._log: list[str] = []
        for voided in state.deal.voided:
            self._log.append(f"Misdeal ({voided.reason}): the cards are shuffled and dealt again.")
        for event in state.deal.events:
            self._log.append(event[:1].upper() + event[1:] + ".")
        if state.is_terminal:
            self._log.append(result_text(state, self.NAMES))
        self._computer_moves()
        return self._state

    def act(self, action: Action | str) -> State:
        """The human's action (a :class:`Play`, :class:`Capture`, :class:`GoOn` (Koi-Koi),
        :class:`Stop`, or its code).

        An illegal action raises :class:`IllegalActionError` with the engine's
        reason; the round is unchanged. Then the computer moves until it is the
        human's turn again or the round is over.
        """
        if isinstance(action, str):
            action = parse_action(action)
        if not self._state.is_terminal and self._state.current_player != self.human:
            raise IllegalActionError("wait: it is the computer's turn")  # pragma: no cover
        before = self._state
        after = apply(before, action, self.human)        # raises; nothing changed yet
        self._state = after
        self._log.append(describe_step(before, action, after, self.NAMES))
        self._computer_moves()
        return self._state

    # -- answers for the view ------------------------------------------------------
    def row_groups(self) -> list[list[tuple[str, Any]]]:
        """The table as lines of (label, cards) rows that may stand side by side: the
        computer's hand (face down) and captures; the field, any card waiting for a
        choice, and the stock (a count); the human's captures. The human's hand is
        :meth:`hand` (the view draws it as buttons)."""
        s = self._state
        middle: list[tuple[str, Any]] = [("Field", list(s.field))]
        waiting = self.waiting_cards()
        if waiting:
            middle.append(("Waiting to be placed", waiting))
        middle.append(("Stock", s.stock_size))
        return [[("Computer's hand", [None] * len(s.hand(self.computer))),
                 ("Computer's captures", list(s.captures(self.computer)))],
                middle,
                [("Your captures", list(s.captures(self.human)))]]

    def rows(self) -> list[tuple[str, Any]]:
        """The rows of :meth:`row_groups` in reading order (for
        :func:`~hanafuda_core.render.svg.layout_html`)."""
        return [row for group in self.row_groups() for row in group]

    def hand(self) -> list[Card]:
        return list(self._state.hand(self.human))

    def waiting_cards(self) -> list[Card]:
        """The card waiting for a capture choice and what this turn took so far."""
        s = self._state
        if s.phase not in (Phase.CHOOSE_HAND_CAPTURE, Phase.CHOOSE_DRAW_CAPTURE):
            return []
        card, turn, _ = s.pending
        return [Card(card)] + list(CardSet.from_mask(turn))

    def choice_cards(self) -> list[Card]:
        """The two field cards to choose from (when a choice is needed), else []."""
        return [Card(a.card) for a in self.legal() if isinstance(a, Capture)]

    def prompt(self) -> str:
        """What the human should do now, in words."""
        s = self._state
        if s.is_terminal:
            return result_text(s, self.NAMES) + " Deal a new round to play again."
        if s.phase == Phase.PLAY:
            return "Your turn: play a card from your hand."
        if s.phase in (Phase.CHOOSE_HAND_CAPTURE, Phase.CHOOSE_DRAW_CAPTURE):
            card = Card(s.pending[0])
            return (f"Two {MONTH_NAMES[card.month - 1]} ({FLOWERS[card.month - 1].english}) cards "
                    f"are on the field: choose which one the {CARD_INFO[card].name} takes.")
        yaku = ", ".join(_yaku_names(s, self.human))
        allowed = legal_actions(s)
        words = s.rules.decision_words
        if len(allowed) == 1:
            return f"You hold {yaku}: you must {allowed[0].describe()}."
        return (f"You hold {yaku} ({s.yaku_points(self.human)} points). Call {words.go_on} to "
                f"go on for more (if the computer stops first you score nothing), or "
                f"{words.stop} to score now.")

    def score_line(self) -> str:
        s = self._state
        return (f"Seed {self._seed} · {PRESET_LABELS[self._preset]} · computer: "
                f"{self._opponent_name} · stock {s.stock_size} · your yaku "
                f"{s.yaku_points(self.human)} · computer's yaku {s.yaku_points(self.computer)}"
                + (f" · {s.rules.decision_words.go_on} calls: {len(s.calls)}" if s.calls else ""))

    def report(self) -> ScoreReport | None:
        res = self._state.result
        return None if res is None else res.report

    def result(self) -> str:
        return result_text(self._state, self.NAMES)

    def hint(self) -> Hint:
        """The coach's advice for the human's current legal actions."""
        legal = self.legal()
        if not legal:
            raise IllegalActionError("there is nothing to decide now" if self.is_over
                                     else "wait for the computer's move")
        v = view(self._state, self.human)
        advice = self._coach.advise(v, legal)
        lines = []
        for m in advice.moves:
            said = m.describe()
            why = [r for r in m.reasons if "sampled futures" not in r]
            lines.append(f"{said[:1].upper()}{said[1:]} ({m.expected:+.1f} points on "
                         f"average, you win {m.win_rate:.0%} of the sampled futures)"
                         + (f": {'; '.join(why)}" if why else ""))
        return Hint(advice.best, advice.summary, tuple(lines), "coach")

    # -- internals -------------------------------------------------------------
    def _check_opponent(self, opponent) -> str:
        if opponent is None:
            return "coach"
        if opponent not in AGENT_CHOICES:
            raise HanafudaError(f"unknown computer player {opponent!r}; choose one of: "
                                f"{', '.join(AGENT_CHOICES)}")
        return opponent

    def _make_agent(self, name: str, seed: int):
        if name == "coach":
            return Coach(samples=self._coach_samples, seed=seed)
        from .players import make_agent
        return make_agent(name)

    def _computer_moves(self) -> None:
        s = self._state
        while not s.is_terminal and s.current_player == self.computer:
            legal = legal_actions(s)
            action = self._agent.choose(view(s, self.computer), legal, self._rng)
            after = apply(s, action, self.computer)
            self._log.append(describe_step(s, action, after, self.NAMES))
            s = after
        self._state = s


# ---------------------------------------------------------------------------
# The replay stepper


class ReplayController:
    """Step through a recorded round: every state from the deal to the end."""

    def __init__(self) -> None:
        self._states: list[State] = []
        self._actions: list[Action] = []
        self._names: tuple[str, ...] = ("Player 1", "Player 2")
        self._index = 0
        self._record = None
        self._round = 0
        self._title = ""
        self._all: list[list[State]] = []

    # -- loading -----------------------------------------------------------------
    def load_game(self, seed: int = 1, agents: Sequence[str] = ("greedy", "greedy"),
                  preset: str = "book", rounds: int = 1) -> int:
        """Play a seeded game with computer players and load its first round.

        Returns the number of rounds recorded.
        """
        from .players import play_game
        seed = check_seed(seed)
        preset = _check_preset(preset)
        agents = tuple(agents)
        for a in agents:
            if a not in AGENT_CHOICES:
                raise HanafudaError(f"unknown player {a!r}; choose one of: "
                                    f"{', '.join(AGENT_CHOICES)}")
        if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= 12:
            raise HanafudaError(f"a game has from 1 to 12 rounds, not {rounds!r}")
        players = [Coach(samples=24, seed=seed) if a == "coach" else a for a in agents]
        record = play_game(seed, players, rounds=rounds, preset=preset)
        all_states = record.replay()
        self._record = record
        self._all = all_states
        self._names = tuple(f"Player {i + 1} ({a})" for i, a in enumerate(record.agents))
        self._title = f"Seed {seed} · {PRESET_LABELS[preset]} · " + " vs ".join(record.agents)
        self.select_round(0)
        return len(record.rounds)

    def load_round(self, start: State, end: State, names: Sequence[str] = ("You", "The computer"),
                   title: str = "The round you played") -> None:
        """Load a round played elsewhere (the human's round) from its first and last state."""
        from .records import RoundRecord
        if start.deal != end.deal:
            raise HanafudaError("the two states are not from the same round")
        states = RoundRecord.from_states(start, end).replay(start.rules) if end.is_terminal \
            else self._replay_partial(start, end)
        self._record = None
        self._all = [states]
        self._names = tuple(names)
        self._title = title
        self.select_round(0)

    @staticmethod
    def _replay_partial(start: State, end: State) -> list[State]:
        states = [start]
        for a in end.history:
            states.append(apply(states[-1], a))
        return states

    def select_round(self, index: int) -> None:
        if not self._all:
            raise HanafudaError("load a game first")
        if isinstance(index, bool) or not isinstance(index, int) or \
                not 0 <= index < len(self._all):
            raise HanafudaError(f"round must be from 1 to {len(self._all)}, not {index!r}")
        self._round = index
        self._states = list(self._all[index])
        self._actions = list(self._states[-1].history)
        self._index = 0

    # -- state ---------------------------------------------------------------
    @property
    def loaded(self) -> bool:
        return bool(self._states)

    @property
    def record(self):
        return self._record

    @property
    def round_index(self) -> int:
        return self._round

    @property
    def rounds(self) -> int:
        return len(self._all)

    @property
    def names(self) -> tuple[str, ...]:
        return self._names

    @property
    def title(self) -> str:
        return self._title

    @property
    def index(self) -> int:
        return self._index

    @property
    def steps(self) -> int:
        """How many states there are (the deal plus one per action)."""
        return len(self._states)

    @property
    def state(self) -> State:
        self._require()
        return self._states[self._index]

    @property
    def final(self) -> State:
        self._require()
        return self._states[-1]

    # -- moving ----------------------------------------------------------------------
    def go(self, index: int) -> State:
        self._require()
        if isinstance(index, bool) or not isinstance(index, int) or \
                not 0 <= index < len(self._states):
            raise HanafudaError(f"step must be from 0 to {len(self._states) - 1}, not {index!r}")
        self._index = index
        return self.state

    def first(self) -> State:
        return self.go(0)

    def last(self) -> State:
        self._require()
        return self.go(len(self._states) - 1)

    def next(self) -> State:
        self._require()
        return self.go(min(self._index + 1, len(self._states) - 1))

    def back(self) -> State:
        self._require()
        return self.go(max(self._index - 1, 0))

    # -- answers --------------------------------------------------------------------
    def action(self) -> Action | None:
        """The action that led to the current step (None at the deal)."""
        return self._actions[self._index - 1] if self._index else None

    def describe(self) -> str:
        """The current step in words."""
        self._require()
        if self._index == 0:
            s = self._states[0]
            dealer = self._names[s.dealer]
            text = (f"The deal: {subject(dealer, 'deal')} and {conjugate(dealer, 'lead')}. "
                    f"Each player holds "
                    f"{len(s.hand(0))} cards, {len(s.field)} lie face up on the field and "
                    f"{s.stock_size} are in the stock.")
            if s.is_terminal:
                text += " " + result_text(s, self._names)
            return text
        return describe_step(self._states[self._index - 1], self.action(),
                             self._states[self._index], self._names)

    def yaku(self) -> list[tuple[str, list[str]]]:
        """(player name, yaku held) at the current step, for each seat."""
        s = self.state
        return [(self._names[p], _yaku_names(s, p)) for p in range(s.rules.players)]

    def row_groups(self, hide: Sequence[int] = ()) -> list[list[tuple[str, Any]]]:
        """The table as lines of (label, cards) rows, every hand face up except the seats
        in ``hide``: player 2's hand and captures, the field (any card waiting for a
        choice) and the stock, then player 1's hand and captures."""
        s = self.state

        def seat(p: int) -> list[tuple[str, Any]]:
            hand = list(s.hand(p))
            return [(f"{self._names[p]}: hand", [None] * len(hand) if p in hide else hand),
                    (f"{self._names[p]}: captures", list(s.captures(p)))]

        middle: list[tuple[str, Any]] = [("Field", list(s.field))]
        if s.phase in (Phase.CHOOSE_HAND_CAPTURE, Phase.CHOOSE_DRAW_CAPTURE):
            card, turn, _ = s.pending
            middle.append(("Waiting to be placed", [Card(card)] + list(CardSet.from_mask(turn))))
        middle.append(("Stock", s.stock_size))
        n = s.rules.players
        return [seat(p) for p in range(n - 1, 0, -1)] + [middle] + [seat(0)]

    def rows(self, hide: Sequence[int] = ()) -> list[tuple[str, Any]]:
        """The rows of :meth:`row_groups` in reading order."""
        return [row for group in self.row_groups(hide) for row in group]

    def _require(self) -> None:
        if not self._states:
            raise HanafudaError("load a game first")
