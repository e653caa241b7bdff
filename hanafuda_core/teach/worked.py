"""A worked round for every game: a seeded round played by the computer players through
the play protocol, told in plain words (the adapter's own log), with every decision
that is not a card to play (Koi-Koi or Stop; Hachi-Hachi's claims and calls) shown in
full: the table at that moment, the choices, and what was chosen.

>>> wr = worked_round("koikoi", 3)
>>> wr.result.winner in (0, 1, None), len(wr.decisions) >= 1
(True, True)

:func:`first_game` draws the moments a learner meets in a first game of any game
(the deal, a turn, the decision the game is named for, the end of a round) from one
seeded round:

>>> [m.key for m in first_game("simplified", 3).moments]
['setup', 'turn', 'empty', 'end']
"""

from __future__ import annotations

import html
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..cards import AnyCard, parse_card
from ..errors import HanafudaError
from ..narration import ROUND_ENDS, and_list, counted, reason_words, winners_text
from ..play import Game, Outcome, count_word
from ..render.sizes import MIN_CARD_WIDTH
from ..rules import name_sources
from .facts import as_game, teams_of
from .tools import agent_label


def _card(c: int) -> AnyCard:
    """A card id as a Card, or an Extra for a Joker (G1: Go-Stop deals them)."""
    return parse_card(c, extras=True)

__all__ = [
    "CARD_MOVES",
    "Decision",
    "FirstGame",
    "Moment",
    "first_game",
    "first_game_html",
    "reason_text",
    "WorkedRound",
    "plain_line",
    "worked_round",
    "worked_round_html",
]

#: The first words of the actions that only move cards (play a card, choose which field
#: card it takes); every other action is a decision shown in full.
CARD_MOVES = ("play", "capture", "take", "pass")


def is_decision(codes: list[str] | tuple[str, ...]) -> bool:
    """Whether a choice between these legal actions (text codes) is a decision shown in
    full: more than one choice, not all of them card moves."""
    return len(codes) > 1 and not all(c.split()[0] in CARD_MOVES for c in codes)


@dataclass(frozen=True)
class Decision:
    """One decision of the round: who chose, the choices in words, the chosen one, and
    where the cards lay (zone name -> card ids)."""

    number: int
    player: int
    choices: tuple[str, ...]
    chosen: str
    zones: dict[str, tuple[int, ...]]
    reason: str = ""


@dataclass(frozen=True)
class WorkedRound:
    """A round played to its end: the seed, the players, the actions as text, the story
    in words, the decisions and the outcome."""

    game: Game
    seed: int
    players: int
    agents: tuple[str, ...]
    actions: tuple[str, ...]
    lines: tuple[str, ...]
    decisions: tuple[Decision, ...]
    result: Outcome
    dealt: dict[str, tuple[int, ...]] | None = None


_CODE_IN_BRACKETS = re.compile(r" \((?:1[0-2]|[1-9])[a-d]\)|\((?:1[0-2]|[1-9])[a-d]\) ")
_CITATION = re.compile(r"\s*\((?:[^()]|\([^()]*\))*?\blines? \d(?:[^()]|\([^()]*\))*\)")
_CODE = re.compile(r"\b(?:1[0-2]|[1-9])[a-d]\b")


def plain_line(line: str) -> str:
    """A log line for readers: card names only (their codes dropped, bare codes named),
    the seat numbers the log adds dropped, and option words with spaces."""
    line = _CITATION.sub("", line)
    line = _CODE_IN_BRACKETS.sub("", line)
    line = _CODE.sub(lambda m: parse_card(m.group(0)).title, line)
    line = re.sub(r" \(seat \d+\)", "", line)
    return name_sources(re.sub(r"\b([a-z]+)_([a-z]+)\b", r"\1 \2", line))


def _agents(game: Game, n: int, agent: str | Sequence[str]) -> tuple[str, ...]:
    names = (agent,) * n if isinstance(agent, str) else tuple(agent)
    if len(names) != n:
        raise HanafudaError(f"{game.name}: {n} players need {n} computer players, one per "
                            f"seat; got {len(names)} ({', '.join(names)})")
    return names


