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
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..cards import DECK, AnyCard, Card, Extra, parse_card, parse_cards
from ..controllers import check_seed
from ..errors import HanafudaError, IllegalActionError, OptionError, UnknownCardError
from ..narration import and_list, counted, reason_words, subject, winners_text
from ..play import Game, Record, Round, RoundRecord, count_word
from .facts import teams_of, usual_players

__all__ = [
    "Hint",
    "LegalMove",
    "PlayController",
    "ReplayController",
    "ReplayStep",
    "ScoreController",
    "TableRow",
    "amount_text",
    "as_play_game",
    "family_teaching",
    "game_deck",
    "option_value_label",
    "preset_choices",
    "round_calculator",
    "agent_label",
    "agent_name",
    "AGENT_WORDS",
    "report_notes",
    "rules_words",
    "table_label",
    "table_rows",
    "zone_cards",
]

#: Zones whose cards nobody sees (their count is shown instead).
HIDDEN_ZONES = frozenset({"stock", "undealt", "deck", "wall", "field face down", "aside"})


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


def rules_words(game: Game, preset: str) -> str:
    """A preset's rules in a sentence ("under ..."): its document's rules in the words
    of :data:`~hanafuda_core.rules.SOURCE_DOCUMENTS` with what the preset's label
    (:func:`~hanafuda_core.teach.facts.preset_label`) adds to them.

    >>> from hanafuda_core import get_game
    >>> rules_words(get_game("koikoi"), "book"), rules_words(get_game("koikoi"), "d002-toppa")
    ("the rulebook's rules", "the Japanese publisher's rules, Toppa (10 cards each)")
    >>> rules_words(get_game("go-stop"), "book")
    "the rulebook's rules for three, with two Jokers (2 and 3 Chaffs)"
    >>> rules_words(get_game("koikoi"), "d003")
    'the two-player Koi-Koi rules (6 rounds)'
    """
    from ..registry import preset_info
    from ..rules import SOURCE_DOCUMENTS
    from .facts import preset_label
    label = preset_label(game, preset)
    sources = preset_info(game.key, preset).sources
    doc = SOURCE_DOCUMENTS.get(sources[0].doc) if sources else None
    if doc is None:
        return f"the rules {label[:1].lower()}{label[1:]}"
    own = doc.name if doc.name.endswith("rules") else f"{doc.name}'s rules"
    head = doc.short.removesuffix(f" ({doc.label})")
    if label.startswith(head):
        return own + label[len(head):]
    named = re.match(r"[^,(]*\brules\b", label)    # ("Two-player rules (6 rounds)")
    if named:
        return own + label[named.end():]
    return f"{own}, {label[:1].lower()}{label[1:]}"


def _same_rules(a: Game, b: Game) -> bool:
    """Whether two games play by the same rules, whatever preset each is named by."""
    ra, rb = a.rules, b.rules
    if hasattr(ra, "preset") and hasattr(rb, "preset"):
        try:
            ra = replace(ra, preset=rb.preset)
        except TypeError:
            return False
    return bool(ra == rb)


def table_preset(game: Game) -> Game:
    """``game`` under the preset written for its table, where one of the game's presets
    has these very rules (the rulebook's rules seated for three are its preset for
    three); else ``game`` as it is."""
    from ..registry import get_game
    from .facts import presets
    keys = getattr(game.adapter, "count_options", ())
    if not any(k in game.options for k in keys):
        return game
    rest = {k: v for k, v in game.options.items() if k not in keys}
    for preset in presets(game):
        if preset == game.preset:
            continue
        try:
            other = get_game(game.key, preset=preset, **rest)
        except HanafudaError:
            continue
        if _same_rules(game, other):
            return other
    return game


def table_label(game: Game, players: int) -> str:
    """The rules of a table of ``players`` in a few words: the preset's label
    (:func:`~hanafuda_core.teach.facts.preset_label`), its number of players made the
    table's where the preset is written for another count ("Rulebook, three players"
    for the two-player rulebook dealt for three).

    >>> from hanafuda_core import get_game
    >>> table_label(get_game("go-stop"), 2), table_label(get_game("koikoi"), 2)
    ('Rulebook for two, with two Jokers (2 and 3 Chaffs)', 'Rulebook')
    >>> table_label(get_game("higo-bana", preset="book-6"), 3)
    'Rulebook, half a year (6 rounds), three players'
    """
    from .facts import preset_game, preset_label
    label = preset_label(game, game.preset)
    low, high = preset_game(game, game.preset).players
    if low != high or players == low:
        return label
    now = count_word(players)
    said = re.compile(rf"\b{count_word(low)}\b", re.IGNORECASE)
    if said.search(label) is None:
        return f"{label}, {now} players"
    return said.sub(lambda m: _words(now) if m.group()[:1].isupper() else now, label, count=1)


def report_notes(d: Any) -> list[str]:
    """A score report's notes (``to_dict()["notes"]``) that a reader needs: not the card
    points (said on their own line) nor a score that only repeats the total."""
    total = str(d.get("total"))
    out = []
    for note in d.get("notes") or ():
        text = str(note)
        head, _, rest = text.partition(": ")
        if head.lower() == "card points" or (head.lower() in ("score", "yaku")
                                             and rest.strip() == total):
            continue
        out.append(text)
    return out


def _seat_words(text: str, names: Sequence[str]) -> str:
    """An engine's words with its seats ("ended by Player 3") named as the table names
    them ("ended by computer 2")."""
    def name(m: re.Match[str]) -> str:
        p = int(m.group(1)) - 1
        if not 0 <= p < len(names):
            return m.group()
        said = names[p]
        return said[:1].lower() + said[1:] if said.lower() == "you" else said
    return re.sub(r"\bPlayer (\d+)\b", name, text)


