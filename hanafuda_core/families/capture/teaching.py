"""What the teaching tools say about a round of the capture engine, in a player's words.

The game-agnostic tools of :mod:`hanafuda_core.teach.tools` find this module by the
game's family (``families/<family>/teaching.py``) and ask it to tell a step, the deal,
what to do now and the yaku held, in the game's own words (its decision words come
from the rules: Koi-Koi's "Koi-Koi" / "Stop"). The sentences are those of
:mod:`hanafuda_core.narration`, written once for every capture game.

Each function takes protocol rounds (:class:`hanafuda_core.play.Round`). A round of
the capture engine is told by the narration; a *staged* round (the engine's turn with
stages around it: an exchange of unseen hands, choosing who plays, hand combinations
claimed and a settlement in payments) is told with the words of the staged-round module
its game's adapter runs (``game.adapter.rounds``: ``action_lines``, ``coach_advice``,
``offers_trade``), so nothing here is named after a game. Any other round gets None and
the tool falls back to the actions' own words.

>>> from hanafuda_core import get_game
>>> r = get_game("koikoi").new_round(seed=3)
>>> prompt(r, 0, ["You", "The computer"])
'Your turn: play a card from your hand.'
>>> held_yaku(r, 0)
[]
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ...cards import CARD_INFO, FLOWERS, MONTH_NAMES, Card, CardSet
from ...engines.capture import (
    ASK_DRAW,
    Capture,
    Pass,
    Phase,
    Play,
    State,
    Stop,
    apply,
    game_rules,
    legal_actions,
)
from ...narration import counted, describe, result_text, story, subject
from ...narration import held_yaku as _held_yaku
from ...units import format_amount
from .table_round import SitIn, SitOut

__all__ = ["advice", "coach_words", "deal_words", "face_down", "first_dealer", "held_yaku",
           "moves", "pile_owner", "prompt", "report_words", "result_words", "shown_rows",
           "status_parts", "step_words"]

#: Sampled futures per move for the coach's hints in a staged round, unless the game's
#: rules module says otherwise (``HINT_SAMPLES``): a few tenths of a second.
HINT_SAMPLES = 24


def _engine(r: Any) -> State | None:
    s = getattr(r, "state", None)
    return s if isinstance(s, State) else None


def _staged(r: Any) -> tuple[Any, Any] | None:
    """(the staged-round module, the staged round) for a staged round, else None."""
    game = getattr(r, "game", None)
    module = getattr(getattr(game, "adapter", None), "rounds", None)
    inner = getattr(r, "inner", None)
    if module is None or inner is None or not hasattr(inner, "stage"):
        return None
    return module, inner


def _table(r: Any) -> Any | None:
    """The big table's round (G10: everyone dealt, three chosen to play) of a protocol
    round, else None."""
    from .table_round import TableRound
    inner = getattr(r, "inner", None)
    return inner if isinstance(inner, TableRound) else None


class _Played:
    """A big table's round in play, seen as the engine's own round (``state``), so the
    words of an engine round tell it; its seats are the engine's (the dealer first)."""

    __slots__ = ("game", "state")

    def __init__(self, game: Any, state: State) -> None:
        self.game = game
        self.state = state


def _played(r: Any, t: Any, names: Sequence[str]) -> tuple[_Played, list[str]] | None:
    """(the engine's round, the names of its seats) of a big table in play, else None."""
    if t.inner is None:
        return None
    return _Played(getattr(r, "game", None), t.inner), [names[s] for s in t.active]


