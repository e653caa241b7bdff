"""How a whole capture game is won: by total points, or by rounds won.

Most capture games add up every round's points and the highest total wins the
game. Several chapters of the rulebook offer "Counting Rounds Instead of Points"
(Matching Flowers, Hana-Awase 1, Mushi, Six Hundred, Koi-Koi and more): the most
rounds won wins the game, and the higher total breaks a tie. Both rankings are
the same rule with the two keys swapped, so it is written once here:

* ``"points"``: the highest total; a tie goes to the most rounds won;
* ``"rounds"``: the most rounds won; a tie goes to the highest total;

and a tie on both is a shared game (no winner).

A game switches the rounds ranking on by listing :func:`counting_rounds_option`
among its options (option key ``counting_rounds``): :func:`ranked_by` reads it
from any capture game's rules, and the capture adapter's records and logs
(:mod:`hanafuda_core.play_adapters`) rank the players through :func:`game_winner`.

>>> totals, wins = (120, -120), (2, 4)
>>> game_winner(totals, wins, "points"), game_winner(totals, wins, "rounds")
(0, 1)
>>> game_winner((10, 30), (3, 3), "rounds")         # tied on rounds: the total decides
1
>>> game_winner((10, 10), (3, 3), "rounds") is None  # tied on both: shared
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ...errors import OptionError
from ...rules import Option, Source

__all__ = [
    "COUNTING_ROUNDS",
    "RANKINGS",
    "check_game_end",
    "counting_rounds_option",
    "final_line",
    "game_winner",
    "ROUND_TIES",
    "ranked_by",
    "round_winner",
    "rounds_won",
    "standings",
]

#: The option key a capture game uses for "Counting Rounds Instead of Points".
COUNTING_ROUNDS = "counting_rounds"

#: The two rankings, each with the order of its keys (what decides first, then the tie).
RANKINGS: dict[str, tuple[str, str]] = {"points": ("total", "rounds won"),
                                        "rounds": ("rounds won", "total")}


def counting_rounds_option(source: Source | None, note: str = "") -> Option:
    """The family's game-end option: off, the highest total wins; on, the most rounds
    won wins and the total breaks a tie. A game lists it among its options with its
    own source (its chapter's "Game End Scoring Variations")."""
    return Option(COUNTING_ROUNDS, False, (False, True),
                  "Counting Rounds Instead of Points: the most rounds won wins the game, "
                  "the higher total breaking a tie", source, note=note)


def ranked_by(rules: Any) -> str:
    """``"rounds"`` if the rules (a capture game's, with ``options`` as key-value
    pairs) switch on :data:`COUNTING_ROUNDS`, else ``"points"``."""
    return "rounds" if dict(getattr(rules, "options", ())).get(COUNTING_ROUNDS) else "points"


def check_game_end(name: str, by: str, target_score: int | None) -> None:
    """Refuse a game won both by rounds won and by the first total to reach a target:
    the two say different players win. Raises :class:`OptionError` with the reason."""
    if by not in RANKINGS:
        raise OptionError(f"a game is ranked by {' or '.join(RANKINGS)}, not {by!r}")
    if by == "rounds" and target_score is not None:
        raise OptionError(f"{name}: counting rounds (the most rounds won wins) and a race "
                          f"to {target_score} points (the first to reach it wins) are two "
                          "ways to win the game; choose one")


#: How a round whose best score is shared is decided: ``"none"``, nobody wins it (the
#: capture basics' drawn round; the same dealer deals again); ``"dealer_then_play_order"``,
#: the dealer wins if tied, else the first tied seat after the dealer in play order
#: (Hana-Awase 1's Dealer Tie Breaker, BOOK l. 995; Min-Hwatu, l. 1781-1785).
ROUND_TIES: tuple[str, ...] = ("none", "dealer_then_play_order")


def round_winner(points: Sequence[int], dealer: int, tie: str = "none") -> int | None:
    """The seat that wins a round with these scores (one per seat, in seat order), the
    tie rule ``tie`` (one of :data:`ROUND_TIES`) deciding a shared best score.

    Play goes counterclockwise, so the player on the dealer's right plays next: "nearest
    to the dealer's right" is the first tied seat in ``dealer, dealer + 1, ...``.

    >>> round_winner((30, 50, 20), dealer=0), round_winner((50, 50, 20), dealer=0) is None
    (1, True)
    >>> round_winner((50, 20, 50), 1, "dealer_then_play_order")   # seat 2 plays after 1
    2
    >>> round_winner((50, 20, 50), 0, "dealer_then_play_order")   # the dealer is tied
    0
    """
    if tie not in ROUND_TIES:
        raise OptionError(f"a tied round is decided by {' or '.join(ROUND_TIES)}, not {tie!r}")
    n = len(points)
    if not 0 <= dealer < n:
        raise OptionError(f"the dealer is a seat from 0 to {n - 1}, not {dealer}")
    best = max(points)
    tied = [s for s in range(n) if points[s] == best]
    if len(tied) == 1:
        return tied[0]
    if tie == "none":
        return None
    return next(s for s in ((dealer + k) % n for k in range(n)) if points[s] == best)


def rounds_won(winners: Iterable[int | None], players: int) -> tuple[int, ...]:
    """Rounds won by each seat, from each round's winner (None: nobody won it)."""
    wins = [0] * players
    for w in winners:
        if w is not None:
            wins[w] += 1
    return tuple(wins)


def _key(totals: Sequence[int], wins: Sequence[int], by: str, seat: int) -> tuple[int, int]:
    if by not in RANKINGS:
        raise OptionError(f"a game is ranked by {' or '.join(RANKINGS)}, not {by!r}")
    return (totals[seat], wins[seat]) if by == "points" else (wins[seat], totals[seat])


def standings(totals: Sequence[int], wins: Sequence[int], by: str = "points") \
        -> tuple[tuple[int, ...], ...]:
    """The seats in places, best first; seats tied on both keys share a place.

    >>> standings((5, 9, 9), (2, 1, 1), "points"), standings((5, 9, 9), (2, 1, 1), "rounds")
    (((1, 2), (0,)), ((0,), (1, 2)))
    """
    if len(totals) != len(wins):
        raise ValueError("one total and one count of rounds won per seat")
    order = sorted(range(len(totals)), key=lambda s: _key(totals, wins, by, s), reverse=True)
    places: list[list[int]] = []
    for s in order:
        if places and _key(totals, wins, by, places[-1][0]) == _key(totals, wins, by, s):
            places[-1].append(s)
        else:
            places.append([s])
    return tuple(tuple(p) for p in places)


def game_winner(totals: Sequence[int], wins: Sequence[int], by: str = "points") -> int | None:
    """The seat that wins the game under the ranking ``by``; None when the first place
    is shared (tied on both keys)."""
    first = standings(totals, wins, by)[0]
    return first[0] if len(first) == 1 else None


def final_line(totals: Sequence[int], wins: Sequence[int], by: str,
               who: Sequence[str]) -> str:
    """The end of a game in words, for a game log: each player's rounds won and total
    (in the order the ranking reads them), then who wins the game and on what.

    >>> final_line((120, -120), (2, 4), "rounds", ["Ann", "Bo"])
    'Rounds won: Ann 2, Bo 4; final scores: Ann 120, Bo -120; Bo wins the game on rounds won'
    """
    n = len(totals)
    scores = "final scores: " + ", ".join(f"{who[p]} {totals[p]}" for p in range(n))
    if by == "rounds":
        text = ("Rounds won: " + ", ".join(f"{who[p]} {wins[p]}" for p in range(n))
                + "; " + scores)
    else:
        text = scores[0].upper() + scores[1:]
    winner = game_winner(totals, wins, by)
    if winner is None:
        return text + "; the game is shared"
    if by == "points":      # as every points game has always said it
        return text + f"; {who[winner]} wins the game"
    ahead = all(wins[winner] > wins[p] for p in range(n) if p != winner)
    return text + f"; {who[winner]} wins the game on " + (
        "rounds won" if ahead else "the total, tied on rounds won")