def family_teaching(game: Game) -> Any | None:
    """The teaching module of the game's family (``families/<family>/teaching.py``:
    a step, the deal, the prompt and the yaku held in the game's words), or None."""
    import importlib
    name = f"hanafuda_core.families.{game.info.family}.teaching"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name is not None and name.startswith(error.name):
            return None
        raise


def _told(game: Game, what: str, *args: Any) -> Any:
    """What the family's teaching module says (``what(*args)``), or None."""
    module = family_teaching(game)
    tell = getattr(module, what, None) if module is not None else None
    return tell(*args) if tell is not None else None


def round_calculator(game: Game | str) -> Any | None:
    """The score calculator of a whole round, where the game's rules module names one as
    data (``ROUND_CALCULATOR``: (module of :mod:`hanafuda_core`, class); Hachi-Hachi's
    settlement of a round's facts, players' piles and hands, calls and the field
    multiplier), made fresh; None for a game whose calculator scores a pile
    (:class:`ScoreController`). The form describes itself (``round_fields``,
    ``player_fields``, ``calls``), so one view builds it for any game.

    >>> round_calculator("koikoi") is None
    True
    >>> round_calculator("hachihachi").total_rows()[0]
    ('A', '-88 points')
    """
    from importlib import import_module

    from .facts import game_data
    named = game_data(as_play_game(game), "ROUND_CALCULATOR")
    if not named:
        return None
    return getattr(import_module(f"hanafuda_core.{named[0]}"), named[1])()


def preset_choices(game: Game) -> tuple[tuple[str, str], ...]:
    """(label for readers, preset) for each preset of ``game``, in its module's order."""
    from .facts import preset_label, presets
    return tuple((preset_label(game, p), p) for p in presets(game))


def option_value_label(value: Any) -> str:
    """An option value in words for a menu ("double_once" -> "double once"; a list of
    values, one per card or seat, with a space after each comma).

    >>> option_value_label("double_once"), option_value_label(True), option_value_label(None)
    ('double once', 'yes', 'none')
    >>> option_value_label("chaff_magnet,double_points")
    'chaff magnet, double points'
    """
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if value is None:
        return "none"
    text = str(value).replace("_", " ")
    return text.replace(",", ", ") if isinstance(value, str) else text


def amount_text(game: Game, amount: int) -> str:
    """An amount as the game's rules write it: in the tradition's unit where the rules
    keep score in one (Hachi-Hachi's kan, shillings), else the plain number.

    >>> from hanafuda_core import get_game
    >>> amount_text(get_game("hachihachi", preset="d001"), 18), amount_text(get_game("koikoi"), 6)
    ('1 kan 6', '6')
    """
    if getattr(game.rules, "unit", None) is None:
        return str(amount)
    from ..units import format_amount
    return format_amount(game.rules, amount)


def _game_with(game: Game, preset: str, options: dict[str, Any]) -> Game:
    from ..registry import get_game
    return get_game(game.key, preset=preset, **options)


def _yaku_cards(game: Game, cards: tuple[AnyCard, ...]) -> tuple[Card, ...]:
    """The cards of ``cards`` that make a yaku these rules count (for highlighting)."""
    plain = [c for c in cards if isinstance(c, Card)]
    if not plain:
        return ()
    try:
        data = game.score(plain).to_dict()
    except (HanafudaError, TypeError):
        return ()
    lit = {code for y in data.get("yaku") or () if y.get("counted", True)
           for code in y.get("cards", ())}
    return tuple(c for c in plain if c.code in lit)


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
    lit: tuple[AnyCard, ...] = ()      # cards to highlight: a yaku in a pile, a choice

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


def table_rows(game: Game, state: Round, seat: int | None = 0,
               names: Sequence[str] | None = None, *, hide: Iterable[int] | None = None,
               lit: Iterable[AnyCard] = ()) -> tuple[TableRow, ...]:
    """The zones of ``state`` (:meth:`Round.zones`) laid out for ``seat``: its own hand
    first, the shared zones, then the other seats' hands and the face-down piles as
    counts. ``names`` names each seat ("you", "computer 1"...); a pile of captures is
    named after its seat where every seat keeps its own (the seat the game's family says
    owns it, where only some seats play the round: Hachi-Hachi's three of up to seven),
    else after its side.

    ``hide`` lists the seats whose hands are face down (default: every seat but
    ``seat``; a replay shows them all). A pile's cards that make a yaku these rules
    count are lit, and so are the cards of ``lit`` (a choice to make, a card played)."""
    zones = state.zones()
    seats = [int(z.split()[1]) for z in zones if z.startswith("hand ")]
    players = len(seats)
    sides = sum(1 for z in zones if z.startswith("captures of side "))
    names = list(names) if names else [f"player {p + 1}" for p in range(max(seats) + 1)]
    hidden_seats = set(seats) - {seat} if hide is None else set(hide)
    mine = _side_of(game, seat) if seat is not None else None
    extra = set(lit)
    first, shared, last = [], [], []
    for zone, ids in zones.items():
        cards = zone_cards(ids)
        shine = tuple(c for c in cards if c in extra)
        if zone.startswith("hand "):
            p = int(zone.split()[1])
            label = "Your hand" if p == seat else f"{_words(names[p])}'s hand"
            if p in hidden_seats:
                last.append(TableRow(zone, label, (), len(ids), True))
            elif p == seat:
                first.append(TableRow(zone, label, cards, len(ids), lit=shine))
            else:
                last.append(TableRow(zone, label, cards, len(ids), lit=shine))
        elif zone.startswith("captures of side "):
            side = int(zone.rsplit(" ", 1)[1])
            owner = _told(game, "pile_owner", state, side)
            if owner is not None:
                whose = ("Your captures" if owner == seat else
                         f"Captured by {names[owner]}")
            else:
                whose = ("Your captures" if side == mine else
                         f"Captured by {names[side - 1]}" if sides == players else
                         f"Captured by side {side}")
            yaku = _yaku_cards(game, cards)
            shared.append(TableRow(zone, whose, cards, len(ids),
                                   lit=tuple(c for c in cards if c in extra or c in yaku)))
        elif zone in HIDDEN_ZONES:
            last.append(TableRow(zone, _words(zone), (), len(ids), True))
        else:
            shared.append(TableRow(zone, _words(zone), cards, len(ids), lit=shine))
    return tuple(first + shared + last)


