"""Koi-Koi engine benchmark: random rounds per second and microseconds per yaku score.

Run:  python benchmarks/bench_koikoi.py [--rounds N] [--scores N] [--preset book] [--repeat N]

Figures (one core, printed at the end):
* rounds/s, fast loop: fast_random_round (random agents choosing uniformly among
  the legal actions, Koi-Koi/Stop included, yaku checked after every capture).
* rounds/s, agents: the readable path (PlayerView + RandomPlayer + apply).
* us/score: the per-pile yaku evaluation on bitmasks, cached and uncached.
* s/hint: one Coach.advise (every legal move, reasons included) on seeded
  mid-round positions (a real deal after 3 to 9 random moves, the player to act
  holding a card), mean and slowest.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from tqdm import tqdm

from hanafuda_core.coach import Coach
from hanafuda_core.engines.capture import (Phase, apply, fast_random_round, legal_actions,
                                           new_round, view)
from hanafuda_core.games.koikoi import get_rules
from hanafuda_core.players import RandomPlayer, play_round


def bench_fast(rules, n: int, seed: int = 1) -> float:
    rng = random.Random(seed)
    t0 = time.process_time()
    for _ in tqdm(range(n), desc="fast random rounds", file=sys.stderr, mininterval=0.5):
        fast_random_round(rules, rng)
    return n / (time.process_time() - t0)


def bench_agents(rules, n: int, seed: int = 2) -> float:
    rng = random.Random(seed)
    agents = (RandomPlayer(), RandomPlayer())
    t0 = time.process_time()
    for _ in tqdm(range(n), desc="agent rounds", file=sys.stderr, mininterval=0.5):
        play_round(new_round(rules, rng), agents, rng)
    return n / (time.process_time() - t0)


def random_piles(n: int, seed: int = 3) -> list[int]:
    rng = random.Random(seed)
    piles = []
    for _ in range(n):
        k = rng.randrange(2, 25)
        m = 0
        for c in rng.sample(range(48), k):
            m |= 1 << c
        piles.append(m)
    return piles


def bench_scores(rules, n: int) -> tuple[float, float]:
    table = rules.yaku
    piles = random_piles(n)
    # uncached: the raw evaluation of each pile
    evaluate = table._fns[0]          # the generated evaluator behind quick(), no cache
    t0 = time.process_time()
    for m in tqdm(piles, desc="uncached scores", file=sys.stderr, mininterval=0.5):
        evaluate(m, 0)
    uncached = (time.process_time() - t0) / n * 1e6
    quick = table.quick
    for m in piles:
        quick(m)
    t0 = time.process_time()
    for m in piles:
        quick(m)
    cached = (time.process_time() - t0) / n * 1e6
    return uncached, cached


def mid_round_positions(rules, n: int, seed: int = 4) -> list:
    """Seeded mid-round positions: a deal plus 3-9 random moves, the player to act in PLAY."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        state = new_round(rules, rng, len(out) % 2)
        steps = rng.randrange(3, 10)
        while not state.is_terminal:
            if state.phase == Phase.PLAY and steps <= 0:
                out.append(state)
                break
            legal = legal_actions(state)
            state = apply(state, RandomPlayer().choose(view(state, state.player), legal, rng))
            steps -= 1
    return out


def bench_coach(rules, n: int, samples: int) -> tuple[float, float]:
    """Seconds per coach hint over ``n`` positions: (mean, slowest)."""
    coach = Coach(samples=samples, seed=0)
    times = []
    for state in tqdm(mid_round_positions(rules, n), desc="coach hints", file=sys.stderr,
                      mininterval=0.5):
        v = view(state, state.player)
        legal = legal_actions(state)
        t0 = time.process_time()
        coach.advise(v, legal)
        times.append(time.process_time() - t0)
    return sum(times) / len(times), max(times)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=20000)
    ap.add_argument("--scores", type=int, default=200000)
    ap.add_argument("--preset", default="book")
    ap.add_argument("--hints", type=int, default=40, help="mid-round positions for the coach")
    ap.add_argument("--samples", type=int, default=48, help="coach samples per hint")
    ap.add_argument("--repeat", type=int, default=1,
                    help="run the fast loop N times (same seed) and print the best")
    args = ap.parse_args(argv)
    rules = get_rules(args.preset)
    fast = max(bench_fast(rules, args.rounds) for _ in range(max(1, args.repeat)))
    agents = bench_agents(rules, max(1, args.rounds // 10))
    uncached, cached = bench_scores(rules, args.scores)
    hint_mean, hint_max = bench_coach(rules, args.hints, args.samples)
    rows = [
        ("random rounds/s (fast loop)" + (f", best of {args.repeat}" if args.repeat > 1 else ""),
         f"{fast:,.0f}", ">= 10,000"),
        ("random rounds/s (views + agents + apply)", f"{agents:,.0f}", "-"),
        ("us per pile score (uncached)", f"{uncached:.2f}", "< 2"),
        ("us per pile score (cached)", f"{cached:.2f}", "< 2"),
        (f"s per coach hint ({args.samples} samples, mean)", f"{hint_mean:.3f}", "< 1"),
        (f"s per coach hint ({args.samples} samples, slowest)", f"{hint_max:.3f}", "< 1"),
    ]
    w = max(len(r[0]) for r in rows)
    print(f"Koi-Koi benchmark, preset {args.preset!r}, Python {sys.version.split()[0]}")
    print(f"{'figure'.ljust(w)}  {'measured':>28}  target")
    for name, value, target in rows:
        print(f"{name.ljust(w)}  {value:>28}  {target}")


if __name__ == "__main__":
    main()
