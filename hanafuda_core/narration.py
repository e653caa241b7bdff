"""A capture-game round told in words: what each action did, worked out once.

Three places tell a Koi-Koi round: the ``hanafuda play`` log, the chapter's
worked round and turn cases, and the Play and Replay tools. They all start
from the same question — *what did this action do?* — and this module answers
it once, from the engine's states:

:func:`story` takes ``(state before, action, state after)`` and returns a
:class:`Step`: who acted, the card played and what it took, every card turned
up from the stock and what it took, the yaku formed or raised (with points)
and the Koi-Koi/Stop decision. One action can hold several turns: after a
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

Two renderers turn a step into text; both are pure functions of the step:

- :func:`sentences` / :func:`describe`: plain sentences, "You play the Crane
  (1a) and take the Pine Chaff 1 (1c). Then the stock turns up ...", used by
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
You play the Curtain (3a) and take the Cherry Chaff 1 (3c). Then the stock turns up the Maple Chaff 2 (10d). No October card is on the field, so it stays there.
>>> print("\\n".join(log_lines(step, ("Player 1", "Player 2"))))
  Player 1 plays the Curtain and takes Cherry Chaff 1 (3c)
  Player 1 turns over the Maple Chaff 2: no match, it stays on the field
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Iterable, Sequence

from .cards import CARD_INFO, MONTH_MASKS, MONTH_NAMES, Card, CardSet
from .engines.capture import (Action, Capture, KoiKoi, Phase, Play, RoundResult, State,
                              parse_action)

__all__ = ["STAYS", "BLOCKED", "STACKED", "TAKES", "HIKI", "CHOICE", "CHOSEN", "Move",
           "YakuNews", "Part", "Step", "story", "stories", "sentences", "part_sentences",
           "describe", "log_lines", "result_text", "held_yaku", "the_card", "subject",
           "conjugate", "and_list"]

STAYS = "stays"
BLOCKED = "blocked"
STACKED = "stacked"
TAKES = "takes"
HIKI = "hiki"
CHOICE = "choice"
CHOSEN = "chosen"


# ---------------------------------------------------------------------------
# What happened (the facts)


@dataclass(frozen=True)
class Move:
    """What one card did: played from a hand (``source="hand"``) or turned up from
    the stock (``"stock"``). ``taken`` are the field cards it captured (the card
    itself joins them), ``options`` the field cards of its month it met, and
    ``returned`` the pair that went back to the field (outcome ``stacked``)."""

    card: Card
    source: str
    outcome: str
    taken: tuple[Card, ...] = ()
    options: tuple[Card, ...] = ()
    returned: tuple[Card, ...] = ()

    @property
    def captured(self) -> tuple[Card, ...]:
        """The cards this move sent to a capture pile (itself first), before any return."""
        return (self.card, *self.taken) if self.taken else ()


@dataclass(frozen=True)
class YakuNews:
    """A side's yaku changed: what it holds now, with points, and the totals."""

    player: int                          # the seat whose turn made it
    yaku: tuple[tuple[str, int], ...]    # (name, points) of every yaku now held
    total: int
    previous: int
    decide: bool                         # it opens a Koi-Koi/Stop decision

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
    decision: str | None = None          # "koikoi" or "stop"
    field_after: CardSet = CardSet()

    @property
    def draw_only(self) -> bool:
        """A turn with an empty hand: the player only draws."""
        return self.new_turn and self.hand is None

    @property
    def captured(self) -> CardSet:
        """The cards the player (side) captured in this part, less any pair that went
        back (they reach the pile when the turn ends)."""
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
        return tuple(p.yaku for p in self.parts if p.yaku is not None)

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
        return out


def _cards(mask: int) -> tuple[Card, ...]:
    return tuple(CardSet.from_mask(mask))


def _resolve(card: int, source: str, fm: int, pair_month: int, turn: int, stack: bool
             ) -> tuple[Move, int]:
    """One card met the field (mask ``fm``): its move and the field after it."""
    mm = MONTH_MASKS[card >> 2]
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
    if k == 2:
        return Move(Card(card), source, CHOICE, options=_cards(m)), fm
    return Move(Card(card), source, TAKES if k == 1 else HIKI, _cards(m), _cards(m)), fm & ~m