def _table_choice(t: Any, names: Sequence[str], start: int = 0) -> list[str]:
    """The choices from ``start`` on in words (the forced ones too), and who plays once
    three are known."""
    lines = []
    owed = dict(t.compensation_owed())
    forced_out = set(t.forced_out)
    for seat, plays in t.choices[start:]:
        who = _cap(names[seat])
        you = who.lower() == "you"
        if plays:
            lines.append(f"{who} {'are' if you else 'is'} forced to play." if
                         t.forced(seat) == "in" else f"{who} {'choose' if you else 'chooses'} "
                         "to play.")
        elif seat in forced_out:
            pts = owed.get(seat, 0)
            held = ", ".join(c.title for c in t.dealt_hand(seat)
                             if c in t.setup.compensation.cards or not isinstance(c, Card))
            by = "each loser of the round" if t.setup.delayed else \
                "each player who chose to play"
            lines.append(f"{who} {'are' if you else 'is'} forced out and "
                         + (f"{'are' if you else 'is'} owed {pts} points by {by} for {held}."
                            if pts else "has nothing to be compensated for."))
        else:
            lines.append(f"{who} {'choose' if you else 'chooses'} to sit this round out.")
    if t.active and start <= len(t.choices):
        you = names[t.dealer].lower() == "you"
        lines.append(f"{_cap(names[t.dealer])} {'deal and play' if you else 'deals and plays'}"
                     " with " + " and ".join("you" if names[s].lower() == "you" else names[s]
                                             for s in t.active[1:])
                     + "; the field is turned face up.")
    return lines


def _you(line: str) -> str:
    """A report's line with "You" in the player's place said as a person says it, and a
    name that is no proper name ("You", "The computer") in small letters inside a
    sentence: "The computer pays you 40: your 2 Ribbons"."""
    line = re.sub(r"\bYou's\b", "Your", line)
    line = re.sub(r"\b(You) (pay|show|take|win|collect|receive|owe)s\b", r"\1 \2", line)
    # (inside a sentence: after a word or a comma, not at the start or after a colon)
    return re.sub(r"(?<=[\w,] )(You|Your|The computer)\b",
                  lambda m: m.group(1)[:1].lower() + m.group(1)[1:], line)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _amount(inner: Any, value: int) -> str:
    """An amount in the tradition's unit (``value`` in table units: a combination's or
    a yaku's value, scaled to the smallest unit)."""
    return format_amount(inner.rules, value * inner.rules.combo_scale)


def _owner(name: str) -> str:
    return "your" if name.lower() == "you" else f"{name}'s"


def step_words(before: Any, action: Any, after: Any, names: Sequence[str]) -> str | None:
    """One step in words: the card played and what it took, each card the stock turned
    up and what it took, the yaku formed, then what must happen next (a choice, a
    decision in the game's words) or how the round ended."""
    staged = _staged(before)
    if staged is not None:
        module, b = staged
        a = after.inner
        text = " ".join(module.action_lines(b, action, a, list(names), log=False))
        return text + (" The round is over." if a.is_terminal else "")
    tb, ta = _table(before), _table(after)
    if tb is not None and ta is not None:
        if tb.inner is None:
            return " ".join(_table_choice(ta, names, len(tb.choices)))
        pb, pa = _played(before, tb, names), _played(after, ta, names)
        assert pb is not None and pa is not None
        return describe(story(pb[0].state, action, pa[0].state), pb[1])
    eb, ea = _engine(before), _engine(after)
    if eb is None or ea is None:
        return None
    return describe(story(eb, action, ea), names)


