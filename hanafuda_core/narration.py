"""A capture-game round told in words: what each action did, worked out once.

Three places tell a Koi-Koi round: the ``hanafuda play`` log, the chapter's
worked round and turn cases, and the Play and Replay tools. They all start
from the same question — *what did this action do?* — and this module answers
it once, from the engine's states:

:func:`story` takes ``(state before, action, state after)`` and returns a
:class:`Step`: who acted, the card played and what it took, every card turned
up from the stock and what it took, the yaku formed or raised (with points)
and the decision to go on or stop, in the game's own words (Koi-Koi's "Koi-Koi" /
"Stop": ``CaptureRules.decision_words``). One action can hold several turns: after a
turn ends, players whose hands are empty only draw, and the engine plays those
draws by itself. A step is therefore split into :class:`Part` objects, one
player's share of one turn each (``Part.new_turn`` marks where a turn starts).
Each card's fate is a :class:`Move` whose ``outcome`` is one of:

========== ==================================================================
``stays``   no card of its month on the field: it joins the field
``blocked`` it matches only the pair just made, which it may not take (BOOK)
``stacked`` the same, under ``pair_then_draw="stack"``: the pair goes back and
            the three stay on the field together
``takes``   one card of its month: it takes it
``hiki``    three cards of its month: it takes all three
``choice``  two cards of its month: the player must choose (a Capture follows)
``chosen``  the choice made: it takes the chosen card
========== ==================================================================

A wild card (Koi-Koi's "Storm is Wild" and "Brewing Storm", Mushi's rules)
adds two outcomes, and ``Move.wild`` marks a move where the wild card used its
power (``takes``, ``choice``, ``chosen`` or ``stays`` with nothing it may take):

============== ==============================================================
``takes_wild``  a card turned up from the stock takes the wild lying on the
                field (the first card of another month must take it)
``sweep``       the wild, turned up as the last stock card, takes the field
============== ==============================================================

What the wild did is read from the engine's log (the :class:`WildEvent` values
the action added to ``State.wild_log``), and a wild card's choices are the
legal actions, so the story never guesses a wild capture from the months. The
cards left on the field at the end that go to a side under the wild's rules
are :class:`Leftover` values on the last part.

Two renderers turn a step into text; both are pure functions of the step:

- :func:`sentences` / :func:`describe`: plain sentences, "You play the Crane
  and take the Pine Chaff 1. Then the stock turns up ...", cards by name, used by
  the chapter (one turn at a time) and the tools (one action at a time, with
  what happens next);
- :func:`log_lines`: the terminal log of ``hanafuda play``, one line per card.

Names are whatever the caller gives ("You", "The computer", "Player 1
(greedy)"); verbs agree with "You", and "You"/"The ..." lose their capital
inside a sentence.

>>> from hanafuda_core.games.koikoi import get_rules
>>> from hanafuda_core.engines.capture import apply, setup_state
>>> before = setup_state(get_rules("book"), ["3a 12c", "7c 9d"], field="1a 3c 8c 11b",
...                      stock="10d 2d")
>>> after = apply(before, "play 3a")
>>> step = story(before, "play 3a", after)
>>> step.played, step.parts[0].hand.outcome, step.parts[0].draw.outcome
(<Card.CHERRY_CURTAIN: 8>, 'takes', 'stays')
>>> print(describe(step, ("You", "The computer")))
You play the Curtain and take the Cherry Chaff 1.
Then the stock turns up the Maple Chaff 2. No October card is on the field, so it stays there.
>>> print("\\n".join(log_lines(step, ("Player 1", "Player 2"))))
  Player 1 plays the Curtain and takes Cherry Chaff 1 (3c)
  Player 1 turns over the Maple Chaff 2: no match, it stays on the field

Under "Storm is Wild" the Storm takes a card of another month (never the Rainman):

>>> before = setup_state(get_rules("book", storm_wild=True), ["11d 12c", "7c 9d"],
...                      field="1a 11a", stock="10d 2d")
>>> step = story(before, "play 11d", apply(before, "play 11d"))
>>> step.parts[0].hand.wild, step.hand_taken, [e.kind for e in step.wild_events]
(True, (<Card.PINE_CRANE: 0>,), ['hand'])
>>> print(log_lines(step, ("Player 1", "Player 2"))[0])
  Player 1 plays the Storm as the wild card and takes Crane (1a)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, cast

from .cards import CARD_INFO, MONTH_MASKS, MONTH_NAMES, Card, CardSet, Extra, mask_cards
from .engines.capture import (
    BOMB,
    GO_ON,
    NEUTRAL_WORDS,
    PASS,
    STOP,
    Action,
    Capture,
    Choose,
    DecisionWords,
    Declare,
    Pass,
    Phase,
    Play,
    RoundResult,
    SpecialEvent,
    State,
    WildEvent,
    WildRules,
    _one_hiki,
    game_rules,
    jokers_with_stack,
    legal_actions,
    parse_action,
    wild_revealed,
)
from .errors import HanafudaError

__all__ = ["winners_text",
           "STAYS", "BLOCKED", "STACKED", "TAKES", "HIKI", "CHOICE", "CHOSEN", "TAKES_WILD",
           "TAKES_WILD_ON_FIELD", "SWEEP", "Move", "Leftover", "YakuNews", "Part", "Step",
           "story", "stories", "sentences", "part_sentences", "describe", "log_lines",
           "result_text", "held_yaku", "the_card", "subject", "conjugate", "and_list",
           "possessive", "counted",
           "ROUND_ENDS", "reason_words", "doing"]

STAYS = "stays"
BLOCKED = "blocked"
STACKED = "stacked"
TAKES = "takes"
HIKI = "hiki"
#: ``Part.decision`` of an optional wild left on the field (B2; the action is a Pass).
LEAVE = "leave the wild"
CHOICE = "choice"
CHOSEN = "chosen"
TAKES_WILD = "takes_wild"
#: A card with no match of its month took the wild lying on the field as its match
#: (``WildRules.on_field="any_card"`` / ``"non_chaff"``: Six Hundred).
TAKES_WILD_ON_FIELD = "takes_wild_on_field"
SWEEP = "sweep"
LONE = "lone"          # B8: the only card of its month goes straight to the pile
BONUS = "bonus"        # G1: a Joker goes straight to the pile; another card comes instead
UNLUCKY = "unlucky"    # G1: a Joker turned up after a pair is placed on it (Unlucky Joker)


# ---------------------------------------------------------------------------
# What happened (the facts)


@dataclass(frozen=True)
class Move:
    """What one card did: played from a hand (``source="hand"``) or turned up from
    the stock (``"stock"``). ``taken`` are the field cards it captured (the card
    itself joins them), ``options`` the field cards it could choose from (of its
    month; for the wild card, the cards its power may take), and ``returned`` the
    pair that went back to the field (outcome ``stacked``).

    ``wild``: the card is the wild card and used its power. ``ignored``: the wild
    card lying on the field, which this card of the wild's month met and may not
    take (it is no card of that month for matching). ``by_relation``: the options are
    the field cards a capture relation other than same month allows (Hachi)."""

    card: Card
    source: str
    outcome: str
    taken: tuple[Card, ...] = ()
    options: tuple[Card, ...] = ()
    returned: tuple[Card, ...] = ()
    wild: bool = False
    ignored: tuple[Card, ...] = ()
    by_relation: bool = False      # a choice under a capture relation (Hachi), not same month

    @property
    def captured(self) -> tuple[Card, ...]:
        """The cards this move sent to a capture pile (itself first), before any return."""
        return (self.card, *self.taken) if self.taken or self.outcome in (SWEEP, LONE, BONUS,
                                                                          UNLUCKY) \
            else ()


@dataclass(frozen=True)
class Leftover:
    """Cards left on the field when the stock ran out that the wild card's rules give
    to a side (Mushi): ``kind`` ``"month_leftover"``, the last card(s) of the wild's
    month to the side holding the others, or ``"partner_leftover"``, the card(s) left
    of the month the wild paired with to the side that used it. ``player`` is a seat
    of that side, ``event`` the engine's :class:`WildEvent`."""

    player: int
    kind: str
    cards: tuple[Card, ...]
    event: WildEvent
    yaku: YakuNews | None = None

    @property
    def month(self) -> str:
        """The month of the cards ("November")."""
        return _month(self.cards[0])


