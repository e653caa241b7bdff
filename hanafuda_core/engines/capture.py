"""The capture engine: one immutable state machine for the match-and-capture games.

Rules are data (:class:`CaptureRules`); a game supplies values and, where the
data cannot say it, a small hook object. The engine itself knows only the
shared capture turn of the rulebook's basics (BOOK ch. 3):

1. *Hand phase*: play a card. No field card of its month: it joins the field.
   One: capture it. Two: the player chooses which (phase
   ``CHOOSE_HAND_CAPTURE``). Three (a *hiki*): take all three.
2. *Draw phase*: the top stock card is flipped automatically and resolved the
   same way (``CHOOSE_DRAW_CAPTURE`` if it has two matches). If it matches only
   the pair just made in phase 1, BOOK leaves the drawn card on the field;
   ``pair_then_draw="stack"`` (Min-Hwatu, Go-Stop) puts the pair back and the
   three stay as a hiki.
3. *Capture phase*: the turn's captures join the player's (or team's) pile.
   If the rules have a stop/continue overlay and the pile formed a new or
   better yaku, the player decides (phase ``DECIDE``: ``GoOn()`` / ``Stop()``, which each
   game names in its own words: ``CaptureRules.decision_words``, a :class:`DecisionWords`).

Everything is immutable: :func:`apply` returns a new :class:`State` and raises
:class:`~hanafuda_core.errors.IllegalActionError` (a message that teaches the
rule) without touching the old one. The deal is a recorded chance event
(:class:`DealRecord`: the shuffled order, the dealer, and every voided deal),
so :func:`replay` rebuilds any round exactly. Players see a :class:`PlayerView`.

How future games plug in (not implemented here, the fields are reserved):

* **Deck, deal, misdeals**: ``deck``, ``deals`` (per player count),
  ``misdeal`` (:class:`~hanafuda_core.deal.MisdealRules`) and what each pattern
  does: ``on_field_four`` / ``on_hand_four`` / ``on_four_pairs`` take
  ``"redeal"``, ``"redeal_next_dealer"``, ``"instant_win"``, ``"dealer_wins"``,
  ``"dealer_captures"`` or ``"play_on"``.
* **Teams**: ``teams`` maps seats to sides whose captures are pooled.
* **Stop/continue overlay** (``overlay``): an object with
  ``decision_needed``, ``decision_actions``, ``settle``, ``settle_draw``,
  ``settle_instant`` (see :class:`NoOverlay`). Koi-Koi's lives in
  :mod:`hanafuda_core.games.koikoi`, Hachi-Hachi's in
  :mod:`hanafuda_core.games.hachihachi_play`. The decisions are the engine's
  neutral :class:`GoOn` / :class:`Stop`; ``decision_words`` (a :class:`DecisionWords`)
  says what the game calls them (Koi-Koi / Stop, Continue / End, Go / Stop).
* **Wild cards** (``wild``: a :class:`WildRules` value): what one card may take
  from the hand or the stock, what may take it on the field, the last-card
  sweep and who gets the leftovers. Mushi's Storm (:data:`MUSHI_WILD`, also
  Koi-Koi's "Storm is Wild" and "Brewing Storm"), Six Hundred's (any card may
  take the wild lying on the field) and Oni Koi-Koi's (wild from the hand only if
  shown at the deal: ``reveal``, with a :class:`ShowCards` declaration) are played,
  and so is Higo-Bana's (B1, B2): a wild that may be left on the field (``optional``:
  :class:`Pass` beside the targets), one discarded when dealt to the field, and the
  announced hiki (``CaptureRules.announced_hiki``: ``Declare("hiki", cards)`` in phase
  ``PLAY`` takes all four cards of a month; ``WildRules.hiki="announced"``: the wild
  never takes a field card of a month whose other cards are all in one other side's
  hand, the holder announcing for it).
  Without a wild the turn runs the plain code above; every wild move is also
  logged as a :class:`WildEvent` in ``State.wild_log`` (for narration).
* **Declarations at the deal** (``declarations``, a :class:`Declarations` value; A1):
  after the deal each seat in play order may show cards from its hand
  (phase ``DECLARE``: :class:`Declare` / :class:`Pass`) before the dealer's first
  play: Hachi-juu Hana's dealt triples (:class:`MonthSets`), Six Hundred's hand
  combinations, Oni Koi-Koi's wild (:class:`ShowCards`). ``State.declared`` keeps
  them; they are public in the :class:`PlayerView`.
* **Capture relation** (``capture_relation``, a :class:`CaptureRelation`): which
  field cards a played or drawn card may take. None is the usual same month (the
  turn reads ``MONTH_MASKS``, unchanged); Hachi (Simplified) takes the three
  following months, Hachi its chart ((m + n) mod 5 = 3). Every "what can this card
  take" reads ``CaptureRules.take_masks``: the turn, the choices, :func:`play_options`,
  narration and the coach. With several months to take from, the player chooses one
  card; a hiki (three of a month on the field) is taken whole when chosen, and
  without a choice when it is the only candidate.
* **Bonus cards** (``bonus``, a :class:`BonusCards`; G1, Go-Stop's Jokers, ids 49-54):
  extra cards of no month, never matched and never left on the field. Dealt to the field,
  one goes to the dealer's pile and the stock refills the field (a deal event); played
  from the hand (``Play(Extra.JOKER_1)``, ``"play j1"``), it goes to the pile and the top
  stock card is played in its place as the hand card; turned up, it goes to the drawer's
  pile and the next card is turned up. Each costs one more stock card, so hands and stock
  still end together (a bonus card left at the bottom goes to the next, empty-handed,
  player's draw). Its Chaffs are counted by the yaku table (``chaff_weights``);
  ``magnet`` and ``unlucky`` are Go-Stop's Chaff Magnet and Unlucky Joker. Without bonus
  cards the turn pays one test per turn (the masks of the 48 cards are unchanged).
* **Teyaku** (hand combinations, Hachi-Hachi, Six Hundred) and **par scoring**
  (``par``: card points against 88, 115, 80...) and **payments** (a zero-sum
  ledger with per-loser penalties) are settled by the overlay at round end from
  the state's hands, piles and the deal record.
* **Point burdens** (``burdens``, B14: Sudaoshi): each seat carries a burden, its par
  for the round; round 1 gives them from the dealer in play order, later rounds by the
  previous round's scores (:func:`~hanafuda_core.families.capture.ranking.next_burdens`).
  They are kept in the :class:`DealRecord` (``State.burdens``), so replays are exact.
* **Rules chosen per round** (``round_rules``, a :class:`RoundRules`; B12): a round may
  play under rules made for it (:func:`rules_for_round`): from a fact of the deal (Oni
  Koi-Koi's Yaku of the Month reads the round's number) or the dealer's choice before
  the first play (phase ``CHOOSE_RULES``, a :class:`Choose`; Tensho's yaku set, kept in
  :attr:`DealRecord.choice`). ``State.rules`` are the round's; ``CaptureRules.game``
  names the game's own (:func:`game_rules`), from which :func:`next_round` deals.

Internally the state keeps ints: hands, field and piles are 48-bit masks
(``CardSet.from_mask`` gives the readable sets), the stock is a tuple of card
ids with a position. The turn is written once (``_turn``): :func:`apply` runs it
on local ints and builds one new state per action, so stepping the public API
(:func:`legal_actions` + :func:`apply`) is the fast path too; random rounds
(:func:`fast_random_round`), greedy agents and the coach's rollouts all step it.
Odd input is refused with our own errors: a deal order that is not the deck
(:class:`DealOrderError`), an action that is malformed or names no card
(:class:`~hanafuda_core.errors.IllegalActionError`).
"""

from __future__ import annotations

import random
import struct
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import IntEnum
from functools import cached_property
from operator import itemgetter
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from ..cards import (
    CARD_INFO,
    DECK,
    KIND_MASKS,
    MONTH_MASKS,
    MONTH_NAMES,
    MONTH_ORDERS,
    Card,
    CardSet,
    Extra,
    Kind,
)
from ..cards import mask_cards as _bits
from ..deal import MisdealRules
from ..errors import (
    HanafudaError,
    IllegalActionError,
    OptionError,
    PlayerCountError,
    check_seat,
    shown,
)
from ..frozen import quick_init, without_caches
from ..rules import Source

if TYPE_CHECKING:
    from ..cards import AnyCard
    from ..yaku import QuickResult, Signature

__all__ = [
    "ACCEPT_DRAW", "ASK_DRAW", "REFUSE_DRAW", "AcceptDraw", "AskDraw", "RefuseDraw",
    "Phase", "Play", "Capture", "GoOn", "Stop", "GO_ON", "STOP", "DecisionWords",
    "NEUTRAL_WORDS", "Action", "parse_action",
    "CaptureRules", "RoundRules", "Choose", "rules_for_round", "game_rules",
    "ROUND_ENDS", "NoOverlay", "DealRecord", "VoidedDeal", "RoundResult", "State",
    "PlayerView", "new_round", "deal_from_order", "setup_state", "position_state",
    "legal_actions", "apply",
    "view", "next_round", "next_dealer", "game_over", "totals_after", "replay",
    "agent_choices", "fast_random_round", "play_options", "shuffle_order", "DealOrderError",
    "check_order",
    "WildRules", "WildEvent", "MUSHI_WILD", "BonusCards", "jokers_with_stack",
    "SIX_HUNDRED_WILD", "ONI_WILD", "HIGO_BANA_WILD",
    "Declare", "Pass", "PASS", "Declarations", "MonthSets", "ShowCards", "declared_by",
    "wild_revealed",
    "doubled_yaku", "CaptureRelation", "SAME_MONTH", "losers_pay",
]


# ---------------------------------------------------------------------------
# Phases and actions

class Phase(IntEnum):
    PLAY = 0                    # play a card from the hand
    CHOOSE_HAND_CAPTURE = 1     # the played card matches two field cards: pick one
    CHOOSE_DRAW_CAPTURE = 2     # the drawn card matches two field cards: pick one
    DECIDE = 3                  # a new or better yaku: go on (GoOn) or Stop
    ROUND_OVER = 4
    DECLARE = 5                 # after the deal: show cards from the hand (Declare) or Pass
    CHOOSE_RULES = 6            # B12: the dealer chooses the round's rules (Choose)
    DRAW_VOTE = 7               # G9: the others vote on a requested Draw (state.voter acts)


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card from the hand (a bonus card, G1: its :class:`~hanafuda_core.cards.Extra`
    id, e.g. ``"play j1"``)."""
    card: Card

    def code(self) -> str:
        return f"play {_code(self.card)}"

    def describe(self) -> str:
        if self.card >= 48:
            return f"play {Extra(self.card).title} into your pile"
        return f"play the {CARD_INFO[self.card].name}"


@dataclass(frozen=True, slots=True)
class Capture:
    """Choose which of two matching field cards to capture."""
    card: Card

    def code(self) -> str:
        return f"capture {Card(self.card).code}"

    def describe(self) -> str:
        return f"capture the {CARD_INFO[self.card].name}"


@dataclass(frozen=True, slots=True)
class DecisionWords:
    """What a game calls the engine's decisions, in the words its players say.

    The engine's decision actions are neutral (:class:`GoOn`, :class:`Stop`); a game's
    rules carry these words (``CaptureRules.decision_words``), :func:`legal_actions` hands
    out the decisions named in them, and every text a player reads (``describe``,
    narration, hints, buttons, the CLI) uses them: Koi-Koi says "Koi-Koi" / "Stop",
    the rulebook's Hachi-Hachi "Continue" / "End" / "Cancel", the first Japanese
    rules "Sage" / "Stop". ``cancel`` is the word for calling off an earlier go-on,
    or ``""`` where the game has no such call.
    """

    go_on: str = "Go on"
    stop: str = "Stop"
    cancel: str = ""

    def word(self, action: GoOn | Stop | str) -> str:
        """The game's word for a decision: a :class:`GoOn` or :class:`Stop`, or its
        code (``"koikoi"``, ``"stop"``)."""
        decision = parse_action(action) if isinstance(action, str) else action
        if isinstance(decision, GoOn):
            return self.go_on
        if isinstance(decision, Stop):
            return self.stop
        raise IllegalActionError(f"{decision!r} is not a decision: GoOn() or Stop(), or the "
                                 "code 'koikoi' or 'stop'")

    def named(self, actions: tuple[Action, ...]) -> tuple[Action, ...]:
        """``actions`` with each decision named in these words (others unchanged)."""
        return tuple(GoOn(self.go_on) if type(a) is GoOn else Stop(self.stop)
                     if type(a) is Stop else a for a in actions)


#: The engine's own words, for rules that name no others.
NEUTRAL_WORDS = DecisionWords()


@dataclass(frozen=True, slots=True)
class GoOn:
    """Go on playing after forming a yaku. ``word`` is what the game calls it
    (Koi-Koi's "Koi-Koi", Hachi-Hachi's "Continue": :class:`DecisionWords`); it is
    not compared, so every ``GoOn`` is the same action. Its record code is
    ``"koikoi"``, the word the record format has always written."""
    word: str = field(default=NEUTRAL_WORDS.go_on, compare=False)

    def code(self) -> str:
        return "koikoi"

    def describe(self) -> str:
        if self.word == NEUTRAL_WORDS.go_on:
            return "go on"
        return f"call {self.word} (go on)"


@dataclass(frozen=True, slots=True)
class Stop:
    """End the round and score. ``word`` is what the game calls it (not compared)."""
    word: str = field(default=NEUTRAL_WORDS.stop, compare=False)

    def code(self) -> str:
        return "stop"

    def describe(self) -> str:
        return f"call {self.word}"


# -- A1: declarations at the deal ------------------------------------------------

@dataclass(frozen=True, slots=True)
class Declare:
    """Show cards from the hand after the deal, before the first play (phase
    ``DECLARE``). ``key`` names what is declared in the game's terms (``"triple"``, a
    hand combination's key, ``"wild"``), ``cards`` the cards shown (sorted; they stay in
    the hand and are public from now on). Its record code is ``"declare <key> <cards>"``."""
    key: str
    cards: tuple[Card, ...]

    def code(self) -> str:
        return f"declare {self.key} " + " ".join(Card(c).code for c in self.cards)

    def describe(self) -> str:
        names = [CARD_INFO[c].name for c in self.cards]
        shown = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        if self.key == HIKI:
            return (f"announce hiki with the {shown}: take all four "
                    f"{MONTH_NAMES[self.cards[0] >> 2]} cards")
        return f"show the {shown} ({self.key.replace('_', ' ')})"


#: The key of the announced hiki (B1): ``Declare(HIKI, cards)`` in phase ``PLAY``.
HIKI = "hiki"
#: The key of a bomb (G3): ``Declare("bomb", three hand cards)`` in phase PLAY.
BOMB = "bomb"


@dataclass(frozen=True, slots=True)
class Pass:
    """Declare nothing (more) after the deal: the next seat declares, or play begins.
    Under an optional wild (``WildRules.optional``, B2) it is also the choice to leave
    the wild on the field instead of taking a card with it."""

    def code(self) -> str:
        return "pass"

    def describe(self) -> str:
        return "declare nothing more"


PASS = Pass()


@dataclass(frozen=True, slots=True)
class Choose:
    """The dealer's choice of the round's rules (phase ``CHOOSE_RULES``, B12): ``key``
    names what is chosen (``"yaku_set"``), ``value`` one of :attr:`RoundRules.choices`.
    Its record code is ``"choose <key> <value>"``; ``label`` names the choice for a player
    (``"Set Two"``; not compared, not recorded)."""
    key: str
    value: str
    label: str = field(default="", compare=False)

    def code(self) -> str:
        return f"choose {self.key} {self.value}"

    def describe(self) -> str:
        if self.label:
            return f"choose {self.label} for this round"
        return f"choose {self.key.replace('_', ' ')} {self.value.replace('_', ' ')}"


@dataclass(frozen=True, slots=True)
class AskDraw:
    """G9: ask the others for a Draw at the start of one's turn (the hand becomes public)."""

    def code(self) -> str:
        return "ask draw"

    def describe(self) -> str:
        return "ask for a Draw"


@dataclass(frozen=True, slots=True)
class AcceptDraw:
    """G9: accept the Draw asked for (all the others accepting ends the round)."""

    def code(self) -> str:
        return "accept draw"

    def describe(self) -> str:
        return "accept the Draw"


@dataclass(frozen=True, slots=True)
class RefuseDraw:
    """G9: refuse the Draw asked for (play goes on; the refuser is recorded)."""

    def code(self) -> str:
        return "refuse draw"

    def describe(self) -> str:
        return "refuse the Draw"


ASK_DRAW = AskDraw()
ACCEPT_DRAW = AcceptDraw()
REFUSE_DRAW = RefuseDraw()
_DRAW_CODES: dict[str, AskDraw | AcceptDraw | RefuseDraw] = {
    "ask draw": ASK_DRAW, "accept draw": ACCEPT_DRAW, "refuse draw": REFUSE_DRAW}
_VOTE_WORD = {AskDraw: "ask", AcceptDraw: "accept", RefuseDraw: "refuse"}


Action = (Play | Capture | GoOn | Stop | Declare | Pass | Choose | AskDraw | AcceptDraw
          | RefuseDraw)

#: ``PLAY[c]``: the Play of card id ``c``, the 48 cards and the extras (48-54: bonus cards).
PLAY: tuple[Play, ...] = tuple(Play(c) for c in DECK) + tuple(Play(cast(Card, x))
                                                             for x in Extra)
CAPTURE: tuple[Capture, ...] = tuple(Capture(c) for c in DECK)
GO_ON = GoOn()
STOP = Stop()


#: The words read as a go-on: the written code ``"koikoi"`` and its spellings.
_GO_ON_CODES = frozenset(("koikoi", "koi-koi", "koi", "go on", "go-on", "goon"))


def _code(card: int) -> str:
    """A card's code: ``"3a"``, or an extra's (``"j1"``, G1)."""
    return Card(card).code if card < 48 else Extra(card).code


def parse_action(text: str | Action) -> Action:
    """Read an action from its code: ``"play 3a"``, ``"capture 3b"``, ``"koikoi"`` (a go-on;
    ``"go on"`` is read too), ``"stop"``."""
    if isinstance(text, (Play, Capture, GoOn, Stop, Declare, Pass, Choose, AskDraw,
                         AcceptDraw, RefuseDraw)):
        return text
    from ..cards import parse_card
    low = " ".join(str(text).strip().lower().split())
    if low in _GO_ON_CODES:
        return GO_ON
    if low == "stop":
        return STOP
    if low == "pass":
        return PASS
    if low in _DRAW_CODES:                  # G9: 'ask draw', 'accept draw', 'refuse draw'
        return _DRAW_CODES[low]
    words = low.split(None, 1)
    if words and words[0] == "choose":
        parts = low.split()
        if len(parts) == 3:
            return Choose(parts[1], parts[2])
        raise IllegalActionError(f"cannot read the choice {text!r}; write 'choose <what> "
                                 "<value>', e.g. 'choose yaku_set two'")
    if words and words[0] == "declare":
        parts = low.split()
        if len(parts) >= 3:
            return Declare(parts[1], tuple(sorted(Card(parse_card(c)) for c in parts[2:])))
        raise IllegalActionError(f"cannot read the declaration {text!r}; write 'declare "
                                 "<what> <cards>', e.g. 'declare triple 3a 3b 3c', or 'pass'")
    if len(words) == 2 and words[0] in ("play", "capture", "take"):
        card = parse_card(words[1], extras=True)                  # G1: 'play j1'
        if words[0] == "play":
            return PLAY[card]
        if card >= 48:
            raise IllegalActionError(f"{text!r}: a Joker is never taken from the field; it "
                                     "goes to a pile as soon as it is played or drawn")
        return CAPTURE[card]
    raise IllegalActionError(f"cannot read the action {shown(text)}; write 'play <card>', "
                             "'capture <card>', 'declare <what> <cards>', 'pass', or a "
                             "decision the game asks for ('stop', or 'koikoi' to go on)")


# ---------------------------------------------------------------------------
# Rules as data

class NoOverlay:
    """The plain capture game: no decisions; the round plays out and nobody scores.

    A game with a stop/continue rule supplies an object with these methods.
    """

    def decision_needed(self, rules: CaptureRules, old_sig: Signature, new_sig: Signature,
                        total: int) -> bool:
        return False

    def decision_actions(self, state: State) -> tuple[Action, ...]:
        return (STOP,)

    def settle(self, state: State, winner: int) -> RoundResult:
        return RoundResult(winner, tuple(0 for _ in range(state.rules.players)), "stop")

    def settle_draw(self, state: State) -> RoundResult:
        return RoundResult(None, tuple(0 for _ in range(state.rules.players)), "draw")

    def settle_instant(self, state: State, winner: int, reason: str) -> RoundResult:
        return RoundResult(winner, tuple(0 for _ in range(state.rules.players)), reason)

    def settle_event(self, state: State, winner: int, reason: str) -> RoundResult:
        """A round a special event ended (G5, G11: ``"three_hiki"``): its maker wins,
        nobody scores beyond the events' own points."""
        return RoundResult(winner, tuple(0 for _ in range(state.rules.players)), reason)


#: How a round ends: ``"all_cards"`` (the basics: every card played and drawn),
#: ``"hands_empty"`` (when the hands are empty, the stock left over: Shorter Rounds) or
#: ``"first_yaku"`` (also at once when a side's pile makes its first yaku: the maker's
#: turn is complete, the overlay's ``settle`` scores the round with the maker as its
#: winner, and the cards still in hands, field and stock are nobody's: Hana-Awase 2).
ROUND_ENDS = ("all_cards", "hands_empty", "first_yaku")


# -- A1: what a seat may declare at the deal ---------------------------------------

