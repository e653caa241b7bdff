"""benchmarks/bench_games.py: the table says which targets a row misses, and runs."""

from __future__ import annotations

import math
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_games import misses  # noqa: E402 - the script's folder, put on the path above


def test_a_share_just_under_a_third_is_a_miss_and_prints_to_three_places():
    # (4,213 of 12,852 is 0.328: two places would print 0.33, which reads as a third)
    assert misses("Hachi-Hachi d001", 4_213, 12_852, 0.4, 0.03) == [
        "Hachi-Hachi d001: 0.328 of Koi-Koi's rate, under 1/3"]
    assert misses("Hachi-Hachi d001", 4_300, 12_852, 0.4, 0.03) == []


@pytest.mark.parametrize(("row", "missed"), [
    (("Koi-Koi book", 9_500, 9_500, 0.9, 0.02), "Koi-Koi book: 9,500 rounds/s, under 10,000"),
    (("Mushi book", 9_000, 12_000, 2.0, 0.02), "Mushi book: 2.00 us a pile, not under 2"),
    (("Mushi book", 9_000, 12_000, 0.5, 1.2), "Mushi book: a hint took 1.200 s, not under 1"),
])
def test_each_target_missed_is_named_with_its_figure(row, missed):
    assert misses(*row) == [missed]


def test_a_row_without_a_hint_measured_reads_no_hint_target():
    assert misses("Mushi book", 9_000, 12_000, 0.5, math.nan) == []


def test_the_script_prints_its_table_and_its_verdict():
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "bench_games.py"),
                           "--only", "mushi book-6", "--seconds", "0.05", "--piles", "200",
                           "--hints", "1", "--samples", "4"],
                          capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    rows = {line.split("  ")[0]: line.split() for line in lines[2:4]}
    assert sorted(rows) == ["Koi-Koi book", "Mushi book-6"]
    assert rows["Koi-Koi book"][4] == "1.000"          # (Koi-Koi's share of its own rate)
    assert lines[-2].startswith("targets: ")
    assert lines[-1] == "every row meets every target" or lines[-1].startswith("missed: ")