@dataclass(frozen=True)
class YakuNews:
    """A side's yaku changed: what it holds now, with points, and the totals."""

    player: int                          # the seat whose turn made it
    yaku: tuple[tuple[str, int], ...]    # (name, points) of every yaku now held
    total: int
    previous: int
    decide: bool                         # it opens a decision (go on or stop)

    def names(self) -> list[str]:
        """["3 Purple Ribbons (6)", ...]"""
        return [f"{name} ({pts})" for name, pts in self.yaku]


@dataclass(frozen=True)
class Part:
    """One player's share of a step: the card played (or the choice it made), the
    draw, the yaku it formed, the decision, and the field after it."""

    player: int
    new_turn: bool                       # the player's turn starts here
    hand: Move | None = None
    draw: Move | None = None
    yaku: YakuNews | None = None
    decision: str | None = None          # the decision's code: "koikoi" (go on) or "stop",
    #                                      or a declaration's at the deal ("declare ...", "pass")
    field_after: CardSet = CardSet()
    leftovers: tuple[Leftover, ...] = ()  # the wild's leftovers when the round ends here
    chosen: str = ""                     # B12: the dealer's choice for the round, in words
    words: DecisionWords = field(default=NEUTRAL_WORDS, repr=False)   # the game's words
    claim: str = ""                      # A11: the hand combination a declaration shows

    @property
    def draw_only(self) -> bool:
        """A turn with an empty hand: the player only draws."""
        return self.new_turn and self.hand is None

    @property
    def captured(self) -> CardSet:
        """The cards the player (side) captured in this part, less any pair that went
        back (they reach the pile when the turn ends). Leftovers are not counted
        here: they may go to another side (see :meth:`Step.captured`)."""
        cards = [c for m in (self.hand, self.draw) if m is not None for c in m.captured]
        returned = [c for m in (self.hand, self.draw) if m is not None for c in m.returned]
        return CardSet(cards) - CardSet(returned)

    @property
    def waiting(self) -> bool:
        """A choice between two field cards is still to be made."""
        return any(m is not None and m.outcome == CHOICE for m in (self.hand, self.draw))

    @property
    def took_nothing(self) -> bool:
        """A turn that played a card and ended without capturing anything."""
        return (self.new_turn and self.hand is not None and not self.waiting
                and not self.captured)


@dataclass(frozen=True)
class Step:
    """What one action did (see the module docstring), and what comes next:
    ``phase`` and ``to_act`` after it, ``result`` when the round is over."""

    player: int
    action: Action
    parts: tuple[Part, ...]
    phase: Phase
    to_act: int
    result: RoundResult | None = None
    wild_events: tuple[WildEvent, ...] = ()   # what the wild card did in this action
    words: DecisionWords = field(default=NEUTRAL_WORDS, repr=False)   # the game's words
    # G5: the special events of this action (Go-Stop), each with ``describe()``
    special_events: tuple[SpecialEvent, ...] = ()

    @property
    def leftovers(self) -> tuple[Leftover, ...]:
        """The wild's leftovers given away as the round ended in this action."""
        return tuple(x for p in self.parts for x in p.leftovers)

    @property
    def played(self) -> Card | None:
        """The card played from the hand by this action (a Play), else None."""
        hand = self.parts[0].hand
        return hand.card if hand is not None and isinstance(self.action, Play) else None

    @property
    def hand_taken(self) -> tuple[Card, ...]:
        """The field cards the hand card took in this action (a Play or a hand choice)."""
        hand = self.parts[0].hand
        return hand.taken if hand is not None else ()

    @property
    def draws(self) -> tuple[tuple[int, Move], ...]:
        """(seat, move) of every card from the stock this action resolved."""
        return tuple((p.player, p.draw) for p in self.parts if p.draw is not None)

    @property
    def yaku(self) -> tuple[YakuNews, ...]:
        return tuple(p.yaku for p in self.parts if p.yaku is not None) + tuple(
            x.yaku for x in self.leftovers if x.yaku is not None)

    @property
    def decision(self) -> str | None:
        return self.parts[0].decision

    def captured(self, player: int | None = None) -> CardSet:
        """Cards captured in this action (by ``player`` only, when given). The engine
        adds a turn's captures to the pile when the turn ends, so while a choice is
        pending they are counted here but not yet in the state's pile."""
        out = CardSet()
        for part in self.parts:
            if player is None or part.player == player:
                out = out | part.captured
            for left in part.leftovers:
                if player is None or left.player == player:
                    out = out | CardSet(left.cards)
        return out


def _cards(mask: int) -> tuple[Card, ...]:
    return CardSet.from_mask(mask).as_cards()      # the capture engine plays the 48 cards