def _reason(agent: Any, view: Any, legal: Sequence[Any], name: str) -> str:
    """Why the computer player chose, in plain words: the coach's own summary where it
    advises, else what the simple player goes by."""
    if legal and type(legal[0]).__name__ == "Declare":      # at the deal (engine A1)
        verb = getattr(getattr(view.rules, "declarations", None), "verb", "show")
        return (f"The computer players {verb} everything their hands allow before the "
                "first play: a card kept hidden cannot earn what showing it earns.")
    advise = getattr(agent, "advise", None)
    if advise is not None:
        summary = str(advise(view, legal).summary)
        return summary[:1].upper() + summary[1:]
    if name == "greedy":
        return ("The simple computer player takes what is worth most at once, without "
                "looking ahead.")
    return "The computer player's choice."


def worked_round(game: Game | str, seed: int, players: int | None = None,
                 agent: str | Sequence[str] = "greedy") -> WorkedRound:
    """Deal round ``seed`` and let the computer players play it through the protocol:
    ``agent`` names one player for every seat, or one per seat (``("coach",
    "greedy")``); an unknown name is refused by the game. Each decision keeps where the
    cards lay, what the deciding player's captures are worth and why the player chose
    (the coach's reasons, where it advises)."""
    g = as_game(game)
    n = g.check_players(players if players is not None else _usual_players(g))
    names = _agents(g, n, agent)
    agents = [g.agent(a) for a in names]
    rng = random.Random(seed)
    r = g.new_round(seed=seed, players=n)
    dealt = r.zones()
    decisions: list[Decision] = []
    actions: list[str] = []
    for _ in range(10_000):
        if r.is_terminal:
            break
        p = r.current_player
        if p is None:
            raise HanafudaError("a round that has not ended has nobody to play")
        legal = r.legal_actions()
        view = r.view(p)
        codes = [a.code() for a in legal]
        why = _reason(agents[p], view, legal, names[p]) if is_decision(codes) else ""
        choice = agents[p].choose(view, legal, rng)
        code = choice.code() if hasattr(choice, "code") else str(choice)
        if is_decision(codes):
            chosen = legal[codes.index(code)] if code in codes else choice
            zones = r.zones()
            standing = _standing(g, p, zones)
            decisions.append(Decision(len(decisions) + 1, p,
                                      tuple(a.describe() for a in legal),
                                      chosen.describe(), zones,
                                      " ".join(x for x in (standing, why) if x)))
        actions.append(code)
        r = r.apply(choice)
    else:
        raise HanafudaError("the worked round did not end")   # pragma: no cover
    result = r.result()
    assert result is not None
    # The story names seats as players at a table ("Player 1"), never the computer
    # players' names: the record is told without its agents.
    record = replace(r.record(), agents=())
    lines = tuple(_told_round(g.log(record), r, result))
    return WorkedRound(g, seed, n, names, tuple(actions), lines, tuple(decisions), result,
                       dealt)


def _told_round(log: Sequence[str], final: Any, result: Outcome) -> list[str]:
    """The game's log of one round for readers (:func:`plain_line`), its scoring told
    in a player's words: the explained report the log prints under the round's result
    (the command line's printout) is replaced by :meth:`ScoreReport.reader_lines
    <hanafuda_core.scoring.ScoreReport.reader_lines>`, each player's score told term by
    term where the round is scored by card points (:func:`score_words`); the running
    scores after the round are left out where they are the round's points
    again, else labelled "Scores after the round" (a game that starts from stakes)."""
    report = getattr(result.detail, "report", None)
    reader = getattr(report, "reader_lines", None)
    out: list[str] = []
    i = 0
    while i < len(log):
        line = log[i]
        out.append(plain_line(line))
        i += 1
        head = line.lstrip()
        if not head.startswith("Result of ") or reader is None:
            continue
        indent = len(line) - len(head)
        while i < len(log) and len(log[i]) - len(log[i].lstrip()) > indent:
            i += 1                      # (the report as the command line prints it)
        pad = " " * (indent + 2)
        out += [pad + name_sources(x) for x in reader(said=score_words(final, report))]
        points = head.partition("; points: ")[2]
        after = log[i].strip() if i < len(log) else ""
        if after.startswith("Scores: "):
            i += 1                      # (from no score: the round's points again)
            if after != f"Scores: {points}":
                out.append(pad[:-2] + plain_line("Scores after the round: " + after[8:]))
    return out


