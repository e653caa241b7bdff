"""Where a random round spends its work, counted in bytecodes (deterministic).

Run:  python benchmarks/bytecodes.py [--rounds N] [--top K] [--only TEXT ...]

Timings on a shared machine move by 10-30 % from one run to the next, which hides
the few per cent a change to a hot path makes. This script counts instead: it plays
``--rounds`` seeded random rounds of each chosen row of :mod:`bench_games` (the same
games, presets, player counts and stepping through the public API: ``legal_actions()``
then ``apply()``), with a tracer that counts the bytecodes each Python function runs,
and prints per row the bytecodes a round and that count as a fraction of Koi-Koi's
(the issue's floor, 1/3, is read on time: time per bytecode differs between games by
the C work behind each one, so this fraction is an upper bound of the rate's), then
the ``--top`` functions by the bytecodes they run themselves. The same seed gives the
same counts on any machine and load, so two runs compare a change exactly (for
machine instructions, run one row under ``valgrind --tool=cachegrind``). The tracer
slows play some hundred times: a few hundred rounds suffice.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path
from types import FrameType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_games import Row, games  # noqa: E402 - the rows of the timing table

#: a function: (file name, first line, name)
Where = tuple[str, int, str]


def play(game: Row, rounds: int, seed: int) -> None:
    """``rounds`` random rounds through the public API, as bench_games plays them."""
    rng = random.Random(seed)
    rand = rng.random
    for n in range(rounds):
        state = game.deal(rng, n % game.players)
        while not state.is_terminal:
            legal = state.legal_actions()
            state = state.apply(legal[int(rand() * len(legal))])


def count(game: Row, rounds: int, seed: int = 1) -> Counter[Where]:
    """The bytecodes each function runs in ``rounds`` seeded random rounds (after a few
    rounds unmeasured, so that tables built on first use are not counted)."""
    play(game, 20, seed + 1)
    ops: Counter[Where] = Counter()

    def trace(frame: FrameType, event: str, arg: Any) -> Any:
        if event == "call":
            frame.f_trace_opcodes = True
            frame.f_trace_lines = False
        elif event == "opcode":
            code = frame.f_code
            ops[Path(code.co_filename).name, code.co_firstlineno, code.co_name] += 1
        return trace

    sys.settrace(trace)
    try:
        play(game, rounds, seed)
    finally:
        sys.settrace(None)
    del ops[Path(__file__).name, play.__code__.co_firstlineno, "play"]   # (the loop's own)
    return ops


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=200, help="random rounds per row")
    ap.add_argument("--top", type=int, default=12, help="functions listed per row")
    ap.add_argument("--only", nargs="+", default=(), metavar="TEXT",
                    help="count only the rows whose label holds one of these texts "
                         "(case-insensitive; Koi-Koi book, the baseline, is always counted)")
    args = ap.parse_args(argv)
    wanted = [t.lower() for t in args.only]
    rows = [g for g in games() if not wanted or g.label == "Koi-Koi book"
            or any(t in g.label.lower() for t in wanted)]
    rows.sort(key=lambda g: g.label != "Koi-Koi book")      # the baseline first
    base = 0.0
    for game in rows:
        ops = count(game, args.rounds)
        per_round = sum(ops.values()) / args.rounds
        base = base or per_round
        print(f"{game.label} ({game.players} players): {per_round:,.0f} bytecodes a round, "
              f"vs Koi-Koi {base / per_round:.2f}")
        for (file, line, name), n in ops.most_common(args.top):
            print(f"  {n / args.rounds:9,.0f}  {100 * n / sum(ops.values()):5.1f}%  "
                  f"{file}:{line} {name}")


if __name__ == "__main__":
    main()