def _resolve(card: int, source: str, fm: int, pair_month: int, turn: int, stack: bool,
             takes: tuple[int, ...] = MONTH_MASKS, rel: bool = False) -> tuple[Move, int]:
    """One card met the field (mask ``fm``): its move and the field after it.
    ``takes`` is what a card of each month may take (the rules' capture relation;
    ``rel``: one other than same month, where several candidates are a choice)."""
    mm = takes[card >> 2]
    m = fm & mm
    k = m.bit_count()
    bit = 1 << card
    if k == 0:
        if pair_month == card >> 2:
            if stack:
                back = turn & mm
                return Move(Card(card), source, STACKED, returned=_cards(back)), fm | back | bit
            return Move(Card(card), source, BLOCKED), fm | bit
        return Move(Card(card), source, STAYS), fm | bit
    if k == 2 or (rel and k > 1 and not _one_hiki(m)):
        return Move(Card(card), source, CHOICE, options=_cards(m), by_relation=rel), fm
    return Move(Card(card), source, TAKES if k == 1 else HIKI, _cards(m), _cards(m)), fm & ~m


class _Wild:
    """Resolves cards in a round where a wild card is in force, following the
    :class:`WildEvent` values the action logged (in order) and the legal actions
    of a choice, so a wild capture is read from the engine, never from months."""

    def __init__(self, before: State, after: State, wild: WildRules, stack: bool) -> None:
        self.wild = wild
        self.stack = stack
        # under WildRules.reveal the wild is wild from the hand only if its holder showed it
        self.revealed = wild_revealed(before, before.player)
        # (an announced hiki and a wild left on the field are told by the step itself)
        self.events: list[WildEvent] = [e for e in after.wild_log[len(before.wild_log):]
                                        if e.kind not in ("hiki_blocked", "left")]
        self.pending = None
        if after.phase in (Phase.CHOOSE_HAND_CAPTURE, Phase.CHOOSE_DRAW_CAPTURE):
            source = "hand" if after.phase == Phase.CHOOSE_HAND_CAPTURE else "stock"
            self.pending = (source, after.pending[0], _options(after))

    def event(self, kind: str, card: int) -> WildEvent | None:
        if self.events and self.events[0].kind == kind and self.events[0].card == card:
            return self.events.pop(0)
        return None

    def is_wild(self, card: int, source: str) -> bool:
        w = self.wild
        return card == w.card and w.power(source, self.revealed) != "month"

    def resolve(self, card: int, source: str, fm: int, pair_month: int, turn: int,
                last: bool) -> tuple[Move, int]:
        """One card met the field; ``last``: no card follows it in this action (only
        the last one can wait for a choice)."""
        c = Card(card)
        if source == "stock":
            ev = self.event("sweep", card)
            if ev is not None:
                return Move(c, source, SWEEP, _cards(ev.taken), wild=True), 0
            ev = self.event("field", card)
            if ev is not None:
                return Move(c, source, TAKES_WILD, _cards(ev.taken)), fm & ~ev.taken
        ev = self.event("taken_on_field", card)
        if ev is not None:                   # the wild on the field was its only match
            return Move(c, source, TAKES_WILD_ON_FIELD, _cards(ev.taken)), fm & ~ev.taken
        ev = self.event(source, card)
        if ev is not None:                   # the wild took one card at once
            return Move(c, source, TAKES, _cards(ev.taken), wild=True), fm & ~ev.taken
        wild = self.is_wild(card, source)
        if last and self.pending is not None and self.pending[:2] == (source, card):
            return Move(c, source, CHOICE, options=self.pending[2], wild=wild), fm
        if wild:                             # nothing on the field it may take
            return Move(c, source, STAYS, wild=True), fm | (1 << card)
        excl = fm & self.wild.field_exclusion
        move, rest = _resolve(card, source, fm & ~excl, pair_month, turn, self.stack)
        ignored = excl & MONTH_MASKS[card >> 2]
        if ignored:
            move = replace(move, ignored=_cards(ignored))
        return move, rest | excl

    def leftovers(self) -> list[Leftover]:
        return [Leftover(e.player, e.kind, _cards(e.taken), e) for e in self.events
                if e.kind in ("month_leftover", "partner_leftover")]


def _options(state: State) -> tuple[Card, ...]:
    """The field cards the card waiting in ``state`` may take (its legal captures)."""
    return tuple(Card(a.card) for a in legal_actions(state) if isinstance(a, Capture))


