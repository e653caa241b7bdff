"""A worked round for every game: a seeded round played by the computer players through
the play protocol, told in plain words (the adapter's own log), with every decision
that is not a card to play (Koi-Koi or Stop; Hachi-Hachi's claims and calls) shown in
full: the table at that moment, the choices, and what was chosen.

>>> wr = worked_round("koikoi", 3)
>>> wr.result.winner in (0, 1, None), len(wr.decisions) >= 1
(True, True)
"""

from __future__ import annotations

import html
import random
import re
from dataclasses import dataclass, replace

from ..cards import parse_card
from ..errors import HanafudaError
from ..narration import and_list
from ..play import Game, Outcome
from ..render.sizes import MIN_CARD_WIDTH
from ..rules import name_sources
from .facts import as_game

__all__ = [
    "CARD_MOVES",
    "Decision",
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


def worked_round(game: Game | str, seed: int, players: int | None = None,
                 agent: str = "greedy") -> WorkedRound:
    """Deal round ``seed`` and let the computer players (``agent``, one per seat) play it
    through the protocol; an unknown agent name is refused by the game."""
    g = as_game(game)
    n = g.check_players(players if players is not None else _usual_players(g))
    agents = [g.agent(agent) for _ in range(n)]
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
        choice = agents[p].choose(r.view(p), legal, rng)
        code = choice.code() if hasattr(choice, "code") else str(choice)
        codes = [a.code() for a in legal]
        if is_decision(codes):
            chosen = legal[codes.index(code)] if code in codes else choice
            zones = r.zones()
            decisions.append(Decision(len(decisions) + 1, p,
                                      tuple(a.describe() for a in legal),
                                      chosen.describe(), zones, _standing(g, p, zones)))
        actions.append(code)
        r = r.apply(choice)
    else:
        raise HanafudaError("the worked round did not end")   # pragma: no cover
    result = r.result()
    assert result is not None
    names = tuple(agent for _ in range(n))
    # The story names seats as players at a table ("Player 1"), never the computer
    # players' names: the record is told without its agents.
    record = replace(r.record(), agents=())
    lines = tuple(plain_line(x) for x in g.log(record))
    return WorkedRound(g, seed, n, names, tuple(actions), lines, tuple(decisions), result,
                       dealt)


def _standing(game: Game, player: int, zones: dict[str, tuple[int, ...]]) -> str:
    """What the deciding player's captures are worth at the moment of a decision, in
    words (the game's own pile score), or '' where the game scores no pile."""
    from ..cards import Card
    cards = zones.get(f"captures of side {player + 1}")
    if cards is None or getattr(game.adapter, "score", None) is None:
        return ""
    try:
        sheet = game.score([Card(c) for c in cards])
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
    from ..cards import Card
    from ..render.svg import layout_html
    esc = html.escape
    rows = [(label, [Card(c) for c in cards]) for zone, cards in d.zones.items()
            if (label := _zone_label(zone, d.player)) is not None]
    choices = "".join(f"<li>{esc(c)}{' <b>(chosen)</b>' if c == d.chosen else ''}</li>"
                      for c in d.choices)
    return (f'<div class="hf-decision" style="border-left:4px solid #8a6d3b;padding-left:10px;'
            f'margin:10px 0"><p style="margin:0"><b>Decision {d.number}: Player '
            f'{d.player + 1} chooses</b></p><p style="margin:2px 0">{esc(d.reason)}</p>'
            f'<ul style="margin:2px 0">{choices}</ul>'
            f'{layout_html(rows, width=MIN_CARD_WIDTH)}</div>')


def worked_round_html(wr: WorkedRound) -> str:
    """The round in words, turn by turn, with each decision drawn in full, then the
    result."""
    esc = html.escape
    g = wr.game
    out = [(f'<p class="hf-caption">{wr.players} players, all played by the computer; '
           f'the same deal comes back with seed {wr.seed}.</p>')]
    decisions = iter(wr.decisions)
    if wr.dealt:
        from ..cards import Card
        from ..render.svg import layout_html
        rows = [(label, [Card(c) for c in cards]) for zone, cards in wr.dealt.items()
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
    who = "nobody wins" if res.winner is None else f"Player {res.winner + 1} wins"
    out.append(f"<p><b>Result:</b> {who} ({esc(plain_line(res.reason))}); {esc(points)}.</p>")
    return "".join(out)
