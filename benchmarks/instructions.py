"""Machine instructions a random round costs, counted by valgrind (deterministic).

Run:  python benchmarks/instructions.py [--rounds N] [--only TEXT ...]

:mod:`bytecodes` counts Python bytecodes, which leaves out the C work behind each one
(a dict copied, an object made, a tuple joined): Hachi-Hachi stood at 0.50 of
Koi-Koi by bytecodes while its rate was under 0.40. This script counts what the
processor runs instead: for each chosen row of :mod:`bench_games` it plays
``--rounds`` seeded random rounds through the public API (``legal_actions()`` then
``apply()``, as the timing table does) under ``valgrind --tool=cachegrind``, and
again with no round, and prints the difference a round and Koi-Koi's count divided
by it. The count does not depend on the machine's load, so two versions compare on a
busy machine. It does depend on CPython's string hashing, seeded at random in each
process (up to 3 % a round): the children run with ``PYTHONHASHSEED=0`` unless the
variable is set, and what is left (addresses, about 1 %) still moves it, so read a
change of 1 % or less as none. The time of an instruction differs with the memory it
touches, so the rate's fraction is lower than this one. Needs ``valgrind`` on the path;
a row takes some seconds.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_games import games  # noqa: E402 - the rows of the timing table


def _child(label: str, rounds: int) -> None:
    """Play ``rounds`` random rounds of the row ``label`` (after 30 unmeasured in both
    runs, so that tables built on first use cancel out)."""
    from bytecodes import play
    row = next(g for g in games() if g.label == label)
    play(row, 30 + rounds, 1)


def instructions(label: str, rounds: int) -> int:
    """Instructions the process runs to play ``rounds`` rounds of the row ``label``."""
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        raise SystemExit("valgrind is not installed: use benchmarks/bytecodes.py")
    out = subprocess.run(
        [valgrind, "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
         sys.executable, __file__, "--child", label, str(rounds)],
        capture_output=True, text=True, check=True,
        env={**os.environ, "PYTHONHASHSEED": os.environ.get("PYTHONHASHSEED", "0")})
    found = re.search(r"I\s+refs:\s+([\d,]+)", out.stderr)
    if found is None:
        raise SystemExit(f"no instruction count in valgrind's output:\n{out.stderr}")
    return int(found.group(1).replace(",", ""))


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=300, help="random rounds per row")
    ap.add_argument("--only", nargs="+", default=(), metavar="TEXT",
                    help="count only the rows whose label holds one of these texts "
                         "(case-insensitive; Koi-Koi book, the baseline, is always counted)")
    ap.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        _child(args.child[0], int(args.child[1]))
        return
    wanted = [t.lower() for t in args.only]
    rows = [g.label for g in games() if not wanted or g.label == "Koi-Koi book"
            or any(t in g.label.lower() for t in wanted)]
    rows.sort(key=lambda label: label != "Koi-Koi book")      # the baseline first
    base = 0.0
    for label in rows:
        per_round = (instructions(label, args.rounds) - instructions(label, 0)) / args.rounds
        base = base or per_round
        print(f"{label}: {per_round:,.0f} instructions a round, vs Koi-Koi "
              f"{base / per_round:.3f}")


if __name__ == "__main__":
    main()