# ---------------------------------------------------------------------------
# Play against the computer


@dataclass(frozen=True)
class LegalMove:
    """A legal action with its text code and its words (a decision in the game's own
    words: Koi-Koi's "call Koi-Koi (go on)"); ``card`` is the card it plays or takes,
    if it names one."""

    action: Any
    code: str
    words: str

    @property
    def card(self) -> Card | None:
        card = getattr(self.action, "card", None)
        return Card(int(card)) if isinstance(card, int) and 0 <= int(card) < len(DECK) \
            else None


@dataclass(frozen=True)
class Hint:
    """The computer's advice: the move, its words, who advises and why; ``lines`` has
    one line per legal move, best first, where the adviser weighs them all (the coach:
    its expected points and how often it wins, with its reasons)."""

    action: Any
    code: str
    words: str
    by: str
    reason: str
    reasons: tuple[str, ...] = ()
    lines: tuple[str, ...] = ()

    def to_text(self) -> str:
        lines = [f"{_words(self.words)} ({self.by}): {self.reason}"]
        return "\n".join(lines + [f"  - {r}" for r in self.reasons])


#: The computer players in words, never by their names (identifiers): what each is
#: called, and what it does.
AGENT_WORDS: dict[str, tuple[str, str]] = {
    "coach": ("strong player", "it tries every move over many possible deals"),
    "greedy": ("simple player", "it takes the move worth most at once, without looking "
                                "ahead"),
    "random": ("chance player", "it picks any legal move by chance"),
}


def agent_name(agent: str) -> str:
    """A computer player's name in words ("simple player"; another is its own name)."""
    return AGENT_WORDS.get(agent, (agent, ""))[0]


def agent_label(agent: str) -> str:
    """A computer player in words with what it does, for a menu or a story: "the simple
    player (it takes the move worth most at once, without looking ahead)"."""
    name, does = AGENT_WORDS.get(agent, (agent, ""))
    return f"the {name}" + (f" ({does})" if does else "")


#: What the simple computer player does, for a hint where no coach reasons exist.
_GREEDY_REASON = ("the simple computer player's choice: the move worth most at once, "
                  "without looking ahead")


def _strongest(game: Game) -> str:
    names = game.agent_names
    for name in ("coach", "greedy"):
        if name in names:
            return name
    return names[0]


def _advice_line(move: Any) -> str:
    """A move the coach weighed: its words, expected points, win rate and reasons."""
    said = move.action.describe()
    why = [r for r in move.reasons if "sampled futures" not in r]
    if not move.samples:            # weighed without sampling (declarations at the deal)
        return _words(said) + (f": {'; '.join(why)}" if why else "")
    return (f"{_words(said)} ({move.expected:+.1f} points on average, you win "
            f"{move.win_rate:.0%} of the sampled futures)" + (f": {'; '.join(why)}" if why
                                                            else ""))