def score_words(final: Any, report: Any, names: Sequence[str] | None = None
                ) -> dict[str, str]:
    """Each player's score of a round scored by card points told term by term, keyed by
    the report's note that writes it as a formula ("player 1: (163 - 115) + 25 - 20 =
    53"): "Player 1 scores 53 points: 163 card points, less the par of 115, plus 25 for
    their yaku, less 20 for Player 2's yaku". The terms are the settlement's own
    (:meth:`~hanafuda_core.families.capture.settlement.CardValueSettlement.side_scores`
    of the round's last state); a note they do not write exactly is left to the report.
    {} for any other round (a Stop, a table's round, a game without card points).
    ``names`` names the seats ("You" agrees: "You score ... for your yaku")."""
    from ..engines.capture import State, doubled_yaku
    from ..families.capture.settlement import _hand_points
    from ..narration import possessive, subject
    from ..scoring import seat_name
    state = getattr(final, "inner", None)
    if not isinstance(state, State):
        return {}
    rules = state.rules
    sides = getattr(rules.overlay, "side_scores", None)
    if sides is None:
        return {}
    burdens = tuple(state.burdens or ())
    scores = sides(state.caps_m, state.field_m, doubled_yaku(state), _hand_points(state),
                   burdens)
    notes = set(getattr(report, "notes", ()))
    said: dict[str, str] = {}
    for p in range(rules.players):
        s = scores[rules.side(p)]
        note = f"player {p + 1}: {s.formula()}"
        if note not in notes:
            continue
        me = seat_name(names, p)
        rivals = [q for q in range(rules.players) if rules.side(q) != rules.side(p)]
        others = ("the other side's" if rules.teams else
                  possessive(seat_name(names, rivals[0]), False) if len(rivals) == 1
                  else "the other players'")
        own = "your" if me.lower() == "you" else "their"
        said[note] = (f"{subject(me, 'score')} {counted(s.total, 'point')}: "
                      + _terms(s, others, bool(burdens), own))
    return said


def _terms(s: Any, others: str, burden: bool, own: str = "their") -> str:
    """A side's score (a :class:`~hanafuda_core.families.capture.settlement.SideScore`)
    term by term, as its formula adds them: the card points less the par (or the point
    burden), the hand combinations claimed at the deal and the yaku (times the number of
    other players where each of them pays), less what the others' take away."""
    def times(k: int) -> str:
        return f" (\u00d7 {k}, once from each other player)" if k > 1 else ""

    terms: list[str] = []
    if s.cards_counted:
        terms.append(f"{s.card_points} card points")
        if s.par:
            terms.append(f"less {own + ' point burden of' if burden else 'the par of'} "
                         f"{s.par}")
    if s.hand_points:
        terms.append(f"plus {s.hand_points} for {own} hand combinations claimed at "
                     f"the deal{times(s.hand_factor)}")
    if s.hand_taken:
        terms.append(f"less {s.hand_taken} for {others} hand combinations")
    yaku = s.yaku_points + (s.optional_yaku_points if s.optional_counted else 0)
    if yaku and s.yaku_factor:
        terms.append(f"plus {yaku} for {own} yaku{times(s.yaku_factor)}")
    if s.taken_by_others:
        terms.append(f"less {s.taken_by_others} for {others} yaku")
    if not terms:
        return "no yaku"
    first = terms[0]
    terms[0] = first[5:] if first.startswith("plus ") else first
    return ", ".join(terms)


def _standing(game: Game, player: int, zones: dict[str, tuple[int, ...]]) -> str:
    """What the deciding player's captures are worth at the moment of a decision, in
    words (the game's own pile score), or '' where the game scores no pile."""
    cards = zones.get(f"captures of side {player + 1}")
    if cards is None or getattr(game.adapter, "score", None) is None:
        return ""
    try:
        sheet = game.score([_card(c) for c in cards])
    except HanafudaError:
        return ""
    data = sheet.to_dict() if hasattr(sheet, "to_dict") else dict(sheet)
    yaku = [f"{y['name']} ({y['points']})" for y in data.get("yaku", ())]
    who = f"Player {player + 1}"
    if not yaku:
        return f"{who}'s captures make no yaku yet."
    total = data.get("yaku_points")
    return (f"{who}'s captures make {and_list(yaku)}: {total} point{'s' * (total != 1)} of "
            "yaku so far.")


def _usual_players(game: Game) -> int:
    low, high = game.players
    return 3 if low <= 3 <= high and low < high else low