def deal_words(r: Any, names: Sequence[str]) -> list[str] | None:
    """What happened at the deal: misdeals dealt again, the deal's events (a wild card
    set aside...), and the result if the round ended there. A staged round: who deals
    and the field's multiplier."""
    staged = _staged(r)
    if staged is not None:
        inner = staged[1]
        dealer = inner.deal.dealer
        deals = ("You deal" if names[dealer].lower() == "you" else
                 f"{names[dealer]} deals" + (" (the eldest)" if inner.trade_offered else ""))
        m = inner.multiplier
        return [f"{deals}. {m.name} (\u00d7{m.value}): {m.reason}."]
    t = _table(r)
    if t is not None:
        dealer = _cap(names[t.dealer])
        you = dealer.lower() == "you"
        lines = [f"{dealer} {'deal' if you else 'deals'} {t.setup.hand} cards to each of "
                 f"the {t.players} players"
                 + (f" and {t.setup.field} face down to the field." if t.setup.field
                    else "; the field is laid once the players are known.")
                 + " Three play this round: the dealer, and two chosen in turn from the "
                 "dealer's right."]
        if t.deal.voided:
            lines.append("A field with all four cards of a month was dealt again.")
        if t.deal.kept:
            lines = [f"The round before had no winner: {dealer} "
                     f"{'deal' if you else 'deals'} again to the same three players ("
                     + ", ".join(names[s] for s in t.deal.kept) + ")."]
        lines += [f"{_cap(names[s])} {'are' if names[s].lower() == 'you' else 'is'} still "
                  f"owed {p} points by each loser of this round." for s, p in t.deal.owed]
        lines += _table_choice(t, names)
        played = _played(r, t, names)
        if played is not None and t.choices == ():
            lines += deal_words(played[0], played[1]) or []
        return lines
    s = _engine(r)
    if s is None:
        return None
    lines = [f"Misdeal ({v.reason}): the cards are shuffled and dealt again."
             for v in s.deal.voided]
    lines += [e[:1].upper() + e[1:] + "." for e in s.deal.events]
    if s.is_terminal:
        lines.append(result_text(s, names))
    return lines


#: The ends of a round that the narration tells (a stop, a win from the deal, a drawn
#: round); a round scored by card points ends with every card played and is told by
#: its points.
_TOLD_ENDS = frozenset({"stop", "instant_win", "dealers_delight", "draw"})


def result_words(r: Any, names: Sequence[str]) -> str | None:
    """How the round ended, in the game's words ("You called Stop and score 6 points.");
    a staged round: what you (seat 0) win or lose in the settlement, in its unit."""
    staged = _staged(r)
    if staged is not None:
        inner = staged[1]
        outcome = r.result()
        if outcome is None:
            return None
        mine = outcome.points[0]
        # (who won the round, then what seat 0 gains: with the bank's payments both may
        # gain, the round's winner more)
        how = "gain" if mine > 0 else "lose" if mine < 0 else "break"
        won = outcome.winner
        head = ("nobody wins it" if won is None else
                subject(names[won], "win", start=False) + " it")
        out = ""
        if 0 not in inner.active:
            out = (" You held the blank card and sat this round out." if inner.joker == 0
                   else " You were forced out of this round." if 0 in inner.forced_out
                   else " You passed this round." if 0 in inner.passed
                   else " You did not play this round.")
        amount = format_amount(inner.rules, abs(mine)) if mine else "even"
        return f"The round is over: {head}; {subject(names[0], how, start=False)} {amount}.{out}"
    t = _table(r)
    if t is not None:
        res = t.table_result
        if res is None:
            return None
        played = _played(r, t, names)
        assert played is not None
        said = result_words(played[0], played[1]) or ""
        you = names[0].lower() == "you"
        comp = [f"{_cap(names[s])} {'collect' if you and s == 0 else 'collects'} {c} points "
                "of compensation." if c > 0 else
                f"{_cap(names[s])} {'pay' if you and s == 0 else 'pays'} {-c} points of "
                "compensation." for s, c in enumerate(res.compensation) if c]
        out = ""
        if you and 0 not in t.active:
            out = (" You were forced out of this round." if 0 in t.forced_out else
                   " You sat this round out.")
        return (" ".join([said, *comp]).strip() + out).strip() or None
    s = _engine(r)
    if s is None or s.result is None or s.result.reason not in _TOLD_ENDS:
        return None
    return result_text(s, names)


def held_yaku(r: Any, seat: int) -> list[str] | None:
    """The yaku ``seat``'s pile holds now, with their points ("3 Purple Ribbons (6)");
    in a staged round, their value in the tradition's unit."""
    staged = _staged(r)
    if staged is not None:
        inner = staged[1]
        if inner.inner is None or seat not in inner.active:
            return []
        ev = inner.rules.yaku.evaluate(inner.captures(seat))
        return [f"{h.rule.name} ({_amount(inner, h.points)})" for h in ev.hits]
    t = _table(r)
    if t is not None:
        if t.inner is None or seat not in t.active:
            return []
        return _held_yaku(t.inner, t.active.index(seat))
    s = _engine(r)
    if s is None:
        return None
    return _held_yaku(s, seat)


