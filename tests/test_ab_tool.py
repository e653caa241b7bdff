"""benchmarks/ab.py: two versions timed in turns, each importing its own hanafuda_core."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def ab(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(ROOT / "benchmarks" / "ab.py"), *args],
                          capture_output=True, text=True, cwd=ROOT, timeout=600)


def worktrees() -> str:
    return subprocess.run(["git", "-C", str(ROOT), "worktree", "list"], capture_output=True,
                          text=True, check=True).stdout


def test_two_checkouts_play_in_turns_and_leave_no_worktree():
    before = worktrees()
    done = ab("HEAD", "--against", "HEAD", "--game", "mushi", "--batches", "3",
              "--batch-seconds", "0.02")
    assert done.returncode == 0, done.stderr
    head, first, second, ratio = done.stdout.splitlines()
    assert head == "mushi book, 3 turns each:"
    for line in (first, second):
        name, rest = line.strip().split(": ")
        assert name == "HEAD" and float(rest.split(" rounds/s")[0].replace(",", "")) > 0
    assert ratio.strip().startswith("speed of HEAD / HEAD: ") and "quartiles" in ratio
    assert worktrees() == before


def test_an_unknown_version_is_refused_with_what_to_give():
    before = worktrees()
    done = ab("no-such-version", "--batches", "2")
    assert done.returncode != 0
    assert "cannot check out 'no-such-version'" in done.stderr
    assert "give a commit, tag or branch" in done.stderr
    assert worktrees() == before


def test_too_few_turns_are_refused():
    done = ab("HEAD", "--batches", "1")
    assert done.returncode == 2 and "--batches must be 2 or more" in done.stderr


def test_piles_are_timed_in_microseconds_a_pile():
    done = ab("HEAD", "--piles", "--batches", "2", "--batch-seconds", "0.02")
    assert done.returncode == 0, done.stderr
    head, first, second, ratio = done.stdout.splitlines()
    assert head == "koikoi book, 2 turns each:"
    assert first.strip().startswith("HEAD: ") and " us a pile " in first
    assert second.strip().startswith("this working tree: ") and " us a pile " in second
    assert ratio.strip().startswith("speed of this working tree / HEAD: ")


def test_piles_of_a_game_off_the_capture_engine_are_refused_with_the_reason():
    before = worktrees()
    done = ab("HEAD", "--game", "hachihachi", "--piles", "--batches", "2")
    assert done.returncode != 0
    assert "--piles scores capture piles: hachihachi's rules are not the capture engine's" \
        in done.stderr
    assert worktrees() == before