def _zone_label(zone: str, player: int) -> str | None:
    kind, _, who = zone.rpartition(" ")
    if zone == "field":
        return "Field"
    if kind == "hand":
        return f"Player {int(who) + 1}'s hand" if int(who) == player else None
    if kind.startswith("captures"):
        return f"Player {who}'s captures"
    return None


def _deal_label(zone: str) -> str | None:
    """The hands and the field as dealt, labelled for readers."""
    kind, _, who = zone.rpartition(" ")
    if zone == "field":
        return "Field"
    if kind == "hand":
        return f"Player {int(who) + 1}'s hand"
    return None


def _decision_html(d: Decision) -> str:
    from ..render.svg import layout_html
    esc = html.escape
    rows = [(label, [_card(c) for c in cards]) for zone, cards in d.zones.items()
            if (label := _zone_label(zone, d.player)) is not None]
    choices = "".join(f"<li>{esc(c)}{' <b>(chosen)</b>' if c == d.chosen else ''}</li>"
                      for c in d.choices)
    return (f'<div class="hf-decision" style="border-left:4px solid #8a6d3b;padding-left:10px;'
            f'margin:10px 0"><p style="margin:0"><b>Decision {d.number}: Player '
            f'{d.player + 1} chooses</b></p><p style="margin:2px 0">{esc(d.reason)}</p>'
            f'<ul style="margin:2px 0">{choices}</ul>'
            f'{layout_html(rows, width=MIN_CARD_WIDTH)}</div>')


def _who_plays(wr: WorkedRound) -> str:
    """Who plays each seat, in words."""
    if len(set(wr.agents)) == 1:
        return f"all played by {agent_label(wr.agents[0])}"
    return "; ".join(f"Player {p + 1} by {agent_label(a)}"
                     for p, a in enumerate(wr.agents))


def worked_round_html(wr: WorkedRound) -> str:
    """The round in words, turn by turn, with each decision drawn in full, then the
    result."""
    esc = html.escape
    g = wr.game
    out = [f'<p class="hf-caption">{wr.players} players, {esc(_who_plays(wr))}.</p>']
    decisions = iter(wr.decisions)
    if wr.dealt:
        from ..render.svg import layout_html
        rows = [(label, [_card(c) for c in cards]) for zone, cards in wr.dealt.items()
                if (label := _deal_label(zone)) is not None]
        out.append(f"<p><b>The deal</b></p>{layout_html(rows, width=MIN_CARD_WIDTH)}")
    out.append('<ol class="hf-worked-lines" style="padding-left:1.4em">')
    for line in wr.lines:
        out.append(f"<li>{esc(line.strip())}</li>")
    out.append("</ol>")
    if wr.decisions:
        out.append(f"<p><b>The decisions of this {esc(g.round_word.rstrip('s'))}, in "
                   "full</b></p>")
        out += [_decision_html(d) for d in decisions]
    res = wr.result
    points = ", ".join(f"Player {p + 1}: {v:+d}" for p, v in enumerate(res.points))
    who = "nobody wins" if res.winner is None else _winners(g, res.winner, len(res.points))
    out.append(f"<p><b>Result:</b> {who} ({esc(reason_text(g, res.reason))}); {esc(points)}.</p>")
    return "".join(out)


# ---------------------------------------------------------------------------
# Your first game: the moments a learner meets, drawn from one seeded round

#: The moments of :func:`first_game`, in the order a round meets them.
MOMENTS = ("setup", "turn", "decision", "empty", "end")


@dataclass(frozen=True)
class Moment:
    """One moment of a first game: its key (one of :data:`MOMENTS`), a title, what
    happens in words, and the cards to draw as labelled rows (a list of cards, ``None``
    for a card face down, or a count for a face-down pile)."""

    key: str
    title: str
    text: str
    rows: tuple[tuple[str, object], ...]
    highlight: tuple[int, ...] = ()


@dataclass(frozen=True)
class FirstGame:
    """The moments of one seeded round, for the "Your first game" section."""

    game: Game
    seed: int
    players: int
    moments: tuple[Moment, ...]

    def moment(self, key: str) -> Moment:
        """The moment ``key``; a game without it (a game with no decision) is refused
        with the moments it has."""
        for m in self.moments:
            if m.key == key:
                return m
        raise HanafudaError(f"{self.game.name}'s first game has no {key!r} moment; it has "
                            f"{', '.join(m.key for m in self.moments)}")


