"""Two versions' speed on this machine, measured in turns: rounds a second of one game.

Run:  python benchmarks/ab.py REV [--against REV2] [--game KEY] [--preset NAME]
                              [--players N] [--batches N] [--batch-seconds S] [--piles]

A machine of this workplace is shared, and its rate drifts: by a third between one
minute and the next, and by more than half between days (commit 4d49eb7 played 10,300 to
11,900 random Koi-Koi rounds a second on 2026-11-24, and 4,800 on 2026-11-29). So a
figure from another day, or a run made after another, says little about a change.
:mod:`instructions` counts what the processor runs instead, which does not drift; but an
instruction's time depends on the memory it touches and the branches it guesses, so
fewer instructions need not be less time. This script measures time and cancels the
drift: it checks out ``REV`` (a commit, tag or branch) in a temporary git worktree and
starts one process for it and one for this working tree (or ``--against REV2``), each
importing its own ``hanafuda_core``. The two play seeded random rounds of the same game
through the public API (``get_game(key, preset).new_round(seed=rng)``, then
``legal_actions()`` and ``apply()``, as :mod:`bench_games` does) in turns of about
``--batch-seconds`` each, timed by ``time.process_time``; both start from the same seed. It
prints each version's median rate and the median of the ratios of neighbouring turns,
with their quartiles: a ratio whose quartiles stay on one side of 1 is a real difference.
With ``--piles`` they score new random capture piles instead (2 to 24 cards of the
game's deck, made before the clock starts; :func:`~hanafuda_core.scoring.score_pile`
with the total, as the cold column of :mod:`bench_games`; not for Hachi-Hachi, whose
``game.rules`` are its own) and it prints microseconds a pile.

For example, ``python benchmarks/ab.py HEAD`` tells whether an uncommitted change is
faster, and ``python benchmarks/ab.py 4d49eb7`` compares today's engine with that commit.
The older version must have ``get_game`` and ``Game.new_round(seed=, players=, dealer=)``
(from 2026-11-24 on). Progress goes to stderr through tqdm.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from tqdm import tqdm

ROOT = Path(__file__).resolve().parent.parent

#: The worker each version runs (its own tree first on the path): it reads a number of
#: rounds (or piles) per line and answers with the process time they took.
WORKER = """
import random, sys, time
from pathlib import Path
sys.path.insert(0, sys.argv[1])
import hanafuda_core
if not Path(hanafuda_core.__file__).resolve().is_relative_to(Path(sys.argv[1]).resolve()):
    sys.exit(f"{sys.argv[1]}: hanafuda_core was imported from {hanafuda_core.__file__}")
from hanafuda_core import get_game
from hanafuda_core.engines.capture import CaptureRules
from hanafuda_core.scoring import score_pile
game = get_game(sys.argv[2], sys.argv[3])
players = int(sys.argv[4]) or game.players[0]
piles = sys.argv[5] == "piles"
rules = game.rules
if piles and not isinstance(rules, CaptureRules):
    sys.exit(f"--piles scores capture piles: {sys.argv[2]}'s rules are not the capture "
             "engine's")
deck = [int(c) for c in getattr(rules, "deck", range(48))]
rng = random.Random(1)
rand = rng.random
n = 0
for line in sys.stdin:
    if piles:       # new random piles of 2 to 24 cards, made before the clock starts
        masks = [sum(1 << c for c in rng.sample(deck, rng.randrange(2, 25)))
                 for _ in range(int(line))]
        t0 = time.process_time()
        for m in masks:
            score_pile(rules, m).total
        print(time.process_time() - t0, flush=True)
        continue
    t0 = time.process_time()
    for _ in range(int(line)):
        state = game.new_round(seed=rng, players=players, dealer=n % players)
        while not state.is_terminal:
            legal = state.legal_actions()
            state = state.apply(legal[int(rand() * len(legal))])
        n += 1
    print(time.process_time() - t0, flush=True)