def story(before: State, action: Action | str, after: State) -> Step:
    """What ``action`` did between ``before`` and ``after`` (``after`` is
    ``apply(before, action)``), as a :class:`Step`.

    The hand card and each stock card are resolved against the field in the
    order the engine played them; the cards turned up are the stock between
    the two states' positions, and the yaku are the changes of the sides'
    signatures, so nothing about the round is guessed.
    """
    action = parse_action(action)
    rules = before.rules
    n = rules.players
    stack = rules.pair_then_draw == "stack"
    p = before.player
    fm = before.field_m
    part0: dict = {"player": p, "new_turn": isinstance(action, Play)}
    own_draw = False
    turn, pair_month = 0, -1
    if isinstance(action, Play):
        c = int(action.card)
        hand, fm = _resolve(c, "hand", fm, -1, 0, stack)
        part0["hand"] = hand
        own_draw = hand.outcome != CHOICE
        turn = CardSet(hand.captured).mask
        pair_month = c >> 2 if hand.outcome == TAKES else -1
    elif isinstance(action, Capture):
        c, turn, pair_month = before.pending
        t = int(action.card)
        source = "hand" if before.phase == Phase.CHOOSE_HAND_CAPTURE else "stock"
        part0["hand" if source == "hand" else "draw"] = Move(
            Card(c), source, CHOSEN, (Card(t),), _cards(fm & MONTH_MASKS[c >> 2]))
        fm &= ~(1 << t)
        if source == "hand":
            own_draw, turn, pair_month = True, (1 << c) | (1 << t), c >> 2
    else:
        part0["decision"] = "koikoi" if isinstance(action, KoiKoi) else "stop"
    part0["field_after"] = CardSet.from_mask(fm)
    parts = [part0]
    seat = p
    for j, d in enumerate(after.stock[before.pos:after.pos]):
        if j == 0 and own_draw:
            part0["draw"], fm = _resolve(d, "stock", fm, pair_month, turn, stack)
        else:
            seat = (seat + 1) % n
            move, fm = _resolve(d, "stock", fm, -1, 0, stack)
            parts.append({"player": seat, "new_turn": True, "draw": move})
        parts[-1]["field_after"] = CardSet.from_mask(fm)
    built = [Part(**d) for d in parts]
    for side in range(rules.sides if rules.yaku is not None else 0):
        sig = after.sigs[side]
        if sig == before.sigs[side] or not sig:
            continue
        mine = [i for i, part in enumerate(built) if rules.side(part.player) == side]
        if not mine:
            continue
        i = next((i for i in reversed(mine) if built[i].captured), mine[-1])
        news = YakuNews(built[i].player, tuple((rules.yaku.rules[k].name, pts) for k, pts in sig),
                        after.yaku_pts[side], before.yaku_pts[side],
                        after.phase == Phase.DECIDE and rules.side(after.player) == side)
        built[i] = replace(built[i], yaku=news)
    return Step(p, action, tuple(built), after.phase, after.player, after.result)


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


def the_card(card: Card | int, code: bool = True) -> str:
    """"the Crane (1a)" (or "the Crane")."""
    name = CARD_INFO[card].name
    return f"the {name} ({Card(card).code})" if code else f"the {name}"


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


def _possessive(name: str, start: bool = True) -> str:
    """"Your", "Ann's"."""
    return ("Your" if start else "your") if _you(name) else f"{_name(name, start)}'s"


def _month(card: Card | int) -> str:
    return MONTH_NAMES[int(card) >> 2]


def _tail(move: Move, who: str) -> str:
    """What the card did, to end the sentence that names it: "... and take the
    Crane (1a)." after a played card, "... and you take ..." after a drawn one."""
    taker = conjugate(who, "take") if move.source == "hand" else subject(who, "take", False)
    month = _month(move.card)
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
        return f", the fourth {month} card, and {taker} all three."
    return f" and {taker} {the_card(move.taken[0])}."


def part_sentences(part: Part, names: Sequence[str]) -> list[str]:
    """One part of a step in sentences (the chapter joins the parts of a turn)."""
    who = names[part.player]
    out: list[str] = []
    hand, draw = part.hand, part.draw
    if hand is not None:
        if hand.outcome == CHOSEN:
            out.append(f"{subject(who, 'choose')} to take {the_card(hand.taken[0])}.")
        else:
            out.append(f"{subject(who, 'play')} {the_card(hand.card)}{_tail(hand, who)}")
    if draw is not None:
        if draw.outcome == CHOSEN:
            out.append(f"{subject(who, 'choose')} to take {the_card(draw.taken[0])}.")
        else:
            lead = (f"{subject(who, 'have')} no cards left and only "
                    f"{conjugate(who, 'draw')}: the stock"
                    if part.draw_only else "Then the stock")
            out.append(f"{lead} turns up {the_card(draw.card)}{_tail(draw, who)}")
    if part.took_nothing:
        out.append("Nothing is captured this turn.")
    if part.yaku is not None:
        total = part.yaku.total
        out.append(f"{_possessive(names[part.yaku.player])} captures now make "
                   f"{and_list(part.yaku.names())}: {total} point{'s' * (total != 1)}.")
    if part.decision == "koikoi":
        out.append(f"{subject(who, 'call')} Koi-Koi and {conjugate(who, 'play')} on.")
    elif part.decision == "stop":
        out.append(f"{subject(who, 'call')} Stop, and the round ends.")
    return out


def sentences(step: Step, names: Sequence[str]) -> list[str]:
    """Every part of a step in sentences (what happened, not what comes next)."""
    return [s for part in step.parts for s in part_sentences(part, names)]