def story(before: State, action: Action | str, after: State) -> Step:
    """What ``action`` did between ``before`` and ``after`` (``after`` is
    ``apply(before, action)``), as a :class:`Step`.

    The hand card and each stock card are resolved against the field in the
    order the engine played them; the cards turned up are the stock between
    the two states' positions, the wild card's moves are the engine's wild
    events, and the yaku are the changes of the sides' signatures, so nothing
    about the round is guessed.
    """
    action = parse_action(action)
    rules = before.rules
    n = rules.players
    stack = rules.pair_then_draw == "stack"
    takes, rel = rules.take_masks, rules.capture_relation is not None
    w = before.active_wild
    wild = _Wild(before, after, w, stack) if w is not None else None
    drawn = after.stock[before.pos:after.pos]

    lone = rules.lone_mask
    bonus = rules.bonus_mask
    unlucky = rules.bonus is not None and rules.bonus.unlucky

    def resolve(card: int, source: str, fm: int, pair_month: int, turn: int, last: bool
                ) -> tuple[Move, int]:
        if bonus >> card & 1:           # G1: a Joker goes to the pile, the field untouched
            kind = UNLUCKY if unlucky and source == "stock" and pair_month >= 0 else BONUS
            return Move(cast(Card, Extra(card)), source, kind), fm
        if lone >> card & 1:            # B8: straight to the pile, the field untouched
            return Move(Card(card), source, LONE), fm
        if wild is not None:
            return wild.resolve(card, source, fm, pair_month, turn, last)
        move, after_fm = _resolve(card, source, fm, pair_month, turn, stack, takes, rel)
        if unlucky and move.outcome == HIKI:
            # G1: a Joker left lying with this stack goes with it (the Unlucky Joker)
            att = jokers_with_stack(after.events, fm, CardSet(move.captured).mask)
            if att:
                move = replace(move, taken=move.taken + tuple(
                    cast(Card, Extra(c)) for c in mask_cards(att)))
                after_fm &= ~att
        return move, after_fm

    p = before.actor            # G9: in a Draw vote, the voter acts
    fm = before.field_m
    part0: dict[str, Any] = {"player": p, "new_turn": isinstance(action, Play)}
    own_draw = False
    own_draws = 1               # the stock cards the acting player turns over (a bomb: more)
    stand_in = False            # G1: a Joker played: the next stock card is played instead
    turn, pair_month = 0, -1
    if isinstance(action, Play):
        c = int(action.card)
        hand, fm = resolve(c, "hand", fm, -1, 0, not drawn)
        part0["hand"] = hand
        own_draw = hand.outcome != CHOICE
        if hand.outcome == BONUS:
            stand_in, own_draws = True, 2
        turn = CardSet(hand.captured).mask
        pair_month = c >> 2 if hand.outcome == TAKES and not hand.wild else -1
    elif isinstance(action, Capture):
        c, turn, pair_month = before.pending[:3]
        t = int(action.card)
        source = "hand" if before.phase == Phase.CHOOSE_HAND_CAPTURE else "stock"
        if wild is None:
            hiki = fm & MONTH_MASKS[t >> 2]
            taken = _cards(hiki) if rel and hiki.bit_count() == 3 else (Card(t),)
            move = Move(Card(c), source, CHOSEN, taken, _cards(fm & takes[c >> 2]),
                        by_relation=rel)
            t_mask = CardSet(taken).mask
        else:
            used = wild.is_wild(c, source)
            if used:
                wild.event(source, c)
            wild.event("taken_on_field", c)
            # a hiki offered beside the wild on the field is taken whole (A12)
            whole = fm & MONTH_MASKS[t >> 2]
            taken = (_cards(whole) if not used and t >> 2 == c >> 2 and whole.bit_count() == 3
                     else (Card(t),))
            move = Move(Card(c), source, CHOSEN, taken, _options(before), wild=used)
            t_mask = CardSet(taken).mask
        part0["hand" if source == "hand" else "draw"] = move
        fm &= ~t_mask
        if source == "hand":
            own_draw, turn = True, (1 << c) | t_mask
            pair_month = -1 if move.wild else c >> 2
    elif isinstance(action, Declare) and before.phase == Phase.PLAY:
        # an announced hiki (B1): the hand's and the field's cards of the month, then the draw
        mm = MONTH_MASKS[action.cards[0] >> 2]
        turn = (before.hands_m[p] | fm) & mm
        fm &= ~mm
        part0["decision"], own_draw = action.code(), True
        if action.key == BOMB and rules.bomb is not None:     # G3: the bomb's draws
            own_draws = rules.bomb.draws
    elif before.phase in (Phase.CHOOSE_HAND_CAPTURE, Phase.CHOOSE_DRAW_CAPTURE) \
            and not isinstance(action, Capture):
        # the wild left on the field (B2): from the hand, the player then draws
        c = before.pending[0]
        fm |= 1 << c
        part0["decision"] = LEAVE
        if before.phase == Phase.CHOOSE_HAND_CAPTURE:
            own_draw, turn, pair_month = True, 0, -1
    elif isinstance(action, Pass) and before.phase == Phase.PLAY:
        # a free turn owed for a bomb (G3, Smoke Clears): no hand card, only the draw
        part0["decision"], own_draw = action.code(), True
    else:
        part0["decision"] = action.code()
        if isinstance(action, Declare) and action.cards:
            part0["claim"] = _claim_name(rules, action.key)
        if isinstance(action, Choose):       # B12: the dealer's choice of the round's rules
            rr = game_rules(rules).round_rules
            label = rr.label(action.value) if rr is not None else action.value
            part0["chosen"] = f"{action.key.replace('_', ' ')} for this round: {label}"
    part0["field_after"] = CardSet.from_mask(fm)
    parts = [part0]
    seat = p
    # the acting player's own cards from the stock (a Joker turned up is not counted: G1,
    # another card follows it), then the next players' draws of an empty hand
    own_left = own_draws if own_draw else 0
    again = False               # the last card turned up was a Joker: the same seat draws
    for j, d in enumerate(drawn):
        last = j == len(drawn) - 1
        if own_left:
            move, fm = resolve(d, "stock", fm, pair_month, turn, last)
            if move.outcome not in (BONUS, UNLUCKY):
                own_left -= 1
                if stand_in and own_left == own_draws - 1:
                    # the card played in the Joker's place: the draw after it may stack
                    turn = CardSet(move.captured).mask
                    pair_month = d >> 2 if move.outcome == TAKES else -1
                else:
                    turn, pair_month = 0, -1
            if j == 0:
                part0["draw"] = move
            else:
                parts.append({"player": p, "new_turn": False, "draw": move})
        else:
            if not again:
                seat = (seat + 1) % n
            move, fm = resolve(d, "stock", fm, -1, 0, last)
            parts.append({"player": seat, "new_turn": not again, "draw": move})
            again = move.outcome == BONUS
        parts[-1]["field_after"] = CardSet.from_mask(fm)
    if wild is not None:
        left = wild.leftovers()
        if left:
            for x in left:
                fm &= ~x.event.taken
            parts[-1]["leftovers"] = tuple(left)
            parts[-1]["field_after"] = CardSet.from_mask(fm)
    built = [Part(**d, words=rules.decision_words) for d in parts]
    for side in range(rules.sides if rules.yaku is not None else 0):
        sig = after.sigs[side]
        if sig == before.sigs[side] or not sig:
            continue
        news = YakuNews(p, tuple((after.rules.yaku.rules[k].name, pts) for k, pts in sig),
                        after.yaku_pts[side], before.yaku_pts[side],
                        after.phase == Phase.DECIDE and rules.side(after.player) == side)
        mine = [i for i, part in enumerate(built) if rules.side(part.player) == side]
        if not mine:
            # only the wild's leftovers reached this side (the round ended)
            for i, part in enumerate(built):
                k = next((k for k, x in enumerate(part.leftovers)
                          if rules.side(x.player) == side), None)
                if k is not None:
                    left = list(part.leftovers)
                    left[k] = replace(left[k], yaku=replace(news, player=left[k].player))
                    built[i] = replace(part, leftovers=tuple(left))
                    break
            continue
        i = next((i for i in reversed(mine) if built[i].captured), mine[-1])
        built[i] = replace(built[i], yaku=replace(news, player=built[i].player))
    return Step(p, action, tuple(built), after.phase, after.actor, after.result,
                tuple(after.wild_log[len(before.wild_log):]), rules.decision_words,
                after.events[len(before.events):])


def stories(states: Sequence[State], actions: Iterable[Action | str] | None = None
            ) -> list[Step]:
    """The step of each action between consecutive ``states`` (the actions default
    to the last state's history)."""
    states = list(states)
    if actions is None:
        actions = states[-1].history[len(states[-1].history) - (len(states) - 1):] \
            if len(states) > 1 else ()
    return [story(b, a, s) for b, a, s in zip(states, actions, states[1:])]


# ---------------------------------------------------------------------------
# Words


def _named(card: Card | int, code: bool) -> str:
    """"Crane" (with ``code``: "Crane (1a)"); a Joker (G1) by its own name, "Joker 1"."""
    c = Extra(card) if card >= 48 else Card(card)
    return f"{c.title} ({c.code})" if code else c.title


def the_card(card: Card | int, code: bool = False) -> str:
    """"the Crane" (with ``code``: "the Crane (1a)"; a Joker: "Joker 1"). Readers meet
    cards by name; codes are for the command line's log (:func:`log_lines`)."""
    return _named(card, code) if card >= 48 else "the " + _named(card, code)