def prompt(r: Any, seat: int, names: Sequence[str]) -> str | None:
    """What ``seat`` should do now, in words (None when it is not its turn)."""
    staged = _staged(r)
    if staged is not None:
        return _staged_prompt(r, staged[1], seat, names)
    t = _table(r)
    if t is not None:
        if t.is_terminal or t.current_seat != seat:
            return None
        played = _played(r, t, names)
        if played is not None:
            return prompt(played[0], t.active.index(seat), played[1])
        joined = sum(1 for _, p in t.choices if p)
        return (f"Three play this round: {names[t.dealer]} (the dealer) and two more. "
                f"{joined} of the others chose to play so far. Play with your hand, or "
                "sit this round out (only a player forced out by the others' choices is "
                "compensated).")
    s = _engine(r)
    if s is None or s.is_terminal or s.current_player != seat:
        return None
    if s.phase == Phase.PLAY:
        if legal_actions(s)[-1] == ASK_DRAW:     # G9: a Draw may be asked for first
            return ("Your turn: play a card from your hand, or first ask the others for a "
                    "Draw (your hand is then shown to them).")
        return "Your turn: play a card from your hand."
    if s.phase == Phase.DRAW_VOTE:          # G9: the vote on a requested Draw
        asker = names[s.player] if s.player < len(names) else f"player {s.player + 1}"
        return (f"{asker} asks for a Draw: accept (the round ends with no winner once "
                "everyone accepts) or refuse (play goes on, and your refusal is "
                "remembered when the round is settled).")
    if s.phase == Phase.CHOOSE_RULES:        # B12: the dealer's choice of the round's rules
        rr = game_rules(s.rules).round_rules
        assert rr is not None, "a choice of the round's rules comes from its RoundRules"
        what = rr.key.replace("_", " ")
        return (f"You deal: choose the {what} for this round: "
                f"{' or '.join(rr.label(c) for c in rr.choices)}.")
    if s.phase == Phase.DECLARE:
        verb = s.rules.declarations.verb if s.rules.declarations else "declare"
        shown = " or ".join(a.describe()[5:] for a in legal_actions(s) if a.code() != "pass")
        return (f"Before the first play you may {verb} cards from your hand: {shown}; "
                f"or pass to {verb} nothing more.")
    if s.phase in (Phase.CHOOSE_HAND_CAPTURE, Phase.CHOOSE_DRAW_CAPTURE):
        card = Card(s.pending[0])
        options = [Card(a.card) for a in legal_actions(s) if isinstance(a, Capture)]
        if len(options) != 2 or any(c.month != card.month for c in options):
            # a wild card's choice (its power, or the wild lying on the field)
            names_ = " or the ".join(CARD_INFO[c].name for c in options)
            return f"Choose which card the {CARD_INFO[card].name} takes: the {names_}."
        return (f"Two {MONTH_NAMES[card.month - 1]} ({FLOWERS[card.month - 1].english}) cards "
                f"are on the field: choose which one the {CARD_INFO[card].name} takes.")
    yaku = ", ".join(_held_yaku(s, seat))
    allowed = legal_actions(s)
    words = s.rules.decision_words
    if len(allowed) == 1:
        return f"You hold {yaku}: you must {allowed[0].describe()}."
    # (what a Stop scores now, as the rules settle it: multipliers, bonuses and what
    # each opponent pays included, not only the yaku's points)
    stop = next((a for a in allowed if type(a) is Stop), None)
    now = apply(s, stop).result if stop is not None else None
    worth = (counted(now.points[seat], "point") if now is not None
             else counted(s.yaku_points(seat), "point") + " of yaku")
    return (f"You hold {yaku}: {words.stop} now scores {worth}. Call {words.go_on} to go "
            f"on for more (if another player stops first you score nothing), or "
            f"{words.stop} to score now.")


# ---------------------------------------------------------------------------
# A staged round: the stages around the engine's turn


