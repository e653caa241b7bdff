"""How a whole capture game ends and who wins it.

**When the game ends** (:func:`game_ends`, read by the capture engine's ``game_over``):
after the agreed rounds (``CaptureRules.rounds``; None, no round limit), when a total
reaches a target (``target_score``: Six Hundred's race to 600), or when a total falls to
a floor or below it (``floor_score``: Hana-Awase 2's Bankrupt, everyone starting at 200
and the game ending when a total is 0 or less), whichever comes first.

**Who wins it** (:func:`decide`; :func:`decide_game` reads a game's rules):

Most capture games add up every round's points and the highest total wins the
game. Several chapters of the rulebook offer "Counting Rounds Instead of Points"
(Matching Flowers, Hana-Awase 1, Mushi, Min-Hwatu, Sudaoshi): the most
rounds won wins the game, and the higher total breaks a tie. Both rankings are
the same rule with the two keys swapped, so it is written once here:

* ``"points"``: the highest total; a tie goes to the most rounds won;
* ``"rounds"``: the most rounds won; a tie goes to the highest total;
* ``"tokens"`` (B5, Higo-Bana's Counting Tokens): each round's winner takes 1 token,
  more when it won by more than each of ``TOKEN_STEPS`` over the runner-up
  (:func:`round_tokens`); the most tokens, then the highest total;

and a tie on both is a shared game (no winner), unless the game plays the "First Dealer
Tie Breaker" (Matching Flowers, Hana-Awase 1, Min-Hwatu: :func:`first_dealer_tie_option`,
``final="first_dealer"``): then the first dealer wins it if among the tied, else the
tied player nearest the first dealer's right (the first tied seat in play order after
the first dealer, as in the Dealer Tie Breaker of a round). In a race to a target, when
several players are over the target at the end, the game may name yaku that decide
among them (``CaptureRules.race_tie_break``, read in the final round's piles: Six
Hundred's Four Dry Brights, then Any 7 Ribbons, then the higher total).

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
>>> game_winner((10, 10, 4), (3, 3, 1), final="first_dealer", first_dealer=1)
1
>>> game_ends((150, -5, 80), round_no=3, rounds=12, floor=0)   # Bankrupt
True
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any, NamedTuple

from ...errors import OptionError
from ...narration import winners_text
from ...rules import Option, Source

__all__ = [
    "COUNTING_ROUNDS",
    "COUNTING_TOKENS",
    "TOKEN_STEPS",
    "round_tokens",
    "tokens_won",
    "FINALS",
    "FIRST_DEALER_TIE",
    "GameDecision",
    "decide",
    "decide_game",
    "final_rule",
    "first_dealer_tie_option",
    "tied_round_decision",
    "game_ends",
    "race_contenders",
    "RANKINGS",
    "check_game_end",
    "counting_rounds_option",
    "COUNTING_TOKENS",
    "TOKEN_STEPS",
    "round_tokens",
    "tokens_won",
    "final_line",
    "first_burdens",
    "game_winner",
    "next_burdens",
    "ROUND_TIES",
    "ranked_by",
    "round_winner",
    "rounds_won",
    "standings",
    "streak_runs",
    "streak_winner",
]

#: The option key a capture game uses for "Counting Rounds Instead of Points".
COUNTING_ROUNDS = "counting_rounds"

#: The option key of "Counting Tokens" (B5): the round's winner takes tokens by margin.
COUNTING_TOKENS = "counting_tokens"
#: The margins over the runner-up beyond which a round's winner takes a second and a
#: third token (Higo-Bana, BOOK 2515-2523: "more than 50", "more than 100").
TOKEN_STEPS: tuple[int, ...] = (50, 100)

#: The rankings, each with the order of its keys (what decides first, then the tie).
RANKINGS: dict[str, tuple[str, str]] = {"points": ("total", "rounds won"),
                                        "rounds": ("rounds won", "total"),
                                        "tokens": ("tokens", "total")}


def counting_rounds_option(source: Source | None, note: str = "") -> Option:
    """The family's game-end option: off, the highest total wins; on, the most rounds
    won wins and the total breaks a tie. A game lists it among its options with its
    own source (its chapter's "Game End Scoring Variations")."""
    return Option(COUNTING_ROUNDS, False, (False, True),
                  "Counting Rounds Instead of Points: the most rounds won wins the game, "
                  "the higher total breaking a tie", source, note=note)


def tied_round_decision(scores: str = "the best scores", aside: str = "") -> str:
    """The family's decision for a round whose best scores are equal, where a chapter
    names no winner (its "Sources and differences" entry): ``scores`` says whose scores
    ("both scores" for two players), ``aside`` adds what the chapter does have (its
    Dealer Tie Breaker variation). The rulebook's rules for getting ready to play only
    say that a round's winner deals the next one; its Koi-Koi keeps the dealer after a
    round nobody wins, and so does the engine here.

    >>> tied_round_decision("both scores").split(",")[0]
    'The chapter does not say who wins a round when both scores are equal'
    """
    return (f"The chapter does not say who wins a round when {scores} are equal{aside}, "
            "and the rulebook's rules for getting ready to play only say that a round's "
            "winner deals the next. We say nobody wins it, and the same dealer deals "
            "again, as in the rulebook's Koi-Koi after a round nobody wins.")


def ranked_by(rules: Any) -> str:
    """``"rounds"`` if the rules (a capture game's, with ``options`` as key-value
    pairs) switch on :data:`COUNTING_ROUNDS`, ``"tokens"`` if they switch on
    :data:`COUNTING_TOKENS` (B5), else ``"points"``; both on is refused."""
    options = dict(getattr(rules, "options", ()))
    if options.get(COUNTING_ROUNDS) and options.get(COUNTING_TOKENS):
        raise OptionError("counting rounds and counting tokens are two ways to win the game; "
                          "choose one")
    if options.get(COUNTING_TOKENS):
        return "tokens"
    return "rounds" if options.get(COUNTING_ROUNDS) else "points"


def round_tokens(points: Sequence[int], steps: Sequence[int] = TOKEN_STEPS,
                 teams: Sequence[int] | None = None) -> tuple[int, ...]:
    """Tokens each seat takes for one round (B5): the round's winner, the one side with
    the best score, takes 1, and 1 more for each step its lead over the runner-up side
    is more than; partners take their side's tokens; a shared best score, none.
    (Counting rounds won is the same with no steps.)

    The rulebook's Higo-Bana example (scores -60, 25, -20: 25 over -20 is 45):

    >>> round_tokens((-60, 25, -20)), round_tokens((0, 160, 20)), round_tokens((30, 30))
    ((0, 1, 0), (0, 3, 0), (0, 0))
    >>> round_tokens((10, 80, 10, 80), teams=(0, 1, 0, 1))
    (0, 2, 0, 2)
    """
    n = len(points)
    side = tuple(teams) if teams else tuple(range(n))
    best: dict[int, int] = {}
    for s in range(n):
        best[side[s]] = points[s]
    order = sorted(best.values(), reverse=True)
    if len(order) < 2 or order[0] == order[1]:
        return (0,) * n
    lead = order[0] - order[1]
    won = 1 + sum(1 for step in steps if lead > step)
    return tuple(won if points[s] == order[0] else 0 for s in range(n))


def tokens_won(rounds: Iterable[Sequence[int]], players: int,
               steps: Sequence[int] = TOKEN_STEPS,
               teams: Sequence[int] | None = None) -> tuple[int, ...]:
    """Each seat's tokens over a game, from every round's scores (:func:`round_tokens`).

    >>> tokens_won([(-60, 25, -20), (0, 160, 20), (90, 10, 30)], 3)
    (2, 4, 0)
    """
    total = [0] * players
    for pts in rounds:
        for s, t in enumerate(round_tokens(pts, steps, teams)):
            total[s] += t
    return tuple(total)


#: The option key of the "First Dealer Tie Breaker" (a game tied at the end goes to
#: the player who dealt first).
FIRST_DEALER_TIE = "first_dealer_tie"

#: How a game still tied on both ranking keys ends: ``"shared"`` (no winner) or
#: ``"first_dealer"`` (the First Dealer Tie Breaker).
FINALS: tuple[str, ...] = ("shared", "first_dealer")


def first_dealer_tie_option(source: Source | None, note: str = "") -> Option:
    """The family's "First Dealer Tie Breaker" option (key :data:`FIRST_DEALER_TIE`):
    off, a game tied on both keys is shared; on, the first dealer wins it if among the
    tied players, else the tied player nearest the first dealer's right. A game lists it
    among its options with its own source."""
    return Option(FIRST_DEALER_TIE, False, (False, True),
                  "First Dealer Tie Breaker: a game still tied after the usual keys goes to "
                  "the player who dealt the first round", source,
                  note=note or "The text names only the first dealer; when the tied players "
                  "do not include them, we give the game to the tied player nearest the "
                  "first dealer's right (the first in play order), as the Dealer Tie "
                  "Breaker does for a round.")


def final_rule(rules: Any) -> str:
    """``"first_dealer"`` if the rules (with ``options`` as key-value pairs) switch on
    :data:`FIRST_DEALER_TIE`, else ``"shared"``."""
    return ("first_dealer" if dict(getattr(rules, "options", ())).get(FIRST_DEALER_TIE)
            else "shared")


def check_game_end(name: str, by: str, target_score: int | None, *,
                   rounds: int | None = 12, floor_score: int | None = None,
                   race_tie_break: Sequence[str] = (),
                   yaku_keys: Collection[str] | None = None,
                   win_streak: tuple[int, int] | None = None) -> None:
    """Refuse a game end that cannot work, with the reason (:class:`OptionError`):

    * a game won both by rounds won and by the first total to reach a target (the two
      say different players win);
    * no round limit (``rounds=None``) with neither a target nor a floor: it never ends;
    * a round count below 1;
    * a race tie break without a race, or naming a yaku the game does not have
      (``yaku_keys``: the keys of its chart, when it has one).
    """
    if by not in RANKINGS:
        raise OptionError(f"a game is ranked by {' or '.join(RANKINGS)}, not {by!r}")
    if by == "tokens" and target_score is not None:
        raise OptionError(f"{name}: counting tokens (the most tokens wins) and a race to "
                          f"{target_score} points (the first to reach it wins) are two ways "
                          "to win the game; choose one")
    if by == "rounds" and target_score is not None:
        raise OptionError(f"{name}: counting rounds (the most rounds won wins) and a race "
                          f"to {target_score} points (the first to reach it wins) are two "
                          "ways to win the game; choose one")
    if rounds is None and target_score is None and floor_score is None and win_streak is None:
        raise OptionError(f"{name}: a game with no round limit needs a target score or a "
                          "floor score (or a run of wins) to end it")
    if win_streak is not None and (
            len(win_streak) != 2 or any(isinstance(x, bool) or not isinstance(x, int)
                                        for x in win_streak)
            or win_streak[0] < 1 or win_streak[1] < 0):
        raise OptionError(f"{name}: a run of wins is (rounds in a row >= 1, margin >= 0), "
                          f"not {win_streak!r}")
    if rounds is not None and (isinstance(rounds, bool) or not isinstance(rounds, int)
                               or rounds < 1):
        raise OptionError(f"{name}: a game has 1 round or more (or None: no limit), not "
                          f"{rounds!r}")
    if race_tie_break and target_score is None:
        raise OptionError(f"{name}: a race tie break decides between players over a target "
                          "score; this game has no target")
    unknown = [k for k in race_tie_break if yaku_keys is not None and k not in yaku_keys]
    if unknown:
        raise OptionError(f"{name}: the race tie break names {', '.join(unknown)}, not a "
                          f"yaku of this game (its yaku: {', '.join(sorted(yaku_keys or ()))})")


# ---------------------------------------------------------------------------
# A run of round wins ends the game (Hachi (Simplified) and Hachi, BOOK ch. 19-20:
# "two consecutive rounds by 20 points or more"). ``CaptureRules.win_streak`` is
# (rounds in a row, margin); the engine then keeps each seat's current run in
# ``State.wins`` (so the run travels with the scores between rounds and in records).

def streak_runs(runs: Sequence[int], points: Sequence[int], winner: int | None,
                margin: int) -> tuple[int, ...]:
    """Each seat's run of round wins by ``margin`` or more after a round with these
    ``points`` and this ``winner`` (None: a tied round): the winner's run grows by one
    if it won by the margin (else it is 0), every other run is 0.

    >>> streak_runs((1, 0), (151, 126), 0, 20), streak_runs((1, 0), (131, 126), 0, 20)
    ((2, 0), (0, 0))
    """
    out = [0] * len(runs)
    if winner is not None:
        second = max((v for p, v in enumerate(points) if p != winner), default=0)
        if points[winner] - second >= margin:
            out[winner] = runs[winner] + 1
    return tuple(out)


def streak_winner(rounds: Iterable[Sequence[int]], needed: int, margin: int
                  ) -> tuple[int, int] | None:
    """Who first wins ``needed`` rounds in a row, each by ``margin`` or more, over the
    rounds' scores (one tuple per round): (seat, index of that round), or None. A round
    with a shared best score has no winner and breaks every run.

    >>> streak_winner([(153, 133), (151, 126)], 2, 20)      # BOOK ch. 19's example
    (0, 1)
    >>> streak_winner([(153, 133), (130, 140), (151, 126)], 2, 20) is None
    True
    """
    runs: tuple[int, ...] = ()
    for i, pts in enumerate(rounds):
        runs = runs or (0,) * len(pts)
        best = max(pts)
        leaders = [p for p, v in enumerate(pts) if v == best]
        runs = streak_runs(runs, pts, leaders[0] if len(leaders) == 1 else None, margin)
        if max(runs) >= needed:
            return runs.index(max(runs)), i
    return None


def game_ends(totals: Sequence[int], round_no: int, *, rounds: int | None = 12,
              target: int | None = None, floor: int | None = None) -> bool:
    """Whether the game is over after round ``round_no`` with these totals: the agreed
    rounds are played (``rounds``; None, no limit), a total is at or over ``target``,
    or a total is at or below ``floor``, whichever comes first.

    >>> game_ends((120, 40), 6, rounds=12), game_ends((120, 40), 12, rounds=12)
    (False, True)
    >>> game_ends((610, 420), 4, rounds=None, target=600)
    True
    """
    if target is not None and max(totals) >= target:
        return True
    if floor is not None and min(totals) <= floor:
        return True
    return rounds is not None and round_no >= rounds


#: How a round whose best score is shared is decided: ``"none"``, nobody wins it (the
#: capture basics' drawn round; the same dealer deals again); ``"dealer_then_play_order"``,
#: the dealer wins if tied, else the first tied seat after the dealer in play order
#: (Hana-Awase 1's Dealer Tie Breaker, BOOK l. 995; Min-Hwatu, l. 1781-1785);
#: ``"lighter_burden"``, the tied seat carrying the lighter point burden this round (B14:
#: Sudaoshi, our reading of BOOK l. 4253).
ROUND_TIES: tuple[str, ...] = ("none", "dealer_then_play_order", "lighter_burden")


def round_winner(points: Sequence[int], dealer: int, tie: str = "none",
                 burdens: Sequence[int] | None = None,
                 teams: Sequence[int] | None = None) -> int | None:
    """The seat that wins a round with these scores (one per seat, in seat order), the
    tie rule ``tie`` (one of :data:`ROUND_TIES`) deciding a shared best score.

    Play goes counterclockwise, so the player on the dealer's right plays next: "nearest
    to the dealer's right" is the first tied seat in ``dealer, dealer + 1, ...``.
    ``"lighter_burden"`` reads ``burdens`` (each seat's point burden this round, B14).

    >>> round_winner((30, 50, 20), dealer=0), round_winner((50, 50, 20), dealer=0) is None
    (1, True)
    >>> round_winner((50, 20, 50), 1, "dealer_then_play_order")   # seat 2 plays after 1
    2
    >>> round_winner((50, 20, 50), 0, "dealer_then_play_order")   # the dealer is tied
    0
    >>> round_winner((50, 20, 50), 0, "lighter_burden", (120, 100, 110))
    2

    With ``teams`` (the side of each seat, B6) partners share their side's score: a best
    score held by one side alone wins for it, and its seat first in play order from the
    dealer is the round's winner (who deals next).

    >>> round_winner((40, 70, 40, 70), 0, teams=(0, 1, 0, 1)), round_winner(
    ...     (40, 70, 40, 70), 2, teams=(0, 1, 0, 1))
    (1, 3)
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
    if teams and len({teams[s] for s in tied}) == 1:
        return next(s for s in ((dealer + k) % n for k in range(n)) if points[s] == best)
    if tie == "none":
        return None
    if tie == "lighter_burden":
        if burdens is None or len(burdens) != n:
            raise OptionError("a tie decided by the lighter point burden needs each seat's "
                              f"burden ({n} of them), not {burdens!r}")
        return min(tied, key=lambda s: burdens[s])
    return next(s for s in ((dealer + k) % n for k in range(n)) if points[s] == best)


# ---------------------------------------------------------------------------
# B14: the rotating point burden (Sudaoshi, BOOK 4249, 4253, 4259, 4263, 4273). Each seat
# carries a burden, its par for the round; the burdens, lightest first, are
# ``CaptureRules.burdens``. Round 1 gives them from the dealer in play order; after each
# round the winner takes the lightest and deals, the others follow by their round
# scores, a tie going to the lighter burden carried this round.

def first_burdens(scale: Sequence[int], dealer: int) -> tuple[int, ...]:
    """Each seat's burden in the first round: the dealer the lightest, then each seat in
    play order the next (``scale`` lightest first, one value per seat).

    >>> first_burdens((100, 110, 120), 1)       # seat 1 deals: seat 2 is on its right
    (120, 100, 110)
    """
    n = len(scale)
    if not 0 <= dealer < n:
        raise OptionError(f"the dealer is a seat from 0 to {n - 1}, not {dealer}")
    out = [0] * n
    for k, value in enumerate(scale):
        out[(dealer + k) % n] = value
    return tuple(out)


def next_burdens(points: Sequence[int], burdens: Sequence[int],
                 winner: int | None = None) -> tuple[int, ...]:
    """Each seat's burden in the next round: the round's ``winner`` (if any) takes the
    lightest, then the seats by their round ``points``, highest first, a tie ranked by
    the burden carried this round, lighter first; the heaviest goes to the lowest score.

    The rulebook's example (A 100, B 110, C 120; scores -41, -62, 103):

    >>> next_burdens((-41, -62, 103), (100, 110, 120))
    (110, 120, 100)
    >>> next_burdens((20, 20, -40), (110, 100, 120))      # tied: the lighter ranks first
    (110, 100, 120)
    """
    n = len(points)
    if len(burdens) != n:
        raise OptionError(f"one point burden per seat: {n} scores, {len(burdens)} burdens")
    order = sorted(range(n), key=lambda s: (s != winner, -points[s], burdens[s]))
    out = [0] * n
    for seat, value in zip(order, sorted(burdens)):
        out[seat] = value
    return tuple(out)


def rounds_won(winners: Iterable[int | None], players: int) -> tuple[int, ...]:
    """Rounds won by each seat, from each round's winner (None: nobody won it)."""
    wins = [0] * players
    for w in winners:
        if w is not None:
            wins[w] += 1
    return tuple(wins)


def _key(totals: Sequence[int], wins: Sequence[int], by: str, seat: int) -> tuple[int, int]:
    # ``wins``: rounds won, or tokens under "tokens" (the first key either way)
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


class GameDecision(NamedTuple):
    """Who wins a game and what decided it: ``how`` is ``"first key"`` (the ranking's
    first key alone), ``"second key"`` (tied on the first, the second decided),
    ``"first dealer"`` (tied on both: the First Dealer Tie Breaker gives it to the first
    dealer), ``"nearest the first dealer"`` (the same, to the tied player nearest the
    first dealer's right), ``"streak"`` (a run of round wins), ``"race"``
    (several over the target: the yaku ``yaku`` held in the final round decided, or
    the higher total when ``yaku`` is ""), or ``"shared"`` (``winner`` None)."""

    winner: int | None
    how: str
    yaku: str = ""


def race_contenders(totals: Sequence[int], target: int | None, keys: Sequence[str],
                    final_yaku: Sequence[Collection[str]] | None) \
        -> tuple[tuple[int, ...], str] | None:
    """The seats a race tie break leaves in contention, and the yaku key that decided
    ("" when none did): when two or more totals are at or over ``target``, the first
    key of ``keys`` that one of them holds in the final round's pile (``final_yaku``:
    the yaku keys of each seat) keeps its holders; none held, every seat over the
    target stays (the higher total then decides). None when there is nothing to
    decide (no race, no keys, fewer than two over the target).

    >>> race_contenders((640, 610, 200), 600, ("four_dry_brights", "seven_ribbons"),
    ...                 [set(), {"seven_ribbons"}, {"four_dry_brights"}])
    ((1,), 'seven_ribbons')
    """
    if target is None or not keys:
        return None
    over = tuple(s for s in range(len(totals)) if totals[s] >= target)
    if len(over) < 2:
        return None
    if final_yaku is None or len(final_yaku) != len(totals):
        raise ValueError("a race tie break needs the final round's yaku of every seat")
    for key in keys:
        holders = tuple(s for s in over if key in final_yaku[s])
        if holders:
            return holders, key
    return over, ""


def decide(totals: Sequence[int], wins: Sequence[int], by: str = "points", *,
           final: str = "shared", first_dealer: int | None = None,
           among: Sequence[int] | None = None) -> GameDecision:
    """The game's winner under the ranking ``by`` among the seats ``among`` (all by
    default), a tie on both keys settled by ``final`` (one of :data:`FINALS`; the
    First Dealer Tie Breaker needs ``first_dealer``, the seat that dealt first).

    >>> decide((10, 30), (3, 3), "rounds")
    GameDecision(winner=1, how='second key', yaku='')
    >>> decide((50, 20, 50), (2, 2, 2), final="first_dealer", first_dealer=1)
    GameDecision(winner=2, how='nearest the first dealer', yaku='')
    """
    n = len(totals)
    if len(wins) != n:
        raise ValueError("one total and one count of rounds won per seat")
    if final not in FINALS:
        raise OptionError(f"a tied game ends {' or '.join(FINALS)}, not {final!r}")
    seats = tuple(range(n)) if among is None else tuple(among)
    if not seats or any(not 0 <= s < n for s in seats):
        raise ValueError(f"the seats in contention are seats from 0 to {n - 1}")
    keys = {s: _key(totals, wins, by, s) for s in seats}
    best = max(keys.values())
    tied = [s for s in seats if keys[s] == best]
    if len(tied) == 1:
        first = max(keys[s][0] for s in seats)
        alone = sum(1 for s in seats if keys[s][0] == first) == 1
        return GameDecision(tied[0], "first key" if alone else "second key")
    if final == "shared":
        return GameDecision(None, "shared")
    if first_dealer is None or not 0 <= first_dealer < n:
        raise OptionError("the First Dealer Tie Breaker needs the seat that dealt first "
                          f"(0 to {n - 1}), not {first_dealer!r}")
    if first_dealer in tied:
        return GameDecision(first_dealer, "first dealer")
    return GameDecision(next(s for s in ((first_dealer + k) % n for k in range(n))
                             if s in tied), "nearest the first dealer")


def game_winner(totals: Sequence[int], wins: Sequence[int], by: str = "points", *,
                final: str = "shared", first_dealer: int | None = None,
                among: Sequence[int] | None = None) -> int | None:
    """The seat that wins the game under the ranking ``by``; None when the first place
    is shared (tied on both keys, and ``final="shared"``). See :func:`decide`."""
    return decide(totals, wins, by, final=final, first_dealer=first_dealer,
                  among=among).winner


def decide_game(rules: Any, totals: Sequence[int], wins: Sequence[int], *,
                first_dealer: int | None = None,
                final_yaku: Sequence[Collection[str]] | None = None,
                round_points: Sequence[Sequence[int]] | None = None) -> GameDecision:
    """The winner of a finished capture game under its rules: the ranking
    (:func:`ranked_by`), the First Dealer Tie Breaker (:func:`final_rule`) and the race
    tie break (``rules.race_tie_break`` over ``rules.target_score``, read in
    ``final_yaku``, each seat's yaku keys in the final round). Under a run of wins
    (``rules.win_streak``) the seat that made the run wins, read in ``round_points``
    (each round's scores); without a run (the round limit came first) the ranking."""
    streak = getattr(rules, "win_streak", None)
    if streak is not None and round_points:
        made = streak_winner(round_points, *streak)
        if made is not None:
            return GameDecision(made[0], "streak")
    race = race_contenders(totals, getattr(rules, "target_score", None),
                           tuple(getattr(rules, "race_tie_break", ())), final_yaku)
    among = race[0] if race else None
    teams = getattr(rules, "teams", None)
    if teams and among is None:     # B6: partners share a total; one seat stands for a side
        among = tuple(s for s in range(len(totals)) if teams.index(teams[s]) == s)
    by = ranked_by(rules)
    if by == "tokens":          # B5: the first key is the tokens, read from every round
        wins = tokens_won(round_points or (), len(totals), teams=teams)
    decision = decide(totals, wins, by, final=final_rule(rules),
                      first_dealer=first_dealer, among=among)
    if race and decision.winner is not None and (race[1] or len(race[0]) > 1):
        return GameDecision(decision.winner, "race", race[1])
    return decision


def final_line(totals: Sequence[int], wins: Sequence[int], by: str,
               who: Sequence[str], decision: GameDecision | None = None,
               yaku_names: Mapping[str, str] | None = None,
               teams: Sequence[int] | None = None) -> str:
    """The end of a game in words, for a game log: each player's rounds won and total
    (in the order the ranking reads them), then who wins the game and on what
    (``decision``: by default the plain ranking's; ``yaku_names`` names a race tie
    break's yaku).

    >>> final_line((120, -120), (2, 4), "rounds", ["Ann", "Bo"])
    'Rounds won: Ann 2, Bo 4; final scores: Ann 120, Bo -120; Bo wins the game on rounds won'

    With ``teams`` (the side of each seat, B6) a side wins, named by its players:

    >>> final_line((5, 9, 5, 9), (0,) * 4, "points", ["A", "B", "C", "D"],
    ...            decide((5, 9, 5, 9), (0,) * 4, among=(0, 1)), teams=(0, 1, 0, 1))
    'Final scores: A 5, B 9, C 5, D 9; B and D win the game'
    """
    n = len(totals)
    scores = "final scores: " + ", ".join(f"{who[p]} {totals[p]}" for p in range(n))
    if by in ("rounds", "tokens"):
        text = (("Rounds won: " if by == "rounds" else "Tokens: ")
                + ", ".join(f"{who[p]} {wins[p]}" for p in range(n)) + "; " + scores)
    else:
        text = scores[0].upper() + scores[1:]
    decision = decision or decide(totals, wins, by)
    winner = decision.winner
    if winner is None:
        return text + "; the game is shared"
    if decision.how in ("first dealer", "nearest the first dealer"):
        return text + f"; tied, {who[winner]} wins the game as " + (
            "the first dealer" if decision.how == "first dealer"
            else "the tied player nearest the first dealer's right") + \
            " (First Dealer Tie Breaker)"
    if decision.how == "race":
        if decision.yaku:
            name = (yaku_names or {}).get(decision.yaku, decision.yaku)
            return text + (f"; several players passed the target: {who[winner]} wins the "
                           f"game with {name} in the last round")
        return text + (f"; several players passed the target: {who[winner]} wins the game "
                       "on the higher total")
    if decision.how == "streak":
        return text + f"; {who[winner]} wins the game with a run of round wins"
    if by == "points" and teams:        # B6: the winner's side, every partner named
        return text + f"; {winners_text(winner, who, teams)} the game"
    if by == "points":      # as every points game has always said it
        return text + f"; {who[winner]} wins the game"
    what = "rounds won" if by == "rounds" else "tokens"
    return text + f"; {who[winner]} wins the game on " + (
        what if decision.how == "first key" else f"the total, tied on {what}")