"""


class Worker:
    """One version's process, playing rounds (or scoring piles) on demand."""

    def __init__(self, tree: Path, game: str, preset: str, players: int, what: str) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-c", WORKER, str(tree), game, preset, str(players), what],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=tree)

    def seconds(self, rounds: int) -> float:
        """The process time ``rounds`` rounds (or piles) took."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(f"{rounds}\n")
        self.proc.stdin.flush()
        answer = self.proc.stdout.readline()
        if not answer:
            raise SystemExit(f"a worker stopped (exit code {self.proc.wait()}); "
                             "its error is printed above")
        return float(answer)

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait()


def checkout(rev: str, tree: Path) -> Path:
    """``rev`` checked out (detached) in a new worktree at ``tree``."""
    done = subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q",
                           str(tree), rev], capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"cannot check out {rev!r}: {done.stderr.strip()} "
                         "(give a commit, tag or branch of this repository)")
    return tree


def quartiles(values: list[float]) -> tuple[float, float, float]:
    q1, q2, q3 = statistics.quantiles(values, n=4)
    return q1, q2, q3


def compare(a: Worker, b: Worker, batches: int, batch_seconds: float, warm: int
            ) -> tuple[list[float], list[float]]:
    """Rates (rounds or piles a second) of ``a`` and ``b`` over ``batches`` turns each,
    after ``warm`` unmeasured (imports, and tables built on first use); the first of
    each pair alternates, so that neither always plays after the other."""
    a.seconds(warm)
    b.seconds(warm)
    rounds = max(1, round(batch_seconds * warm / max(a.seconds(warm), 1e-6)))
    ra: list[float] = []
    rb: list[float] = []
    for i in tqdm(range(batches), desc="turns", unit="pair", file=sys.stderr):
        first, second = (a, b) if i % 2 == 0 else (b, a)
        t1, t2 = first.seconds(rounds), second.seconds(rounds)
        ta, tb = (t1, t2) if first is a else (t2, t1)
        ra.append(rounds / ta)
        rb.append(rounds / tb)
    return ra, rb


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rev", help="the version to compare with (a commit, tag or branch)")
    ap.add_argument("--against", metavar="REV2",
                    help="compare with this version instead of the working tree")
    ap.add_argument("--game", default="koikoi", help="the game's key (default koikoi)")
    ap.add_argument("--preset", default="book", help="its preset (default book)")
    ap.add_argument("--players", type=int, default=0,
                    help="players at the table (default: the game's smallest count)")
    ap.add_argument("--batches", type=int, default=40, help="turns each (default 40)")
    ap.add_argument("--batch-seconds", type=float, default=0.25,
                    help="about how long a turn lasts (default 0.25)")
    ap.add_argument("--piles", action="store_true",
                    help="score new random capture piles (score_pile(game.rules, mask)"
                         ".total, as bench_games's cold column) instead of playing rounds")
    args = ap.parse_args(argv)
    if args.batches < 2 or args.batch_seconds <= 0:
        ap.error("--batches must be 2 or more and --batch-seconds above 0")
    with tempfile.TemporaryDirectory(prefix="hanafuda-ab-") as tmp:
        trees: list[Path] = []
        workers: list[Worker] = []
        try:
            trees.append(checkout(args.rev, Path(tmp, "a")))
            trees.append(checkout(args.against, Path(tmp, "b")) if args.against else ROOT)
            what = "piles" if args.piles else "rounds"
            workers = [Worker(t, args.game, args.preset, args.players, what) for t in trees]
            ra, rb = compare(workers[0], workers[1], args.batches, args.batch_seconds,
                             2000 if args.piles else 20)
        finally:
            for w in workers:
                w.close()
            for t in trees:
                if t != ROOT:
                    subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force",
                                    str(t)], capture_output=True)
    names = [args.rev, args.against or "this working tree"]
    print(f"{args.game} {args.preset}, {args.batches} turns each:")
    for name, rates in zip(names, (ra, rb)):
        if args.piles:
            q1, q2, q3 = quartiles([1e6 / r for r in rates])
            print(f"  {name}: {q2:.2f} us a pile (quartiles {q1:.2f} to {q3:.2f})")
        else:
            q1, q2, q3 = quartiles(rates)
            print(f"  {name}: {q2:,.0f} rounds/s (quartiles {q1:,.0f} to {q3:,.0f})")
    q1, q2, q3 = quartiles([b / a for a, b in zip(ra, rb)])
    print(f"  speed of {names[1]} / {names[0]}: {q2:.3f} (quartiles {q1:.3f} to {q3:.3f})")


if __name__ == "__main__":
    main()