def _names(cards: Sequence[int]) -> str:
    from ..narration import the_card
    return and_list([the_card(c) for c in cards])          # (a Joker by its name: G1)


def _rows(zones: dict[str, tuple[int, ...]], me: int, *, hide_others: bool = True,
          you: bool = True) -> tuple[tuple[str, object], ...]:
    """The table as one player sees it: their hand face up (labelled "Your hand", or
    by the player's number without ``you``), the others face down, the field, the stock
    as a pile, and every side's captures."""
    rows: list[tuple[str, object]] = []
    for zone, cards in zones.items():
        kind, _, who = zone.rpartition(" ")
        if kind == "hand":
            seat = int(who)
            label = ("Your hand" if seat == me and you else f"Player {seat + 1}'s hand")
            rows.append((label, list(cards) if seat == me or not hide_others
                         else [None] * len(cards)))
        elif zone == "field":
            rows.append(("Field", list(cards)))
        elif zone in ("stock", "undealt"):
            rows.append(("Stock", len(cards)))
        elif zone == "in play" and cards:       # (a card waiting for its match's choice)
            rows.append(("In play", list(cards)))
        elif kind.startswith("captures"):
            hands = sum(1 for z in zones if z.startswith("hand "))
            sides = sum(1 for z in zones if z.startswith("captures"))
            rows.append((f"Captured by side {who}" if sides != hands
                         else f"Player {who}'s captures", list(cards)))
    return tuple(rows)


def _straight_to_pile(dealt: dict[str, tuple[int, ...]]) -> str:
    """A sentence for the cards in a pile before anyone has played (a card that goes
    straight to its holder's pile at the deal, such as Tensho's lone Phoenix), or ""."""
    held = [c for zone, cards in dealt.items() if zone.startswith("captures") for c in cards]
    if not held:
        return ""
    jokers = [c for c in held if c >= 48]       # G1: dealt to the field, the dealer's
    held = [c for c in held if c < 48]
    out = ""
    if jokers:
        out = (f" {_names(jokers)}, dealt to the field, went straight into the dealer's pile, "
               "and the stock refilled the field.")
    if held:
        names = _names(held)
        out += f" {names[0].upper()}{names[1:]} went straight into its holder's pile at the deal."
    return out


def _captured(before: dict[str, tuple[int, ...]], after: dict[str, tuple[int, ...]]
              ) -> tuple[int, ...]:
    new: list[int] = []
    for zone, cards in after.items():
        if zone.startswith("captures"):
            old = set(before.get(zone, ()))
            new += [c for c in cards if c not in old]
    return tuple(new)


def _find_decision(g: Game, seed: int, n: int, agent: str) -> tuple[int, Decision] | None:
    """The first decision of the first round from ``seed`` on that has one (a game whose
    rounds never ask one has none)."""
    for s in range(seed, seed + 25):
        wr = worked_round(g, s, n, agent)
        if wr.decisions:
            return s, wr.decisions[0]
    return None


#: How a round ended, in words (an outcome's ``reason``).
def reason_text(game: Game, reason: str) -> str:
    """An outcome's reason in a sentence, with the game's own word for stopping
    (:data:`~hanafuda_core.narration.ROUND_ENDS`); another reason as a reader's line."""
    if reason not in ROUND_ENDS:
        return plain_line(reason)
    return reason_words(reason, getattr(game.rules, "decision_words", None), sentence=True)