def winners_text(winner: int, who: Sequence[str], teams: Sequence[int] = ()) -> str:
    """Who won, with the verb: "Bo wins"; with ``teams`` (the side of each seat, B6)
    the winner's side, every partner named ("You", the reader, first, with "win").

    >>> winners_text(1, ["A", "B", "C", "D"], (0, 1, 0, 1))
    'B and D win'
    >>> winners_text(2, ["Ann", "Bo", "You", "Cy"], (0, 1, 0, 1))
    'You and Ann win'
    """
    side = ([who[p] for p in range(len(who)) if teams[p] == teams[winner]] if teams
            else [who[winner]])
    side.sort(key=lambda name: name != "You")
    return f"{and_list(side)} win{'s' * (len(side) == 1 and side[0] != 'You')}"


def doing(move: str) -> str:
    """A move as something done ("play the Crane" -> "playing the Crane"), to compare two
    moves in a sentence ("2.9 less than playing the Crane").

    >>> doing("play the Crane"), doing("capture the Moon"), doing("stop")
    ('playing the Crane', 'capturing the Moon', 'stopping')
    """
    verb, _, rest = move.partition(" ")
    if verb == "stop":
        verb = "stopp"
    elif verb.endswith("e") and not verb.endswith("ee"):
        verb = verb[:-1]
    return f"{verb}ing" + (f" {rest}" if rest else "")


def counted(n: int, one: str, many: str | None = None) -> str:
    """A count in figures with its word, singular for one (or minus one, an amount owed):
    "1 round", "12 rounds", "0 deals", "-1 point" (``many``: the plural, where adding "s"
    does not make it).

    >>> counted(1, "round"), counted(12, "round"), counted(2, "party", "parties")
    ('1 round', '12 rounds', '2 parties')
    >>> counted(-1, "point"), counted(-3, "point")
    ('-1 point', '-3 points')
    """
    return f"{n} {one if abs(n) == 1 else many or one + 's'}"


def and_list(items: Iterable[str]) -> str:
    """"a", "a and b", "a, b and c"."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def _you(name: str) -> bool:
    return name.lower() == "you"


def _name(name: str, start: bool) -> str:
    if not start and (_you(name) or name.startswith("The ")):
        return name[:1].lower() + name[1:]
    return name


def subject(name: str, verb: str, start: bool = True) -> str:
    """``name`` with a present-tense verb that agrees: "You play", "Ann plays",
    "The computer has"; inside a sentence "you"/"the computer".

    >>> subject("You", "take"), subject("The computer", "have", start=False)
    ('You take', 'the computer has')
    """
    return f"{_name(name, start)} {conjugate(name, verb)}"


def conjugate(name: str, verb: str) -> str:
    """The present-tense ``verb`` that agrees with ``name``: "take" for "You",
    "takes" for anyone else ("has", "chooses")."""
    if _you(name):
        return verb
    return "has" if verb == "have" else verb + (
        "es" if verb.endswith(("sh", "ch", "s", "x")) else "s")


def possessive(name: str, start: bool = True) -> str:
    """"Your", "Ann's", "The computer's" (inside a sentence "your", "the computer's")."""
    return ("Your" if start else "your") if _you(name) else f"{_name(name, start)}'s"


def _month(card: Card | int) -> str:
    return MONTH_NAMES[int(card) >> 2]


def _the_wild(card: Card | int) -> str:
    """"the wild Storm"."""
    return f"the wild {CARD_INFO[card].name}"


def _a(word: str) -> str:
    """"a February", "an April"."""
    return f"{'an' if word[:1] in 'AEIOU' else 'a'} {word}"


def _or_list(cards: Iterable[Card]) -> str:
    """"the Crane or the Curtain", "the A, the B or the C"."""
    items = [the_card(c) for c in cards]
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} or {items[-1]}"


def _wild_tail(move: Move, who: str, taker: str) -> str:
    """:func:`_tail` for the wild card using its power, turned up from the stock by a
    card of another month, or sweeping the field."""
    name = CARD_INFO[move.card].name
    lead = " as the wild card" if move.source == "hand" else ", the wild card,"
    if move.outcome == SWEEP:
        if not move.taken:
            return (f", the wild card, as the last card of the stock: the field is empty, so "
                    f"{taker} just the {name}.")
        many = f"all {len(move.taken)} cards there: " if len(move.taken) > 2 else ""
        return (f", the wild card, as the last card of the stock: it sweeps the field and "
                f"{taker} {many}{and_list(the_card(c) for c in move.taken)}.")
    if move.outcome == TAKES_WILD:
        return (f". {_the_wild(move.taken[0])[0].upper()}{_the_wild(move.taken[0])[1:]} lies "
                f"on the field, and the first card "
                f"of another month turned up from the stock must take it, so {taker} it with "
                "this card.")
    if move.outcome == CHOICE:
        return f"{lead.rstrip(',')}. It may take {_or_list(move.options)}."
    if move.outcome == STAYS:
        return (f"{lead.rstrip(',')}, but no card on the field is one it may take, so it "
                "stays there.")
    return f"{lead} and {taker} {the_card(move.taken[0])}."


def _tail(move: Move, who: str) -> str:
    """What the card did, to end the sentence that names it: "... and take the
    Crane." after a played card, "... and you take ..." after a drawn one."""
    taker = conjugate(who, "take") if move.source == "hand" else subject(who, "take", False)
    if move.outcome == UNLUCKY:
        return (": it is placed on the pair just made, and another card is turned up; "
                "if that card stacks the pair, the Joker stays on the field with the stack.")
    if move.outcome == BONUS:
        if move.source == "hand":
            return (": it goes straight to the captured cards, and the top card of the "
                    "stock is played in its place.")
        return (": it goes straight to the captured cards, and another card is turned up "
                "in its place.")
    month = _month(move.card)
    if move.outcome == LONE:
        return (". It is the only card of its month, so it goes straight to the captured "
                "cards.")
    if move.outcome == TAKES_WILD_ON_FIELD:
        return (f". No {month} card is on the field, but {_the_wild(move.taken[0])} lies "
                f"there, a match for this card: {subject(who, 'take', False)} it.")
    if move.outcome == CHOICE and not move.wild \
            and any(c >> 2 != move.card >> 2 for c in move.options):
        return (f". It may take {_or_list(move.options)} (the wild card lying on the field "
                "is a match for it too).")
    if move.wild or move.outcome in (SWEEP, TAKES_WILD):
        return _wild_tail(move, who, taker)
    if move.outcome == STAYS and move.ignored:
        return (f". No {month} card it may take is on the field ({_the_wild(move.ignored[0])} "
                f"there is no {month} card for matching), so it stays there.")
    if move.outcome == STAYS:
        return f". No {month} card is on the field, so it stays there."
    if move.outcome == BLOCKED:
        return (". It matches only the pair just made, which it may not take, so it stays "
                "on the field.")
    if move.outcome == STACKED:
        return (". It matches only the pair just made, so the pair goes back and the three "
                "stay on the field together.")
    if move.outcome == CHOICE:
        return (f". Two {month} cards lie on the field: "
                f"{and_list(the_card(c) for c in move.options)}.")
    if move.outcome == HIKI:
        jokers = [c for c in move.taken if int(c) >= 48]
        return (f", the fourth {month} card, and {taker} all three"
                + (f", with {and_list(the_card(c) for c in jokers)} lying on them"
                   if jokers else "") + ".")
    return f" and {taker} {the_card(move.taken[0])}."