_CHOOSING = (Phase.CHOOSE_HAND_CAPTURE, Phase.CHOOSE_DRAW_CAPTURE)


def _staged_prompt(r: Any, inner: Any, seat: int, names: Sequence[str]) -> str | None:
    if inner.is_terminal or inner.current_seat != seat:
        return None
    if inner.stage == "blind":
        return ("Before anyone looks, the dealer may stay blind (play this round without "
                "looking at the hand): choose below.")
    if inner.stage == "trade":
        traded = [names[s] for s, swap in inner.trades if swap]
        now = (f" {' and '.join(traded)} already traded, so that hand is now with "
               f"{names[inner.dealer_hand_at]}." if traded else "")
        return ("Nobody has looked at the cards yet. Trade your unseen hand for the "
                f"eldest's dealt hand ({names[inner.deal.dealer]} dealt it), or keep "
                f"your own: once, before looking.{now}")
    if inner.stage == "choose":
        allowed = r.legal_actions()
        if len(allowed) == 1:
            return f"You must {allowed[0].describe()}: click it to go on."
        return ("Three players play each round: play this round with your hand, or "
                "pass. Once three have chosen to play, the rest sit it out.")
    if inner.stage == "claim":
        return ("Show your hand combinations (teyaku): pick what to claim. The best "
                "choice is listed first.")
    e = inner.inner
    if e.phase in _CHOOSING:
        card = Card(e.pending[0])
        return (f"Two {MONTH_NAMES[card.month - 1]} ({FLOWERS[card.month - 1].english}) "
                f"cards are on the field: choose which one the {card.title} takes.")
    if e.phase == Phase.DECIDE:
        words = inner.rules.decision_words
        held = ", ".join(held_yaku(r, seat) or ())
        allowed = r.legal_actions()
        if len(allowed) == 1:
            return f"You hold {held}: you must {allowed[0].describe()}."
        return (f"You hold {held}. Call {words.stop} to end the round and collect now, or "
                f"{words.go_on} to play on for more (if someone else ends first, you pay).")
    return "Your turn: play a card from your hand."


def moves(r: Any, seat: int, names: Sequence[str]) -> tuple[tuple[Any, str], ...] | None:
    """``seat``'s legal moves in the order to show them, each with its words, where a
    staged round says them better than the actions do: the exchange ("Trade with the
    eldest" first) and the hand combinations to claim (the best first, each with what it
    collects from each player), and a wild card's choice where it may be left on the
    field (B2: the Pass says so); None for any other round or stage."""
    t = _table(r)
    if t is not None:
        if t.inner is None:
            choice = {"join": "Play this round", "drop": "Sit this round out"}
            return tuple((a, choice[a.code()]) for a in r.legal_actions())
        played = _played(r, t, names)
        return moves(played[0], t.active.index(seat), played[1]) if played else None
    staged = _staged(r)
    if staged is None:
        state = _engine(r)      # B2: a Pass beside a wild's captures leaves it on the field
        if state is not None and state.pending and state.rules.wild is not None:
            acts = legal_actions(state)
            if any(type(a) is Pass for a in acts):
                name = CARD_INFO[state.pending[0]].name
                return tuple((a, f"leave the {name} on the field" if type(a) is Pass
                              else a.describe()) for a in acts)
        return None
    module, inner = staged
    legal = r.legal_actions()
    if inner.stage == "trade":
        holder = inner.dealer_hand_at
        whom = ("the eldest" if holder in (None, inner.deal.dealer) else
                f"{names[holder]} (who holds the eldest's dealt hand)")
        words = {True: f"Trade with {whom}", False: "Keep my hand"}
        return tuple((a, words[a.swap]) for a in sorted(legal, key=lambda a: not a.swap))
    if inner.stage == "claim":
        table = inner.rules.teyaku
        found = table.evaluate(CardSet.from_mask(inner.hands[seat]))
        out = []
        for a in reversed(legal):
            if not a.keys:
                out.append((a, "Claim nothing"))
                continue
            value = sum(found.find(k).value for k in a.keys)
            combos = " and ".join(table.rule(k).name for k in a.keys)
            out.append((a, f"Claim {combos} ({_amount(inner, value)} from each)"))
        return tuple(out)
    return None