class Declarations:
    """What a seat may declare after the deal (A1; ``CaptureRules.declarations``).

    With declarations in the rules, a round opens in phase ``DECLARE``: each seat in
    play order from the dealer that has something to declare shows cards from its hand
    (:class:`Declare`, one at a time, as long as :meth:`offers` lists any) until it
    passes (:class:`Pass`); then the dealer plays the first card. Seats with nothing to
    declare are skipped. Declared cards stay in the hand, are public in the
    :class:`PlayerView` and are kept in ``State.declared`` and the history, so
    :func:`replay` and the records rebuild them. A game gives one of the values below
    (:class:`MonthSets`, :class:`ShowCards`) or a subclass of its own (Six Hundred's
    hand combinations): only :meth:`offers` is needed.
    """

    #: the game's word for declaring ("reveal", "show", "claim"), for narration
    verb: str = "declare"
    #: whether declared cards stay face up in the hand until played (the view lists them
    #: as known to be there); False: hidden again after the declaration (Sudaoshi
    #: without its Open Hand variation), the declarations themselves stay public
    open_hand: bool = True

    def offers(self, hand: int, shown: tuple[Declare, ...]) -> tuple[Declare, ...]:
        """The declarations open to a hand (a mask) after the seat's declarations ``shown``
        so far, sorted (an empty tuple: nothing more to declare)."""
        raise NotImplementedError

    def doubled_rules(self, shown: tuple[Declare, ...]) -> frozenset[str]:
        """The yaku (rule keys) that a side's declarations make worth double (none)."""
        return frozenset()


@dataclass(frozen=True)
class MonthSets(Declarations):
    """Declare ``count`` cards of one month held together (Hachi-juu Hana's dealt
    triples, BOOK 1541-1549: a month of exactly three cards, several may be shown).

    ``doubles`` is the key of the yaku a declared month makes worth double, with
    ``{month}`` for its number (``"month_{month}"``), or "" for none."""

    count: int = 3
    key: str = "triple"
    verb: str = "reveal"
    doubles: str = ""
    source: Source | None = None

    def offers(self, hand: int, shown: tuple[Declare, ...]) -> tuple[Declare, ...]:
        done = {d.cards for d in shown}
        out = []
        for mm in MONTH_MASKS:
            m = hand & mm
            if m.bit_count() == self.count:
                d = Declare(self.key, tuple(Card(c) for c in _bits(m)))
                if d.cards not in done:
                    out.append(d)
        return tuple(out)

    def doubled_rules(self, shown: tuple[Declare, ...]) -> frozenset[str]:
        if not self.doubles:
            return frozenset()
        return frozenset(self.doubles.format(month=(int(d.cards[0]) >> 2) + 1)
                         for d in shown if d.key == self.key)


@dataclass(frozen=True)
class ShowCards(Declarations):
    """Declare single cards by showing them (Oni Koi-Koi's Phoenix, wild only if shown at
    the start, BOOK 2149): each of ``cards`` held and not yet shown is one offer."""

    cards: tuple[Card, ...] = ()
    key: str = "wild"
    verb: str = "show"
    source: Source | None = None

    def offers(self, hand: int, shown: tuple[Declare, ...]) -> tuple[Declare, ...]:
        done = {c for d in shown for c in d.cards}
        return tuple(Declare(self.key, (Card(c),)) for c in sorted(self.cards)
                     if hand >> c & 1 and c not in done)


_MISDEAL_OUTCOMES = ("redeal", "redeal_next_dealer", "instant_win", "dealer_wins",
                     "dealer_captures", "play_on")


# ---------------------------------------------------------------------------
# Capture relation (issue 10): which months a card may take


@dataclass(frozen=True)
class CaptureRelation:
    """Which field cards a played or drawn card may take, by month, as data.

    ``takes`` holds twelve masks: ``takes[i]`` is the cards a card of month ``i + 1``
    may take. Build one with :meth:`from_chart` (a chart as printed),
    :meth:`following` (each month takes the next ``k``, wrapping) or :meth:`modular`
    (``m`` takes ``n`` when ``(m + n) % modulus == remainder``).

    >>> CaptureRelation.following(3).months(10)
    (11, 12, 1)
    >>> CaptureRelation.modular(5, 3).months(4)
    (4, 9)
    >>> CaptureRelation.from_chart("x", {1: (2,)}).months(2)
    ()
    """

    name: str
    takes: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(self.takes) != 12 or any(not isinstance(t, int) or t < 0 or t >> 48
                                         for t in self.takes):
            raise ValueError("CaptureRelation.takes must be twelve 48-bit card masks")

    @classmethod
    def from_chart(cls, name: str, chart: Mapping[int, Iterable[int]]) -> CaptureRelation:
        """From a chart {month: months it takes} (months 1-12; a month left out takes
        nothing)."""
        takes = [0] * 12
        for m, targets in chart.items():
            for n in (m, *targets):
                if not isinstance(n, int) or not 1 <= n <= 12:
                    raise ValueError(f"capture chart of {name}: {n!r} is not a month (1-12)")
            for n in targets:
                takes[m - 1] |= MONTH_MASKS[n - 1]
        return cls(name, tuple(takes))

    @classmethod
    def following(cls, k: int) -> CaptureRelation:
        """Each month takes the ``k`` months after it, December wrapping to January."""
        if not 1 <= k <= 11:
            raise ValueError("a month may take from 1 to 11 following months")
        return cls.from_chart(f"the {k} following months",
                              {m: [(m - 1 + d) % 12 + 1 for d in range(1, k + 1)]
                               for m in range(1, 13)})

    @classmethod
    def modular(cls, modulus: int, remainder: int) -> CaptureRelation:
        """Month ``m`` takes month ``n`` when ``(m + n) % modulus == remainder``."""
        if modulus < 1 or not 0 <= remainder < modulus:
            raise ValueError("modular capture relation: need modulus >= 1 and "
                             "0 <= remainder < modulus")
        return cls.from_chart(f"months summing to {remainder} modulo {modulus}",
                              {m: [n for n in range(1, 13) if (m + n) % modulus == remainder]
                               for m in range(1, 13)})

    def months(self, month: int) -> tuple[int, ...]:
        """The months (1-12) a card of ``month`` may take, in calendar order from it."""
        t = self.takes[month - 1]
        order = [(month - 1 + d) % 12 for d in range(12)]
        return tuple(i + 1 for i in order if t & MONTH_MASKS[i])

    def chart(self) -> dict[int, tuple[int, ...]]:
        """The relation as a chart {month: months it takes}, months in calendar order."""
        return {m: tuple(sorted(self.months(m))) for m in range(1, 13)}

    @cached_property
    def takers(self) -> tuple[int, ...]:
        """``takers[i]``: the cards that may take a card of month ``i + 1``."""
        return tuple(sum(MONTH_MASKS[j] for j in range(12) if self.takes[j] & MONTH_MASKS[i])
                     for i in range(12))

    def may_take(self, card: int, target: int) -> bool:
        """Whether ``card`` (an id) may take ``target`` (an id) by this relation."""
        return bool(self.takes[card >> 2] >> target & 1)


#: The usual relation (a card takes its own month), as a value for charts and tests.
SAME_MONTH = CaptureRelation("same month", MONTH_MASKS)


class SpecialEvent(NamedTuple):
    """One special event of a turn (G5): who made it, what it was (a key of
    :data:`EVENT_NAMES`), the Chaff cards taken from the opponents (a mask) and the
    points each opponent paid at once."""

    seat: int
    kind: str
    chaffs: int = 0
    points: int = 0
    #: G1 (Unlucky Joker): the bonus cards left on the field with a stack of three (a
    #: mask) and the stack's month index (0-11), -1 otherwise
    left: int = 0
    month: int = -1

    def describe(self) -> str:
        what = EVENT_NAMES[self.kind]
        got = []
        if self.chaffs:
            got.append("takes " + ", ".join(_name(c) for c in _ids_of(self.chaffs)))
        if self.points:
            got.append(f"takes {self.points} points from each opponent")
        if self.left:
            got.append(" and ".join(_name(c) for c in _ids_of(self.left))
                       + f" stays with the {MONTH_NAMES[self.month]} stack")
        return f"player {self.seat + 1}: {what}" + (f" ({'; '.join(got)})" if got else "")


#: What each special event is, in words (G5).
EVENT_NAMES: Mapping[str, str] = {
    "hiki_capture": "captures a stack of three",
    "sweep": "empties the field",
    "jjok": "draws the match of the card just laid",
    "ttadak": "takes all four of a month with a hand card and a drawn card",
    "first_hiki": "leaves a stack of three on the first turn",
    "three_hiki": "leaves a third stack of three this round",
    "hiki_made": "leaves a stack of three",
    "triple_hiki": "captures a third stack of three this round",
    "first_turn_month": "takes all four cards of a month on the first turn",
    "bomb": "bombs the field: three cards of a month onto the fourth",
    "free_turn": "takes a free turn owed for a bomb",
    "chaff_magnet": "captures a Chaff Magnet Joker",
    "unlucky_joker": "turns up a Joker after a pair and then the pair's third card",
}


@dataclass(frozen=True)
class EventRules:
    """The special events of a turn (G5): after the captures the engine classifies the
    turn and each event takes Chaffs from every opponent (the giver's lightest Chaff, the
    lowest card among equals; none: nothing) or points (kept whatever the round's
    result). Amounts of 0 switch an event off. ``heavy_chaffs`` are the cards worth 2
    Chaffs (given only when no 1-Chaff card is left). Events 2-4 (sweep, jjok, ttadak)
    do not count on the final turn. ``three_hiki`` ends the round: its maker wins it
    (``RoundResult.reason == "three_hiki"``)."""

    hiki_capture: int = 1
    sweep: int = 1
    jjok: int = 1
    ttadak: int = 1
    first_hiki: int = 3
    three_hiki: int = 5
    #: variations, off at 0: points from each for all four of a month taken on one's
    #: first turn; Chaffs from each when one's third stack of three is captured
    first_turn_month: int = 0
    triple_hiki: int = 0
    #: all five Brights end the round at once, settled as a Stop by their taker
    #: (``RoundResult.reason == "winning_brights"``; the variation "Winning Brights")
    winning_brights: bool = False
    heavy_chaffs: tuple[Card, ...] = (Card.WILLOW_STORM, Card.PAULOWNIA_SPECIAL)
    #: G1: bonus cards (Jokers) and the Chaffs each is worth, ``((id, Chaffs), ...)``: a
    #: Joker is given like a Chaff of its weight (``steal``)
    bonus_weights: tuple[tuple[int, int], ...] = ()

    @cached_property
    def heavy_mask(self) -> int:
        return sum(1 << c for c in self.heavy_chaffs)

    @cached_property
    def tiers(self) -> tuple[int, int, int]:
        """The cards a pile gives as Chaffs, by weight: 1 Chaff (the plain Chaffs and the
        1-Chaff Jokers), 2 (the heavy Chaffs and the 2-Chaff Jokers), 3 (3-Chaff Jokers)."""
        t = [KIND_MASKS[Kind.CHAFF] & ~self.heavy_mask, self.heavy_mask, 0]
        for card, weight in self.bonus_weights:
            t[weight - 1] |= 1 << card
        return t[0], t[1], t[2]

    def steal(self, pile: int, count: int) -> int:
        """The Chaffs a pile gives for ``count`` stolen Chaffs (a mask): each one the
        lightest card left (a single Chaff, then a card worth 2 Chaffs, then a Joker worth
        3; the lowest id among equals)."""
        tiers = [pile & t for t in self.tiers]
        out = 0
        for _ in range(count):
            for i, src in enumerate(tiers):
                if src:
                    low = src & -src
                    out |= low
                    tiers[i] = src ^ low
                    break
            else:
                break
        return out


@dataclass(frozen=True)
class BombRules:
    """Bombing the field (G3): a player holding three cards of a month while the field
    holds the fourth may play all three at once (``Declare("bomb", cards)`` in phase
    PLAY): the four go to the pile, then ``draws`` stock cards are turned over one after
    another, each played as a stock card. The bomber is owed two free turns per bomb,
    which keep the stock and the hands ending together: with three draws each is an
    empty-handed turn that passes entirely (no draw); with two (Weak Bomb) the first
    draws and the second passes; with one (Smoke Clears) each is a turn without a hand
    card, only the draw, taken when the bomber chooses (``Pass()`` in phase PLAY) or
    when the hand is empty. The bombs and the free turns are logged in ``State.events``
    (kinds ``"bomb"``, ``"free_turn"``): the bombs for the settlement's multiplier."""

    draws: int = 3

    def __post_init__(self) -> None:
        if self.draws not in (1, 2, 3):
            raise OptionError(f"a bomb draws 1, 2 or 3 cards, not {self.draws!r}")


def side_payments(players: int, events: Iterable[SpecialEvent]) -> tuple[int, ...]:
    """Each seat's points from the events' immediate payments (zero-sum)."""
    out = [0] * players
    for e in events:
        if e.points:
            for s in range(players):
                if s != e.seat:
                    out[s] -= e.points
                    out[e.seat] += e.points
    return tuple(out)


@dataclass(frozen=True)
class BonusCards:
    """Bonus cards added to the deck (G1: Go-Stop's Jokers), as data
    (``CaptureRules.bonus``).

    A bonus card is never matched and never lies on the field: dealt to the field it goes
    to the dealer's pile and the field is refilled from the stock (again while the refill
    is a bonus card); played from a hand it goes to the player's pile and the top stock
    card is played in its place, as a hand card; turned up from the stock it goes to the
    drawer's pile and the drawer turns up the next card. Each costs one extra stock card,
    so the hands and the stock still run out together: a bonus card left at the bottom
    of the stock is drawn by the next player, whose hand is empty (an empty hand only
    draws). ``cards`` are their ids (the extras 49-54, ``cards.Extra``), ``weights`` the
    Chaffs each counts for (the yaku table counts them: ``YakuTable.chaff_weights``; here
    for words and the special events' steal).

    >>> BonusCards((49, 50), (2, 3)).mask == (1 << 49) | (1 << 50)
    True
    >>> BonusCards((12,), (1,))
    Traceback (most recent call last):
      ...
    hanafuda_core.errors.OptionError: a bonus card is a Joker (an id 49 to 54), not 12
    """

    cards: tuple[int, ...] = ()
    weights: tuple[int, ...] = ()
    source: Source | None = None
    #: Chaffs each opponent gives at once to the player who captures a bonus card in a
    #: turn, per card (Go-Stop's "Chaff Magnet" Joker; 0: none). The lightest first, as the
    #: special events take them (``EventRules.steal``); logged as a "chaff_magnet" event.
    #: (A Joker dealt to the field needs none: the opponents hold nothing at the deal.)
    magnet: int = 0
    #: the bonus cards that carry the magnet, when not every one does (Go-Stop: a table may
    #: give each Joker its own ability); () for all of ``cards``
    magnet_cards: tuple[int, ...] = ()
    #: Go-Stop's "Unlucky Joker": a bonus card turned up after the hand card made a pair
    #: is placed on that pair; if the card turned up next stacks the pair (a stack of
    #: three left on the field), the bonus card stays on the field with the stack, and
    #: whoever takes the stack takes it too (an "unlucky_joker" event records where).
    unlucky: bool = False

    def __post_init__(self) -> None:
        if type(self.magnet) is not int or self.magnet < 0:
            raise OptionError(f"a bonus card's magnet is a count of Chaffs, not {self.magnet!r}")
        if not isinstance(self.cards, tuple) or not isinstance(self.weights, tuple):
            raise OptionError("the bonus cards and their weights are tuples, not "
                              f"{self.cards!r} and {self.weights!r}")
        for c in self.cards:
            if type(c) is bool or not isinstance(c, int) or not 49 <= c <= 54:
                raise OptionError(f"a bonus card is a Joker (an id 49 to 54), not {c!r}")
        if len(set(self.cards)) != len(self.cards):
            raise OptionError(f"each bonus card is in the deck once, not {self.cards!r}")
        if len(self.weights) != len(self.cards) or any(
                type(w) is not int or not 1 <= w <= 3 for w in self.weights):
            raise OptionError(f"each bonus card is worth 1, 2 or 3 Chaffs: give one weight per "
                              f"card ({len(self.cards)}), not {self.weights!r}")
        if not isinstance(self.magnet_cards, tuple) or \
                not set(self.magnet_cards) <= set(self.cards):
            raise OptionError(f"the cards with a magnet are bonus cards of the deck "
                              f"({', '.join(map(str, self.cards))}), not {self.magnet_cards!r}")

    @cached_property
    def mask(self) -> int:
        """The bonus cards as a mask (bits 49-54)."""
        return sum(1 << int(c) for c in self.cards)

    @cached_property
    def magnet_mask(self) -> int:
        """The bonus cards with a magnet, as a mask (0 without a magnet)."""
        if not self.magnet:
            return 0
        return sum(1 << int(c) for c in self.magnet_cards) if self.magnet_cards else self.mask

    def weight(self, card: int) -> int:
        """The Chaffs bonus card ``card`` counts for."""
        return self.weights[self.cards.index(card)]


@dataclass(frozen=True)
class RoundRules:
    """B12: rules that change from round to round (``CaptureRules.round_rules``).

    ``build(rules, round_no, choice)`` returns the round's rules (the game's with, say,
    another yaku chart); :func:`rules_for_round` calls it once per (round, choice) and
    keeps the result. With ``choices`` the dealer picks one before play (phase
    ``CHOOSE_RULES``, a :class:`Choose` named ``key``; Tensho's yaku set); without, the
    round's rules follow from the deal's facts alone (Oni Koi-Koi's Yaku of the Month
    reads the round's number). The choice is kept in :attr:`DealRecord.choice`.
    ``build`` is left out of comparisons: a function equals only itself, and a copy
    of the rules (a pickled round's) holds a copy of it; the rules' own fields (their
    game, preset and options) decide what it builds."""
    key: str
    build: Callable[[CaptureRules, int, str], CaptureRules] = field(compare=False)
    choices: tuple[str, ...] = ()
    labels: tuple[str, ...] = ()        # each choice's name for a player (default: itself)

    def label(self, choice: str) -> str:
        """The name of ``choice`` for a player."""
        i = self.choices.index(choice)
        return self.labels[i] if i < len(self.labels) else choice