def part_sentences(part: Part, names: Sequence[str]) -> list[str]:
    """One part of a step in sentences (the chapter joins the parts of a turn)."""
    who = names[part.player]
    out: list[str] = []
    hand, draw = part.hand, part.draw
    if hand is not None:
        if hand.outcome == CHOSEN:
            out.append(f"{subject(who, 'choose')} to take {the_card(hand.taken[0])}"
                       f"{_with_wild(hand)}.")
        else:
            out.append(f"{subject(who, 'play')} {the_card(hand.card)}{_tail(hand, who)}")
    if draw is not None:
        if draw.outcome == CHOSEN:
            out.append(f"{subject(who, 'choose')} to take {the_card(draw.taken[0])}"
                       f"{_with_wild(draw)}.")
        else:
            lead = (f"{subject(who, 'have')} no cards left and only "
                    f"{conjugate(who, 'draw')}: the stock"
                    if part.draw_only else "Then the stock")
            out.append(f"{lead} turns up {the_card(draw.card)}{_tail(draw, who)}")
    if part.took_nothing:
        out.append("Nothing is captured this turn.")
    if part.yaku is not None:
        total = part.yaku.total
        out.append(f"{possessive(names[part.yaku.player])} captures now make "
                   f"{and_list(part.yaku.names())}: {total} point{'s' * (total != 1)}.")
    if part.chosen:
        out.append(f"{subject(who, 'choose')} the {part.chosen}.")
    declared = _declaration(part.decision)
    if declared is not None and declared.key == HIKI:
        out.insert(0, f"{subject(who, 'announce')} hiki with "
                   f"{and_list(the_card(c) for c in declared.cards)} and "
                   f"{conjugate(who, 'take')} all four {_hiki_month(declared)} cards.")
    elif declared is not None:
        claim = f" for {part.claim}" if part.claim else ""
        out.append(f"{subject(who, 'show')} {and_list(the_card(c) for c in declared.cards)}"
                   f"{claim}." if declared.cards else f"{subject(who, 'declare')} nothing more.")
    if part.decision == LEAVE:
        out.insert(0, f"{subject(who, 'leave')} the wild card on the field.")
    if part.decision in _DRAW_VOTE_WORDS:       # G9: a Draw asked for, accepted, refused
        verb, rest = _DRAW_VOTE_WORDS[part.decision]
        out.append(f"{subject(who, verb)} {rest}.")
    if part.decision == GO_ON.code():
        out.append(f"{subject(who, 'call')} {part.words.go_on} and "
                   f"{conjugate(who, 'play')} on.")
    elif part.decision == STOP.code():
        out.append(f"{subject(who, 'call')} {part.words.stop}, and the round ends.")
    for left in part.leftovers:
        out.append(_leftover_sentence(left, names))
        if left.yaku is not None:
            total = left.yaku.total
            out.append(f"{possessive(names[left.yaku.player])} captures now make "
                       f"{and_list(left.yaku.names())}: {total} point{'s' * (total != 1)}.")
    return out


#: G9: the Draw vote's actions in words (verb, the rest of the sentence).
_DRAW_VOTE_WORDS = {"ask draw": ("ask", "for a Draw, the hand face up for the others"),
                    "accept draw": ("accept", "the Draw"),
                    "refuse draw": ("refuse", "the Draw, so play goes on")}


def _claim_name(rules: Any, key: str) -> str:
    """The name of the hand combination a declaration at the deal claims (A11: its key in
    the rules' chart), or "" where the declaration is not one."""
    table = getattr(getattr(rules, "declarations", None), "table", None)
    rule = getattr(table, "rule", None)
    if rule is None:
        return ""
    try:
        return str(rule(key).name)
    except (LookupError, HanafudaError):
        return ""


def _hiki_month(declared: Declare) -> str:
    return MONTH_NAMES[declared.cards[0] >> 2]


def _declaration(code: str | None) -> Declare | None:
    """The declaration at the deal a part's decision code names (``Declare((), ...)`` for
    a pass), or None for any other part."""
    if code is None or not (code == PASS.code() or code.startswith("declare ")):
        return None
    action = parse_action(code)
    return action if isinstance(action, Declare) else Declare("", ())


def _with_wild(move: Move) -> str:
    return f" with the wild {CARD_INFO[move.card].name}" if move.wild else ""


def _leftover_sentence(left: Leftover, names: Sequence[str]) -> str:
    """"The Willow Ribbon is left on the field at the end and goes to Ben, who
    holds the other November cards." (the wild's leftovers, Mushi)"""
    one = len(left.cards) == 1
    who = names[left.player]
    cards = and_list(the_card(c) for c in left.cards)
    head = (f"{cards[0].upper()}{cards[1:]} {'is' if one else 'are'} left on the field at "
            f"the end and {'goes' if one else 'go'} to {_name(who, False)}")
    if left.kind == "month_leftover":
        return f"{head}, who {conjugate(who, 'hold')} the other {left.month} cards."
    return (f"{head}, who paired the wild {CARD_INFO[left.event.card].name} with "
            f"{_a(left.month)} card.")


def sentences(step: Step, names: Sequence[str]) -> list[str]:
    """Every part of a step in sentences (what happened, not what comes next)."""
    return [s for part in step.parts for s in part_sentences(part, names)]


#: How a round ended, in a few words for the log's result line, by the result's reason
#: (the decision words fill ``{stop}``; a reason not listed is shown with spaces).
#: How a round ended, per reason: the log's few words and a reader's sentence
#: (``{stop}``: the game's word for stopping). One table, so a new reason is added once.
ROUND_ENDS: dict[str, tuple[str, str]] = {
    "cards": ("the hands played out, by score",
              "nobody has a card left to play, and the captured cards are counted"),
    "stop": ("{stop} called", "a player called {stop} and took the points"),
    "end": ("{stop} called", "a player called {stop}, which ends the round"),
    "yaku": ("the first yaku", "a player captured the first yaku, which ends the round at once"),
    "draw": ("a draw", "the cards ran out before anyone called {stop}, so it is a draw"),
    "draw_agreed": ("a Draw agreed", "the players agreed to a Draw"),
    "dealers_delight": ("Dealer's Delight",
                        "the cards ran out before anyone called {stop}: the dealer scores"),
    "instant_win": ("a winning hand at the deal",
                    "a lucky hand won the round straight from the deal"),
    "automatic win": ("an automatic win",
                      "a player made a yaku that wins the round at once"),
    "played out": ("every card played, by card points",
                   "every card has been played, and the captured cards are counted"),
}


