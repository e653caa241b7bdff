"""Hachi-Hachi speed: random rounds per second (3 players, each preset) and the
settlement of a finished round in microseconds. Run: python benchmarks/bench_hachihachi.py"""

import random
import time

from hanafuda_core.games.hachihachi_play import (
    RandomHachiHachiPlayer,
    new_hachihachi_round,
    play_round,
    round_facts,
)
from hanafuda_core.games.hachihachi_settle import settle_round


def rounds_per_second(preset: str, seconds: float = 1.5) -> float:
    rng = random.Random(1)
    agents = [RandomHachiHachiPlayer()] * 3
    n, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        play_round(new_hachihachi_round(preset, 3, rng, n % 3), agents, rng)
        n += 1
    return n / (time.perf_counter() - t0)


def settlement_us(preset: str, repeats: int = 2000) -> float:
    rng = random.Random(2)
    facts = [round_facts(play_round(new_hachihachi_round(preset, 3, rng), ["random"] * 3, rng))
             for _ in range(50)]
    t0 = time.perf_counter()
    for i in range(repeats):
        settle_round(preset, facts[i % 50])
    return (time.perf_counter() - t0) / repeats * 1e6


if __name__ == "__main__":
    for preset in ("book", "d001", "d002", "d004"):
        print(f"{preset:5s} {rounds_per_second(preset):8.0f} rounds/s (3 random players)   "
              f"settlement {settlement_us(preset):7.1f} us")