@dataclass(frozen=True)
class CaptureRules:
    """Everything the capture engine needs to know about one game, as data."""

    name: str = "capture game"
    key: str = "capture"
    preset: str = ""
    options: tuple[tuple[str, Any], ...] = ()     # the resolved option values, for records
    deck: tuple[Card, ...] = DECK
    players: int = 2
    deals: Mapping[int, tuple[int, int]] = field(default_factory=lambda: {2: (8, 8)})
    teams: tuple[int, ...] | None = None           # side of each seat (pooled captures)
    misdeal: MisdealRules = MisdealRules()
    on_field_four: str = "redeal"
    field_quad_refill: bool = True                 # A14: refill after "dealer_captures"
    on_hand_four: str = "redeal"
    on_four_pairs: str = "redeal"
    on_both_instant: str = "redeal"                # two hands with an instant win; G6
    #                                                "all_win": each holder wins (Go-Stop)
    instant_win_points: int = 6
    pair_then_draw: str = "field"                  # "field" (BOOK) or "stack" (Go-Stop)
    round_end: str = "all_cards"                   # or "hands_empty", "first_yaku"
    draw_dealer: str = "stays"                     # after a drawn round: "stays", "next", "swap"
    rounds: int | None = 12                        # None: no round limit (a target or floor)
    target_score: int | None = None                # game ends when a total reaches it
    start_points: int = 0
    # B14: the rotating point burden (Sudaoshi): the burdens, lightest first, one per
    # seat; each seat's is its par for the round (State.burdens, kept in the DealRecord).
    burdens: tuple[int, ...] | None = None
    # Game end and ranking (families/capture/ranking.py, A6): the game also ends when a
    # total is at or below ``floor_score`` (Bankrupt); ``race_tie_break`` names yaku
    # deciding between several players over ``target_score`` (read in the final round).
    floor_score: int | None = None
    race_tie_break: tuple[str, ...] = ()
    # A run of wins ends the game (Hachi: two rounds in a row, each by 20 or more):
    # (rounds in a row, margin); ``State.wins`` then holds each seat's current run.
    win_streak: tuple[int, int] | None = None
    yaku: Any = None                               # a hanafuda_core.yaku.YakuTable
    overlay: Any = field(default_factory=NoOverlay)
    decision_words: DecisionWords = NEUTRAL_WORDS  # what the players call GoOn / Stop
    wild: WildRules | None = None                # a wild card (see WildRules); None = none
    declarations: Declarations | None = None     # A1: what a seat may show after the deal
    capture_relation: CaptureRelation | None = None  # None: same month (the usual)
    # B7: cards of the order dealt face down out of the round after the field (Tensho: 6);
    # never seen, never drawn, kept in the DealRecord (``aside``).
    aside: int = 0
    # B8: lone cards (Tensho's Phoenix, the only December card): dealt to a hand it goes
    # to that seat's pile at the deal (a deal event), or, with ``lone_on_play``, when
    # played; drawn, to the drawer's pile. On the field it is never matched (no other
    # card of its month is in the deck: checked).
    lone_cards: tuple[Card, ...] = ()
    lone_on_play: bool = False
    # B13: the month order the game names its months in (a key of cards.MONTH_ORDERS:
    # Tensho's numbered yaku and its first-dealer draw); capturing is unchanged.
    month_order: str = "japanese"
    # B1: a player whose hand and the field hold a whole month may announce it in phase
    # PLAY (``Declare("hiki", hand cards)``) and take all four: ``"none"`` (off),
    # ``"hand_and_field"`` (at least one card in each) or ``"any"`` (a dealt hand quad too).
    announced_hiki: str = "none"
    # B12: rules that change by round (a RoundRules) and, in one round's rules, the
    # game's own rules they were made from (next_round deals from those).
    round_rules: RoundRules | None = None
    game: CaptureRules | None = None
    # G5: special events after each turn's captures (Go-Stop); None = none.
    events: EventRules | None = None
    # G3: bombs (Go-Stop); None = none.
    bomb: BombRules | None = None
    # G9: the active player may ask for a Draw at the start of a turn (3+ players).
    draw_requests: bool = False
    # G1: bonus cards (Go-Stop's Jokers) added to the deck; None = none.
    bonus: BonusCards | None = None
    # Reserved hooks for later games (see the module docstring); None = not used.
    teyaku: Any = None
    par: Any = None
    payments: Any = None

    __getstate__ = without_caches    # (pickle: its caches are made again on use)

    def __post_init__(self) -> None:
        # One way to win the game: counting rounds and a race to a target exclude each
        # other (checked here once for every capture game, not in each game's module).
        from ..families.capture.ranking import check_game_end, ranked_by
        check_game_end(self.name, ranked_by(self), self.target_score, rounds=self.rounds,
                       floor_score=self.floor_score, race_tie_break=self.race_tie_break,
                       yaku_keys=None if self.yaku is None
                       else {r.key for r in self.yaku.rules}, win_streak=self.win_streak)
        if self.round_end not in ROUND_ENDS:
            raise OptionError(f"round_end must be one of {', '.join(ROUND_ENDS)}, not "
                             f"{self.round_end!r}")
        if self.round_end == "first_yaku" and self.yaku is None:
            raise OptionError(f"{self.name}: a round that ends on the first yaku needs a yaku "
                             "chart (CaptureRules.yaku)")
        for name in ("on_field_four", "on_hand_four", "on_four_pairs"):
            if getattr(self, name) not in _MISDEAL_OUTCOMES:
                raise ValueError(f"{name} must be one of {', '.join(_MISDEAL_OUTCOMES)}")
        if self.players not in self.deals:
            raise PlayerCountError(f"{self.name}: no deal for {self.players} players; deals "
                                   f"are given for {', '.join(map(str, sorted(self.deals)))}")
        hand, fld = self.deals[self.players]
        if hand * self.players + fld + self.aside > len(self.deck_ids):
            raise PlayerCountError(f"{self.players} hands of {hand} and a field of {fld}"
                                   + (f" with {self.aside} cards set aside" if self.aside
                                      else "") + f" need more than {len(self.deck_ids)} cards")
        if self.bonus is not None:
            if not isinstance(self.bonus, BonusCards):
                raise TypeError("CaptureRules.bonus must be a BonusCards value or None")
            if self.lone_cards:
                raise OptionError(f"{self.name}: bonus cards are not played together with "
                                  "lone cards yet")
        if type(self.aside) is not int or self.aside < 0:
            raise OptionError(f"{self.name}: the cards set aside at the deal are a count of "
                              f"0 or more, not {self.aside!r}")
        if self.month_order not in MONTH_ORDERS:
            raise OptionError(f"{self.name}: the month order is one of "
                              f"{', '.join(MONTH_ORDERS)}, not {self.month_order!r}")
        for c in self.lone_cards:
            if c not in self.deck or self.deck_mask & MONTH_MASKS[int(c) >> 2] != 1 << c:
                raise OptionError(f"{self.name}: a lone card must be the only card of its "
                                  f"month in the deck; {Card(c).code} is not")
        if self.wild is not None:
            if not isinstance(self.wild, WildRules):
                raise TypeError("CaptureRules.wild must be a WildRules value or None")
            self.wild.check_playable()
            if self.wild.card not in self.deck:
                raise ValueError(f"the wild card {Card(self.wild.card).code} is not in the deck")
            if self.wild.reveal:
                # the reveal is a declaration at the deal: some hand must be able to show it
                shows = self.declarations is not None and any(
                    self.wild.card in d.cards
                    for d in self.declarations.offers(self.wild.bit, ()))
                if not shows:
                    raise OptionError(
                        f"{self.name}: the wild card rules {self.wild.rule_name!r} make the "
                        f"{CARD_INFO[self.wild.card].name} wild from the hand only if shown at "
                        "the deal, so the rules need declarations that offer it (e.g. "
                        f"ShowCards(({Card(self.wild.card).name},)))")
        if self.burdens is not None:
            b = self.burdens
            if (not isinstance(b, tuple) or len(b) != self.players
                    or any(type(x) is not int for x in b) or list(b) != sorted(b)):
                raise OptionError(f"{self.name}: the point burdens are one whole number per "
                                  f"seat ({self.players}), lightest first, not {b!r}")
            if self.teams is not None:
                raise OptionError(f"{self.name}: point burdens are carried by seats; they "
                                  "are not played with teams")
        if self.announced_hiki not in ANNOUNCED_HIKI:
            raise OptionError(f"announced_hiki must be one of {', '.join(ANNOUNCED_HIKI)}, "
                              f"not {self.announced_hiki!r}")
        if self.capture_relation is not None:
            if not isinstance(self.capture_relation, CaptureRelation):
                raise TypeError("CaptureRules.capture_relation must be a CaptureRelation or None")
            if self.wild is not None or self.pair_then_draw == "stack":
                raise OptionError(f"{self.name}: a capture relation other than same month is "
                                  "not played together with a wild card or a stacked pair yet")

    @cached_property
    def take_masks(self) -> tuple[int, ...]:
        """For each month index 0-11, the cards a card of that month may take (a mask
        to AND with the field): the month itself, or the capture relation's months."""
        rel = self.capture_relation
        return MONTH_MASKS if rel is None else rel.takes

    @cached_property
    def taker_masks(self) -> tuple[int, ...]:
        """For each month index 0-11, the cards that may take a card of that month
        (the converse of :attr:`take_masks`; the same month without a relation)."""
        rel = self.capture_relation
        return MONTH_MASKS if rel is None else rel.takers

    @cached_property
    def lone_mask(self) -> int:
        """The lone cards as a mask (B8), 0 without any."""
        return sum(1 << int(c) for c in self.lone_cards)

    @cached_property
    def bonus_mask(self) -> int:
        """The bonus cards as a mask (G1), 0 without any."""
        return self.bonus.mask if self.bonus is not None else 0

    @cached_property
    def deck_ids(self) -> tuple[int, ...]:
        """The deck's card ids: the cards of ``deck``, then the bonus cards (G1)."""
        return tuple(int(c) for c in self.deck) + (
            tuple(int(c) for c in self.bonus.cards) if self.bonus is not None else ())

    @cached_property
    def deck_mask(self) -> int:
        """The deck as a mask (bit ``c`` for card id ``c``)."""
        return sum(1 << c for c in self.deck_set)

    @cached_property
    def deck_set(self) -> frozenset[int]:
        """The deck's card ids as a set."""
        return frozenset(self.deck_ids)

    @cached_property
    def multipliers_memo(self) -> dict[tuple[int, int], int]:
        """:meth:`multiplier`'s answers by (yaku total, calls), filled as they are asked
        for (few cases come up); :func:`~hanafuda_core.scoring.score_pile` reads it first."""
        return {}

    def multiplier(self, total: int, calls: int = 0) -> int:
        """The product of the overlay's multipliers for a yaku total of ``total`` after
        ``calls`` go-on calls (1 without multipliers), kept in :attr:`multipliers_memo`."""
        memo = self.multipliers_memo
        factor = memo.get((total, calls))
        if factor is None:
            factor = 1
            mults = getattr(self.overlay, "multipliers", None)
            if mults is not None:
                for m in mults(total, 0, calls):
                    factor *= m.factor
            if len(memo) > 10_000:
                memo.clear()
            memo[total, calls] = factor
        return factor

    @cached_property
    def turn_constants(self) -> tuple[tuple[int, ...], Callable[[int, int], QuickResult] | None,
                                      Callable[..., bool], int, bool, bool, bool,
                                      tuple[int, ...], bool, int, frozenset[int],
                                      EventRules | None]:
        """What the turn reads from the rules, read once: (side of each seat, the yaku
        table's evaluator (its ``quick``) or None, the overlay's ``decision_needed``,
        players, whether ``pair_then_draw`` is "stack", whether the round ends with the
        hands, whether it ends on the first yaku, :attr:`take_masks`, whether a capture
        relation is played, the cards that go to the pile when played or drawn (B8 lone
        and G1 bonus cards) as a mask, the indices of the yaku table's automatic-win
        rules (B10), the special events (G5) or None)."""
        auto = self.yaku.automatic_indices if self.yaku is not None else frozenset()
        return (self.teams or tuple(range(self.players)),
                self.yaku.evaluator if self.yaku is not None else None,
                self.overlay.decision_needed, self.players, self.pair_then_draw == "stack",
                self.round_end == "hands_empty", self.round_end == "first_yaku",
                self.take_masks, self.capture_relation is not None,
                self.lone_mask | self.bonus_mask, auto, self.events)

    @cached_property
    def play_extras(self) -> bool:
        """Whether a player may do more than play a hand card at the start of a turn (a
        Draw asked for, G9; a hiki announced, B1; a bomb or its pass, G3)."""
        return bool(self.draw_requests) or self.announced_hiki != "none" \
            or self.bomb is not None

    @property
    def option_values(self) -> dict[str, Any]:
        return dict(self.options)

    def side(self, seat: int) -> int:
        return self.teams[seat] if self.teams else seat

    @property
    def sides(self) -> int:
        return max(self.teams) + 1 if self.teams else self.players


# ---------------------------------------------------------------------------
# Wild cards (data)

_WILD_TARGETS = ("other_months", "any", "non_chaff", "month")
_WILD_HIKI = ("protected", "announced", "both")
#: ``CaptureRules.announced_hiki``'s values (B1).
ANNOUNCED_HIKI = ("none", "hand_and_field", "any")
_WILD_ON_FIELD = ("first_draw", "month", "any_card", "non_chaff", "discarded")
_WILD_LEFTOVERS = ("wild_player", "field")
_ON_FIELD_CANDIDATE = ("any_card", "non_chaff")
_CHAFF_MASK = KIND_MASKS[Kind.CHAFF]


class WildEvent(NamedTuple):
    """Something the wild card did, kept in ``State.wild_log`` (in order).

    ``kind`` is one of:

    * ``"hand"``: the wild, played from ``player``'s hand, took ``taken``;
    * ``"stock"``: the wild, turned up from the stock, took ``taken``;
    * ``"field"``: the wild lay on the field and ``card``, turned up from the
      stock by ``player``, had to take it (``taken`` is the wild);
    * ``"taken_on_field"``: the wild lay on the field and ``card``, played or
      turned up by ``player``, took it as its match (``on_field="any_card"`` or
      ``"non_chaff"``; ``taken`` is the wild);
    * ``"sweep"``: the wild was the last stock card and took the whole field;
    * ``"month_leftover"``: at the end, the last card(s) of the wild's month went
      to ``player``'s side, which held the other cards of that month;
    * ``"partner_leftover"``: at the end, the card(s) left of the month the wild
      paired with went to ``player``'s side, which had used the wild;
    * ``"hiki_blocked"``: the wild could have taken ``card``, but ``player`` holds
      ``taken``, every other card of its month, and announces hiki (B1): the wild may
      not take it, and ``taken`` is shown;
    * ``"left"``: ``player`` leaves the wild ``card`` on the field unused (B2).

    The events an action caused are ``after.wild_log[len(before.wild_log):]``.
    """

    player: int
    kind: str
    card: int
    taken: int

    @property
    def taken_cards(self) -> CardSet:
        return CardSet.from_mask(self.taken)

    def describe(self) -> str:
        who = f"player {self.player + 1}"
        taken = " and ".join(f"the {CARD_INFO[c].name}" for c in _bits(self.taken))
        name = CARD_INFO[self.card].name
        if self.kind == "hand":
            return f"{who} plays the {name} as a wild card and takes {taken}"
        if self.kind == "stock":
            return f"{who} turns up the {name} as a wild card and takes {taken}"
        if self.kind == "field":
            return (f"{who} turns up the {name}, a card of another month, and must take "
                    f"{taken} (wild) lying on the field with it")
        if self.kind == "taken_on_field":
            return (f"{who}'s {name} takes {taken} lying on the field: the wild is a match "
                    "for it")
        if self.kind == "sweep":
            return (f"{who} turns up the {name} (wild) as the last stock card: it sweeps the "
                    f"field" + (f", taking {taken}" if taken else ""))
        if self.kind == "hiki_blocked":
            return (f"{who} announces hiki, showing {taken}: the wild cannot take the "
                    f"{name}")
        if self.kind == "left":
            return f"{who} leaves the {name} on the field instead of taking a card with it"
        if self.kind == "month_leftover":
            return (f"{taken} left on the field at the end go{'es' * (self.taken.bit_count() == 1)}"
                    f" to {who}, who holds the other {MONTH_NAMES[self.card >> 2]} cards")
        return (f"{taken} left on the field at the end go{'es' * (self.taken.bit_count() == 1)} "
                f"to {who}, whose side used the wild {name} on that month")


@dataclass(frozen=True)
class WildRules:
    """One wild card as data: what it may take, what may take it, and the end of round.

    Four BOOK games have a wild card; each field below says how they differ
    (line numbers are BOOK's):

    ``card``
        The wild card: the Storm (November Chaff; Mushi ch. 8 l. 1155-1264, Six
        Hundred ch. 9 l. 1281, Higo-Bana ch. 14 l. 2375) or the Phoenix
        (December Bright; Oni Koi-Koi ch. 13 l. 2143).
    ``from_hand`` / ``from_stock``
        What the wild may take when played from the hand / turned up from the
        stock: ``"other_months"`` any field card but one of its own month
        (Mushi l. 1155-1264: "anything except the other three November cards");
        ``"any"`` any field card (Six Hundred l. 1285; Higo-Bana l. 2377-2381;
        Oni from the hand, l. 2149); ``"non_chaff"`` a Bright, Ten or Ribbon
        (Oni from the stock, l. 2151); ``"month"`` no wild power, it matches its
        own month like any card. The player chooses the card (a ``Capture``);
        with one candidate it is taken at once; with none the wild joins the field.
    ``hiki``
        ``"protected"``: the three cards of one month on the field (a hiki) are
        never taken by the wild (Mushi, Six Hundred l. 1285, Oni l. 2147);
        ``"announced"``: Higo-Bana's hiki (l. 2373, 2381): the wild never takes a field
        card of a month whose other cards are all in the hand of a seat of another side
        (that seat announces hiki for it: a ``"hiki_blocked"`` :class:`WildEvent`, its
        cards shown); a field triple is no protection. ``"both"``: the two together.
    ``on_field``
        What may take the wild when it lies on the field: ``"first_draw"`` no
        card matches it, not even one of its own month, and the first player who
        turns up a card of another month from the stock must take it with that
        card (Mushi l. 1155-1264; our reading: that card takes the wild instead
        of its own month's cards, so the month keeps an odd card, the "partner"
        of the leftovers); ``"month"`` only a card of its own month, as usual
        (Higo-Bana l. 2377); ``"any_card"`` any card may take it (Six Hundred
        l. 1293); ``"non_chaff"`` any Bright, Ten or Ribbon may take it (Oni
        l. 2151); ``"discarded"`` dealt to the field it leaves the round at the deal
        (Higo-Bana variant, l. 2439; a deal event; the field is one card short), and
        is otherwise matched by its own month (as ``"month"``).
        A wild that could take nothing and joined the field follows the same rule.
        Under ``"any_card"`` / ``"non_chaff"`` the wild is one more candidate for
        every card that may take it (played or turned up, of any month): the
        candidates are the field cards of the card's month plus the wild; none:
        the card joins the field; one (the wild alone): it is taken; two or more:
        the player chooses (``CHOOSE_HAND_CAPTURE`` / ``CHOOSE_DRAW_CAPTURE``), a
        hiki counting as one candidate taken whole (offered as its lowest card).
        The month whose card took the wild keeps an odd card (the "partner").
    ``last_card_sweeps``
        Turned up as the last stock card it takes every field card, hiki and
        its own month included (Mushi, Oni l. 2151, Higo-Bana l. 2377; Six
        Hundred says nothing: False).
    ``optional``
        The wild may be left on the field unused (Higo-Bana l. 2377): played or drawn
        with at least one target, the player chooses (``CHOOSE_HAND_CAPTURE`` /
        ``CHOOSE_DRAW_CAPTURE``) among the targets and :class:`Pass` (leave it), even
        with one target. Left, it lies on the field as ``on_field`` says.
        ``optional_from_hand``: False makes only the drawn wild optional.
    ``reveal``
        The wild works from the hand only if its holder showed it at the start of
        the round, otherwise it matches its own month like any card (Oni l. 2149).
        The showing is a declaration at the deal (A1): the rules need
        ``declarations`` offering the card (a :class:`ShowCards`); a seat that
        declared it has the ``from_hand`` power (:func:`wild_revealed`,
        :meth:`hand_power`). Turned up from the stock or lying on the field the
        wild keeps its power, shown or not.
    ``leftovers``
        At the end of a round played to an empty stock: ``"wild_player"`` the
        last card(s) of the wild's month go to the side holding the other cards
        of that month, and the card(s) left of the month the wild paired with go
        to the side that used the wild (Mushi, Oni l. 2151, Higo-Bana l. 2377);
        ``"field"`` they stay on the field, nobody's (Six Hundred l. 1295; Oni's
        Leftovers variant l. 2283).
    ``needs_dealt_month``
        The card is wild only if a card of this month (1-12) was dealt to the
        field: Koi-Koi's Brewing Storm, August (ch. 12 l. 2035-2039). None: always.
    ``rule_name``
        The rule's name in refusals ("under Storm is Wild the Storm cannot take a
        hiki").

    >>> MUSHI_WILD.playable, SIX_HUNDRED_WILD.playable, ONI_WILD.playable
    (True, True, True)
    >>> ONI_WILD.hand_power(revealed=True), ONI_WILD.hand_power(revealed=False)
    ('any', 'month')
    >>> HIGO_BANA_WILD.playable, HIGO_BANA_WILD.unplayable()
    (True, [])
    """

    card: int = Card.WILLOW_STORM
    rule_name: str = "Mushi"
    from_hand: str = "other_months"
    from_stock: str = "other_months"
    hiki: str = "protected"
    on_field: str = "first_draw"
    last_card_sweeps: bool = True
    optional: bool = False
    optional_from_hand: bool = True
    reveal: bool = False
    leftovers: str = "wild_player"
    needs_dealt_month: int | None = None
    source: Any = None                  # a hanafuda_core.rules.Source

    def __post_init__(self) -> None:
        for name, allowed in (("from_hand", _WILD_TARGETS), ("from_stock", _WILD_TARGETS),
                              ("hiki", _WILD_HIKI), ("on_field", _WILD_ON_FIELD),
                              ("leftovers", _WILD_LEFTOVERS)):
            if getattr(self, name) not in allowed:
                raise ValueError(f"WildRules.{name} must be one of {', '.join(allowed)}, not "
                                 f"{getattr(self, name)!r}")
        if not 0 <= int(self.card) < 48:
            raise ValueError("WildRules.card must be one of the 48 cards")
        if self.needs_dealt_month is not None and not 1 <= self.needs_dealt_month <= 12:
            raise ValueError("WildRules.needs_dealt_month must be a month from 1 to 12")

    # -- what the engine plays ------------------------------------------------
    def unplayable(self) -> list[str]:
        """The values the engine does not play yet (empty: fully playable; every value
        is played since B1 and B2)."""
        out: list[str] = []
        return out

    @property
    def playable(self) -> bool:
        return not self.unplayable()

    def check_playable(self) -> None:
        """Raise NotImplementedError naming what the engine does not play yet."""
        missing = self.unplayable()
        if missing:
            raise NotImplementedError(
                f"the wild card rules {self.rule_name!r} are described but the capture engine "
                f"does not play {'; '.join(missing)} yet")

    def active(self, dealt_field: int) -> bool:
        """Is the card wild in a round whose field was dealt as ``dealt_field`` (a mask)?"""
        m = self.needs_dealt_month
        return m is None or bool(dealt_field & MONTH_MASKS[m - 1])

    @cached_property
    def bit(self) -> int:
        return 1 << int(self.card)

    @cached_property
    def own_month(self) -> int:
        return MONTH_MASKS[int(self.card) >> 2]

    @cached_property
    def field_exclusion(self) -> int:
        """The wild's bit when, lying on the field, it matches no card (Mushi)."""
        return self.bit if self.on_field == "first_draw" else 0

    @cached_property
    def field_candidate(self) -> int:
        """The wild's bit when, lying on the field, it is one more candidate for the
        cards that may take it (``on_field="any_card"`` / ``"non_chaff"``), else 0."""
        return self.bit if self.on_field in _ON_FIELD_CANDIDATE else 0

    @cached_property
    def field_takers(self) -> int:
        """The cards (a mask) that may take the wild lying on the field as a candidate:
        every card but its own month's (which match it anyway), and under
        ``"non_chaff"`` no Chaff."""
        takers = ((1 << 48) - 1) & ~self.own_month
        if self.on_field == "non_chaff":
            takers &= ~_CHAFF_MASK
        return takers if self.field_candidate else 0

    def field_options(self, field_m: int, card: int, month_m: int) -> int:
        """The candidates of a card that may take the wild lying on the field (a mask):
        ``month_m`` (the field cards of its month) with a hiki offered as its lowest card,
        plus the wild. Called only when the wild is on the field and ``card`` may take it.
        """
        if month_m.bit_count() == 3:
            month_m &= -month_m
        return month_m | self.field_candidate

    def power(self, source: str, revealed: bool = True) -> str:
        """What the wild may take from ``source`` ("hand" or "stock"); ``revealed``:
        its holder showed it at the deal (read only under ``reveal``)."""
        return self.hand_power(revealed) if source == "hand" else self.from_stock

    def hand_power(self, revealed: bool) -> str:
        """What the wild may take played from a hand: ``from_hand``, or under ``reveal``
        "month" (no wild power) unless its holder showed it at the deal."""
        return self.from_hand if revealed or not self.reveal else "month"

    def may_leave(self, source: str) -> bool:
        """May the wild be left on the field unused when it comes from ``source``
        ("hand" or "stock")? (``optional``, B2)"""
        return self.optional and (source == "stock" or self.optional_from_hand)

    def targets(self, field_m: int, kind: str, blocked: int = 0) -> int:
        """The field cards the wild may take (a mask) for a power ``kind``; ``blocked``:
        field cards another seat's announced hiki keeps from it (B1, :func:`hiki_holds`)."""
        if kind == "other_months":
            m = field_m & ~self.own_month
        elif kind == "non_chaff":
            m = field_m & ~_CHAFF_MASK
        else:
            m = field_m
        m &= ~(self.bit | blocked)
        if self.hiki != "announced" and m:
            x = _nibble_counts(field_m & ~self.field_exclusion)
            three = x & (x >> 1) & ~(x >> 2) & _NIB1      # months with exactly 3 cards
            m &= ~(three * 15)
        return m

    def refusal(self, field_m: int, kind: str, target: int, source: str) -> str | None:
        """Why the wild may not take ``target`` (a teaching sentence), or None."""
        under = f"under {self.rule_name} the {CARD_INFO[self.card].name}"
        month = MONTH_NAMES[target >> 2]
        if not field_m >> target & 1:
            return None
        if kind == "other_months" and self.own_month >> target & 1:
            return f"{under} cannot take another {month} card"
        if kind == "non_chaff" and _CHAFF_MASK >> target & 1:
            return (f"{under} turned up from the {source} cannot take a Chaff "
                    f"(the {CARD_INFO[target].name})")
        if self.hiki != "announced":
            mm = MONTH_MASKS[target >> 2]
            if (field_m & ~self.field_exclusion & mm).bit_count() == 3:
                return (f"{under} cannot take a hiki: the three {month} cards on the field "
                        "stay together for whoever plays the fourth")
        return None


