"""Play whole games of every playable game under random rules, looking for failures.

Run:  python tools/fuzz.py [--games N | --seconds S] [--seed K] [--teach]

Each game draws a playable game of the registry, one of its presets, a random set of its
options (each option given with a chance of 3 in 10, with a value it allows) and a
player count its rules allow, then plays a whole game between random or greedy players
(``Game.play``, a few rounds) and checks what a user would do next with it: the record
goes through JSON and back unchanged, the log tells every round (``Game.log``) and the
rounds replay (``Game.replay_rounds``). With ``--teach`` it also deals single rounds and,
at every step, asks the teaching tools what they say (the prompt, the moves, the piles,
the step told in words, and now and then the coach's hint), as the app's pages do.

Rules the core refuses with its reason (an option set it cannot settle, a table these
options cannot seat) are skipped: that refusal is the behaviour the tests check. Every
other exception is a failure: the first of each kind (game, exception, line) is printed
with the call that reproduces it. The exit status is 1 if anything failed. The property
tests draw a few dozen such option sets per game at each run; this draws thousands. It
found the endless settlement of a Go-Stop round ended by the fifth Bright.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import traceback
from collections.abc import Callable
from typing import Any

from tqdm import tqdm

from hanafuda_core import get_game
from hanafuda_core.errors import OptionError, PlayerCountError
from hanafuda_core.families.capture import teaching
from hanafuda_core.play import Game, Record
from hanafuda_core.registry import entry, playable_keys

NAMES = ("You", "Ann", "Bob", "Cy", "Di", "Ed", "Flo")


def random_game(rng: random.Random) -> tuple[Game, str] | None:
    """A playable game under a random preset and options, with the call that makes it;
    None if the core refuses that option set (with its reason)."""
    key = rng.choice(playable_keys())
    preset = rng.choice(sorted(entry(key).presets()))
    options = {name: rng.choice(list(opt.allowed))
               for name, opt in get_game(key).settable_options.items() if rng.random() < 0.3}
    try:
        return get_game(key, preset, **options), f"get_game({key!r}, {preset!r}, **{options!r})"
    except OptionError:
        return None


def whole_game(game: Game, rng: random.Random) -> tuple[str, Callable[[], None]]:
    """A short whole game to play and read back: the call that plays it, and the run."""
    players = rng.randint(*game.players)
    agents = [rng.choice(["random", "greedy"])] * players
    seed = rng.randrange(1 << 30)
    rounds = _fewest_rounds(game)

    def run() -> None:
        record = game.play(agents, seed=seed, rounds=rounds)
        back = Record.from_json(record.to_json())
        assert back == record, "the record changed on its way through JSON"
        played = back.get_game()
        played.log(back)
        played.replay_rounds(back)

    return f".play({agents!r}, seed={seed}, rounds={rounds})", run


def taught_round(game: Game, rng: random.Random) -> tuple[str, Callable[[], None]]:
    """A round to deal and play at random, the teaching tools asked at every step: the
    call that deals it, and the run."""
    players = rng.randint(*game.players)
    seed = rng.randrange(1 << 30)
    names = NAMES[:players]

    def run() -> None:
        r = game.new_round(seed=seed, players=players)
        teaching.deal_words(r, names)
        steps = random.Random(seed)
        while not r.is_terminal:
            seat = r.current_player
            if seat is not None:
                teaching.prompt(r, seat, names)
                teaching.moves(r, seat, names)
                teaching.held_yaku(r, seat)
                if steps.random() < 0.03:
                    teaching.advice(r, seat, 1, names)
            teaching.status_parts(r, names)
            for p in range(players):
                r.view(p)
            legal = r.legal_actions()
            action = legal[int(steps.random() * len(legal))]
            after = r.apply(action)
            teaching.step_words(r, action, after, names)
            r = after
        teaching.result_words(r, names)
        teaching.report_words(r, names)
        game.replay(r.record())

    return f".new_round(seed={seed}, players={players})", run


def _fewest_rounds(game: Game) -> int | None:
    """The fewest rounds the game's round option allows (None: the game's own length)."""
    option = game.option_table.get(game.round_word)
    if option is None or game.round_word in game.options:
        return None
    counts = [v for v in option.allowed if isinstance(v, int) and not isinstance(v, bool)]
    return min(counts) if counts else None


def fuzz(games: int | None, seconds: float | None, seed: int, teach: bool) -> int:
    """Run the fuzzer; returns the number of distinct failures (printed as found)."""
    rng = random.Random(seed)
    draw: Callable[[Game, random.Random], tuple[str, Callable[[], None]]] = (
        taught_round if teach else whole_game)
    seen: set[tuple[Any, ...]] = set()
    end = time.monotonic() + seconds if seconds else None
    played = refused = 0
    bar = tqdm(total=games, unit="game", file=sys.stderr)
    while (games is None or played + refused < games) and (end is None or time.monotonic() < end):
        made = random_game(rng)
        bar.update()
        if made is None:
            refused += 1
            continue
        game, call = made
        how, run = draw(game, random.Random(rng.randrange(1 << 30)))
        try:
            run()
            played += 1
        except PlayerCountError:
            refused += 1            # a table these options cannot seat, refused with its reason
        except Exception as error:          # noqa: BLE001 - every other failure is a finding
            played += 1
            _report(seen, call + how, error, game.key)
    bar.close()
    print(f"{played} games played, {refused} option sets or tables refused with a reason, "
          f"{len(seen)} distinct failures")
    return len(seen)


def _report(seen: set[tuple[Any, ...]], call: str, error: BaseException, key: str) -> None:
    """Print the first failure of each kind (game, exception, line) with its call."""
    last = traceback.extract_tb(error.__traceback__)[-1]
    kind = (key, type(error).__name__, last.filename, last.lineno)
    if kind in seen:
        return
    seen.add(kind)
    print("=" * 72)
    print(call)
    print("".join(traceback.format_exception(error)[-6:]), flush=True)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=None, help="stop after N games")
    ap.add_argument("--seconds", type=float, default=None, help="stop after S seconds")
    ap.add_argument("--seed", type=int, default=0, help="the random draws' seed")
    ap.add_argument("--teach", action="store_true",
                    help="single rounds, with the teaching tools asked at every step")
    args = ap.parse_args(argv)
    if args.games is None and args.seconds is None:
        args.games = 200
    sys.exit(1 if fuzz(args.games, args.seconds, args.seed, args.teach) else 0)


if __name__ == "__main__":
    main()