def reason_words(reason: str, words: DecisionWords | None = None, *,
                 sentence: bool = False) -> str:
    """A round's ``reason`` as the log's result line says it ("Stop called", "every card
    played, by score"), or (``sentence``) as a reader's sentence says it; a reason not in
    :data:`ROUND_ENDS` with its underscores as spaces.

    >>> reason_words("stop"), reason_words("cards"), reason_words("some_new_reason")
    ('Stop called', 'the hands played out, by score', 'some new reason')
    >>> reason_words("stop", sentence=True)
    'a player called Stop and took the points'
    """
    known = ROUND_ENDS.get(reason)
    if known is None:
        return reason.replace("_", " ")
    return known[sentence].format(stop=(words or NEUTRAL_WORDS).stop)


def result_text(result: RoundResult | State | None, names: Sequence[str],
                words: DecisionWords | None = None) -> str:
    """How a finished round ended, in words ("" while it goes on). ``words``: the
    game's words for the decisions (a state brings its rules' own)."""
    if isinstance(result, State):
        words = words or result.rules.decision_words
        res = result.result
    else:
        res = result
    stop = (words or NEUTRAL_WORDS).stop
    if res is None:
        return ""
    if res.reason == "cards":       # every card played, the round scored by card points
        if res.winner is None:
            return "The hands are played out, and nobody comes out ahead."
        pts = res.points[res.winner]
        return (f"The hands are played out, and {subject(names[res.winner], 'come', False)} "
                f"out ahead with {pts} point{'s' * (pts != 1)}.")
    if res.reason == "yaku" and res.winner is not None:    # the first yaku ended it
        pts = res.points[res.winner]
        return (f"{subject(names[res.winner], 'capture')} the first yaku, which ends the "
                f"round, and {conjugate(names[res.winner], 'score')} {pts} "
                f"point{'s' * (pts != 1)}.")
    if res.reason == "draw_agreed":              # G9: a Draw asked for and accepted
        return "The Draw is agreed: the round ends with no winner, and nobody scores."
    if res.winner is None:
        if any(res.points) and res.reason == "dealers_delight":
            best = max(range(len(res.points)), key=lambda p: res.points[p])
            return (f"Nobody called {stop}; {subject(names[best], 'earn', False)} "
                    f"{res.points[best]} (Dealer's Delight).")
        if any(res.points):     # (payments made during the round: Go-Stop's events)
            paid = and_list(f"{_name(names[p], False)} {v}" for p, v in enumerate(res.points))
            return (f"A draw: the cards ran out and nobody called {stop}, so no yaku "
                    f"score; the points paid during the round stand: {paid}.")
        return f"A draw: the cards ran out and nobody called {stop}, so nobody scores."
    pts = res.points[res.winner]
    if res.reason == "instant_win":
        return f"{subject(names[res.winner], 'win')} {pts} points straight from the deal."
    return (f"{names[res.winner]} called {stop} and {conjugate(names[res.winner], 'score')} "
            f"{pts} point{'s' * (pts != 1)}.")


def describe(step: Step, names: Sequence[str]) -> str:
    """A step in one paragraph: what happened, then who must do what next (choose
    a card, decide to go on or stop, in the game's words) or how the round ended."""
    text = " ".join(sentences(step, names))
    who = names[step.to_act]
    if step.phase in (Phase.CHOOSE_HAND_CAPTURE, Phase.CHOOSE_DRAW_CAPTURE):
        waiting = step.parts[-1].draw if step.phase == Phase.CHOOSE_DRAW_CAPTURE \
            else step.parts[0].hand
        assert waiting is not None, "a step waiting for a choice ends with the card that waits"
        if waiting.wild:
            text += f" {who} must choose which card {_the_wild(waiting.card)} takes."
        else:
            text += f" {who} must choose which one {the_card(waiting.card)} takes."
    elif step.phase == Phase.DECIDE:
        text += f" {who} must decide: {step.words.go_on} (go on) or {step.words.stop}."
    elif step.phase == Phase.DECLARE:
        text += f" {who} may show cards from the hand, or pass."
    elif step.phase == Phase.DRAW_VOTE:         # G9
        text += f" {who} must accept or refuse the Draw."
    elif step.phase == Phase.PLAY and step.parts[0].chosen:
        text += f" {subject(who, 'play')} the first card."
    elif step.phase == Phase.PLAY and _declaration(step.parts[0].decision) is not None \
            and not str(step.parts[0].decision).startswith(f"declare {HIKI} "):
        text += f" {subject(who, 'play')} the first card."
    elif step.result is not None:
        res = step.result
        if step.decision == STOP.code() and res.winner == step.player:
            pts = res.points[res.winner]      # the stop was just told: only the score
            text += f" {subject(who, 'score')} {pts} point{'s' * (pts != 1)}."
        else:
            text += " " + result_text(res, names, step.words)
    return text


def _list(cards: Iterable[Card]) -> str:
    """Cards with their codes, for the log ("Crane (1a), Joker 1 (j1)"), or "nothing"."""
    return ", ".join(_named(c, True) for c in cards) or "nothing"