#: Mushi (BOOK ch. 8, l. 1155-1264): the Storm is fully playable.
MUSHI_WILD = WildRules(source=Source("BOOK", "ch. 8 Mushi, wild card", "1155-1264"))
#: Six Hundred (BOOK ch. 9, l. 1281-1295): any card may take it lying on the field.
SIX_HUNDRED_WILD = WildRules(rule_name="Six Hundred", from_hand="any", from_stock="any",
                             on_field="any_card", last_card_sweeps=False, leftovers="field",
                             source=Source("BOOK", "ch. 9 Six Hundred, wild card", "1281-1295"))
#: Oni Koi-Koi (BOOK ch. 13, l. 2139-2151): the Phoenix, wild from the hand only if shown
#: at the deal (the rules need a :class:`ShowCards` declaration offering it).
ONI_WILD = WildRules(card=Card.PAULOWNIA_PHOENIX, rule_name="Oni Koi-Koi", from_hand="any",
                     from_stock="non_chaff", on_field="non_chaff", reveal=True,
                     source=Source("BOOK", "ch. 13 Oni Koi-Koi, wild card", "2139-2151"))
#: Higo-Bana (BOOK ch. 14, l. 2373-2381): the announced hiki blocks it, it may be left on
#: the field. ``from_hand="any"`` is our reading: the chapter does not describe a played
#: Storm, we play it as drawn.
HIGO_BANA_WILD = WildRules(rule_name="Higo-Bana", from_hand="any", from_stock="any",
                           hiki="announced", on_field="month", optional=True,
                           source=Source("BOOK", "ch. 14 Higo-Bana, wild card", "2373-2381"))


# ---------------------------------------------------------------------------
# Records

@quick_init
@dataclass(frozen=True)
class VoidedDeal:
    """A deal that was thrown in (misdeal), kept in the record."""
    order: tuple[int, ...]
    dealer: int
    reason: str


@quick_init
@dataclass(frozen=True)
class DealRecord:
    """The chance event of a round: the final shuffled order and the voided deals (and,
    under ``CaptureRules.burdens``, each seat's point burden this round: B14)."""
    order: tuple[int, ...]
    dealer: int
    voided: tuple[VoidedDeal, ...] = ()
    events: tuple[str, ...] = ()        # e.g. "the dealer captures the four March cards"
    aside: tuple[int, ...] = ()         # B7: the cards dealt face down out of the round
    burdens: tuple[int, ...] = ()       # B14: per seat; () without point burdens
    # G7: what the previous round hands on to this one, as the overlay's ``carry(state)``
    # said (Go-Stop: "no_winner", the next winner is doubled); () for most games.
    carry: tuple[str, ...] = ()
    # B12: the dealer's choice of the round's rules (``Choose.value``); "" without one.
    choice: str = ""

    def to_dict(self) -> dict[str, Any]:
        d = {"order": [_code(c) for c in self.order], "dealer": self.dealer,
             "voided": [{"order": [_code(c) for c in v.order], "dealer": v.dealer,
                         "reason": v.reason} for v in self.voided],
             "events": list(self.events)}
        if self.burdens:
            d["burdens"] = list(self.burdens)
        if self.carry:
            d["carry"] = list(self.carry)
        if self.choice:
            d["choice"] = self.choice
        return d

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> DealRecord:
        from ..cards import parse_card
        order = tuple(int(parse_card(c, extras=True)) for c in d["order"])
        voided = tuple(VoidedDeal(tuple(int(parse_card(c, extras=True)) for c in v["order"]),
                                  v["dealer"],
                                  v["reason"]) for v in d.get("voided", ()))
        return cls(order, d["dealer"], voided, tuple(d.get("events", ())),
                   burdens=tuple(int(b) for b in d.get("burdens", ())),
                   carry=tuple(str(c) for c in d.get("carry", ())),
                   choice=str(d.get("choice", "")))
    # (``aside`` is not written: the deal rebuilds it from the order and the rules)


class RoundResult:
    """How a round ended: the winner (None for a draw), points per seat, the report.

    The explained report (a :class:`hanafuda_core.scoring.ScoreReport`) may be
    built lazily: settlement gives either ``report`` or ``make_report``.
    """

    __slots__ = ("winner", "points", "reason", "_report", "_make")

    def __init__(self, winner: int | None, points: tuple[int, ...], reason: str,
                 report: Any = None, make_report: Callable[[], Any] | None = None) -> None:
        self.winner = winner
        self.points = tuple(points)
        self.reason = reason
        self._report = report
        self._make = make_report

    @property
    def report(self) -> Any:
        """The explained report (a :class:`~hanafuda_core.scoring.ScoreReport`, or the
        game's own settlement), built on first use when settlement gave ``make_report``."""
        if self._report is None and self._make is not None:
            self._report = self._make()
            self._make = None
        return self._report

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, RoundResult) and other.winner == self.winner
                and other.points == self.points and other.reason == self.reason)

    def __hash__(self) -> int:
        return hash((self.winner, self.points, self.reason))

    def __reduce__(self) -> tuple[Any, ...]:
        # (pickle: with its report built; ``make_report`` is a closure)
        return RoundResult, (self.winner, self.points, self.reason, self.report)

    def __repr__(self) -> str:
        return f"RoundResult(winner={self.winner}, points={self.points}, reason={self.reason!r})"

    def to_dict(self) -> dict[str, Any]:
        rep = self.report
        return {"winner": self.winner, "points": list(self.points), "reason": self.reason,
                "report": rep.to_dict() if rep is not None else None}


class DealOrderError(HanafudaError):
    """A deal order or a set-up position that is not a deal of the game's deck
    (a card twice, an id that is no card of the deck, a card missing)."""


def _card_id(c: object, where: str) -> int:
    """One card of an order or a setup as its id (an int, a Card or a card's text)."""
    if type(c) is int:
        return c                            # (checked first: the import below costs more)
    if type(c) is Card:
        return int(c)
    from ..cards import parse_card
    if isinstance(c, str):
        return int(parse_card(c, extras=True))   # our UnknownCardError if unreadable
    if type(c) is bool or not isinstance(c, int):
        raise DealOrderError(f"{c!r} in {where} is not a card; give card ids 0 to 47 (49 to "
                             "54 for Jokers), Cards or card codes such as '3a' or 'j1'")
    return int(c)


def check_order(rules: CaptureRules, order: Iterable[object]) -> tuple[int, ...]:
    """``order`` as card ids, if it is a deal of the rules' deck: every card of the
    deck exactly once (any order). Raises :class:`DealOrderError` saying what is wrong.

    >>> from hanafuda_core.games.koikoi import get_rules
    >>> check_order(get_rules("book"), range(47))
    Traceback (most recent call last):
      ...
    hanafuda_core.engines.capture.DealOrderError: the deal order has 47 cards; a deal of
    Koi-Koi uses the 48 cards of its deck, each exactly once (missing: 12d Paulownia Chaff 2)
    """
    try:
        ids = tuple(_card_id(c, "the deal order") for c in order)
    except TypeError:
        raise DealOrderError(f"a deal order is a sequence of cards, not {order!r}") from None
    deck = rules.deck_ids
    if len(ids) == len(deck) and sorted(ids) == sorted(deck):
        return ids
    allowed = set(deck)
    for c in ids:
        if c not in allowed:
            if 49 <= c <= 54:
                jokers = [_code(x) for x in deck if x >= 48]
                raise DealOrderError(
                    f"{Extra(c).title} ({_code(c)}) in the deal order is not in the "
                    f"{rules.name} deck: " + (f"its Jokers are {', '.join(jokers)}" if jokers
                                               else "it is played without Jokers"))
            raise DealOrderError(
                f"{c} in the deal order is not a card of the {rules.name} deck; its cards "
                f"are the ids {', '.join(map(str, sorted(deck)))}" if not 0 <= c < 48 else
                f"the {Card(c).code} is not in the {rules.name} deck")
    seen: set[int] = set()
    for c in ids:
        if c in seen:
            raise DealOrderError(f"the {_code(c)} ({_name(c)}) appears twice in the deal "
                                 "order; each card of the deck is dealt exactly once")
        seen.add(c)
    missing = [c for c in deck if c not in seen]
    raise DealOrderError(
        f"the deal order has {len(ids)} cards; a deal of {rules.name} uses the {len(deck)} "
        f"cards of its deck, each exactly once (missing: "
        f"{', '.join(f'{_code(c)} {_name(c)}' for c in missing)})")


# ---------------------------------------------------------------------------
# State

def _cons_list(history: Any) -> tuple[Action, ...]:
    out = []
    while history is not None:
        history, action = history
        out.append(action)
    return tuple(reversed(out))