def result_text(result: RoundResult | State | None, names: Sequence[str]) -> str:
    """How a finished round ended, in words ("" while it goes on)."""
    res = result.result if isinstance(result, State) else result
    if res is None:
        return ""
    if res.winner is None:
        if any(res.points):
            best = max(range(len(res.points)), key=lambda p: res.points[p])
            return (f"Nobody called Stop; {subject(names[best], 'earn', False)} "
                    f"{res.points[best]} (Dealer's Delight).")
        return "A draw: the cards ran out and nobody called Stop, so nobody scores."
    pts = res.points[res.winner]
    if res.reason == "instant_win":
        return f"{subject(names[res.winner], 'win')} {pts} points straight from the deal."
    return (f"{names[res.winner]} called Stop and {conjugate(names[res.winner], 'score')} {pts} "
            f"point{'s' * (pts != 1)}.")


def describe(step: Step, names: Sequence[str]) -> str:
    """A step in one paragraph: what happened, then who must do what next (choose
    a card, decide Koi-Koi or Stop) or how the round ended."""
    text = " ".join(sentences(step, names))
    who = names[step.to_act]
    if step.phase in (Phase.CHOOSE_HAND_CAPTURE, Phase.CHOOSE_DRAW_CAPTURE):
        waiting = step.parts[-1].draw if step.phase == Phase.CHOOSE_DRAW_CAPTURE \
            else step.parts[0].hand
        text += f" {who} must choose which one {the_card(waiting.card)} takes."
    elif step.phase == Phase.DECIDE:
        text += f" {who} must decide: Koi-Koi (go on) or Stop."
    elif step.result is not None:
        res = step.result
        if step.decision == "stop" and res.winner == step.player:
            pts = res.points[res.winner]      # the Stop was just told: only the score
            text += f" {subject(who, 'score')} {pts} point{'s' * (pts != 1)}."
        else:
            text += " " + result_text(res, names)
    return text


def _list(cards: Iterable[Card]) -> str:
    return ", ".join(f"{CARD_INFO[c].name} ({Card(c).code})" for c in cards) or "nothing"


def log_lines(step: Step, names: Sequence[str]) -> list[str]:
    """A step as the lines of the ``hanafuda play`` log: the action, each card turned
    over (by whom), then the yaku formed, indented under the moves."""
    lines = []
    part0 = step.parts[0]
    who = names[step.player]
    hand = part0.hand
    if part0.decision == "koikoi":
        lines.append(f"  {who} calls Koi-Koi and plays on")
    elif part0.decision == "stop":
        lines.append(f"  {who} calls Stop")
    elif hand is not None and hand.outcome == CHOSEN:
        lines.append(f"  {who} takes {the_card(hand.taken[0], False)} with "
                     f"{the_card(hand.card, False)}")
    elif hand is None:
        draw = part0.draw
        lines.append(f"  {who} takes {the_card(draw.taken[0], False)} with the drawn "
                     f"{CARD_INFO[draw.card].name}")
    elif hand.outcome == STAYS:
        lines.append(f"  {who} plays {the_card(hand.card, False)} to the field")
    elif hand.outcome == CHOICE:
        lines.append(f"  {who} plays {the_card(hand.card, False)}: two {_month(hand.card)} "
                     f"cards match ({_list(hand.options)})")
    else:
        lines.append(f"  {who} plays {the_card(hand.card, False)} and takes {_list(hand.taken)}")
    for part in step.parts:
        draw = part.draw
        if draw is None or draw.outcome == CHOSEN:
            continue
        head = (f"  {names[part.player]}{' has no cards left and' if part.draw_only else ''} "
                f"turns over {the_card(draw.card, False)}")
        if draw.outcome == STAYS:
            lines.append(f"{head}: no match, it stays on the field")
        elif draw.outcome == BLOCKED:
            lines.append(f"{head}: it matches only the pair just made, so it stays on the field")
        elif draw.outcome == STACKED:
            lines.append(f"{head}: it matches only the pair just made; the pair goes back and "
                         "the three stay on the field")
        elif draw.outcome == CHOICE:
            lines.append(f"{head}: two {_month(draw.card)} cards match ({_list(draw.options)})")
        else:
            lines.append(f"{head} and takes {_list(draw.taken)}")
    for news in step.yaku:
        yaku = ", ".join(f"{name} {pts}" for name, pts in news.yaku)
        lines.append(f"    {names[news.player]} has yaku: {yaku} (total {news.total})"
                     + (": Koi-Koi or Stop?" if news.decide else ""))
    return lines


def held_yaku(state: State, seat: int) -> list[str]:
    """The yaku ``seat``'s pile holds now: ["3 Purple Ribbons (6)", ...]."""
    rules = state.rules
    if rules.yaku is None:
        return []
    ev = rules.yaku.evaluate(state.captures(seat).mask, state.field.mask)
    return [f"{h.rule.name} ({h.points})" for h in ev.hits]