def face_down(r: Any, seat: int) -> str | None:
    """Why ``seat``'s own hand lies face down now (nobody looks before the exchange; a
    dealer deciding to stay blind), or None when it may look at it."""
    staged = _staged(r)
    if staged is None:
        return None
    inner = staged[1]
    if inner.stage == "trade":
        return "face down: nobody looks before the exchange"
    if inner.stage == "blind" and seat == inner.deal.dealer:
        return "face down: decide on a blind stay before looking"
    return None


def shown_rows(r: Any, names: Sequence[str]) -> list[tuple[str, tuple[Any, ...]]]:
    """(label, cards) for each player's hand combinations shown ("You show Three Pairs");
    empty for a round without them. G9: a Draw asker's hand, shown from the ask on."""
    staged = _staged(r)
    if staged is None:
        s = _engine(r)
        if s is None:
            return []
        return [(f"{_cap(names[a])} asked for a Draw: "
                 f"{'your' if names[a].lower() == 'you' else 'their'} hand is shown",
                 tuple(s.hand(a))) for a in s.draw_askers] + _declared_rows(s, names)
    inner = staged[1]
    table = inner.rules.teyaku
    out = []
    for seat, keys in inner.claims:
        if not keys:
            continue
        found = table.evaluate(CardSet.from_mask(inner.hands[seat]))
        shown = 0
        for k in keys:
            hit = found.find(k)
            if hit is not None:
                shown |= hit.shown.mask
        combos = " and ".join(table.rule(k).name for k in keys)
        verb = "show" if names[seat].lower() == "you" else "shows"
        out.append((f"{_cap(names[seat])} {verb} {combos}",
                    tuple(CardSet.from_mask(shown))))
    return out


def _declared_rows(s: State, names: Sequence[str]) -> list[tuple[str, tuple[Any, ...]]]:
    """(label, cards) for each seat's declared cards still in its hand, where the rules
    keep them face up until played (``Declarations.open_hand``: Six Hundred's and
    Sudaoshi's Open Hand combinations, Hachi-juu Hana's revealed months, a shown wild)."""
    decl = s.rules.declarations
    if not s.declared or decl is None or not decl.open_hand:
        return []
    left: dict[int, int] = {}
    for seat, d in s.declared:
        for c in d.cards:
            left[seat] = left.get(seat, 0) | (1 << c) & s.hands_m[seat]
    return [(f"{_cap(names[seat])} showed these cards: face up in "
             f"{'your' if names[seat].lower() == 'you' else 'their'} hand until played",
             tuple(CardSet.from_mask(m))) for seat, m in sorted(left.items()) if m]


def pile_owner(r: Any, side: int) -> int | None:
    """The table seat whose captures pile ``side`` (from 1) is, in a staged round where
    only some seats play (the engine numbers the players of the round); else None."""
    t = _table(r)
    if t is not None:
        return t.active[side - 1] if t.inner is not None and 1 <= side <= 3 else None
    staged = _staged(r)
    if staged is None or staged[1].inner is None:
        return None
    active = staged[1].active
    return active[side - 1] if 1 <= side <= len(active) else None


def status_parts(r: Any, names: Sequence[str]) -> list[str]:
    """What a status line adds: the rules the dealer chose for this round (B12, e.g.
    Tensho's Set Two, which the preset's name does not say); for a staged round, the
    field's multiplier and, in play, each active player's card points."""
    staged = _staged(r)
    if staged is None:
        return _chosen_rules(r)
    inner = staged[1]
    m = inner.multiplier
    out = [f"{m.name} (\u00d7{m.value})"]
    if inner.inner is not None:
        out.append(_you("card points: " + ", ".join(
            f"{names[s]} {inner.captures(s).value()}" for s in inner.active)))
    return out