class State(NamedTuple):
    """One moment of a round (immutable). Fields are the fast internal form;
    use the properties (``hand(p)``, ``field``, ``captures(p)`` ...) to read it."""

    rules: CaptureRules
    hands_m: tuple[int, ...]
    field_m: int
    caps_m: tuple[int, ...]          # per side
    stock: tuple[int, ...]           # the whole stock, top first
    pos: int                         # index of the next stock card
    phase: Phase
    player: int
    dealer: int
    round_no: int
    sigs: tuple[Signature, ...]      # per side: the yaku signature already declared
    yaku_pts: tuple[int, ...]        # per side: the yaku total already declared
    calls: tuple[int, ...]           # seats that chose to go on (GoOn), in order
    scores: tuple[int, ...]          # game totals before this round
    wins: tuple[int, ...]            # rounds won so far, per seat
    pending: tuple[int, ...]         # (card, turn captures, month of the hand pair or -1)
    history_c: Any                   # actions as a cons list (prev, action)
    deal: DealRecord
    result: RoundResult | None
    field0: int                      # the field as dealt
    wild_log: tuple[WildEvent, ...] = ()     # WildEvents, in order (empty without a wild card)
    declared: tuple[tuple[int, Declare], ...] = ()  # (seat, what it declared) after the deal
    events: tuple[SpecialEvent, ...] = ()    # G5: the special events so far, in order
    draw_votes: tuple[tuple[int, str], ...] = ()   # G9: (seat, "ask"/"accept"/"refuse")

    # -- readable API ----------------------------------------------------------
    @property
    def side_pay(self) -> tuple[int, ...]:
        """Points the special events moved so far this round, per seat (G5; zero-sum,
        added to the round's result, outside the round score)."""
        return side_payments(self.rules.players, self.events)

    @property
    def carry(self) -> tuple[str, ...]:
        """What the previous round handed on to this one (G7; kept in the deal record)."""
        return self.deal.carry

    def hand(self, player: int) -> CardSet:
        return CardSet.from_mask(self.hands_m[player])

    @property
    def field(self) -> CardSet:
        return CardSet.from_mask(self.field_m)

    def captures(self, player: int) -> CardSet:
        """The capture pile of the player's side (teams pool their captures)."""
        return CardSet.from_mask(self.caps_m[self.rules.side(player)])

    @property
    def stock_size(self) -> int:
        return len(self.stock) - self.pos

    @property
    def current_player(self) -> int:
        """Whose action it is (:attr:`actor`)."""
        return self.actor

    @property
    def actor(self) -> int:
        """The seat whose action it is: the active player, or in a Draw vote the voter."""
        return self.voter if self.phase == Phase.DRAW_VOTE else self.player

    @property
    def voter(self) -> int:
        """G9: the seat that votes now on the Draw asked for (-1 outside a vote): the
        others in play order from the asker's right."""
        if self.phase != Phase.DRAW_VOTE:
            return -1
        votes = self.draw_votes
        i = max(k for k, (_, w) in enumerate(votes) if w == "ask")
        return (votes[i][0] + len(votes) - i) % self.rules.players

    @property
    def draw_askers(self) -> tuple[int, ...]:
        """G9: the seats that asked for a Draw this round (their hands are public)."""
        return tuple(s for s, w in self.draw_votes if w == "ask")

    @property
    def draw_refusers(self) -> tuple[int, ...]:
        """G9: the seats that refused a Draw this round (the settlement's shift)."""
        return tuple(s for s, w in self.draw_votes if w == "refuse")

    @property
    def is_terminal(self) -> bool:
        return self.phase == Phase.ROUND_OVER

    @property
    def history(self) -> tuple[Action, ...]:
        return _cons_list(self.history_c)

    @property
    def dealt_field(self) -> CardSet:
        return CardSet.from_mask(self.field0)

    @property
    def active_wild(self) -> WildRules | None:
        """The wild card rules in force this round (None: no wild card)."""
        w = self.rules.wild
        return w if w is not None and w.active(self.field0) else None

    @property
    def burdens(self) -> tuple[int, ...]:
        """Each seat's point burden this round (B14; kept in the deal record), or ()."""
        return self.deal.burdens

    def yaku_points(self, player: int) -> int:
        return self.yaku_pts[self.rules.side(player)]

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions (:func:`legal_actions`; the module function itself is
        bound here below, saving a call per step)."""
        return legal_actions(self)

    def apply(self, action: Action | str, player: int | None = None) -> State:
        """The state after ``action`` (:func:`apply`, bound here below likewise)."""
        return apply(self, action, player)

    def card_count(self) -> int:
        """Cards in hands, field, piles, the unused stock, the cards set aside at the deal
        (B7) and any card waiting for a capture choice (with the turn's captures so far):
        always the deck size."""
        total = self.field_m.bit_count() + len(self.stock) - self.pos + len(self.deal.aside)
        total += _discarded(self).bit_count()         # a wild that left at the deal (B2)
        if self.pending:
            total += ((1 << self.pending[0]) | self.pending[1]).bit_count()
        total += sum(h.bit_count() for h in self.hands_m)
        total += sum(c.bit_count() for c in self.caps_m)
        return total

    def describe(self) -> str:
        lines = [f"Round {self.round_no}, dealer player {self.dealer + 1}, "
                 f"phase {self.phase.name}, player {self.player + 1} to act"]
        lines.append(f"field: {self.field.format()}")
        for p in range(self.rules.players):
            lines.append(f"player {p + 1} hand: {self.hand(p).format()} | "
                         f"captures: {self.captures(p).format()}")
        lines.append(f"stock: {self.stock_size} cards")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return (f"<State round {self.round_no} {self.phase.name} player {self.player + 1} "
                f"field={self.field.format()!r} stock={self.stock_size}>")


# ``State(...)`` goes through the NamedTuple's keyword-aware ``__new__``; the deal
# and the turn build their states with ``tuple.__new__(State, fields)`` instead
# (the same object, about twice as fast to make; every field is given, in order).
_new = tuple.__new__


# ---------------------------------------------------------------------------
# Dealing (the chance event)

def _month_counts(mask: int) -> list[int]:
    return [(mask & m).bit_count() for m in MONTH_MASKS]


def _quads(mask: int) -> tuple[int, ...]:
    return tuple(i + 1 for i, m in enumerate(MONTH_MASKS) if mask & m == m)


def _four_pairs(mask: int) -> tuple[int, ...]:
    """The months of which a hand holds exactly two cards, if there are four or more
    (the basics' "four pairs"; a ten-card hand, as in Min-Hwatu, can hold five), else ().

    >>> _four_pairs(0b0011_0011_0011_0011)
    (1, 2, 3, 4)
    >>> _four_pairs(0b0011_0011_0011_0011_0011)
    (1, 2, 3, 4, 5)
    >>> _four_pairs(0b0011_0011_0011)
    ()
    """
    pairs = tuple(i + 1 for i, m in enumerate(MONTH_MASKS) if (mask & m).bit_count() == 2)
    return pairs if len(pairs) >= 4 else ()


def _months(months: Iterable[int]) -> str:
    return ", ".join(MONTH_NAMES[m - 1] for m in months)


_COUNT_WORDS = {4: "four", 5: "five"}

_BIT = tuple(1 << c for c in range(64))


def _layout(rules: CaptureRules,
            order: Sequence[int]) -> tuple[tuple[int, ...], int, tuple[int, ...]]:
    """Hands (by seat, contiguous runs of the order), the field, and the stock (after
    the ``rules.aside`` cards set aside face down, B7: :func:`_aside`)."""
    hand, fld = rules.deals[rules.players]
    n = hand * rules.players
    return (tuple([_mask_of(order[i:i + hand]) for i in range(0, n, hand)]),
            _mask_of(order[n:n + fld]), tuple(order[n + fld + rules.aside:]))


def _mask_of(cards: Sequence[int]) -> int:
    """The mask of a few card ids: their bits read by one ``itemgetter`` (one call for
    the lot, where ``map`` would make a call per card)."""
    if len(cards) > 1:
        return sum(itemgetter(*cards)(_BIT))
    return _BIT[cards[0]] if cards else 0


def _aside(rules: CaptureRules, order: Sequence[int]) -> tuple[int, ...]:
    """The cards of ``order`` set aside face down at the deal (B7): the ``rules.aside``
    cards after the field."""
    if not rules.aside:
        return ()
    hand, fld = rules.deals[rules.players]
    i = hand * rules.players + fld
    return tuple(order[i:i + rules.aside])


_NIB1 = int("1" * 12, 16)       # 0x111...: the low bit of every month's nibble
_NIB3 = _NIB1 * 3
_NIB5 = _NIB1 * 5


def _nibble_counts(mask: int) -> int:
    """Cards per month, each month's count in its own 4-bit nibble (SWAR popcount)."""
    x = mask - ((mask >> 1) & _NIB5)
    return (x & _NIB3) + ((x >> 2) & _NIB3)


#: For each of one month's 16 ways to be held: 1 for a pair (two cards), 16 for the whole
#: month (four cards), else 0.
_PAIR_QUAD = bytes((n.bit_count() == 2) + 16 * (n == 15) for n in range(16))
#: For the 4,096 ways to hold cards of three months (the index's three nibbles, the
#: lowest innermost): the sum of their months' ``_PAIR_QUAD`` (built by sums, not by
#: reading each nibble of each index: it is made at import).
_PAIRS_QUADS = bytes(a + b + c for c in _PAIR_QUAD for b in _PAIR_QUAD for a in _PAIR_QUAD)


def _maybe_misdeal(hands: tuple[int, ...], fm: int) -> bool:
    """Fast test: could the deal show a quad or four pairs anywhere? (exact, no reasons:
    four reads of ``_PAIRS_QUADS`` a mask, where the pairs add up to 12 at most)."""
    t = _PAIRS_QUADS
    if t[fm & 4095] + t[fm >> 12 & 4095] + t[fm >> 24 & 4095] + t[fm >> 36 & 4095] >= 16:
        return True
    for h in hands:
        if t[h & 4095] + t[h >> 12 & 4095] + t[h >> 24 & 4095] + t[h >> 36 & 4095] >= 4:
            return True
    return False


def _check_deal(rules: CaptureRules, hands: tuple[int, ...], fm: int
                ) -> tuple[str, str, int | None]:
    """(outcome, reason, seat) for a deal: outcome "ok", a redeal kind, or a win kind."""
    if not _maybe_misdeal(hands, fm):
        return "ok", "", None
    md = rules.misdeal
    if md.field_four:
        q = _quads(fm)
        if q and rules.on_field_four != "play_on":
            return rules.on_field_four, f"the field holds all four cards of {_months(q)}", None
    winners = []
    for seat, h in enumerate(hands):
        for check, outcome, label in ((md.hand_four, rules.on_hand_four, "all four cards of"),
                                      (md.four_pairs, rules.on_four_pairs, "four pairs:")):
            if not check or outcome == "play_on":
                continue
            months = _quads(h) if label.startswith("all") else _four_pairs(h)
            if not months:
                continue
            if not label.startswith("all"):
                label = f"{_COUNT_WORDS.get(len(months), len(months))} pairs:"
            reason = f"player {seat + 1} was dealt {label} {_months(months)}"
            if outcome == "instant_win":
                winners.append((seat, reason))
                break
            return outcome, reason, seat
    if len(winners) == 1:
        return "instant_win", winners[0][1], winners[0][0]
    if len(winners) > 1:
        if rules.on_both_instant == "all_win" and len(winners) < len(hands):
            # G6: every holder wins from every other player (the overlay's settle_instant
            # finds the holders in the dealt hands); every hand holding one: redeal
            return "instant_win", "; ".join(r for _, r in winners), winners[0][0]
        if rules.on_both_instant == "all_win":
            return "redeal", "; ".join(r for _, r in winners) + " (every hand: redeal)", None
        return rules.on_both_instant, "; ".join(r for _, r in winners) + " (both win: void)", None
    return "ok", "", None


def shuffle_order(rng: random.Random, deck: Sequence[int]) -> tuple[int, ...]:
    """A uniformly random order of ``deck``: each card gets a random key (from one
    ``getrandbits`` call), then the cards are sorted by key.

    Faster than ``random.shuffle`` in CPython, and done in C: each card's 64 random bits
    keep their top 44 and become a float in [1, 2) whose lowest byte is the card's id
    (``_shuffle_plan``), so one sort of floats orders the cards and one ``pack`` reads
    them back. The order is the order of the 64-bit keys: only a tie between two cards'
    top 44 bits (about 1e-10 a deal) is read differently, by card id. A deck with an id
    over 255 has its cards' places in that byte instead.
    """
    n = len(deck)
    plan = _SHUFFLE_PLANS.get(n) or _shuffle_plan(n)
    keep, one, unpack, pack = plan
    keys = bytearray((((rng.getrandbits(64 * n) & keep) >> 12) | one).to_bytes(8 * n, "little"))
    try:
        keys[::8] = bytes(deck)
    except ValueError:                          # (an id over 255: the cards' places)
        keys[::8] = bytes(range(n))
        order = sorted(unpack(keys))
        return itemgetter(*pack(*order)[::8])(deck) if n > 1 else tuple(deck)
    order = sorted(unpack(keys))
    return tuple(pack(*order)[::8])


#: the top bits' mask, the exponent, the unpacker and the packer of a deck size
_ShufflePlan = tuple[int, int, Callable[[bytearray], tuple[float, ...]], Callable[..., bytes]]
#: :func:`shuffle_order`'s masks and packers, by deck size
_SHUFFLE_PLANS: dict[int, _ShufflePlan] = {}


def _shuffle_plan(n: int) -> _ShufflePlan:
    """For ``n`` cards: the mask of each 64-bit key's top 44 bits, the exponent that
    makes each key (shifted down by 12) a float in [1, 2) with its lowest byte free, and
    the little-endian packers of ``n`` floats."""
    fmt = struct.Struct(f"<{n}d")
    plan = (sum(((1 << 44) - 1) << (64 * i + 20) for i in range(n)),
            sum(0x3FF << (64 * i + 52) for i in range(n)), fmt.unpack, fmt.pack)
    _SHUFFLE_PLANS[n] = plan
    return plan


def deal_from_order(rules: CaptureRules, order: Sequence[int], dealer: int = 0, *,
                    round_no: int = 1, scores: Sequence[int] | None = None,
                    wins: Sequence[int] | None = None, voided: tuple[VoidedDeal, ...] = (),
                    burdens: Sequence[int] | None = None,
                    carry: tuple[str, ...] = ()) -> State:
    """The state after dealing a known order. Outcomes that end or change the round
    (an instant win, the dealer capturing a field quad) are applied; redeals are
    :func:`new_round`'s job (a redeal outcome here is played on). ``burdens``: each
    seat's point burden under ``CaptureRules.burdens`` (B14; by default the first
    round's, from the dealer).

    Raises :class:`DealOrderError` if ``order`` is not every card of the deck once.
    """
    order = check_order(rules, order)
    check_seat(dealer, rules.players, "dealer")
    for v in voided:
        check_order(rules, v.order)
    hands, fm, stock = _layout(rules, order)
    outcome, reason, seat = _check_deal(rules, hands, fm)
    return _dealt_state(rules, order, hands, fm, stock, dealer, round_no, scores, wins,
                        voided, outcome, reason, seat, burdens, carry)


def _seat_burdens(rules: CaptureRules, dealer: int, burdens: Sequence[int] | None
                  ) -> tuple[int, ...]:
    """Each seat's point burden for a deal (B14): ``burdens`` if given (checked: a
    permutation of ``rules.burdens``), else the first round's, from the dealer in play
    order; () when the rules have no burdens."""
    scale = rules.burdens
    if scale is None:
        if burdens:
            raise OptionError(f"{rules.name} has no point burdens; give none")
        return ()
    if burdens is None or len(burdens) == 0:
        from ..families.capture.ranking import first_burdens
        return first_burdens(scale, dealer)
    given = tuple(burdens)
    if sorted(given) != list(scale) or any(type(b) is not int for b in given):
        raise OptionError(f"the point burdens of a {rules.name} deal are "
                          f"{', '.join(map(str, scale))}, one per seat; not {given!r}")
    return given


def _dealt_state(rules: CaptureRules, order: tuple[int, ...], hands: tuple[int, ...], fm: int,
                 stock: tuple[int, ...], dealer: int, round_no: int,
                 scores: Sequence[int] | None, wins: Sequence[int] | None,
                 voided: tuple[VoidedDeal, ...], outcome: str, reason: str, seat: int | None,
                 burdens: Sequence[int] | None = None,
                 carry: tuple[str, ...] = ()) -> State:
    rules = rules_for_round(rules, round_no)
    n = rules.players
    scores = tuple(scores) if scores is not None else (rules.start_points,) * n
    wins = tuple(wins) if wins is not None else (0,) * n
    sides = rules.sides
    caps = [0] * sides
    events: tuple[str, ...] = ()
    pos = 0
    gone = 0
    w = rules.wild
    if w is not None and w.on_field == "discarded" and fm & w.bit:
        # B2 (Higo-Bana's "Wild Dealt to Field"): it leaves the round; no refill
        gone = w.bit
        fm &= ~gone
        events = (f"the {CARD_INFO[w.card].name}, dealt to the field, leaves the round",)
    if outcome == "dealer_captures":
        # BOOK "Four of a Kind is Not a Misdeal": the dealer takes the quad and the
        # field is refilled from the stock (a refilled quad simply stays: rare); with
        # ``field_quad_refill=False`` (A14) the field stays four cards short.
        ev = []
        for month in _quads(fm):
            mm = MONTH_MASKS[month - 1]
            fm &= ~mm
            caps[rules.side(dealer)] |= mm
            ev.append(f"player {dealer + 1} (dealer) captures the four "
                      f"{MONTH_NAMES[month - 1]} cards dealt to the field")
            if not rules.field_quad_refill:
                continue
            for _ in range(4):
                fm |= 1 << stock[pos]
                pos += 1
        events += tuple(ev)
    elif outcome in ("instant_win", "dealer_wins"):
        events += (reason,)
    sigs: tuple[Signature, ...] = ((),) * sides
    pts: tuple[int, ...] = (0,) * sides
    bonus = rules.bonus_mask
    if fm & bonus:
        # G1: a bonus card dealt to the field goes to the dealer's pile; the field is
        # refilled from the top of the stock (again while the refill is a bonus card);
        # the stock starts after the refills
        ev = []
        sd = rules.side(dealer)
        for c in _bits(fm & bonus):
            fm &= ~(1 << c)
            caps[sd] |= 1 << c
            ev.append(f"player {dealer + 1} (dealer) takes {_name(c)}, dealt to the field, "
                      "into their pile")
            while pos < len(stock):
                r = stock[pos]
                pos += 1
                if bonus >> r & 1:
                    caps[sd] |= 1 << r
                    ev.append(f"player {dealer + 1} (dealer) takes {_name(r)}, turned up "
                              "to refill the field, into their pile")
                    continue
                fm |= 1 << r
                ev.append(f"the {_name(r)} from the stock refills the field")
                break
        events += tuple(ev)
        stock, pos = stock[pos:], 0
        if rules.yaku is not None:
            found = [rules.yaku.quick(c, fm) for c in caps]
            pts, sigs = tuple(t for t, _ in found), tuple(g for _, g in found)
    lone = rules.lone_mask
    if lone and not rules.lone_on_play and outcome not in ("instant_win", "dealer_wins"):
        # B8: a lone card dealt to a hand goes to that seat's pile at once
        hl = list(hands)
        for seat, h in enumerate(hands):
            if h & lone:
                hl[seat] = h & ~lone
                caps[rules.side(seat)] |= h & lone
                events += tuple(f"player {seat + 1} takes the {_name(c)}, the only "
                                "card of its month, into their pile"
                                for c in _bits(h & lone))
        if hl != list(hands):
            hands = tuple(hl)
            if rules.yaku is not None:
                found = [rules.yaku.quick(c, fm) for c in caps]
                pts, sigs = tuple(t for t, _ in found), tuple(g for _, g in found)
    record = DealRecord(order, dealer, voided, events, _aside(rules, order),
                        _seat_burdens(rules, dealer, burdens), carry)
    state = _new(State, (rules, hands, fm, tuple(caps), stock, pos, Phase.PLAY, dealer,
                         dealer, round_no, sigs, pts, (), scores, wins, (),
                         None, record, None, fm | gone, (), (), (), ()))
    if outcome in ("instant_win", "dealer_wins"):
        res = rules.overlay.settle_instant(state, seat if outcome == "instant_win" else dealer,
                                           reason)
        return state._replace(phase=Phase.ROUND_OVER, result=res)
    rr = rules.round_rules
    if rr is not None and rr.choices:
        # B12: the dealer chooses the round's rules before anything is played
        return state._replace(phase=Phase.CHOOSE_RULES)
    if rules.declarations is not None:
        return _next_declarer(state, 0)
    return state


_ROUND_RULES: dict[tuple[int, int, str], tuple[CaptureRules, CaptureRules]] = {}


def rules_for_round(rules: CaptureRules, round_no: int, choice: str = "") -> CaptureRules:
    """The rules of round ``round_no`` (B12): the game's own rules unless they have
    :attr:`CaptureRules.round_rules`; then what its ``build`` makes of the round's number
    and the dealer's ``choice`` (kept: the same object for the same round and choice).
    Before a dealer's choice (``choice=""``) they are the game's own rules."""
    base = rules.game if rules.game is not None else rules
    rr = base.round_rules
    if rr is None or (rr.choices and not choice):
        return base
    if rr.choices and choice not in rr.choices:
        raise OptionError(f"{base.name}: the {rr.key.replace('_', ' ')} is one of "
                          f"{', '.join(rr.choices)}, not {choice!r}")
    key = (id(base), round_no, choice)
    hit = _ROUND_RULES.get(key)
    if hit is not None and hit[0] is base:
        return hit[1]
    made = replace(rr.build(base, round_no, choice), round_rules=None, game=base)
    if len(_ROUND_RULES) > 4096:
        _ROUND_RULES.clear()
    _ROUND_RULES[key] = (base, made)
    return made


def losers_pay(rules: CaptureRules) -> bool:
    """Whether a round's losers pay its winner, so that every round sums to zero (the
    overlay's ``settlement`` other than "winner_scores": Koi-Koi's Losers Pay, Go-Stop);
    else only the winner scores, or every player scores their own pile."""
    return getattr(rules.overlay, "settlement", "winner_scores") != "winner_scores"


def game_rules(rules: CaptureRules) -> CaptureRules:
    """The game's own rules behind one round's (B12; the rules themselves without)."""
    return rules.game if rules.game is not None else rules


def _apply_choice(state: State, action: Choose) -> State:
    """The dealer's choice (B12): the round goes on under the chosen rules, the choice
    kept in the deal record; what the piles already score is counted again."""
    rules = rules_for_round(state.rules, state.round_no, action.value)
    sigs, pts = state.sigs, state.yaku_pts
    if rules.yaku is not None and any(state.caps_m):
        found = [rules.yaku.quick(c, state.field_m) for c in state.caps_m]
        pts, sigs = tuple(t for t, _ in found), tuple(g for _, g in found)
    d = state.deal
    deal = DealRecord(d.order, d.dealer, d.voided, d.events, d.aside, d.burdens, d.carry,
                      action.value)
    new = state._replace(rules=rules, phase=Phase.PLAY, player=state.dealer, sigs=sigs,
                         yaku_pts=pts, deal=deal, history_c=(state.history_c, action))
    if rules.declarations is not None:
        return _next_declarer(new, 0)
    return new


def new_round(rules: CaptureRules, seed: int | random.Random | None = None, dealer: int = 0, *,
              round_no: int = 1, scores: Sequence[int] | None = None,
              wins: Sequence[int] | None = None, max_redeals: int = 1000,
              burdens: Sequence[int] | None = None,
              carry: tuple[str, ...] = ()) -> State:
    """Shuffle and deal a round; misdeals are redealt (and recorded) as the rules say.

    ``seed`` is an int or a ``random.Random`` (whose stream continues); ``burdens``:
    each seat's point burden (B14, as :func:`deal_from_order`); ``carry``: what the
    previous round hands on (G7, :attr:`DealRecord.carry`).
    """
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    check_seat(dealer, rules.players, "dealer")
    voided: list[VoidedDeal] = []
    deck = rules.deck_ids
    for _ in range(max_redeals + 1):
        order = shuffle_order(rng, deck)
        hands, fm, stock = _layout(rules, order)
        outcome, reason, seat = _check_deal(rules, hands, fm)
        if outcome in ("redeal", "redeal_next_dealer"):
            voided.append(VoidedDeal(tuple(order), dealer, reason))
            if outcome == "redeal_next_dealer":
                dealer = (dealer + 1) % rules.players
            continue
        return _dealt_state(rules, tuple(order), hands, fm, stock, dealer, round_no, scores,
                            wins, tuple(voided), outcome, reason, seat, burdens, carry)
    raise RuntimeError(f"no valid deal after {max_redeals} redeals")  # pragma: no cover


def setup_state(rules: CaptureRules, hands: Sequence[object], field: object = (),
                stock: str | Iterable[object] = (), captures: Sequence[object] = (), *,
                player: int = 0, dealer: int = 0, calls: Sequence[int] = (), round_no: int = 1,
                scores: Sequence[int] | None = None, burdens: Sequence[int] | None = None
                ) -> State:
    """A position set up by hand (worked examples, exercises, tests), ready to play.

    ``hands`` and ``captures`` are one card set per seat (side) in the notation
    (``"3c 4c"``) or any iterable of cards; ``stock`` is listed top card first.
    Cards left out are simply out of play. Yaku already in the capture piles count
    as declared, so only a new or bigger yaku opens a decision.
    """
    deck = rules.deck_mask

    def mask(x: object, what: str) -> int:
        if isinstance(x, int) and type(x) is not bool:
            m = x
        elif isinstance(x, (str, CardSet)) or hasattr(x, "__iter__"):
            # (an UnknownCardError of our own if unreadable)
            m = CardSet(cast("str | Iterable[AnyCard]", x)).mask
        else:
            raise DealOrderError(f"{x!r} is not a card set for {what}; give card codes "
                                 "('3c 4c'), an iterable of cards or a mask")
        if m < 0 or m & ~deck:
            bad = [c for c in range(max(m.bit_length(), 1)) if m >> c & 1 and not deck >> c & 1]
            raise DealOrderError(f"{what} holds {'a card' if bad else 'bits'} that "
                                 f"{'is' if bad else 'are'} not in the {rules.name} deck"
                                 + (f" (ids {', '.join(map(str, bad[:5]))})" if bad else ""))
        return m

    n = rules.players
    if isinstance(hands, str) or not hasattr(hands, "__len__"):
        raise DealOrderError(f"give one hand per player ({n}) as a list, not {hands!r}")
    # (a mask of the deck's cards is taken as it is; anything else is read and checked)
    hands_m = tuple(h if type(h) is int and h >= 0 and not h & ~deck
                    else mask(h, f"player {i + 1}'s hand") for i, h in enumerate(hands))
    if len(hands_m) != n:
        raise PlayerCountError(f"give one hand per player ({n}), not {len(hands_m)}")
    check_seat(player, n)
    check_seat(dealer, n, "dealer")
    if isinstance(captures, str) or len(captures) > rules.sides:
        raise DealOrderError(f"give at most one capture pile per side ({rules.sides}) as a "
                             f"list, not {captures!r}")
    caps = [0] * rules.sides
    for i, c in enumerate(captures):
        caps[i] = mask(c, f"capture pile {i + 1}")
    if isinstance(stock, str):
        from ..cards import parse_cards
        stock = parse_cards(stock, extras=True)        # (a Joker of the deck too, G1)
    try:
        stock_raw: tuple[object, ...] = tuple(stock)
    except TypeError:
        raise DealOrderError(f"{stock!r} is not a stock; give card codes ('3c 4c'), or cards "
                             "or card ids top card first") from None
    deck_set = rules.deck_set
    # (a tuple of the deck's int ids is taken as it is; anything else is read card by card)
    if deck_set.issuperset(stock_raw) and _INT_ONLY.issuperset(map(type, stock_raw)):
        stock_t = cast("tuple[int, ...]", stock_raw)     # (ints of the deck: just checked)
    else:
        stock_t = tuple([_card_id(c, "the stock") for c in stock_raw])
        bad = [c for c in stock_t if c not in deck_set]
        if bad:
            raise DealOrderError(f"the stock holds a card that is not in the {rules.name} deck "
                                 f"(ids {', '.join(map(str, bad[:5]))}); its cards are "
                                 f"{_deck_ids_text(rules)}")
    fm = mask(field, "the field")
    # Each card in one place only: the places' sizes add up to the size of their union
    # (the stock's bits are added, not or-ed: a card twice in it carries into another
    # bit, so its sum has fewer bits than cards). The cards are listed, for the
    # message, only when they do not.
    used, count = fm | sum(map(_BIT.__getitem__, stock_t)), fm.bit_count() + len(stock_t)
    for m in hands_m:
        used |= m
        count += m.bit_count()
    for m in caps:
        used |= m
        count += m.bit_count()
    if used.bit_count() != count:
        all_cards = []
        for h in hands_m:
            all_cards += _bits(h)
        all_cards += _bits(fm)
        all_cards += stock_t
        for cm in caps:
            all_cards += _bits(cm)
        twice = sorted({c for c in all_cards if all_cards.count(c) > 1})
        raise DealOrderError(f"a card is placed twice in this setup "
                             f"({', '.join(Card(c).code for c in twice)}); each card may be "
                             "in one place only")
    return position_state(rules, hands_m, fm, stock_t, tuple(caps), player=player,
                          dealer=dealer, calls=tuple(calls), round_no=round_no,
                          scores=scores, burdens=burdens)


def position_state(rules: CaptureRules, hands_m: tuple[int, ...], field_m: int,
                   stock: tuple[int, ...], caps_m: tuple[int, ...], *, player: int = 0,
                   dealer: int = 0, calls: tuple[int, ...] = (), round_no: int = 1,
                   scores: Sequence[int] | None = None, burdens: Sequence[int] | None = None
                   ) -> State:
    """The state of a position given as it is stored, ready to play: one hand mask per
    seat, the field's mask, the stock's card ids (top first) and one capture mask per
    side. Nothing is checked: the caller vouches that each card of the rules' deck is
    in one place at most and that ``player`` and ``dealer`` are seats (a staged round
    starting its play from its own deal; :func:`setup_state` checks a position given
    by hand, then builds it here). Yaku already in the capture piles count as
    declared. Rules that change by round (B12) are the round's: those of ``round_no``
    (a dealer's choice: pass :func:`rules_for_round`'s rules for it; else the game's)."""
    rules = rules_for_round(rules, round_no)
    sigs, pts = [], []
    quick = rules.yaku.quick if rules.yaku is not None else None
    empty = None                        # (an empty pile's score, asked once)
    for c in caps_m:
        if quick is None:
            total, sig = 0, ()
        elif c or empty is None:
            total, sig = found = quick(c, field_m)
            if not c:
                empty = found
        else:
            total, sig = empty
        sigs.append(sig)
        pts.append(total)
    order: tuple[int, ...] = ()
    for h in hands_m:
        order += _ids_of(h)
    order += _ids_of(field_m) + stock
    for cm in caps_m:
        if cm:
            order += _ids_of(cm)
    n = rules.players
    record = DealRecord(order, dealer, (), ("position set up by hand",),
                        burdens=_seat_burdens(rules, dealer, burdens))
    return _new(State, (rules, hands_m, field_m, caps_m, stock, 0, Phase.PLAY, player, dealer,
                        round_no, tuple(sigs), tuple(pts), calls,
                        tuple(scores) if scores is not None else (rules.start_points,) * n,
                        (0,) * n, (), None, record, None, field_m, (), (), (), ()))


_INT_ONLY = frozenset({int})
#: ``_ID_BYTES[k][b]``: the ids of the cards whose bits are ``b`` in the k-th byte of a mask
#: (seven bytes: the 48 cards and the extras, bonus cards 49-54, G1)
_ID_BYTES = tuple(tuple(tuple(8 * k + i for i in range(8) if b >> i & 1) for b in range(256))
                  for k in range(7))


def _ids_of(mask: int) -> tuple[int, ...]:
    """The card ids in a mask, lowest first (six table look-ups for the 48 cards, a
    seventh for the extras, as :func:`~hanafuda_core.cards.mask_cards` lists them bit by
    bit)."""
    b0, b1, b2, b3, b4, b5, b6 = _ID_BYTES
    out = (b0[mask & 255] + b1[mask >> 8 & 255] + b2[mask >> 16 & 255]
           + b3[mask >> 24 & 255] + b4[mask >> 32 & 255] + b5[mask >> 40 & 255])
    return out + b6[mask >> 48 & 255] if mask >> 48 else out


def _deck_ids_text(rules: CaptureRules) -> str:
    """The ids of the rules' deck, for a message ("the ids 0 to 47", or listed)."""
    ids = sorted(rules.deck_set)
    if ids == list(range(ids[0], ids[-1] + 1)):
        return f"the ids {ids[0]} to {ids[-1]}"
    return "the ids " + ", ".join(map(str, ids))


# ---------------------------------------------------------------------------
# Legal actions

def _play_tables() -> tuple[tuple[tuple[Play, ...], ...], ...]:
    """``_PLAYS[k][x]``: the Play actions of the cards whose bits are ``x`` in the k-th
    byte of a hand (two months; the last byte holds the bonus cards, G1). A hand's legal
    plays are then seven lookups and six tuple joins instead of a loop over its bits
    (the legal-actions call runs before every action of every random round). The
    tables hold 1,792 entries, made in a few milliseconds at import."""
    out = []
    for k in range(7):
        acts = PLAY[8 * k:8 * k + 8]
        out.append(tuple(tuple(a for i, a in enumerate(acts) if x >> i & 1)
                         for x in range(256)))
    return tuple(out)


_PLAYS = _play_tables()
_CAPTURES: dict[int, tuple[Capture, ...]] = {}      # choice mask -> its Capture actions
_P0, _P1, _P2, _P3, _P4, _P5, _P6 = _PLAYS
_PLAY_PHASE = Phase.PLAY
_CHOOSE_HAND = Phase.CHOOSE_HAND_CAPTURE
_CHOOSE_DRAW = Phase.CHOOSE_DRAW_CAPTURE
_DECIDE = Phase.DECIDE
_OVER = Phase.ROUND_OVER
_DECLARE = Phase.DECLARE
_DRAW_VOTE = Phase.DRAW_VOTE


def legal_actions(state: State) -> tuple[Action, ...]:
    """The actions the current player may take, sorted (deterministic)."""
    ph = state.phase
    if ph == _PLAY_PHASE:
        rules = state.rules
        extras = rules.play_extras
        if extras and rules.draw_requests and _may_ask_draw(state):
            # G9: the turn's actions (read as if the ask were made), then the ask
            asked = state.draw_votes + ((state.player, "ask"),)
            return legal_actions(state._replace(draw_votes=asked)) + (ASK_DRAW,)
        h = state.hands_m[state.player]
        b = h.to_bytes(7, "little")         # (a hand holds card ids 0 to 54)
        plays = (_P0[b[0]] + _P1[b[1]] + _P2[b[2]] + _P3[b[3]] + _P4[b[4]] + _P5[b[5]]
                 + _P6[b[6]])
        if not extras:
            return plays
        if rules.announced_hiki != "none":              # B1: a hiki may be announced
            return plays + _hiki_offers(state)
        if rules.bomb is not None:                      # G3: a bomb may be played
            bombs: tuple[Action, ...] = plays + bomb_offers(h, state.field_m)
            return bombs + (PASS,) if _may_skip(state) else bombs
        return plays
    if ph == _DRAW_VOTE:
        return (ACCEPT_DRAW, REFUSE_DRAW)
    if ph == _CHOOSE_HAND or ph == _CHOOSE_DRAW:
        m = _choice_mask(state)
        acts = _CAPTURES.get(m)
        if acts is None:            # few masks come up (a month's pairs, a wild's targets)
            if len(_CAPTURES) > 4096:
                _CAPTURES.clear()
            acts = _CAPTURES[m] = tuple(CAPTURE[c] for c in _bits(m))
        if state.rules.wild is not None and _may_leave(state):     # B2: or leave the wild
            return acts + (PASS,)
        return acts
    if ph == _DECIDE:
        # the overlay says which decisions are open; the rules name them
        allowed = state.rules.overlay.decision_actions(state)
        key = (state.rules.decision_words, allowed)
        named = _NAMED.get(key)
        if named is None:
            if len(_NAMED) > 1024:
                _NAMED.clear()
            named = _NAMED[key] = state.rules.decision_words.named(allowed)
        return named
    if ph == _DECLARE:
        return _offers(state, state.player) + (PASS,)
    if ph == Phase.CHOOSE_RULES:
        return _choices(state)
    return ()


def _may_ask_draw(state: State) -> bool:
    """G9: may the active player ask for a Draw now (3+ players, the start of the turn,
    once per player per round: our reading)?"""
    return state.rules.players >= 3 and not state.pending \
        and (state.player, "ask") not in state.draw_votes


def _draw_vote(state: State, action: AskDraw | AcceptDraw | RefuseDraw) -> State:
    """G9: an ask opens the vote; a refusal closes it (play goes on); all the others
    accepting end the round with no winner (``"draw_agreed"``)."""
    seat = state.actor
    hist = (state.history_c, action)
    votes = state.draw_votes + ((seat, _VOTE_WORD[type(action)]),)
    if type(action) is AskDraw:
        return state._replace(history_c=hist, draw_votes=votes, phase=Phase.DRAW_VOTE)
    if type(action) is RefuseDraw:
        return state._replace(history_c=hist, draw_votes=votes, phase=Phase.PLAY)
    later = state._replace(history_c=hist, draw_votes=votes)
    if later.voter != later.player:
        return later
    res = state.rules.overlay.settle_draw(later)
    return _finish(later, RoundResult(None, res.points, "draw_agreed",
                                      make_report=lambda: res.report))


def _choices(state: State) -> tuple[Choose, ...]:
    """The dealer's choices of the round's rules (B12)."""
    rr = game_rules(state.rules).round_rules
    return tuple(Choose(rr.key, c, rr.label(c)) for c in rr.choices) if rr is not None else ()


_NAMED: dict[tuple[DecisionWords, tuple[Action, ...]], tuple[Action, ...]] = {}


# ---------------------------------------------------------------------------
# The turn

def _name(card: int) -> str:
    return CARD_INFO[card].name if card < 48 else Extra(card).title


_ACTION_TYPES = (Play, Capture, GoOn, Stop, Declare, Pass, Choose, AskDraw, AcceptDraw,
                 RefuseDraw)


def _check_action(action: object, bonus: int = 0) -> None:
    """Refuse what is not an action at all, or names no card of the deck (``bonus``: the
    rules' bonus cards, a mask: a Play may name one, G1)."""
    if not isinstance(action, _ACTION_TYPES):
        raise IllegalActionError(
            f"{action!r} is not an action; an action is Play(card), Capture(card), GoOn(), "
            "Stop(), Declare(key, cards), Pass() or Choose(key, value), or its text: "
            "'play <card>', 'capture <card>', 'koikoi' (go on), 'stop', 'declare <what> "
            "<cards>', 'pass' or 'choose <what> <value>'")
    if isinstance(action, (Play, Capture)):
        card: object = action.card
        if type(action) is Play and type(card) is not bool and isinstance(card, int) \
                and 48 <= card < 64 and bonus >> card & 1:
            return                          # G1: a bonus card of the rules is played
        if type(card) is bool or not isinstance(card, int) or not 0 <= card < 48:
            if isinstance(card, int) and 49 <= card <= 54:
                raise IllegalActionError(
                    f"{type(action).__name__}({card!r}): "
                    + ("a Joker is never taken from the field" if type(action) is Capture
                       else "this game is played without Jokers"))
            raise IllegalActionError(
                f"{type(action).__name__}({card!r}) names no card: a card is one of the 48 "
                "card ids 0 to 47 (a Card, or text such as 'play 3a')")


def _refuse(state: State, action: Action, player: int | None) -> None:
    """Raise the teaching error for an action that is not legal here."""
    _check_action(action, state.rules.bonus_mask)
    if state.phase == Phase.ROUND_OVER:
        raise IllegalActionError("the round is over; start the next round (next_round)")
    if player is not None and player != state.actor:
        raise IllegalActionError(f"it is player {state.actor + 1}'s turn, not player "
                                 f"{player + 1}'s")
    ph = state.phase
    if ph == Phase.DRAW_VOTE or type(action) in _VOTE_WORD:         # G9: the Draw vote
        if action in legal_actions(state):
            return
        if ph == Phase.DRAW_VOTE:
            raise IllegalActionError(f"player {state.voter + 1} answers the Draw asked for: "
                                     f"'accept draw' or 'refuse draw' ({action.code()!r} "
                                     "is neither)")
        raise IllegalActionError(f"{action.code()!r}: a Draw is asked for only by the active "
                                 "player at the start of their turn, once a round, with "
                                 "three or more players and the rule in play; a vote only "
                                 "answers an ask")
    if ph == Phase.CHOOSE_RULES:
        choices = _choices(state)
        if action in choices:
            return
        what = " or ".join(f"'{c.code()}'" for c in choices)
        raise IllegalActionError(f"before the first play the dealer chooses the round's "
                                 f"rules: {what} ({action.code()!r} is not one of them)")
    if isinstance(action, Choose):
        raise IllegalActionError(f"{action.code()!r}: the round's rules are chosen only "
                                 "by the dealer before the first play")
    if ph == Phase.DECLARE:
        offers = _offers(state, state.player)
        if type(action) is Pass or action in offers:
            return
        verb = state.rules.declarations.verb if state.rules.declarations else "declare"
        what = " or ".join(f"'{d.code()}'" for d in offers)
        if isinstance(action, Declare):
            raise IllegalActionError(f"you cannot {verb} {action.code()[8:]!r} now; you may "
                                     f"{verb} {what}, or 'pass'")
        raise IllegalActionError(f"before the first play each player may {verb} cards from "
                                 f"the hand: {what}, or 'pass' to {verb} nothing more "
                                 f"({action.describe()} is not possible now)")
    if ph == Phase.PLAY and isinstance(action, Declare) and action.key == HIKI \
            and state.rules.announced_hiki != "none":
        offers = _hiki_offers(state)
        if action in offers:
            return
        month = MONTH_NAMES[action.cards[0] >> 2]
        raise IllegalActionError(
            f"you cannot announce hiki with {', '.join(_name(c) for c in action.cards)}: a "
            f"hiki is every {month} card of your hand, with the rest of the month on the "
            "field" + (" (or all four in your hand)" if state.rules.announced_hiki == "any"
                       else "") + "; you may announce "
            + (" or ".join(f"'{d.code()}'" for d in offers) if offers else "none now"))
    if ph == Phase.PLAY and isinstance(action, Declare) and action.key == BOMB \
            and state.rules.bomb is not None:
        offers = bomb_offers(state.hands_m[state.player], state.field_m)
        if action in offers:
            return
        raise IllegalActionError(
            f"you cannot bomb with {', '.join(_name(c) for c in action.cards)}: a bomb is "
            "three cards of one month from your hand while the field holds the fourth; you "
            "may " + (" or ".join(f"'{d.code()}'" for d in offers) if offers else
                      "bomb nothing now"))
    if type(action) is Pass and ph in (Phase.CHOOSE_HAND_CAPTURE, Phase.CHOOSE_DRAW_CAPTURE) \
            and _may_leave(state):
        return
    if type(action) is Pass and ph == Phase.PLAY and state.rules.bomb is not None:
        if _may_skip(state):
            return
        raise IllegalActionError("you cannot pass now: only a player who bombed under "
                                 "'Smoke Clears' may skip a hand card, twice per bomb")
    if isinstance(action, (Declare, Pass)):
        raise IllegalActionError(f"{action.describe()} is not possible now: declarations are "
                                 "made after the deal, before the first play")
    if ph == Phase.PLAY:
        if isinstance(action, Play):
            if state.hands_m[state.player] >> action.card & 1:
                return
            raise IllegalActionError(
                f"the {_name(action.card)} is not in your hand; your hand: "
                f"{', '.join(_name(c) for c in _bits(state.hands_m[state.player]))}")
        raise IllegalActionError(f"play a card from your hand first ({action.describe()} is "
                                 "not possible now)")
    if ph in (Phase.CHOOSE_HAND_CAPTURE, Phase.CHOOSE_DRAW_CAPTURE):
        card = state.pending[0]
        options = _bits(_choice_mask(state))
        if isinstance(action, Capture) and action.card in options:
            return
        if state.rules.wild is not None:
            _refuse_wild(state, action, options)
        rel = state.rules.capture_relation
        month = MONTH_NAMES[card >> 2]
        if rel is not None:
            raise IllegalActionError(
                f"by {rel.name} the {_name(card)} may take "
                f"{' or '.join(_name(c) for c in options)}: choose one of them")
        raise IllegalActionError(
            f"you must choose which {month} card to capture with the {_name(card)}: "
            f"{' or '.join(_name(c) for c in options)}")
    if ph == Phase.DECIDE:
        allowed = state.rules.overlay.decision_actions(state)
        if action in allowed:
            return
        if len(allowed) == 1:
            raise IllegalActionError(f"you formed a yaku and must "
                                     f"{state.rules.decision_words.named(allowed)[0].describe()} "
                                     "here")
        words = state.rules.decision_words
        raise IllegalActionError(f"you formed a yaku: call {words.go_on} to go on or "
                                 f"{words.stop} to end the round")


def apply(state: State, action: Action | str, player: int | None = None) -> State:
    """The state after ``action`` by the current player (``player`` checks whose turn).

    ``action`` is a :class:`Play`, :class:`Capture`, :class:`GoOn` or :class:`Stop`
    value, or its text (``"play 3a"``). Raises :class:`IllegalActionError` with the
    rule's reason for an action that is not legal here, and for anything that is
    not an action at all; ``state`` is unchanged (it is immutable).
    """
    if type(action) is Play:
        # The hot path (a card played in the PLAY phase) checks the card with one
        # dict lookup: ``_PLAY_OF`` knows only the 48 card ids, so anything else
        # (48, -1, "3a", None) falls through to the full checks below.
        card = action.card
        canon = _PLAY_OF.get(card) if type(card) is Card or type(card) is int else None
        if canon is not None and state.phase == _PLAY_PHASE \
                and (player is None or player == state.player) \
                and state.hands_m[state.player] >> action.card & 1:
            return _turn(state, (state.history_c, canon), 0, canon.card, state.hands_m,
                         state.field_m, state.pos, 0, -1, state.calls, state.wild_log)
    elif type(action) is Capture:
        # The other hot path: the choice between two field cards.
        card = action.card
        chosen = _CAPTURE_OF.get(card) if type(card) is Card or type(card) is int else None
        ph = state.phase
        if chosen is not None and (ph == _CHOOSE_HAND or ph == _CHOOSE_DRAW) \
                and (player is None or player == state.player) \
                and _choice_mask(state) >> card & 1:
            return _choose(state, chosen)
    elif type(action) is GoOn or type(action) is Stop:
        # The third: the decision after a yaku, one the rules offer now.
        if state.phase == _DECIDE and (player is None or player == state.player) \
                and action in state.rules.overlay.decision_actions(state):
            return _decide(state, action)
    elif isinstance(action, str):
        try:
            action = parse_action(action)
        except IllegalActionError as error:     # (text that names no action at all)
            codes = ", ".join(a.code() for a in legal_actions(state)) or \
                "none (the round is over)"
            raise IllegalActionError(f"{error}; legal now: {codes}") from None
    if type(action) is Declare:
        action = _norm_declare(action)
    _refuse(state, action, player)
    # (legal, as _refuse found: a Play in the PLAY phase, a Capture in a choice, else a
    # decision)
    ph = state.phase
    if ph == Phase.CHOOSE_RULES:
        return _apply_choice(state, cast(Choose, action))
    if type(action) in _VOTE_WORD:                              # G9: the Draw vote
        return _draw_vote(state, cast("AskDraw | AcceptDraw | RefuseDraw", action))
    if ph == Phase.PLAY and isinstance(action, Play):
        play = PLAY[action.card]
        return _turn(state, (state.history_c, play), 0, play.card, state.hands_m,
                     state.field_m, state.pos, 0, -1, state.calls, state.wild_log)
    if (ph == Phase.CHOOSE_HAND_CAPTURE or ph == Phase.CHOOSE_DRAW_CAPTURE) \
            and isinstance(action, Capture):
        return _choose(state, CAPTURE[action.card])
    if ph == Phase.PLAY and type(action) is Pass:               # G3: Smoke Clears
        return _skip_hand(state)
    if ph == Phase.PLAY and type(action) is Declare:            # B1: the announced hiki
        if action.key == BOMB:                                  # G3: a bomb
            return _bomb(state, action)
        return _announce(state, action)
    if ph == Phase.CHOOSE_HAND_CAPTURE or ph == Phase.CHOOSE_DRAW_CAPTURE:
        return _leave_wild(state)                               # B2: a Pass leaves the wild
    if ph == Phase.DECLARE:
        hist = (state.history_c, action)
        k = (state.player - state.dealer) % state.rules.players
        if type(action) is Pass:
            return _next_declarer(state._replace(history_c=hist), k + 1)
        decl = state.declared + ((state.player, cast("Declare", action)),)
        return _next_declarer(state._replace(history_c=hist, declared=decl), k)
    return _decide(state, cast("GoOn | Stop", action))         # Phase.DECIDE


def _decide(state: State, action: GoOn | Stop) -> State:
    """A legal decision after a yaku: go on (the next turn) or stop (the round is
    settled)."""
    hist = (state.history_c, action)
    if type(action) is GoOn:
        return _turn(state, hist, 3, -1, state.hands_m, state.field_m, state.pos, 0, -1,
                     state.calls + (state.player,), state.wild_log)
    res = state.rules.overlay.settle(state, state.player)
    return _finish(state._replace(history_c=hist), res)


# ``state.legal_actions()`` and ``state.apply(...)`` are the module functions
# themselves (their first argument is the state): no wrapper call per step.
State.legal_actions = legal_actions      # type: ignore[method-assign, assignment]
State.apply = apply                      # type: ignore[method-assign, assignment]

_PLAY_OF: dict[int, Play] = {c: PLAY[c] for c in range(48)}
_CAPTURE_OF: dict[int, Capture] = {c: CAPTURE[c] for c in range(48)}


def declared_by(state: State | PlayerView, seat: int) -> tuple[Declare, ...]:
    """What ``seat`` declared after the deal, in order (A1)."""
    return tuple(d for s, d in state.declared if s == seat)


def doubled_yaku(state: State) -> tuple[frozenset[str], ...]:
    """Per side, the yaku (rule keys) its declarations at the deal make worth double this
    round (A1, :meth:`Declarations.doubled_rules`); () when nothing was declared."""
    rules = state.rules
    decl = rules.declarations
    if decl is None or not state.declared or \
            type(decl).doubled_rules is Declarations.doubled_rules:     # (doubles nothing)
        return ()
    return tuple(decl.doubled_rules(tuple(d for seat, d in state.declared
                                          if rules.side(seat) == side))
                 for side in range(rules.sides))


def _offers(state: State, seat: int) -> tuple[Declare, ...]:
    decl = state.rules.declarations
    return decl.offers(state.hands_m[seat], declared_by(state, seat)) if decl else ()


def _next_declarer(state: State, k: int) -> State:
    """The first seat from the ``k``-th in play order (0: the dealer) with something to
    declare, in phase ``DECLARE``; with none left, the dealer plays (phase ``PLAY``)."""
    n = state.rules.players
    for i in range(k, n):
        seat = (state.dealer + i) % n
        if _offers(state, seat):
            return state._replace(phase=Phase.DECLARE, player=seat)
    return state._replace(phase=Phase.PLAY, player=state.dealer)


def _norm_declare(action: Declare) -> Declare:
    """A declaration with its cards read (codes, ids or Cards) and sorted."""
    try:
        cards = tuple(sorted(Card(_card_id(c, "a declaration")) for c in action.cards))
    except (TypeError, ValueError, HanafudaError):
        raise IllegalActionError(f"{action!r} names no cards: declare cards such as "
                                 "'declare triple 3a 3b 3c'") from None
    if not isinstance(action.key, str) or not cards:
        raise IllegalActionError(f"{action!r}: a declaration is a key (text) and the cards "
                                 "shown, e.g. 'declare triple 3a 3b 3c'")
    return Declare(action.key, cards)


def _choose(state: State, action: Capture) -> State:
    """A legal choice of the field card the waiting card takes; the turn goes on."""
    card, turn, pair_month = state.pending[:3]
    extra = state.pending[3] if len(state.pending) > 3 else 0     # a bomb's draws (G3)
    hist = (state.history_c, action)
    t = 1 << action.card
    wlog = state.wild_log
    wild = state.rules.wild is not None and _wild_choice(state) is not None
    whole = False           # a card that may take the wild on the field took it or a hiki
    if state.rules.wild is not None and not wild:
        w = state.rules.wild
        if w.field_candidate and w.active(state.field0) and state.field_m & w.field_candidate \
                and w.field_takers >> card & 1:
            whole = True
            if t == w.field_candidate:
                wlog += (WildEvent(state.player, "taken_on_field", card, t),)
            else:
                month = state.field_m & MONTH_MASKS[card >> 2]
                if month.bit_count() == 3:      # the hiki is taken whole
                    t = month
                else:
                    whole = False
    if state.rules.capture_relation is not None:
        month = state.field_m & MONTH_MASKS[action.card >> 2]
        if month.bit_count() == 3:          # a chosen hiki card takes the three
            t = month
            whole = True
    if state.phase == _CHOOSE_HAND:
        if wild:                # the wild's pick makes no pair of its month
            wlog += (WildEvent(state.player, "hand", card, t),)
            pair_month = -1
        else:
            pair_month = -1 if whole else card >> 2
        # (``turn``: a bonus card played before the card, G1; 0 otherwise)
        return _turn(state, hist, 1, card, state.hands_m, state.field_m & ~t, state.pos,
                     turn | (1 << card) | t, pair_month, state.calls, wlog)
    if wild:
        wlog += (WildEvent(state.player, "stock", card, t),)
    if extra:                           # G3: the bomb's next draw
        return _turn(state, hist, 1, card, state.hands_m, state.field_m & ~t, state.pos,
                     turn | (1 << card) | t, -1, state.calls, wlog, extra - 1)
    return _turn(state, hist, 2, card, state.hands_m, state.field_m & ~t, state.pos,
                 turn | (1 << card) | t, pair_month, state.calls, wlog)


def _turn(state: State, hist: Any, step: int, card: int, hands: tuple[int, ...], fm: int,
          pos: int, turn: int, pair_month: int, calls: tuple[int, ...],
          wlog: tuple[WildEvent, ...], extra: int = 0) -> State:
    """The capture turn (see the module docstring), written once, on ints.

    It starts at ``step``: 0 phase 1 (``card`` is played from the hand), 1 phase 2
    (the draw), 2 phase 3 (``turn``, the cards taken this turn, join the pile), 3
    the next turn (after a Koi-Koi call). It runs on until someone must choose
    (a capture of two, a decision) or the round ends, through any draw-only turns
    of empty hands, and builds one new :class:`State` at the end: everything in
    between lives in local variables (the engine's speed comes from that).
    ``pair_month`` is the month of a pair made in phase 1 (-1: none), for
    ``pair_then_draw="stack"``; ``extra`` the stock cards still to turn over after this
    draw (a bomb's, G3).

    A wild card in force plays by the same lines: ``wcard`` is its id (-1 without
    one, so the wild tests are never true) and ``excl`` its bit when, lying on the
    field, it matches no card of its month (0 otherwise, so ``& ~excl`` is a no-op).
    """
    # One unpack of the state's fields: CPython 3.11 reads a NamedTuple's field by name
    # on its slow path, and a turn needs most of them (the new state is built of them).
    (rules, _, _, caps, stock, _, _, player, dealer, round_no, sigs, pts, _, scores, wins, _,
     _, deal, _, field0, _, decl, evs, dv) = state
    (side, quick, needed, nplayers, stack, hands_end, first_yaku, months, rel, lone, auto,
     er) = rules.turn_constants
    nstock = len(stock)
    # ``w`` is read only where ``card == wcard`` or ``excl`` holds: a wild in force
    w: WildRules = rules.wild  # type: ignore[assignment]
    active = w is not None and w.active(field0)
    if active:
        wcard = int(w.card)
        excl = w.field_exclusion
        fwild = w.field_candidate       # the wild on the field as a candidate (A12)
        takers = w.field_takers
        announce = w.hiki != "protected"    # B1: another side's hiki blocks the wild
        leave_hand, leave_draw = w.may_leave("hand"), w.may_leave("stock")  # B2
    else:
        wcard = -1
        excl = fwild = takers = 0
        announce = leave_hand = leave_draw = False
    # yaku worth double for a side (A1: what it declared at the deal), None for none
    doubled = doubled_yaku(state) if decl else None
    # G5: the turn's facts for the special events (ints; ``er`` None: no events)
    hcard = card if step == 0 else -1           # the hand card, while it is known
    drawn = card if step == 2 else -1           # the drawn card
    hk = 0                                      # stacks of three captured this turn
    made = jj = False                           # a stack left by the draw; a jjok
    while True:
        if step == 0:                          # phase 1: the card from the hand
            bit = 1 << card
            h = list(hands)
            h[player] ^= bit
            hands = tuple(h)
            if lone >> card & 1:
                if not rules.bonus_mask >> card & 1:    # B8: a lone card goes to the pile
                    turn = bit
                    pair_month = -1
                    step = 1
                    continue
                # G1: a bonus card goes to the pile and the top stock card is played in
                # its place, as a hand card (a bonus card turned up goes to the pile too)
                turn |= bit
                card = -1
                while pos < nstock:
                    card = stock[pos]
                    pos += 1
                    if not lone >> card & 1:
                        break
                    turn |= 1 << card
                    card = -1
                if card < 0:                            # (a position with no stock left)
                    pair_month = -1
                    step = 1
                    continue
                bit = 1 << card
                hcard = card
            if card == wcard and (hp := w.hand_power(
                    not w.reveal or wild_revealed(state, player))) != "month":
                m = w.targets(fm, hp)                   # the wild's power
                if announce and m:
                    blocked, ev = _blocked(rules, hands, fm, player, m, card)
                    m &= ~blocked
                    wlog += ev
                n = m.bit_count()
                if n >= 2 or (n and leave_hand):        # the player picks one (or leaves it)
                    return _new(State, (rules, hands, fm, caps, stock, pos, _CHOOSE_HAND,
                                        player, dealer, round_no, sigs, pts,
                                        calls, scores, wins, (card, turn, -1), hist,
                                        deal, None, field0, wlog, decl, evs, dv))
                if n:
                    fm ^= m
                    turn |= bit | m
                    wlog += (WildEvent(player, "hand", card, m),)
                else:
                    fm |= bit
                pair_month = -1
            elif fm & fwild and takers >> card & 1:
                # the wild lies on the field: one more candidate for this card (A12)
                if fm & months[card >> 2]:              # and a card of its month: choose
                    return _new(State, (rules, hands, fm, caps, stock, pos, _CHOOSE_HAND,
                                        player, dealer, round_no, sigs, pts,
                                        calls, scores, wins, (card, turn, -1), hist,
                                        deal, None, field0, wlog, decl, evs, dv))
                fm ^= fwild
                turn |= bit | fwild
                wlog += (WildEvent(player, "taken_on_field", card, fwild),)
                pair_month = -1
            else:
                m = fm & months[card >> 2] & ~excl
                n = m.bit_count()
                if n == 0:                              # no match: it joins the field
                    fm |= bit
                elif n == 2 or (rel and n > 1 and not _one_hiki(m)):  # the player picks one
                    return _new(State, (rules, hands, fm, caps, stock, pos, _CHOOSE_HAND,
                                        player, dealer, round_no, sigs, pts,
                                        calls, scores, wins, (card, turn, -1), hist,
                                        deal, None, field0, wlog, decl, evs, dv))
                else:                                   # one, or three (a hiki): take all
                    fm ^= m
                    turn |= m | bit
                    pair_month = card >> 2 if n == 1 else -1
                    hk += n == 3
            step = 1
        if step == 1:                          # phase 2: the draw
            if pos < nstock:
                card = drawn = stock[pos]
                pos += 1
                bit = 1 << card
                if lone >> card & 1:                    # B8: drawn, it goes to the pile
                    turn |= bit
                    if rules.bonus_mask >> card & 1:    # G1: a bonus card: draw again
                        drawn = -1
                        continue
                elif card == wcard and pos == nstock and w.last_card_sweeps:
                    wlog += (WildEvent(player, "sweep", card, fm),)
                    turn |= fm | bit                    # the last card sweeps the field
                    fm = 0
                elif card == wcard and w.from_stock != "month":
                    m = w.targets(fm, w.from_stock)
                    if announce and m:
                        blocked, ev = _blocked(rules, hands, fm, player, m, card)
                        m &= ~blocked
                        wlog += ev
                    n = m.bit_count()
                    if n >= 2 or (n and leave_draw):
                        return _new(State, (rules, hands, fm, caps, stock, pos, _CHOOSE_DRAW,
                                            player, dealer, round_no, sigs, pts,
                                            calls, scores, wins,
                                            (card, turn, pair_month, extra), hist, deal, None,
                                            field0, wlog, decl, evs, dv))
                    if n:
                        fm ^= m
                        turn |= bit | m
                        wlog += (WildEvent(player, "stock", card, m),)
                    else:
                        fm |= bit
                elif fm & excl and card >> 2 != wcard >> 2:
                    # Mushi: the first card of another month turned up takes the wild
                    fm ^= excl
                    turn |= bit | excl
                    wlog += (WildEvent(player, "field", card, excl),)
                elif fm & fwild and takers >> card & 1:
                    # the wild lies on the field: one more candidate for this card (A12)
                    if fm & months[card >> 2]:
                        return _new(State, (rules, hands, fm, caps, stock, pos, _CHOOSE_DRAW,
                                            player, dealer, round_no, sigs, pts,
                                            calls, scores, wins,
                                            (card, turn, pair_month, extra), hist, deal, None,
                                            field0, wlog, decl, evs, dv))
                    fm ^= fwild
                    turn |= bit | fwild
                    wlog += (WildEvent(player, "taken_on_field", card, fwild),)
                else:
                    mm = months[card >> 2]
                    m = fm & mm & ~excl
                    n = m.bit_count()
                    if n == 0:
                        if stack and pair_month == card >> 2:
                            # Go-Stop / Min-Hwatu: the pair goes back, the three stay (a hiki)
                            fm |= (turn & mm) | bit
                            turn &= ~mm
                            made = True
                            if lone and rules.bonus is not None and rules.bonus.unlucky:
                                # G1: the Jokers turned up just before this card lay on
                                # the pair: they stay on the field with the stack
                                unl = _unlucky(lone, stock, pos - 2)
                                if unl:
                                    fm |= unl
                                    turn &= ~unl
                                    evs += (SpecialEvent(player, "unlucky_joker", 0, 0, unl,
                                                         card >> 2),)
                        else:
                            fm |= bit
                    elif n == 2 or (rel and n > 1 and not _one_hiki(m)):
                        return _new(State, (rules, hands, fm, caps, stock, pos, _CHOOSE_DRAW,
                                            player, dealer, round_no, sigs, pts,
                                            calls, scores, wins,
                                            (card, turn, pair_month, extra), hist, deal, None,
                                            field0, wlog, decl, evs, dv))
                    else:
                        fm ^= m
                        turn |= m | bit
                        hk += n == 3
                        jj = hcard >= 0 and m == 1 << hcard
                if extra:                               # G3: the bomb's next draw
                    extra -= 1
                    pair_month = -1
                    continue
            step = 2
        if step == 2:                          # phase 3: captures, yaku, decision
            if lone:                            # (B8 lone cards or G1 bonus cards)
                if hk and fm >> 48:
                    # G1 (Unlucky Joker): a Joker left with a stack goes with the stack
                    att = jokers_with_stack(evs, fm, turn)
                    fm ^= att
                    turn |= att
                if turn & lone and rules.bonus is not None and turn & rules.bonus.magnet_mask:
                    # G1: a Chaff Magnet Joker captured: each opponent gives Chaffs at once
                    turn, caps, evs = _magnet(rules, player, turn, caps, evs)
            if er is not None and (turn or made):
                turn, caps, evs, ended = _events(rules, er, player, hands, fm, caps, pos,
                                                 nstock, turn, evs, hk, made, jj,
                                                 pair_month, drawn, stock, hist)
                if ended:                       # G11: an event ends the round
                    c = list(caps)
                    c[side[player]] |= turn
                    end = _new(State, (rules, hands, fm, tuple(c), stock, pos, _PLAY_PHASE,
                                       player, dealer, round_no, sigs, pts, calls,
                                       scores, wins, (), hist, deal, None,
                                       field0, wlog, decl, evs, dv))
                    if ended == "three_hiki":
                        return _finish(end, rules.overlay.settle_event(end, player, ended))
                    won = rules.overlay.settle(end, player)     # "winning_brights"
                    return _finish(end, RoundResult(won.winner, won.points, ended,
                                                    won.report))
            if turn:
                sd = side[player]
                c = list(caps)
                c[sd] |= turn
                caps = tuple(c)
                if quick is not None:
                    if doubled and doubled[sd]:
                        total, sig = rules.yaku.score(c[sd], fm, doubled[sd])
                    else:
                        total, sig = quick(c[sd], fm)
                    old = sigs[sd]
                    if sig != old:
                        s = list(sigs)
                        s[sd] = sig
                        sigs = tuple(s)
                        p = list(pts)
                        p[sd] = total
                        pts = tuple(p)
                        if auto and any(i in auto for i, _ in sig):
                            # B10: an automatic-win yaku ends the round; its maker wins
                            end = _new(State, (rules, hands, fm, caps, stock, pos, _PLAY_PHASE,
                                               player, dealer, round_no, sigs,
                                               pts, calls, scores, wins, (), hist,
                                               deal, None, field0, wlog, decl, evs, dv))
                            return _finish(end, rules.overlay.settle(end, player))
                        if needed(rules, old, sig, total):
                            return _new(State, (rules, hands, fm, caps, stock, pos, _DECIDE,
                                                player, dealer, round_no, sigs,
                                                pts, calls, scores, wins, (), hist,
                                                deal, None, field0, wlog, decl,
                                                evs, dv))
                        if first_yaku and sig and not old:
                            # A3: the first yaku ends the round on the spot (no decision)
                            end = _new(State, (rules, hands, fm, caps, stock, pos, _PLAY_PHASE,
                                               player, dealer, round_no, sigs,
                                               pts, calls, scores, wins, (), hist,
                                               deal, None, field0, wlog, decl, evs, dv))
                            return _finish(end, rules.overlay.settle(end, player))
        # the next turn, or the end of the round
        if not any(hands) and (pos >= nstock or hands_end):
            end = _new(State, (rules, hands, fm, caps, stock, pos, _PLAY_PHASE, player,
                               dealer, round_no, sigs, pts, calls, scores,
                               wins, (), hist, deal, None, field0, wlog, decl,
                               evs, dv))
            if active and pos >= nstock:
                end = _leftovers(end)
            return _finish(end, rules.overlay.settle_draw(end))
        player = (player + 1) % nplayers
        if not hands[player] and rules.bomb is not None and any(hands):
            free = _free_turn(rules.bomb, evs, player)      # G3: a bomber's empty turn
            if free:
                evs += (SpecialEvent(player, FREE_TURN),)
                if free == "pass":
                    step = 3
                    continue
        if hands[player]:
            return _new(State, (rules, hands, fm, caps, stock, pos, _PLAY_PHASE, player,
                                dealer, round_no, sigs, pts, calls, scores,
                                wins, (), hist, deal, None, field0, wlog, decl,
                               evs, dv))
        # An empty hand skips phase 1: only the draw (BOOK ch. 3).
        step, turn, pair_month = 1, 0, -1
        hcard = drawn = -1
        hk = 0
        made = jj = False


def _events(rules: CaptureRules, er: EventRules, player: int, hands: tuple[int, ...], fm: int,
            caps: tuple[int, ...], pos: int, nstock: int, turn: int,
            evs: tuple[SpecialEvent, ...], hk: int, made: bool, jj: bool, pair_month: int,
            drawn: int, stock: tuple[int, ...] = (), hist: Any = None
            ) -> tuple[int, tuple[int, ...], tuple[SpecialEvent, ...], str]:
    """The special events of a finished turn (G5, Phase Three): the Chaffs they take join
    ``turn``; returns the turn's captures, the piles, the event log and what ends the round
    (G11: ``"three_hiki"``, a third stack of three left by one player;
    ``"winning_brights"``, the five Brights taken; ``""``: nothing)."""
    final = not any(hands) and pos >= nstock
    kinds: list[tuple[str, int, int]] = []          # (kind, Chaffs from each, points)
    if hk and er.hiki_capture:
        kinds += [("hiki_capture", er.hiki_capture, 0)] * hk
    if hk and er.triple_hiki:
        before = sum(1 for e in evs if e.seat == player and e.kind == "hiki_capture")
        if before < 3 <= before + hk:
            kinds.append(("triple_hiki", er.triple_hiki, 0))
    if er.first_turn_month and any((turn & mm).bit_count() == 4 for mm in MONTH_MASKS) \
            and _first_round(rules, stock, pos, hist):
        kinds.append(("first_turn_month", 0, er.first_turn_month))
    if not final:
        if turn and not fm and er.sweep:
            kinds.append(("sweep", er.sweep, 0))
        if jj and er.jjok:
            kinds.append(("jjok", er.jjok, 0))
        if (er.ttadak and drawn >= 0 and pair_month == drawn >> 2
                and (turn & MONTH_MASKS[pair_month]).bit_count() == 4):
            kinds.append(("ttadak", er.ttadak, 0))
    ended = ""
    if made:
        if er.first_hiki and _first_round(rules, stock, pos, hist):  # one's first turn
            kinds.append(("first_hiki", 0, er.first_hiki))
        if er.three_hiki and sum(e.kind in _MADE for e in evs if e.seat == player) == 2:
            kinds.append(("three_hiki", 0, er.three_hiki))
            ended = "three_hiki"
        elif not kinds or kinds[-1][0] != "first_hiki":
            kinds.append(("hiki_made", 0, 0))
    side = rules.turn_constants[0]
    sd = side[player]
    if (er.winning_brights and not ended and turn & _BRIGHTS
            and (caps[sd] | turn) & _BRIGHTS == _BRIGHTS):
        ended = "winning_brights"
    if not kinds:
        return turn, caps, evs, ended
    c = list(caps)
    for kind, chaffs, points in kinds:
        took = 0
        for o in range(len(c)):
            if o != sd and chaffs:
                got = er.steal(c[o], chaffs)
                c[o] ^= got
                took |= got
        turn |= took
        evs += (SpecialEvent(player, kind, took, points),)
    return turn, tuple(c), evs, ended


def _magnet(rules: CaptureRules, player: int, turn: int, caps: tuple[int, ...],
            evs: tuple[SpecialEvent, ...]
            ) -> tuple[int, tuple[int, ...], tuple[SpecialEvent, ...]]:
    """G1: the Chaffs each opponent gives to ``player``, who captured bonus cards with a
    magnet this turn (``BonusCards.magnet`` per card of its ``magnet_mask``), taken as the
    special events take them; the Chaffs join ``turn`` and the event is logged."""
    assert rules.bonus is not None
    count = (turn & rules.bonus.magnet_mask).bit_count() * rules.bonus.magnet
    er = rules.events if rules.events is not None else EventRules(
        bonus_weights=tuple(zip(rules.bonus.cards, rules.bonus.weights)))
    sd = rules.side(player)
    c = list(caps)
    took = 0
    for o in range(len(c)):
        if o != sd:
            got = er.steal(c[o], count)
            c[o] ^= got
            took |= got
    return turn | took, tuple(c), evs + (SpecialEvent(player, "chaff_magnet", took),)


def _unlucky(bonus: int, stock: tuple[int, ...], k: int) -> int:
    """G1 (Unlucky Joker): the bonus cards turned up one after another just before the
    card at ``k + 1`` (reading back from stock index ``k``), as a mask."""
    out = 0
    while k >= 0 and bonus >> stock[k] & 1:
        out |= 1 << stock[k]
        k -= 1
    return out


def jokers_with_stack(evs: tuple[SpecialEvent, ...], fm: int, turn: int) -> int:
    """G1 (Unlucky Joker): the bonus cards on the field (``fm``) left with a stack this
    turn took whole (all four cards of its month in ``turn``), by the latest
    "unlucky_joker" event that left each."""
    where: dict[int, int] = {}
    for e in evs:
        if e.kind == "unlucky_joker":
            for c in _ids_of(e.left):
                where[c] = e.month
    return sum(1 << c for c, m in where.items()
               if fm >> c & 1 and turn & MONTH_MASKS[m] == MONTH_MASKS[m])


def _first_round(rules: CaptureRules, stock: tuple[int, ...], pos: int, hist: Any) -> bool:
    """Is this the first round of turns, the stock having given each player one card at
    most? (G1: bonus cards drawn and cards played in place of a bonus card from a hand
    are not counted: they are extra stock cards.)"""
    bonus = rules.bonus_mask
    if not bonus:
        return pos <= rules.players
    drawn = sum(1 for c in stock[:pos] if bonus >> c & 1)
    played = sum(1 for a in _cons_list(hist) if type(a) is Play and bonus >> a.card & 1)
    return pos - drawn - played <= rules.players


_BRIGHTS = KIND_MASKS[Kind.BRIGHT]
#: The events that record a stack of three left by the player's draw.
_MADE = frozenset({"hiki_made", "first_hiki", "three_hiki"})


def _finish(state: State, result: RoundResult) -> State:
    (rules, hands, fm, caps, stock, pos, _, player, dealer, rnd, sigs, pts, calls, scores,
     wins, _, hist, deal, _, field0, wlog, decl, evs, votes) = state
    if evs and any(e.points for e in evs):       # G5: the events' points join the result
        side = side_payments(rules.players, evs)
        first = result
        result = RoundResult(first.winner, tuple(a + b for a, b in zip(first.points, side)),
                             first.reason, make_report=lambda: first.report)
    return State(rules, hands, fm, caps, stock, pos, Phase.ROUND_OVER, player, dealer, rnd,
                 sigs, pts, calls, scores, wins, (), hist, deal, result, field0, wlog, decl,
                 evs, votes)


# ---------------------------------------------------------------------------
# What the wild card changes in a choice (only reached when ``rules.wild`` is set)

def wild_revealed(state: State | PlayerView, seat: int) -> bool:
    """Did ``seat`` show the wild card at the deal (``WildRules.reveal``: only then is it
    wild from that hand)? False without a wild card."""
    w = state.rules.wild
    return w is not None and any(w.card in d.cards for s, d in state.declared if s == seat)


def _power(state: State, source: str) -> str:
    """What the wild may take from ``source`` for the player to move (the reveal read)."""
    w: WildRules = state.rules.wild  # type: ignore[assignment]
    if source == "hand" and w.reveal:
        return w.hand_power(wild_revealed(state, state.player))
    return w.power(source)


def _wild_choice(state: State) -> WildRules | None:
    """The wild rules if the card waiting for a choice is the wild using its power."""
    w = state.rules.wild
    if w is None or not w.active(state.field0) or not state.pending:
        return None
    source = "hand" if state.phase == Phase.CHOOSE_HAND_CAPTURE else "stock"
    if state.pending[0] == w.card and _power(state, source) != "month":
        return w
    return None


def _choice_mask(state: State) -> int:
    """The field cards the waiting card may take (a mask)."""
    card = state.pending[0]
    w = state.rules.wild
    if w is None or not w.active(state.field0):
        return state.field_m & state.rules.take_masks[card >> 2]
    source = "hand" if state.phase == Phase.CHOOSE_HAND_CAPTURE else "stock"
    if card == w.card and (power := _power(state, source)) != "month":
        m = w.targets(state.field_m, power)
        if w.hiki != "protected" and m:     # the hiki announced when the wild came (B1)
            for e in state.wild_log:
                if e.kind == "hiki_blocked":
                    m &= ~MONTH_MASKS[e.card >> 2]
        return m
    m = state.field_m & MONTH_MASKS[card >> 2] & ~w.field_exclusion
    if state.field_m & w.field_candidate and w.field_takers >> card & 1:
        return w.field_options(state.field_m, card, m)
    return m


def play_options(rules: CaptureRules, field_m: int, dealt_field: int, card: int,
                 revealed: bool = True) -> tuple[int, int]:
    """What playing ``card`` from the hand does at once: ``(taken, options)`` as masks.

    ``taken`` is the field cards it captures right away (empty if it joins the field
    or waits for a choice), ``options`` the field cards the player must then choose
    from (empty unless it waits). The same reading as phase 1 of the turn (a wild
    card in force by its rules); agents use it to judge a play without playing it.
    ``revealed``: the player showed the wild at the deal (read only under
    ``WildRules.reveal``; :func:`wild_revealed`).
    """
    if card >= 48:                      # G1: a bonus card goes to the pile, takes nothing
        return 0, 0
    w = rules.wild
    if w is not None and w.active(dealt_field) and card == w.card \
            and w.hand_power(revealed) != "month":
        m = w.targets(field_m, w.hand_power(revealed))
        return (0, m) if m & (m - 1) else (m, 0)
    excl = w.field_exclusion if w is not None and w.active(dealt_field) else 0
    m = field_m & rules.take_masks[card >> 2] & ~excl
    if w is not None and field_m & w.field_candidate and w.field_takers >> card & 1 \
            and w.active(dealt_field):
        return (0, w.field_options(field_m, card, m)) if m else (w.field_candidate, 0)
    n = m.bit_count()
    if n == 2 or (n > 1 and rules.capture_relation is not None and not _one_hiki(m)):
        return (0, m)
    return (m, 0)


def _one_hiki(m: int) -> bool:
    """Whether the mask ``m`` is exactly three cards of one month (a hiki)."""
    return m.bit_count() == 3 and m == m & MONTH_MASKS[(m & -m).bit_length() - 1 >> 2]


def _refuse_wild(state: State, action: Action, options: list[int]) -> None:
    """The teaching refusals of a wild-card game (raise, or return for the usual ones)."""
    w = state.rules.wild
    if w is None or not w.active(state.field0):
        return
    card = state.pending[0]
    names = " or ".join(_name(c) for c in options)
    wc = _wild_choice(state)
    if wc is not None:
        source = "hand" if state.phase == Phase.CHOOSE_HAND_CAPTURE else "stock"
        if isinstance(action, Capture):
            why = w.refusal(state.field_m, _power(state, source), int(action.card), source)
            if why is None and w.hiki != "protected":
                why = _hiki_refusal(state, int(action.card))
            if why is not None:
                raise IllegalActionError(f"{why}; it can take {names}"
                                         + (" or be left on the field" if _may_leave(state)
                                            else ""))
            raise IllegalActionError(f"the {_name(action.card)} is not on the field; under "
                                     f"{w.rule_name} the {_name(card)} can take {names}")
        raise IllegalActionError(f"choose the card the wild {_name(card)} takes: {names}")
    if state.field_m & w.field_candidate and w.field_takers >> card & 1:
        month = state.field_m & MONTH_MASKS[card >> 2]
        if isinstance(action, Capture) and month.bit_count() == 3 and month >> action.card & 1:
            raise IllegalActionError(
                f"the three {MONTH_NAMES[card >> 2]} cards on the field are a hiki, taken "
                f"together: choose the {_name(options[0])} to take all three, or the "
                f"{_name(w.card)}")
        raise IllegalActionError(
            f"under {w.rule_name} the {_name(w.card)} lying on the field is wild: the "
            f"{_name(card)} may take it or a card of its month; choose {names}")
    if isinstance(action, Capture) and action.card == w.card and w.field_exclusion \
            and state.field_m & w.bit:
        raise IllegalActionError(
            f"under {w.rule_name} the {_name(w.card)} on the field is not a "
            f"{MONTH_NAMES[w.card >> 2]} card for matching: the first player who turns up a "
            f"card of another month from the stock must take it; choose {names}")



# ---------------------------------------------------------------------------
# The announced hiki (B1) and the optional wild (B2)

def _present(x: int) -> int:
    """The low bit of each month's nibble whose count (from :func:`_nibble_counts`) is
    not zero."""
    return (x | x >> 1 | x >> 2) & _NIB1


def hiki_months(hand: int, field_m: int, mode: str = "hand_and_field") -> tuple[int, ...]:
    """The months (indexes 0-11) a hand may announce as a hiki (B1): hand and field hold
    all four cards, at least one in the hand, and under ``"hand_and_field"`` at least
    one on the field (``"any"``: a hand quad too; ``"none"``: nothing).

    >>> hiki_months(CardSet.parse("4a 4b 9a").mask, CardSet.parse("4c 4d 1a").mask)
    (3,)
    >>> hiki_months(CardSet.parse("4a 4b 4c 4d").mask, 0), hiki_months(
    ...     CardSet.parse("4a 4b 4c 4d").mask, 0, "any")
    ((), (3,))
    """
    if mode == "none" or not hand:
        return ()
    full = (_nibble_counts(hand | field_m) >> 2) & _NIB1 & _present(_nibble_counts(hand))
    if mode != "any":
        full &= _present(_nibble_counts(field_m))
    return tuple(b.bit_length() - 1 >> 2 for b in _bits_of(full))


def _bits_of(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


def _hiki_offers(state: State) -> tuple[Declare, ...]:
    """The hiki the player to move may announce (B1), as declarations."""
    h = state.hands_m[state.player]
    return tuple(Declare(HIKI, tuple(Card(c) for c in _bits(h & MONTH_MASKS[k])))
                 for k in hiki_months(h, state.field_m, state.rules.announced_hiki))


def hiki_holds(rules: CaptureRules, hands: Sequence[int], field_m: int, player: int
               ) -> tuple[tuple[int, int], ...]:
    """``(seat, month mask)`` of every hiki that keeps the wild of ``player`` from a
    field card (B1, ``WildRules.hiki="announced"``): a seat of another side whose hand
    holds every card of a month not on the field, with at least one on the field."""
    me = rules.side(player)
    fx = _present(_nibble_counts(field_m))
    out = []
    for seat, h in enumerate(hands):
        if not h or rules.side(seat) == me:
            continue
        full = (_nibble_counts(h | field_m) >> 2) & _NIB1 & fx & _present(_nibble_counts(h))
        out += [(seat, MONTH_MASKS[b.bit_length() - 1 >> 2]) for b in _bits_of(full)]
    return tuple(out)


def _blocked(rules: CaptureRules, hands: Sequence[int], fm: int, player: int, raw: int,
             card: int) -> tuple[int, tuple[WildEvent, ...]]:
    """The field cards among the wild's targets ``raw`` that an announced hiki keeps from
    it, and the announcements (``"hiki_blocked"`` events). The events are the public
    record of the block: the choice that follows reads them (:func:`_choice_mask`), so a
    position rebuilt from a player's view offers the same captures. (The wild uses its
    power once a round: played or drawn, it is then taken or lies on the field.)"""
    blocked, events = 0, []
    for seat, mm in hiki_holds(rules, hands, fm, player):
        if raw & mm:
            blocked |= fm & mm
            events.append(WildEvent(seat, "hiki_blocked", (raw & mm & -(raw & mm))
                                    .bit_length() - 1, hands[seat] & mm))
    return blocked, tuple(events)


def _announce(state: State, action: Declare) -> State:
    """A legal announced hiki (B1): the hand's and the field's cards of the month go to
    the side's pile, then the draw."""
    mm = MONTH_MASKS[action.cards[0] >> 2]
    h = list(state.hands_m)
    h[state.player] &= ~mm
    return _turn(state, (state.history_c, action), 1, -1, tuple(h), state.field_m & ~mm,
                 state.pos, (state.hands_m[state.player] | state.field_m) & mm, -1,
                 state.calls, state.wild_log)


def bomb_offers(hand: int, field_m: int) -> tuple[Declare, ...]:
    """The bombs a hand may play (G3): three cards of a month in the hand, the fourth on
    the field.

    >>> [d.code() for d in bomb_offers(CardSet.parse("6a 6b 6c 1a").mask,
    ...                                CardSet.parse("6d 2a").mask)]
    ['declare bomb 6a 6b 6c']
    """
    if not hand:
        return ()
    out = []
    for mm in MONTH_MASKS:
        if (hand & mm).bit_count() == 3 and field_m & mm:
            out.append(Declare(BOMB, tuple(Card(c) for c in _bits(hand & mm))))
    return tuple(out)


def _bomb(state: State, action: Declare) -> State:
    """A legal bomb (G3): the three hand cards and the field's fourth go to the pile, then
    the bomb's draws, each a stock card of this turn."""
    mm = MONTH_MASKS[action.cards[0] >> 2]
    p = state.player
    h = list(state.hands_m)
    h[p] &= ~mm
    bomb = SpecialEvent(p, BOMB)
    state = state._replace(events=state.events + (bomb,))
    draws = state.rules.bomb.draws if state.rules.bomb is not None else 1
    return _turn(state, (state.history_c, action), 1, -1, tuple(h), state.field_m & ~mm,
                 state.pos, (state.hands_m[p] | state.field_m) & mm, -1, state.calls,
                 state.wild_log, draws - 1)


#: The event of a free turn owed for a bomb (G3).
FREE_TURN = "free_turn"


def _free_turn(b: BombRules, evs: tuple[SpecialEvent, ...], seat: int) -> str:
    """Whether ``seat``'s turn now is a free turn owed for a bomb (G3): ``"pass"`` (no
    draw), ``"draw"`` (only the draw) or ``""`` (none owed)."""
    bombs = used = 0
    for e in evs:
        if e.seat == seat:
            bombs += e.kind == BOMB
            used += e.kind == FREE_TURN
    if used >= 2 * bombs:
        return ""
    if b.draws == 3 or (b.draws == 2 and used % 2):
        return "pass"
    return "draw"


def _skip_hand(state: State) -> State:
    """Smoke Clears (G3): the bomber uses a free turn to play no hand card, only draw."""
    evs = state.events + (SpecialEvent(state.player, FREE_TURN),)
    return _turn(state._replace(events=evs), (state.history_c, PASS), 1, -1, state.hands_m,
                 state.field_m, state.pos, 0, -1, state.calls, state.wild_log)


def _may_skip(state: State) -> bool:
    """Whether the player to move may take a free turn now (Smoke Clears, G3)."""
    b = state.rules.bomb
    return (b is not None and b.draws == 1 and state.pos < len(state.stock)
            and _free_turn(b, state.events, state.player) == "draw")


def bombs_made(state: State, seat: int) -> int:
    """How many bombs ``seat`` has played this round (G3)."""
    return sum(1 for e in state.events if e.seat == seat and e.kind == BOMB)


def _leave_wild(state: State) -> State:
    """The wild waiting for a choice is left on the field (B2, a legal :class:`Pass`)."""
    card, turn, pair_month = state.pending[:3]
    hist = (state.history_c, PASS)
    wlog = state.wild_log + (WildEvent(state.player, "left", card, 0),)
    if state.phase == _CHOOSE_HAND:
        return _turn(state, hist, 1, card, state.hands_m, state.field_m | 1 << card,
                     state.pos, 0, -1, state.calls, wlog)
    return _turn(state, hist, 2, card, state.hands_m, state.field_m | 1 << card, state.pos,
                 turn, pair_month, state.calls, wlog)


def _may_leave(state: State) -> bool:
    """Is the card waiting for a choice a wild that may be left on the field (B2)?"""
    w = state.rules.wild
    return (w is not None and w.optional and _wild_choice(state) is not None
            and w.may_leave("hand" if state.phase == _CHOOSE_HAND else "stock"))


def _hiki_refusal(state: State, target: int) -> str | None:
    """"under Higo-Bana the Storm cannot take the Cuckoo: player 2 announces hiki,
    holding the other three Wisteria cards" (B1), or None."""
    w: WildRules = state.rules.wild  # type: ignore[assignment]
    for e in state.wild_log:
        if e.kind == "hiki_blocked" and e.card >> 2 == target >> 2 \
                and state.field_m >> target & 1:
            seat, held = e.player, e.taken.bit_count()
            return (f"under {w.rule_name} the {_name(w.card)} cannot take the {_name(target)}:"
                    f" player {seat + 1} announces hiki, holding the other "
                    f"{('', 'one', 'two', 'three')[held]} {MONTH_NAMES[target >> 2]} "
                    f"card{'s' * (held != 1)}")
    return None


def _discarded(state: State) -> int:
    """The wild's bit if it was dealt to the field and left the round
    (``on_field="discarded"``, B2), else 0."""
    w = state.rules.wild
    return w.bit & state.field0 if w is not None and w.on_field == "discarded" else 0


def _leftovers(state: State) -> State:
    """End of a round played to an empty stock: give the wild's leftovers away.

    ``leftovers="wild_player"`` (Mushi): the last card(s) of the wild's month go
    to the side holding all the other cards of that month (a wild that was left on the
    field unused, B2, is one of them); the card(s) left of
    the month the wild last paired with go to the side that used it. Anything
    else stays on the field. Piles change, so the sides' yaku are re-read (no
    decision: the round is over).
    """
    rules = state.rules
    w = rules.wild
    fm = state.field_m
    if w is None or not fm or not w.active(state.field0) or w.leftovers != "wild_player":
        return state
    caps = list(state.caps_m)
    events = []
    seat_of: dict[int, int] = {}
    for seat in range(rules.players):
        seat_of.setdefault(rules.side(seat), seat)
    own = w.own_month & ~w.bit
    if fm & w.bit and any(e.kind == "left" for e in state.wild_log):
        own |= w.bit        # B2: a wild left on the field unused is one of its month's cards
    rest = fm & own
    others = own & ~rest
    if rest and others:
        for side, pile in enumerate(caps):
            if pile & others == others:
                caps[side] |= rest
                fm &= ~rest
                events.append(WildEvent(seat_of[side], "month_leftover", w.card, rest))
                break
    used = [e for e in state.wild_log if e.kind in ("hand", "stock", "field", "taken_on_field")]
    if used and fm:
        ev = used[-1]
        month = (ev.card if ev.kind in ("field", "taken_on_field")
                 else ev.taken.bit_length() - 1) >> 2
        partner = fm & MONTH_MASKS[month] & ~w.bit
        if partner:
            side = rules.side(ev.player)
            caps[side] |= partner
            fm &= ~partner
            events.append(WildEvent(seat_of[side], "partner_leftover", w.card, partner))
    if not events:
        return state
    sigs, pts = list(state.sigs), list(state.yaku_pts)
    if rules.yaku is not None:
        for side in range(len(caps)):
            if caps[side] != state.caps_m[side]:
                pts[side], sigs[side] = rules.yaku.quick(caps[side], fm)
    return state._replace(field_m=fm, caps_m=tuple(caps), sigs=tuple(sigs),
                          yaku_pts=tuple(pts), wild_log=state.wild_log + tuple(events))


# ---------------------------------------------------------------------------
# Views

@dataclass(frozen=True)
class PlayerView:
    """What one player may see: never an opponent's hand or the stock order.

    ``unseen`` is every card the player cannot see (opponents' hands and the
    stock together), so a coach can sample hidden cards from it.
    """
    player: int
    phase: Phase
    current_player: int
    dealer: int
    round_no: int
    hand: CardSet
    field: CardSet
    captures: tuple[CardSet, ...]          # per seat (teammates share a pile)
    hand_sizes: tuple[int, ...]
    stock_size: int
    unseen: CardSet
    scores: tuple[int, ...]
    calls: tuple[int, ...]
    yaku_points: tuple[int, ...]           # per seat
    pending_card: Card | None              # the card waiting for a capture choice
    rules: CaptureRules
    dealt_field: CardSet = CardSet()       # the field as dealt (public)
    wild_log: tuple[WildEvent, ...] = ()   # what the wild card did (WildEvents, public)
    declared: tuple[tuple[int, Declare], ...] = ()   # (seat, declaration) after the deal
    shown_m: tuple[int, ...] = ()          # per seat: declared cards still in its hand
    burdens: tuple[int, ...] = ()          # B14: per seat, the point burden (public)
    draw_votes: tuple[tuple[int, str], ...] = ()     # G9: the Draw asks and votes (public)
    events: tuple[SpecialEvent, ...] = ()  # G5: the special events so far (public)

    def shown(self, seat: int) -> CardSet:
        """The cards ``seat`` declared that are still in its hand (public)."""
        return CardSet.from_mask(self.shown_m[seat]) if self.shown_m else CardSet()

    @property
    def active_wild(self) -> WildRules | None:
        """The wild card rules in force this round (None: no wild card)."""
        w = self.rules.wild
        return w if w is not None and w.active(self.dealt_field.mask) else None


def view(state: State, player: int) -> PlayerView:
    rules = state.rules
    check_seat(player, rules.players)
    seen = state.hands_m[player] | state.field_m | _discarded(state)
    for c in state.caps_m:
        seen |= c
    deck = rules.deck_mask
    shown: tuple[int, ...] = ()
    announced = [e for e in state.wild_log if e.kind == "hiki_blocked"] if rules.wild else []
    open_claims = bool(state.declared) and rules.declarations is not None \
        and rules.declarations.open_hand
    if open_claims or announced or state.draw_votes:
        per = [0] * rules.players
        for s in state.draw_askers:     # G9: a Draw asker's hand is public from then on
            per[s] |= state.hands_m[s]
        for s, d in state.declared if open_claims else ():
            for c in d.cards:
                per[s] |= (1 << c) & state.hands_m[s]
        for e in announced:         # B1: an announced hiki shows the holder's cards
            per[e.player] |= e.taken & state.hands_m[e.player]
        shown = tuple(per)
        for m in shown:
            seen |= m
    pend = None
    if state.phase in (Phase.CHOOSE_HAND_CAPTURE, Phase.CHOOSE_DRAW_CAPTURE):
        pend = Card(state.pending[0])
        seen |= (1 << pend) | state.pending[1]      # face up: the card and this turn's takes
    return PlayerView(player, state.phase, state.actor, state.dealer, state.round_no,
                      state.hand(player), state.field,
                      tuple(state.captures(p) for p in range(rules.players)),
                      tuple(h.bit_count() for h in state.hands_m), state.stock_size,
                      CardSet.from_mask(deck & ~seen), state.scores, state.calls,
                      tuple(state.yaku_points(p) for p in range(rules.players)), pend, rules,
                      CardSet.from_mask(state.field0), state.wild_log, state.declared, shown,
                      state.deal.burdens, state.draw_votes, state.events)


# ---------------------------------------------------------------------------
# Rounds into a game

def next_dealer(state: State) -> int:
    """Who deals the next round: the winner; after a draw as ``draw_dealer`` says (with
    point burdens, B14, the seat that carries the lightest one next)."""
    res = state.result
    nxt = _next_burdens(state)
    if nxt is not None:
        return nxt.index(min(nxt))
    if res is not None and res.winner is not None:
        return res.winner
    if state.rules.draw_dealer == "stays":
        return state.dealer
    return (state.dealer + 1) % state.rules.players


def _next_burdens(state: State) -> tuple[int, ...] | None:
    """Each seat's point burden in the round after ``state`` (B14), or None."""
    res = state.result
    if res is None or not state.deal.burdens:
        return None
    from ..families.capture.ranking import next_burdens
    return next_burdens(res.points, state.deal.burdens, res.winner)


def totals_after(state: State) -> tuple[int, ...]:
    res = state.result
    if res is None:
        return state.scores
    return tuple(s + p for s, p in zip(state.scores, res.points))


def game_over(state: State) -> bool:
    """True after the last round: a run of wins (``win_streak``), the round count, a
    total reaching the target or a total falling to the floor
    (:func:`hanafuda_core.families.capture.ranking.game_ends`)."""
    if state.phase != Phase.ROUND_OVER:
        return False
    from ..families.capture.ranking import game_ends
    rules = state.rules
    if rules.win_streak is not None and max(_runs_after(state)) >= rules.win_streak[0]:
        return True
    return game_ends(totals_after(state), state.round_no, rounds=rules.rounds,
                     target=rules.target_score, floor=rules.floor_score)


def _runs_after(state: State) -> tuple[int, ...]:
    """Under ``win_streak``: each seat's run of wins by the margin after this round."""
    from ..families.capture.ranking import streak_runs
    res = state.result
    if res is None or state.rules.win_streak is None:
        return tuple(state.wins)
    return streak_runs(state.wins, res.points, res.winner, state.rules.win_streak[1])


def next_round(state: State, seed: int | random.Random | None = None) -> State:
    """Deal the next round of the game after a finished one."""
    if state.phase != Phase.ROUND_OVER:
        raise IllegalActionError("the round is not over yet; finish it before dealing again")
    if game_over(state):
        raise IllegalActionError("the game is over")
    wins = list(state.wins)
    if state.rules.win_streak is not None:
        wins = list(_runs_after(state))
    elif state.result is not None and state.result.winner is not None:
        wins[state.result.winner] += 1
    carry = getattr(state.rules.overlay, "carry", None)      # G7: an overlay's hand-on
    return new_round(game_rules(state.rules), seed, next_dealer(state),
                     round_no=state.round_no + 1,
                     scores=totals_after(state), wins=wins, burdens=_next_burdens(state),
                     carry=carry(state) if carry is not None else ())


def replay(rules: CaptureRules, deal: DealRecord, actions: Iterable[Action | str], *,
           round_no: int = 1, scores: Sequence[int] | None = None,
           wins: Sequence[int] | None = None) -> list[State]:
    """Every state of a recorded round, from the deal through each action."""
    state = deal_from_order(rules, deal.order, deal.dealer, round_no=round_no, scores=scores,
                            wins=wins, voided=deal.voided, burdens=deal.burdens or None,
                            carry=deal.carry)
    states = [state]
    for a in actions:
        state = apply(state, a)
        states.append(state)
    return states


# ---------------------------------------------------------------------------
# Random rounds (benchmarks, invariant tests)

def agent_choices(legal: tuple[Action, ...]) -> tuple[Action, ...]:
    """The legal actions a computer player weighs: all but an optional ask no computer
    player makes (G9: asking for a Draw, always listed last). The random, greedy and
    coach players and :func:`fast_random_round` all choose from these.

    >>> agent_choices((Play(3), ASK_DRAW))
    (Play(card=3),)
    """
    return legal[:-1] if legal and type(legal[-1]) is AskDraw else legal


def fast_random_round(rules: CaptureRules, rng: random.Random, dealer: int = 0, *,
                      round_no: int = 1, scores: Sequence[int] | None = None,
                      wins: Sequence[int] | None = None) -> State:
    """Deal and play a whole round with uniformly random choices among legal actions.

    It steps the public API (:func:`legal_actions` and :func:`apply`, no second
    copy of the turn) and makes exactly the random draws that
    :class:`hanafuda_core.players.RandomPlayer` agents make (one
    ``int(rng.random() * len(legal))`` per decision, in legal-action order, a Draw
    never asked for), so both give the same round (a test checks it). Declarations at
    the deal (A1) are no draw: every seat declares everything allowed, as the agents
    do. The views are not built.

    >>> from hanafuda_core.games.koikoi import get_rules
    >>> end = fast_random_round(get_rules("book"), random.Random(7))
    >>> end.phase == Phase.ROUND_OVER and end.card_count() == 48
    True
    """
    state = new_round(rules, rng, dealer, round_no=round_no, scores=scores, wins=wins)
    while state.phase == _DECLARE:      # every declaration allowed (the agents' policy)
        state = apply(state, legal_actions(state)[0])
    rand = rng.random
    while state.phase != _OVER:
        legal = agent_choices(legal_actions(state))
        state = apply(state, legal[int(rand() * len(legal))])
    return state