class PlayController:
    """You (seat 0, the first dealer) against the computer in any playable game.

    ``opponent`` names the computer's agent (``game.agent_names``; default: the coach
    where the game has one, else the greedy player). The computer's moves run at once
    after yours, so between calls it is your turn or the round is over. The computer's
    choices come from a generator seeded by the round's seed, so the same seed and the
    same moves give the same round.

    * ``legal``: your legal moves (:class:`LegalMove`, with their words);
    * ``act(move)``: play a move (a legal move, an action or its code); an illegal one
      raises :class:`~hanafuda_core.errors.IllegalActionError` and changes nothing;
    * ``hint()``: the coach's choice with its reasons (else the greedy player's);
    * ``prompt()``: what to do now; ``log``: what happened, in the game's words;
      ``result_text()`` and ``report()`` once the round is over;
    * ``new_round(seed, preset=..., opponent=...)``: deal again (every value is checked
      before anything changes).
    """

    def __init__(self, game: Game | str, seed: int = 1, preset: str | None = None,
                 opponent: str | None = None, players: int | None = None,
                 **options: Any) -> None:
        self.game = as_play_game(game, preset, **options)
        self.opponent = _strongest(self.game) if opponent is None else opponent
        self.game.agent(self.opponent)                 # an unknown name is refused here
        self.seat = 0
        self.seed: int = check_seed(seed)
        self._seat_players(usual_players(self.game))
        if players is not None and players != self.players:
            self._choose_players(players)
        self.new_round(seed)

    def _seat_players(self, players: int) -> None:
        name = self.opponent
        self.players = players
        self.agents = [self.game.agent(name) for _ in range(players - 1)]
        # (the seats in a reader's words: the computer player's name is an identifier,
        # chosen in the view's own menu, and never part of a seat's name)
        self.names = ["you"] + (["the computer"] if players == 2 else
                                [f"computer {p}" for p in range(1, players)])

    @property
    def preset(self) -> str:
        return self.game.preset

    def preset_choices(self) -> tuple[tuple[str, str], ...]:
        """(label for readers, preset) for each preset of the game; the rules played
        labelled for this table (:func:`table_label`)."""
        return tuple((table_label(self.game, self.players) if p == self.preset else label, p)
                     for label, p in preset_choices(self.game))

    def opponent_choices(self) -> tuple[str, ...]:
        """The computer players the game has (``game.agent_names``)."""
        return self.game.agent_names

    def player_choices(self) -> tuple[int, ...]:
        """The numbers of players these rules can deal for (:meth:`Game.player_counts
        <hanafuda_core.play.Game.player_counts>` of the rules without a count chosen:
        the game's range, or the values of its ``players`` option the preset accepts)."""
        return self._uncounted().player_counts()

    def _uncounted(self) -> Game:
        """These rules with no number of players chosen (the options that set it, the
        adapter's ``count_options``, left out), so that another count can be chosen."""
        keys = getattr(self.game.adapter, "count_options", ())
        rest = {k: v for k, v in self.game.options.items() if k not in keys}
        return self.game if rest == self.game.options else \
            _game_with(self.game, self.game.preset, rest)

    def _with_count(self, players: int) -> Game | None:
        """The game under these rules for ``players`` (:meth:`Game.seated
        <hanafuda_core.play.Game.seated>`), or None."""
        try:
            return self._uncounted().seated(players)
        except HanafudaError:
            return None

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
            game = self._with_count(players)
            assert game is not None, "player_choices offers only counts that build"
            self.game = table_preset(game)      # (the preset for this table, if any)
        self._seat_players(players)

    # -- dealing -----------------------------------------------------------------
    def new_round(self, seed: int | None = None, preset: str | None = None,
                  opponent: str | None = None) -> PlayController:
        """Deal a new round (``seed``: the same seed gives the same cards; ``preset``:
        other rules, with the house rules given on top kept; ``opponent``: another
        computer player). Everything is checked before anything changes; the computer
        moves first if it is its turn."""
        seed = self.seed if seed is None else check_seed(seed)
        game = self.game
        if preset is not None and preset != game.preset:
            keys = getattr(game.adapter, "count_options", ())
            options = {k: v for k, v in game.options.items() if k not in keys}
            game = _game_with(game, preset, options)
        name = self.opponent if opponent is None else opponent
        game.agent(name)                                # an unknown name is refused
        low, high = game.players
        players = self.players if low <= self.players <= high else usual_players(game)
        dealer = _told(game, "first_dealer", game, players, self.seat)
        state = game.new_round(seed=seed, players=players, dealer=dealer)
        self.game, self.opponent = game, name
        self._seat_players(players)                     # fresh computer players
        self.seed = seed
        self._start(state)
        return self

    def _start(self, state: Round) -> None:
        self.state: Round = state
        self.rng = random.Random(f"play:{self.game.key}:{self.seed}")
        self.steps: list[tuple[int, str, str]] = []     # (seat, code, words)
        self._told: list[str] = list(_told(self.game, "deal_words", state,
                                           self._said_names()) or ())
        self._computer()

    def _said_names(self) -> list[str]:
        return [_words(n) for n in self.names]

    def seat_names(self) -> list[str]:
        """The seats as sentences name them: "You", "The computer", "Computer 2"."""
        return self._said_names()

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
        said = _told(self.game, "moves", self.state, self.seat, self._said_names())
        if said is not None:
            return tuple(LegalMove(a, a.code(), w) for a, w in said)
        return tuple(LegalMove(a, a.code(), a.describe()) for a in self.state.legal_actions())

    def choice_cards(self) -> tuple[Card, ...]:
        """The cards on the table your legal moves choose between (two field cards a
        played card may take), lit on the table; none while you play from your hand."""
        hand = set(self.state.zones().get(f"hand {self.seat}", ()))
        return tuple(m.card for m in self.legal if m.card is not None and int(m.card)
                     not in hand)

    def table(self) -> tuple[TableRow, ...]:
        """The table as you see it: your hand (face down where the rules say nobody looks
        yet), the field and piles (the cards of a yaku lit), the hand combinations shown
        where the game has them, the hidden counts."""
        hidden = set(range(self.players)) - {self.seat}
        why = self.face_down()
        if why:
            hidden.add(self.seat)
        rows = table_rows(self.game, self.state, self.seat, self.names, hide=hidden,
                          lit=self.choice_cards())
        if why:
            mine = f"hand {self.seat}"
            rows = tuple(replace(r, label=f"Your hand ({why})") if r.zone == mine else r
                         for r in rows)
        shown = tuple(TableRow(f"shown {i}", label, cards, len(cards)) for i, (label, cards)
                      in enumerate(_told(self.game, "shown_rows", self.state,
                                         self._said_names()) or ()))
        if not shown:
            return rows
        cut = next((i for i, r in enumerate(rows) if r.hidden), len(rows))
        return rows[:cut] + shown + rows[cut:]

    def face_down(self) -> str | None:
        """Why your own hand lies face down now (nobody looks before an exchange of
        unseen hands), or None: you may look at it."""
        why = _told(self.game, "face_down", self.state, self.seat)
        return None if why is None else str(why)

    def prompt(self) -> str:
        """What to do now, in words (the game's own where its family says them)."""
        if self.is_over:
            return self.result_text() + " Deal a new round to play again."
        said = _told(self.game, "prompt", self.state, self.seat, self._said_names())
        return said or "Your turn: choose a move below."

    def status_line(self) -> str:
        """One line under the prompt: the seed, the rules, the cards left face down, and
        the yaku each seat holds where the family says (the computer player is chosen,
        and named in words, in the view's menu; its identifier is never shown)."""
        parts = [f"Seed {self.seed}", table_label(self.game, self.players)]
        parts += [f"{z} {len(ids)}" for z, ids in self.state.zones().items()
                  if z in HIDDEN_ZONES]
        parts += _told(self.game, "status_parts", self.state, self._said_names()) or []
        for p, name in enumerate(self.names):
            held = _told(self.game, "held_yaku", self.state, p)
            if held:
                parts.append(f"{'your' if p == self.seat else name + chr(39) + 's'} yaku: "
                             f"{', '.join(held)}")
        return " · ".join(parts)

    @property
    def log(self) -> tuple[str, ...]:
        """Every move so far in words (the deal, then each step: in the game's own words
        where its family tells them, the last one saying how the round ended); once the
        round is over, the settlement in words where the family tells one. Each thing is
        told once: the game's whole account of the round is :meth:`game_log`."""
        lines = list(self._told)
        if self.is_over:
            lines += self.report_lines()
        return tuple(lines)

    def game_log(self) -> list[str]:
        """The game's own account of the round (``game.log``: the deal, every move, the
        scoring), as the command line prints it; only once the round is over."""
        if not self.is_over:
            raise IllegalActionError("the round is not over yet: its account is written "
                                     "at the end")
        return self.game.log(self.record())

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
        points = ", ".join(f"{self.names[p]} {amount_text(self.game, v)}"
                           for p, v in enumerate(outcome.points))
        said = _told(self.game, "result_words", self.state, self._said_names())
        if said:
            return f"{said} Points: {points}."
        if outcome.winner is None:
            head = "Nobody wins this round"
        else:           # (with teams, the winner's side: B6)
            names = ["You" if p == self.seat else _words(n) for p, n in enumerate(self.names)]
            head = f"{winners_text(outcome.winner, names, teams_of(self.game))} this round"
        why = _seat_words(reason_words(outcome.reason, getattr(self.game.rules,
                                                              "decision_words", None)),
                          self._said_names())
        return f"{head} ({why}). Points: {points}."

    def report(self) -> Any | None:
        """The engine's explained score of the finished round (``to_dict()``,
        ``to_text()``), where it gives one; None while the round goes on."""
        outcome = self.state.result()
        if outcome is None:
            return None
        return getattr(outcome.detail, "report", None)

    def report_lines(self) -> tuple[str, ...]:
        """The finished round's report in words with this table's names, where the
        game's family tells it (a settlement: who pays whom and why); else ()."""
        return tuple(_told(self.game, "report_words", self.state, self._said_names()) or ())

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
        raise IllegalActionError(f"{self._why_not(move, code)}; your legal moves: {allowed}")

    def _why_not(self, move: Any, code: str) -> str:
        """The game's own reason for refusing a move (the engine's: "the 3a is not in
        your hand"), else that it is not legal now. The round is not changed: a round
        is immutable, and an illegal move is refused before anything is made."""
        try:
            self.state.apply(move if not isinstance(move, (str, LegalMove)) else code)
        except IllegalActionError as error:
            return str(error)
        except (HanafudaError, ValueError, TypeError, IndexError, KeyError):
            pass
        return f"{code!r} is not a legal move now"

    def _move_words(self, action: Any) -> str:
        return next((m.words for m in self.legal if m.action == action), action.describe())

    def act(self, move: Any) -> PlayController:
        """Play your move, then the computer's until it is your turn again or the round is
        over. An illegal move raises and leaves the round as it was."""
        found = self._find(move)
        self._step(self.seat, found.action, found.code, found.words)
        self._computer()
        return self

    def _step(self, seat: int, action: Any, code: str, words: str) -> None:
        before = self.state
        after = before.apply(action)
        said = _told(self.game, "step_words", before, action, after, self._said_names())
        self.state = after
        self.steps.append((seat, code, words))
        self._told.append(said or f"{_words(self.names[seat])}: {words}")

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
            self._step(seat, action, action.code(), action.describe())
        raise HanafudaError(f"the computer did not finish within {max_steps} moves")

    def hint(self) -> Hint:
        """The best move as the coach sees it, with its reasons and a line for every
        legal move; where the game has no coach, the greedy player's move and what it
        goes by."""
        if not self.your_turn:
            raise IllegalActionError("the round is over: there is no move to advise on")
        legal = self.state.legal_actions()
        said = _told(self.game, "advice", self.state, self.seat, self.seed,
                     self._said_names())
        if said is not None:
            best = said["action"]
            return Hint(best, best.code(), self._move_words(best), said["by"],
                        said["reason"], tuple(said["reasons"]), tuple(said["lines"]))
        view = self.state.view(self.seat)
        if "coach" in self.game.agent_names:
            coach = self.game.agent("coach")
            advise = getattr(coach, "advise", None)
            if advise is not None:
                advice = advise(view, legal, names=self._said_names())
                best = advice.moves[0]
                return Hint(best.action, best.action.code(), best.action.describe(), "coach",
                            advice.summary, tuple(best.reasons),
                            tuple(_advice_line(m) for m in advice.moves))
        name = "greedy" if "greedy" in self.game.agent_names else self.game.agent_names[0]
        action = self.game.agent(name).choose(view, legal, random.Random(0))
        reason = _GREEDY_REASON if name == "greedy" else f"the {name} player's choice"
        return Hint(action, action.code(), action.describe(), name, reason)