def _chosen_rules(r: Any) -> list[str]:
    """``["this round: <the dealer's choice>"]`` once the dealer chose the round's rules
    (B12), else []."""
    state = _engine(r)
    choice = state.deal.choice if state is not None else ""
    if state is None or not choice:
        return []
    chooser = game_rules(state.rules).round_rules
    return [f"this round: {chooser.label(choice) if chooser is not None else choice}"]


def first_dealer(game: Any, players: int, seat: int) -> int | None:
    """The seat that deals when ``seat`` plays against the computer: where the rules
    offer the exchange of unseen hands, the player at ``seat``'s left deals, so that
    ``seat`` is the first who may trade with the eldest; at a big table where three are
    chosen from the dealer's right, the seat before ``seat`` deals, so that ``seat``
    chooses first; else None (``seat`` deals)."""
    table = getattr(game.adapter, "table", None)
    if table is not None and table(game) is not None:
        # a big table (G10): the choice starts at the dealer's right, so ``seat`` chooses
        # first when the seat before it deals
        return (seat - 1) % players
    module = getattr(game.adapter, "rounds", None)
    offers = getattr(module, "offers_trade", None)
    if offers is None or not offers(game.rules, players):
        return None
    return (seat - 1) % players


def coach_words(r: Any, text: str, names: Sequence[str]) -> str:
    """The coach's words for a staged round's table: it speaks of the engine's "player
    2" and of points; say them with the table's names and the tradition's unit."""
    inner = r.inner
    active = inner.active
    text = re.sub(r"\b[Pp]layer ([1-9])\b",
                  lambda m: names[active[int(m.group(1)) - 1]]
                  if int(m.group(1)) <= len(active) else m.group(0), text)
    minor = inner.rules.unit.minor
    if minor != "points":
        text = text.replace(" points", f" {minor}").replace(" point", " penny")
    return text


def report_words(r: Any, names: Sequence[str]) -> list[str] | None:
    """The settlement of a finished staged round in words, with the table's names and
    the documents named for readers; None for any other round."""
    staged = _staged(r)
    outcome = r.result() if staged is not None else None
    report = getattr(getattr(outcome, "detail", None), "report", None)
    if report is None:
        return None
    from ...rules import name_sources
    inner = staged[1] if staged is not None else None
    seat_names = list(getattr(inner, "names", ()))
    lines = []
    for line in report.to_text().splitlines():
        for i, n in sorted(enumerate(seat_names), key=lambda x: -len(x[1])):
            line = re.sub(rf"\b{re.escape(n)}\b", _cap(names[i]), line)
        lines.append(name_sources(_you(line)))
    return lines


def _rule_of_thumb(r: Any, inner: Any, module: Any, best: Any, seat: int,
                   names: Sequence[str]) -> tuple[str, tuple[str, ...]]:
    """Why the greedy player's choice is a sound one, and a line per legal move."""
    if isinstance(best, module.Trade):
        return ("Keep my hand: nobody has seen any hand yet, so a trade swaps one unknown "
                "hand for another and gains nothing on average.", ())
    if isinstance(best, module.Claim):
        if best.keys:
            label = next(w for a, w in moves(r, seat, names) or () if a == best)
            return (f"{label}: always show the most valuable combinations you hold (one of "
                    "each family).", ())
        return "Your hand holds no combination: claim nothing.", ()
    if isinstance(best, (SitIn, SitOut)):
        return ("A hand with a combination or about 30 card points is worth playing; a "
                "weaker one pays less by passing.", ())
    if isinstance(best, (module.Continue, module.End)):
        held = ", ".join(held_yaku(r, seat) or ())
        return (f"A cautious rule of thumb: call {best.name} and collect {held} now; "
                "playing on pays only if you can make more before anyone else scores.", ())
    field = inner.field
    lines = []
    for a in r.legal_actions():
        if not isinstance(a, (Play, Capture)):
            continue
        card = CardSet([a.card])
        if isinstance(a, Capture):
            lines.append(f"Take the {a.card.title}: worth {card.value()} card points.")
            continue
        same = [c for c in field if c.month == a.card.month]
        if not same:
            lines.append(f"Play the {a.card.title}: it matches nothing and stays on the "
                         "field for the next player.")
            continue
        taken = CardSet(same + [a.card]) if len(same) != 2 else CardSet(
            [max(same, key=lambda c: CardSet([c]).value()), a.card])
        others = ", ".join(c.title for c in taken if c != a.card)
        lines.append(f"Play the {a.card.title}: it takes {others} ({taken.value()} card "
                     "points with itself).")
    what = best.card.title if hasattr(best, "card") else best.describe()
    verb = "take" if isinstance(best, Capture) else "play"
    return (f"Rule of thumb: capture the most valuable cards you can now; with no capture, "
            f"throw away your cheapest card. Here: {verb} the {what}.", tuple(lines))