def _turn_text(before: dict[str, tuple[int, ...]], after: dict[str, tuple[int, ...]],
               me: int, took: tuple[int, ...], relation: Any = None,
               choices: Sequence[tuple[int, bool]] = ()) -> str:
    """The first turn in words, from the table before and after: the card played, the
    card turned over from the stock, and what each took.

    Which field cards a card may take is the game's capture relation (``relation``: the
    rules' :class:`~hanafuda_core.engines.capture.CaptureRelation`; None, its own month).
    ``choices`` are the field cards the player chose in the turn, in order, each with
    whether a stock card had been turned over by then (a choice before it is the played
    card's): a card with several field cards it may take took the one chosen (with its
    month's other two, where three of a month lay together), else it took every one it
    may take; a card that took nothing joins the field, where the turned card may take
    it. A card that took what its relation does not give (a wild's power) is told from
    what is left over.

    >>> from hanafuda_core.engines.capture import CaptureRelation
    >>> before = {"hand 0": (2, 3), "field": (5, 8, 26), "stock": (0, 9)}
    >>> after = {"hand 0": (3,), "field": (26,), "stock": (9,)}
    >>> print(_turn_text(before, after, 0, (2, 8, 0, 5), CaptureRelation.following(3),
    ...                  [(8, False)]))
    You play the Pine Chaff 1 and take the Curtain; then you turn over the Crane and take the
    Plum Ribbon.
    """
    from ..cards import CARD_INFO, Extra
    from ..engines.capture import SAME_MONTH
    rel = relation if relation is not None else SAME_MONTH
    nothing = "no field card matches" if relation is None else "it can take no field card"
    played = [c for c in before.get(f"hand {me}", ()) if c not in after.get(f"hand {me}", ())]
    drawn = [c for c in before.get("stock", ()) if c not in after.get("stock", ())]
    field0 = before.get("field", ())
    field = [c for c in field0 if c in took]  # (the field cards taken)
    chosen = {False: [t for t, turned in choices if not turned],
              True: [t for t, turned in choices if turned]}
    moves: list[tuple[str, int, list[int]]] = []
    # (several cards of one month played at once, a bomb: told as one play, below)
    bomb = played if len(played) > 1 and len({c // 4 for c in played}) == 1 else []
    # a played card that matched a field card but took nothing: the card turned over was
    # of the same month, and the cards stay together on the field (a stack)
    stacked = {c: on for c in played if c < 48 and c not in took
               for on in [[t for t in field0 if rel.may_take(c, t) and t not in took]]
               if on and any(d < 48 and d not in took and rel.may_take(d, c) for d in drawn)}
    for lead, cards, turned in (("You play", played, False),
                                ("then you turn over", drawn, True)):
        for c in cards:
            mates: list[int] = []
            # (a card left on the field took nothing, nor does a Joker: G1)
            if c < 48 and c in took:
                options = [t for t in field if rel.may_take(c, t)]
                # (a choice before the draw is the played card's, a wild's power too)
                pick = next((t for t in chosen[turned]
                             if t in options or (not turned and t in field)), None)
                if pick is not None:    # (three of its month lying together go with it)
                    chosen[turned].remove(pick)
                    block = [t for t in options if t // 4 == pick // 4]
                    mates = block if len(block) == 3 else [pick]
                else:
                    mates = options
            field = [t for t in field if t not in mates]
            if not mates and c in took:
                field.append(c)         # (on the field: a card turned over may take it)
            moves.append((lead, c, mates))
    taken = {t for _, _, mates in moves for t in mates}
    told = taken | {c for _, c, mates in moves if mates}
    parts: list[str] = []
    unmatched: list[int] = []   # parts whose card took something of another month (a wild)
    for lead, c, mates in moves:
        if bomb and c in bomb:          # (told once, at its first card)
            if c == bomb[0]:
                got = [t for _, b, m in moves if b in bomb for t in m if t in field0]
                parts.append(f"You play {_names(bomb)} together"
                             + (f" and take {_names(got)}" if got else ""))
                told.update(bomb)
            continue
        if c in stacked:
            parts.append(f"You play the {CARD_INFO[c].name} on {_names(stacked[c])}")
            continue
        laid = [p for p in stacked if rel.may_take(c, p)] if c < 48 else []
        if laid and c not in took:
            on = stacked[laid[0]]
            parts.append(f"{lead} the {CARD_INFO[c].name}, of the same month: the "
                         f"{count_word(len(on) + 2)} cards stay on the field together, a stack")
            continue
        if c >= 48:                     # G1: a Joker goes to the pile, another card follows
            told.add(c)
            parts.append(f"{lead} {Extra(c).title}, which goes straight to your "
                         "captured cards")
            continue
        name = f"the {CARD_INFO[c].name}"
        if mates:
            parts.append(f"{lead} {name} and take {_names(mates)}")
        elif c in took and c not in taken:
            told.add(c)
            unmatched.append(len(parts))
            parts.append(f"{lead} {name} and take a card with it")
        else:
            parts.append(f"{lead} {name}; {nothing}, so it stays on the field")
    rest = [t for t in took if t not in told]
    if len(unmatched) == 1 and len(rest) == 1:      # the one card it took: say which
        parts[unmatched[0]] = parts[unmatched[0]].replace("a card with it",
                                                          f"{_names(rest)} with it")
        rest = []
    text = "; ".join(parts) + "."
    if rest:
        text += f" You also capture {_names(rest)}."
    return text[:1].upper() + text[1:]


def _hands_empty(zones: dict[str, tuple[int, ...]]) -> bool:
    """Every hand is empty while the stock still holds cards."""
    hands = [c for z, c in zones.items() if z.startswith("hand ")]
    return bool(hands) and not any(hands) and bool(zones.get("stock"))


def _find_empty_hands(g: Game, seed: int, n: int, agent: str
                      ) -> tuple[dict[str, tuple[int, ...]], bool, int] | None:
    """The table the first time every hand is empty with cards left in the stock, in the
    first round from ``seed`` on that gets there (within 80 deals), and whether the rest
    of the stock then goes unused (the round ends without drawing it; a round stopped by a
    player at that moment does not tell, and the search goes on), and the deal's seed;
    None for a game whose hands and stock run out together."""
    for s in range(seed, seed + 80):
        agents = [g.agent(agent) for _ in range(n)]
        rng = random.Random(s)
        r = g.new_round(seed=s, players=n)
        seen: dict[str, tuple[int, ...]] | None = None
        while True:
            zones = r.zones()
            if seen is None and _hands_empty(zones):
                seen = zones
            if r.is_terminal:
                break
            p = r.current_player
            assert p is not None
            r = r.apply(agents[p].choose(r.view(p), r.legal_actions(), rng))
        if seen is None:
            continue
        unused = len(r.zones().get("stock", ())) == len(seen["stock"])
        result = r.result()
        # A round someone stopped right there says nothing of what the rules do next.
        if not unused or result is None or result.reason != "stop":
            return seen, unused, s
    return None


def _other_deal(found: int, seed: int) -> str:
    """How a moment found in a later deal than the one shown begins."""
    return "" if found == seed else "From another deal: "


def first_game(game: Game | str, seed: int = 3, players: int | None = None,
               agent: str = "greedy") -> FirstGame:
    """One seeded round played by the computer, cut into the moments a first game
    meets: ``setup`` (the deal, as the first player sees it), ``turn`` (the first
    player's first turn, before and after), ``decision`` (the first decision that is not
    a card to play, from the first round from ``seed`` on that has one; games without
    such decisions have no such moment), ``empty`` (every hand empty with cards left in
    the stock, and what the rules do then, from the first round from ``seed`` on that
    gets there; games whose hands and stock run out together have none) and ``end`` (the
    table when the round ends, and why it ended)."""
    g = as_game(game)
    n = g.check_players(players if players is not None else _usual_players(g))
    agents = [g.agent(agent) for _ in range(n)]
    rng = random.Random(seed)
    r = g.new_round(seed=seed, players=n)
    dealt = r.zones()
    # Moves before the first card is played (claims of a dealt hand) are not the turn:
    # it starts where a card may be played from the hand (beside it, Go-Stop offers a
    # shake or a Draw; a turn that offers more than card moves is still a turn). "You"
    # are the player who plays the first card, in every picture.
    while not r.is_terminal and not any(a.code().split()[0] == "play"
                                        for a in r.legal_actions()):
        p = r.current_player
        assert p is not None
        r = r.apply(agents[p].choose(r.view(p), r.legal_actions(), rng))
    me = r.current_player if r.current_player is not None else 0
    deal = g.info.deals.get(n)
    hand = deal.hand if deal is not None else len(dealt.get(f"hand {me}", ()))
    stock = len(dealt.get("stock", dealt.get("undealt", ())))
    aside = len(dealt.get("aside", ()))
    moments = [Moment("setup", "The deal", (
        f"{n} players: {hand} cards to each hand, {len(dealt.get('field', ()))} face up on "
        + (f"the field, {aside} set aside face down out of the round " if aside else
           "the field ")
        + f"and {stock} face down in the stock. You see your own hand; the other hands "
        "are face down." + _straight_to_pile(dealt)), _rows(dealt, me))]
    # The first turn: that player's moves until another player is to act.
    before = r.zones()
    stock_before = len(before.get("stock", ()))
    chosen: list[tuple[int, bool]] = []     # (field card chosen, a stock card turned yet)
    while not r.is_terminal and r.current_player == me:
        action = agents[me].choose(r.view(me), r.legal_actions(), rng)
        words = action.code().split()
        if words[0] == "capture" and len(words) == 2:
            chosen.append((int(parse_card(words[1])),
                            len(r.zones().get("stock", ())) < stock_before))
        r = r.apply(action)
    after = r.zones()
    took = _captured(before, after)
    what = _turn_text(before, after, me, took, getattr(g.rules, "capture_relation", None),
                      chosen)
    moments.append(Moment("turn", "Your first turn", what,
                          (*[row for row in _rows(before, me) if row[0] == "Your hand"],
                           ("Field before", list(before.get("field", ()))),
                           ("Field after", list(after.get("field", ()))),
                           ("Captured this turn", list(took))), took))
    found = _find_decision(g, seed, n, agent)
    if found is not None:
        s, d = found
        choices = and_list([f"\u201c{c}\u201d" for c in d.choices])
        moments.append(Moment("decision", "A decision", (
            _other_deal(s, seed) + f"Player {d.player + 1} must choose between {choices}. "
            f"{d.reason} They choose \u201c{d.chosen}\u201d."),
            _rows(d.zones, d.player, you=False)))
    # Any players will do to show the table then; the simple ones always stop at once,
    # so a round where play goes on past empty hands may need players who call on.
    empty = _find_empty_hands(g, seed, n, agent) or (
        _find_empty_hands(g, seed, n, "random") if "random" in g.agent_names else None)
    if empty is not None:
        zones, ends, s = empty
        left = len(zones["stock"])
        then = ("Under these rules the round ends here, and the rest of the stock is not "
                "used." if ends else "Play goes on: on each turn, turn over the top stock "
                "card and match it as usual, until the stock is empty.")
        moments.append(Moment("empty", "Hands empty, stock left", (
            _other_deal(s, seed) + f"Every hand is empty, but {left} "
            + ("card is" if left == 1 else "cards are") + " still in the stock"
            + (", and a card turned over waits to be matched" if zones.get("in play")
               else "") + f". {then}"), _rows(zones, me, hide_others=False)))
    while not r.is_terminal:
        p = r.current_player
        assert p is not None
        r = r.apply(agents[p].choose(r.view(p), r.legal_actions(), rng))
    end = r.zones()
    res = r.result()
    assert res is not None
    left = len(end.get("stock", ()))
    hands_left = sum(len(c) for z, c in end.items() if z.startswith("hand "))
    who = "nobody wins" if res.winner is None else _winners(g, res.winner, len(res.points))
    moments.append(Moment("end", "The end of the round", (
        f"The round ends: {reason_text(g, res.reason)}; {who}. "
        f"{hands_left} card{'s' * (hands_left != 1)} left in the hands, {left} in the "
        "stock."), _rows(end, me, hide_others=False)))
    return FirstGame(g, seed, n, tuple(moments))


def moment_html(moment: Moment) -> str:
    """One moment drawn: its title, what happens, and the cards (56 px wide)."""
    from ..render.svg import layout_html
    esc = html.escape
    rows = [(label, [None if c is None else _card(c) for c in cards]
             if isinstance(cards, list) else cards) for label, cards in moment.rows]
    lit = [_card(c) for c in moment.highlight]
    return (f'<div class="hf-moment"><p style="margin:6px 0 2px"><b>{esc(moment.title)}.'
            f"</b> {esc(moment.text)}</p>"
            f"{layout_html(rows, width=MIN_CARD_WIDTH, highlight=lit)}</div>")


def first_game_html(game: Game | str, key: str | None = None, seed: int = 3,
                    players: int | None = None) -> str:
    """A first game's moment ``key`` (one of :data:`MOMENTS`), or all of them, drawn."""
    fg = first_game(game, seed, players)
    if key is not None and key not in MOMENTS:
        raise HanafudaError(f"a first game's moments are {', '.join(MOMENTS)}; not {key!r}")
    chosen = fg.moments if key is None else (fg.moment(key),)
    return "".join(moment_html(m) for m in chosen)


def _winners(game: Game, winner: int, players: int) -> str:
    """"Player 2 wins"; with teams (B6) the winner's side, every partner named."""
    return winners_text(winner, [f"Player {p + 1}" for p in range(players)], teams_of(game))