# ---------------------------------------------------------------------------
# The score calculator


class ScoreController:
    """A pile of cards and the game's score report for it (``game.score``), under a
    preset, the house rules that change a pile's score and, where the game has a
    decision to go on, a number of go-on calls (Koi-Koi calls).

    Cards come from the game's own deck (:func:`game_deck`): ``toggle(card)`` adds or
    removes one, ``set_text("1a 2a 3a")`` sets the whole pile, ``clear()`` empties it.
    A card the deck lacks, or text that names no card, raises
    :class:`~hanafuda_core.errors.UnknownCardError`; a preset, option or number of
    calls the game does not have raises our error too; either way nothing changes.

    Which options the calculator offers, and how many calls, is the game's data
    (``SCORE_OPTIONS`` and ``MAX_CALLS`` in its rules module; none where it has none).
    ``options`` holds only the values changed on top of the preset; choosing another
    preset clears them.

    >>> calc = ScoreController("koikoi", cards="1b 2b 3b 4b")
    >>> calc.total, calc.set_calls(1).total
    (6, 12)
    >>> calc.summary()
    "4 cards under the rulebook's rules, after one Koi-Koi call: 12 points"
    """

    def __init__(self, game: Game | str, preset: str | None = None, cards: Any = (),
                 calls: int = 0, **options: Any) -> None:
        self.game = as_play_game(game, preset, **options)
        self.deck = game_deck(self.game)
        self.cards: tuple[Card, ...] = ()
        self.calls = 0
        if cards:
            self.set_cards(cards)
        if calls:
            self.set_calls(calls)

    # -- the rules -------------------------------------------------------------------
    @property
    def preset(self) -> str:
        return self.game.preset

    @property
    def options(self) -> dict[str, Any]:
        """The options changed on top of the preset."""
        return dict(self.game.options)

    def preset_choices(self) -> tuple[tuple[str, str], ...]:
        """(label for readers, preset) for each preset of the game."""
        return preset_choices(self.game)

    @property
    def score_options(self) -> tuple[str, ...]:
        """The options that change a pile's score, offered by the calculator."""
        from .facts import game_data
        return tuple(game_data(self.game, "SCORE_OPTIONS", ()) or ())

    @property
    def max_calls(self) -> int:
        """The most go-on calls a pile can be scored after (0: the game has none)."""
        from .facts import game_data
        return int(game_data(self.game, "MAX_CALLS", 0) or 0)

    @property
    def go_on_word(self) -> str:
        """What the game calls going on ("Koi-Koi")."""
        words = getattr(self.game.rules, "decision_words", None)
        return str(getattr(words, "go_on", "go-on"))

    def option_rows(self) -> list[tuple[str, str, str, tuple[Any, ...]]]:
        """(key, title, description with its documents named for readers, allowed values)
        for each option the calculator offers."""
        from ..rules import name_sources
        from .facts import option_title
        table = self.game.option_table
        return [(k, option_title(table[k]), name_sources(table[k].description),
                 tuple(table[k].allowed)) for k in self.score_options]

    def option_values(self) -> dict[str, Any]:
        """Every offered option's value in force (the preset's, or the changed one)."""
        if not self.score_options:
            return {}
        adapter: Any = self.game.adapter        # a capture adapter: its rules module
        values = adapter.module.preset_options(self.preset, **self.game.options)
        return {k: values[k] for k in self.score_options}

    # -- changes (each checked first; on error nothing changes) ---------------------
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
        """Set the pile from text ("1a 2a 3a", or card names between commas: "pine
        ribbon, moon", as :func:`~hanafuda_core.cards.parse_cards` reads them) and
        return the score report."""
        if not isinstance(text, str):
            raise UnknownCardError(f"write the cards as text such as '1a 2a 3a', not "
                                   f"{type(text).__name__}")
        self.set_cards(parse_cards(text, extras=True) if text.strip() else ())
        return self.report()

    def toggle(self, card: Any, on: bool | None = None) -> ScoreController:
        """Add ``card`` to the pile, or take it out if it is there (``on`` forces the
        side: True puts it in, False takes it out)."""
        c = self._card(card)
        want = (c not in self.cards) if on is None else bool(on)
        self.cards = tuple(sorted((set(self.cards) | {c}) if want else
                                  (set(self.cards) - {c})))
        return self

    def clear(self) -> ScoreController:
        self.cards = ()
        return self

    def set_preset(self, preset: str) -> ScoreController:
        """Score under another preset (the options changed on top are cleared)."""
        if not isinstance(preset, str) or preset not in dict(
                (p, p) for _label, p in self.preset_choices()):
            raise OptionError(f"unknown {self.game.name} preset {preset!r}; presets: "
                              f"{', '.join(p for _l, p in self.preset_choices())}")
        self._use(_game_with(self.game, preset, {}), self.calls)
        return self

    def set_option(self, key: str, value: Any) -> ScoreController:
        """Change one of the offered options on top of the preset."""
        if key not in self.score_options:
            offered = ", ".join(self.score_options) or "none"
            raise OptionError(f"the calculator offers the options {offered}; not {key!r}")
        value = self.game.option_table[key].check(value)
        self._use(_game_with(self.game, self.preset, {**self.game.options, key: value}),
                  self.calls)
        return self

    def set_calls(self, calls: int) -> ScoreController:
        """Score the pile as if its owner stopped after ``calls`` go-on calls."""
        most = self.max_calls
        if isinstance(calls, bool) or not isinstance(calls, int) or not 0 <= calls <= most:
            if not most:
                raise HanafudaError(f"{self.game.name} has no call to go on: the number "
                                    f"of calls is 0, not {calls!r}")
            raise HanafudaError(f"the number of {self.go_on_word} calls is a whole number "
                                f"from 0 to {most}, not {calls!r}")
        self._use(self.game, calls)
        return self

    def _use(self, game: Game, calls: int) -> None:
        self._score(game, calls)          # raises before anything changes
        self.game, self.calls = game, calls

    # -- answers ---------------------------------------------------------------------
    @property
    def text(self) -> str:
        """The pile as card codes."""
        return " ".join(c.code for c in self.cards)

    def _score(self, game: Game, calls: int) -> Any:
        return game.score(list(self.cards), calls=calls) if calls else \
            game.score(list(self.cards))

    def report(self) -> Any:
        """The game's score report for the pile (``to_text()``, ``to_dict()``)."""
        return self._score(self.game, self.calls)

    @property
    def total(self) -> int:
        return int(self.report().to_dict()["total"])

    def yaku_cards(self) -> tuple[Card, ...]:
        """The cards of the pile that make a yaku these rules count (lit in the view)."""
        return _yaku_cards(self.game, self.cards)

    def summary(self) -> str:
        """One line: how many cards, which rules (:func:`rules_words`), how many calls
        (:func:`~hanafuda_core.play.count_word`), the total."""
        n, total = len(self.cards), self.total
        calls = (f", after {count_word(self.calls)} {self.go_on_word} "
                 f"call{'s' * (self.calls != 1)}" if self.calls else "")
        changed = " with house rules" if self.game.options else ""
        return (f"{counted(n, 'card')} under {rules_words(self.game, self.preset)}"
                f"{changed}{calls}: {counted(total, 'point')}")

    def lines(self) -> tuple[str, ...]:
        """The report in a player's words: card points and par where the game counts
        them, each yaku with its cards and points (and whether these rules count it), the
        multipliers, the sum, and the total. Read from the report's data, so every game's
        report works.

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
        out += [f"×{m['factor']}: {m['reason']}" for m in d.get("multipliers") or ()]
        out += [_words(note) for note in report_notes(d)]     # (card points: said above)
        out.append(f"Total: {d.get('total')}")
        return tuple(out)


# ---------------------------------------------------------------------------
# Replay


@dataclass(frozen=True)
class ReplayStep:
    """One step of a replay: the round and step numbers (from 1), the seat that moved,
    the move's code and words, and the step told in the game's words (what it took,
    what the stock turned up, the yaku formed) where the game's family tells it."""

    round_no: int
    step: int
    seat: int | None
    code: str
    words: str
    told: str = ""
    card: Card | None = None        # the card the move played or took, if any