def advice(r: Any, seat: int, seed: int, names: Sequence[str]) -> dict[str, Any] | None:
    """Advice for ``seat`` in a staged round, or None for any other round: during the
    captures and the decisions after a yaku, the coach's (seeded by ``seed``, so the
    same round gives the same hint) in the tradition's words and unit; for the
    exchange, choosing who plays and the claims, a rule of thumb (the greedy player's
    choice) with its reason. A dict: ``action``, ``by``, ``reason``, ``reasons``,
    ``lines``."""
    t = _table(r)
    if t is not None:
        return _table_advice(r, t, seat, seed, names)
    staged = _staged(r)
    if staged is None:
        return None
    module, inner = staged
    legal = r.legal_actions()
    from ...coach import Coach
    samples = int(getattr(getattr(r.game.adapter, "module", None), "HINT_SAMPLES",
                          HINT_SAMPLES))
    got = module.coach_advice(inner, Coach(samples, seed))
    if got is not None:
        found, mapping = got
        weighed = [m for m in found.moves if mapping[m.action] in legal]
        if weighed:
            best = mapping[weighed[0].action]
            summary = coach_words(r, found.summary, names)
            if weighed[0] is not found.moves[0]:
                summary = (f"Call {best.name}: the rules do not let you play on with this "
                           "yaku. " + summary)
            unit = inner.rules.unit.minor
            lines = tuple(
                f"{_cap(coach_words(r, mapping[m.action].describe(), names))}: "
                f"{m.expected:+.1f} {unit} on average in {m.samples} sampled futures"
                + (f"; {coach_words(r, m.reasons[0], names)}" if m.reasons else "")
                for m in weighed[:3])
            return {"action": best, "by": "coach", "reason": summary,
                    "reasons": tuple(coach_words(r, x, names) for x in weighed[0].reasons),
                    "lines": lines}
    import random
    best = r.game.agent("greedy").choose(r.view(seat), legal, random.Random(0))
    reason, lines = _rule_of_thumb(r, inner, module, best, seat, names)
    return {"action": best, "by": "greedy", "reason": reason, "reasons": lines,
            "lines": ()}


def _table_advice(r: Any, t: Any, seat: int, seed: int, names: Sequence[str]
                  ) -> dict[str, Any]:
    """A big table's advice: the choice judged by the hand alone (the field is face
    down), then the coach's for the play, with the engine's seats named."""
    from .table_round import choice_advice
    if t.inner is None:
        choice, reason = choice_advice(t.view(seat))
        return {"action": choice, "by": "coach", "reason": reason, "reasons": (),
                "lines": ()}
    from ...coach import Coach
    act = [names[s] for s in t.active]

    def said(text: str) -> str:
        return re.sub(r"\b[Pp]layer ([1-3])\b", lambda m: act[int(m.group(1)) - 1], text)

    found = Coach(HINT_SAMPLES, seed).advise(t.view(seat).inner, t.legal_actions())
    best = found.moves[0]
    return {"action": best.action, "by": "coach", "reason": said(found.summary),
            "reasons": tuple(said(x) for x in best.reasons),
            "lines": tuple(f"{_cap(m.action.describe())}: {m.expected:+.1f} points on "
                           f"average in {m.samples} sampled futures"
                           + (f"; {said(m.reasons[0])}" if m.reasons else "")
                           for m in found.moves[:3])}