def log_lines(step: Step, names: Sequence[str]) -> list[str]:
    """A step as the lines of the ``hanafuda play`` log: the action, each card turned
    over (by whom), the wild card's leftovers at the end, then the yaku formed,
    indented under the moves."""
    lines = []
    part0 = step.parts[0]
    who = names[step.player]
    hand = part0.hand
    declared = _declaration(part0.decision)
    if declared is not None and declared.key == HIKI:
        lines.append(f"  {who} announces hiki with {_list(declared.cards)} and takes all "
                     f"four {_hiki_month(declared)} cards")
    elif part0.chosen:
        lines.append(f"  {who} chooses the {part0.chosen}")
    elif part0.decision == LEAVE:
        lines.append(f"  {who} leaves the wild card on the field")
    elif declared is not None:
        claim = f" for {part0.claim}" if part0.claim else ""
        lines.append(f"  {who} shows {_list(declared.cards)}{claim}" if declared.cards
                     else f"  {who} declares nothing more")
    elif part0.decision in _DRAW_VOTE_WORDS:        # G9: the Draw vote
        verb, rest = _DRAW_VOTE_WORDS[part0.decision]
        lines.append(f"  {who} {conjugate(who, verb)} {rest}")
    elif part0.decision == GO_ON.code():
        lines.append(f"  {who} calls {step.words.go_on} and plays on")
    elif part0.decision == STOP.code():
        lines.append(f"  {who} calls {step.words.stop}")
    elif hand is not None and hand.outcome == CHOSEN:
        taker = f"the wild {CARD_INFO[hand.card].name}" if hand.wild else the_card(hand.card,
                                                                                   False)
        lines.append(f"  {who} takes {the_card(hand.taken[0], False)} with {taker}")
    elif hand is None:
        draw = part0.draw
        assert draw is not None, "a step with no card from a hand took with a drawn card"
        lines.append(f"  {who} takes {the_card(draw.taken[0], False)} with the drawn "
                     f"{'wild ' * draw.wild}{CARD_INFO[draw.card].name}")
    elif hand.wild and hand.outcome == STAYS:
        lines.append(f"  {who} plays {the_card(hand.card, False)} to the field: as the wild "
                     "card it finds no card it may take")
    elif hand.wild and hand.outcome == CHOICE:
        lines.append(f"  {who} plays {the_card(hand.card, False)} as the wild card: it may "
                     f"take {_list(hand.options)}")
    elif hand.wild:
        lines.append(f"  {who} plays {the_card(hand.card, False)} as the wild card and takes "
                     f"{_list(hand.taken)}")
    elif hand.outcome == LONE:
        lines.append(f"  {who} plays {the_card(hand.card, False)}, the only card of its "
                     "month: it goes straight to their pile")
    elif hand.outcome == BONUS:
        lines.append(f"  {who} plays {the_card(hand.card, False)}: it goes straight to their "
                     "pile, and the top stock card is played in its place")
    elif hand.outcome == STAYS:
        lines.append(f"  {who} plays {the_card(hand.card, False)} to the field"
                     + _ignored_note(hand))
    elif hand.outcome == CHOICE and hand.by_relation:
        lines.append(f"  {who} plays {the_card(hand.card, False)}: it may take "
                     f"{_list(hand.options)}")
    elif hand.outcome == CHOICE and not hand.wild \
            and any(c >> 2 != hand.card >> 2 for c in hand.options):
        lines.append(f"  {who} plays {the_card(hand.card, False)}: it may take "
                     f"{_list(hand.options)} (the wild lying on the field matches it too)")
    elif hand.outcome == CHOICE:
        lines.append(f"  {who} plays {the_card(hand.card, False)}: two {_month(hand.card)} "
                     f"cards match ({_list(hand.options)})")
    elif hand.outcome == TAKES_WILD_ON_FIELD:
        lines.append(f"  {who} plays {the_card(hand.card, False)} and takes the wild "
                     f"{CARD_INFO[hand.taken[0]].name} ({Card(hand.taken[0]).code}) lying on "
                     "the field")
    else:
        lines.append(f"  {who} plays {the_card(hand.card, False)} and takes {_list(hand.taken)}")
    for part in step.parts:
        draw = part.draw
        if draw is not None and draw.outcome != CHOSEN:
            head = (f"  {names[part.player]}{' has no cards left and' if part.draw_only else ''}"
                    f" turns over {the_card(draw.card, False)}")
            lines.append(head + _draw_log(draw))
        for left in part.leftovers:
            reason = (f"they hold the other {left.month} cards" if left.kind == "month_leftover"
                      else f"they paired the wild {CARD_INFO[left.event.card].name} with "
                           f"{_a(left.month)} card")
            lines.append(f"  {names[left.player]} gets {_list(left.cards)} left on the field "
                         f"at the end: {reason}")
    for news in step.yaku:
        # (the sum is what these yaku are worth, not the round's score: a multiplier or a
        # payment may follow)
        worth = counted(news.total, "point")
        if len(news.yaku) == 1:
            text = f"has a yaku: {news.yaku[0][0]}, worth {worth}"
        else:
            text = f"has yaku worth {worth}: " + and_list(f"{n} ({p})" for n, p in news.yaku)
        lines.append(f"    {names[news.player]} {text}"
                     + (f". {step.words.go_on} or {step.words.stop}?" if news.decide
                        else ""))
    return lines


def _ignored_note(move: Move) -> str:
    if not move.ignored:
        return ""
    return (f" (the wild {CARD_INFO[move.ignored[0]].name} there is no {_month(move.card)} "
            "card for matching)")


def _draw_log(draw: Move) -> str:
    """The end of a log line that starts "Player 1 turns over the Moon"."""
    if draw.outcome == LONE:
        return ", the only card of its month: it goes straight to their pile"
    if draw.outcome == BONUS:
        return ": it goes straight to their pile, and another card is turned over"
    if draw.outcome == UNLUCKY:
        return ": it is placed on the pair just made, and another card is turned over"
    if draw.outcome == SWEEP:
        if not draw.taken:
            return ", the last card: as the wild card it sweeps the field, which is empty"
        return (f", the last card: as the wild card it sweeps the field and takes "
                f"{_list(draw.taken)}")
    if draw.outcome == TAKES_WILD:
        return (f" and must take the wild {CARD_INFO[draw.taken[0]].name} "
                f"({Card(draw.taken[0]).code}) lying on the field")
    if draw.outcome == TAKES_WILD_ON_FIELD:
        return (f" and takes the wild {CARD_INFO[draw.taken[0]].name} "
                f"({Card(draw.taken[0]).code}) lying on the field")
    if draw.outcome == CHOICE and draw.by_relation:
        return f": it may take {_list(draw.options)}"
    if draw.outcome == CHOICE and not draw.wild \
            and any(c >> 2 != draw.card >> 2 for c in draw.options):
        return f": it may take {_list(draw.options)} (the wild lying on the field matches it too)"
    if draw.wild:
        if draw.outcome == STAYS:
            return " as the wild card: it finds no card it may take and stays on the field"
        if draw.outcome == CHOICE:
            return f" as the wild card: it may take {_list(draw.options)}"
        return f" as the wild card and takes {_list(draw.taken)}"
    if draw.outcome == STAYS:
        return f": no match{_ignored_note(draw)}, it stays on the field"
    if draw.outcome == BLOCKED:
        return ": it matches only the pair just made, so it stays on the field"
    if draw.outcome == STACKED:
        return (": it matches only the pair just made; the pair goes back and the three stay "
                "on the field")
    if draw.outcome == CHOICE:
        return f": two {_month(draw.card)} cards match ({_list(draw.options)})"
    return f" and takes {_list(draw.taken)}"


def held_yaku(state: State, seat: int) -> list[str]:
    """The yaku ``seat``'s pile holds now: ["3 Purple Ribbons (6)", ...]."""
    rules = state.rules
    if rules.yaku is None:
        return []
    ev = rules.yaku.evaluate(state.captures(seat).mask, state.field.mask)
    return [f"{h.rule.name} ({h.points})" for h in ev.hits]