def _zone_words(zone: str, n: int) -> str:
    """A pile at the deal in words: "8 face up on the field", "24 face down in the
    stock" (the rest of the deck, whatever the engine calls it), "6 set aside"."""
    where = {"field": "face up on the field", "stock": "face down in the stock",
             "undealt": "face down in the stock", "deck": "face down in the stock",
             "wall": "face down in the stock", "aside": "set aside face down",
             "field face down": "face down on the field"}.get(zone, f"in the {zone}")
    return f"{counted(n, 'card')} {where}"


#: The most rounds a replayed computer game may be asked to last.
MAX_ROUNDS = 12


class ReplayController:
    """Step through a record: ``first()``, ``back()``, ``next()``, ``last()``, ``go(i)``.

    ``record`` is a :class:`~hanafuda_core.play.Record` (a round you played, a saved
    game); without one, a seeded game between computer players (``agents``, one per
    seat; default: greedy players, as few as the game allows) is played, ``rounds``
    long (default: the game's own length), and replayed. ``position`` is (round index,
    actions done); ``state`` the round at that point, ``describe()`` the current step
    in words and ``words()`` what has happened in the round so far. Bad input (a seed,
    a player, a number of rounds, a record) raises our error before anything is built.
    """

    def __init__(self, record: Record | None = None, *, game: Game | str | None = None,
                 seed: int = 1, agents: Sequence[str] | None = None,
                 rounds: int | None = None, title: str | None = None,
                 preset: str | None = None, **options: Any) -> None:
        if record is None:
            if game is None:
                raise HanafudaError("give a record to replay, or a game to play one")
            g = as_play_game(game, preset, **options)
            seed = check_seed(seed)
            lengths = getattr(g.adapter, "game_lengths", None)     # (Hachi-Hachi: 6 or 12)
            if rounds is not None and (isinstance(rounds, bool) or not isinstance(rounds, int)
                                       or not 1 <= rounds <= MAX_ROUNDS
                                       or (lengths and rounds not in lengths)):
                allowed = (" or ".join(map(str, sorted(lengths))) if lengths
                           else f"from 1 to {MAX_ROUNDS}")
                raise HanafudaError(f"a replayed {g.name} game has {allowed} "
                                    f"{g.round_word}, not {rounds!r}")
            quick = "greedy" if "greedy" in g.agent_names else g.agent_names[0]
            names = list(agents) if agents else [quick] * g.players[0]
            record = g.play(names, seed=seed, rounds=rounds)
        if not isinstance(record, Record):
            raise HanafudaError(f"a replay needs a game record, not {type(record).__name__}")
        from ..registry import get_game
        self.game = get_game(record.game, record.preset, **record.options)
        self.record = record
        self.names = [self._name(p) for p in range(record.players)]
        if title is None:
            who = " vs ".join(map(agent_name, record.agents)) if record.agents else ""
            title = " · ".join(t for t in (f"Seed {record.seed}" if record.seed is not None
                                           else "", table_label(self.game, record.players),
                                           who) if t)
        self.title = title
        # every state of every round (the whole record is checked before stepping)
        self._states: list[list[Round]] = [list(r) for r in self.game.round_states(record)]
        self._steps: list[list[ReplayStep]] = [
            self._walk(i, states, rr) for i, (states, rr) in
            enumerate(zip(self._states, record.rounds, strict=True))]
        self.round_index = 0
        self.index = 0

    def _name(self, seat: int) -> str:
        """A seat's name for sentences: "You" for the human of a played round, else
        "Player 2 (simple player)"."""
        agents = self.record.agents
        agent = agents[seat] if seat < len(agents) else ""
        if agent == "you":
            return "You"
        return f"Player {seat + 1}" + (f" ({agent_name(agent)})" if agent else "")

    def _walk(self, i: int, states: Sequence[Round], rr: RoundRecord) -> list[ReplayStep]:
        """Round ``i``'s recorded actions, each in words, from its states."""
        steps = []
        for n, (s, after, code) in enumerate(zip(states[:-1], states[1:], rr.actions, strict=True),
                                             start=1):
            action = next((a for a in s.legal_actions() if a.code() == code), None)
            words = action.describe() if action is not None else code
            told = _told(self.game, "step_words", s, action, after, self.names) \
                if action is not None else None
            card = LegalMove(action, code, words).card if action is not None else None
            steps.append(ReplayStep(i + 1, n, s.current_player, code, words, told or "",
                                    card))
        return steps

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
    def final(self) -> Round:
        """The current round at its last recorded action."""
        return self._states[self.round_index][-1]

    @property
    def step(self) -> ReplayStep | None:
        """The last step done (None at the start of a round)."""
        return self._steps[self.round_index][self.index - 1] if self.index else None

    def steps(self) -> tuple[ReplayStep, ...]:
        """Every step of the current round done so far."""
        return tuple(self._steps[self.round_index][:self.index])

    def who(self, seat: int | None) -> str:
        """A seat's name (:meth:`_name`: "You", "Player 2 (simple player)"), or
        "nobody"."""
        if seat is None:
            return "nobody"
        return self.names[seat] if seat < len(self.names) else f"Player {seat + 1}"

    def _line(self, s: ReplayStep) -> str:
        return s.told or f"{_words(self.who(s.seat))}: {s.words}"

    def words(self) -> tuple[str, ...]:
        """The round so far in words: one line per step."""
        return tuple(f"{s.step}. {self._line(s)}" for s in self.steps())

    def describe(self) -> str:
        """The current step in words; at the deal, who deals and what lies where."""
        step = self.step
        if step is not None:
            return self._line(step)
        s = self.state
        zones = s.zones()
        hands = {int(z.split()[1]): len(ids) for z, ids in zones.items()
                 if z.startswith("hand ")}
        if len(set(hands.values())) == 1:
            held = f"each player holds {counted(next(iter(hands.values())), 'card')}"
        else:
            held = and_list(subject(self.who(p), "hold", start=False) + " "
                            + counted(n, "card") for p, n in hands.items())
        counts = and_list(_zone_words(z, len(ids)) for z, ids in zones.items()
                          if not z.startswith(("hand ", "captures")) and ids)
        text = f"The deal: {held}" + (f"; {counts}" if counts else "") + "."
        told = _told(self.game, "deal_words", s, self.names)
        return " ".join([text, *(told or ())])

    def yaku(self) -> list[tuple[str, list[str]]]:
        """(seat's name, yaku held) at the current step, for each seat, where the game's
        family says which yaku a pile holds; else []."""
        out = []
        for p, name in enumerate(self.names):
            held = _told(self.game, "held_yaku", self.state, p)
            if held is None:
                return []
            out.append((name, list(held)))
        return out

    def table(self, hide: Iterable[int] = ()) -> tuple[TableRow, ...]:
        """Every zone at this point, all cards face up but the hands of the seats in
        ``hide``; the card of the last move and each pile's yaku lit."""
        step = self.step
        lit = (step.card,) if step is not None and step.card is not None else ()
        return table_rows(self.game, self.state, None, [n.lower() if n == "You" else n
                                                        for n in self.names],
                          hide=tuple(hide), lit=lit)

    def result_text(self) -> str:
        """How the round ended, in words, once it is over at this step ('' before)."""
        outcome = self.state.result()
        if outcome is None:
            return ""
        who = ("nobody wins" if outcome.winner is None else winners_text(
            outcome.winner, [self.who(p) for p in range(len(outcome.points))],
            teams_of(self.game)))
        why = _seat_words(reason_words(outcome.reason, getattr(self.game.rules,
                                                              "decision_words", None)),
                          self.names)
        points = ", ".join(f"{self.who(p)} {amount_text(self.game, v)}"
                           for p, v in enumerate(outcome.points))
        return f"Round {self.round_index + 1}: {who} ({why}). Points: {points}."

    def report(self) -> Any | None:
        """The engine's explained score of the round, once it is over at this step."""
        outcome = self.state.result()
        return None if outcome is None else getattr(outcome.detail, "report", None)

    def report_lines(self) -> tuple[str, ...]:
        """The finished round's report in words with the replay's names, where the
        game's family tells it (a settlement); else ()."""
        if self.state.result() is None:
            return ()
        return tuple(_told(self.game, "report_words", self.state, self.names) or ())

    # -- moving --------------------------------------------------------------------
    def go(self, index: int, round_index: int | None = None) -> ReplayController:
        """Go to step ``index`` (0: the deal) of round ``round_index`` (from 0)."""
        r = self.round_index if round_index is None else round_index
        if isinstance(r, bool) or not isinstance(r, int) or not 0 <= r < self.rounds:
            shown = r + 1 if type(r) is int else repr(r)
            raise HanafudaError(f"the record has rounds 1 to {self.rounds}, not {shown}")
        n = len(self._steps[r])
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index <= n:
            raise HanafudaError(f"round {r + 1} has steps 0 to {n}, not {index!r}")
        self.round_index, self.index = r, index
        return self

    def select_round(self, round_index: int) -> ReplayController:
        """The deal of round ``round_index`` (from 0)."""
        return self.go(0, round_index)

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

