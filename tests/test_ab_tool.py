"""benchmarks/ab.py: two versions timed in turns, each importing its own hanafuda_core."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def ab(tmp: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """The script run with its temporary worktrees under ``tmp`` (each test its own, so
    that tests running side by side do not see each other's)."""
    return subprocess.run([sys.executable, str(ROOT / "benchmarks" / "ab.py"), *args],
                          capture_output=True, text=True, cwd=ROOT, timeout=600,
                          env={**os.environ, "TMPDIR": str(tmp)})


def worktrees_under(tmp: Path) -> list[str]:
    """The git worktrees of this repository under ``tmp``, and what is left there."""
    listed = subprocess.run(["git", "-C", str(ROOT), "worktree", "list", "--porcelain"],
                            capture_output=True, text=True, check=True).stdout
    trees = [line.split(" ", 1)[1] for line in listed.splitlines()
             if line.startswith("worktree ") and line.split(" ", 1)[1].startswith(str(tmp))]
    return trees + [str(p) for p in tmp.iterdir()]


def test_two_checkouts_play_in_turns_and_leave_no_worktree(tmp_path):
    done = ab(tmp_path, "HEAD", "--against", "HEAD", "--game", "mushi", "--batches", "3",
              "--batch-seconds", "0.02")
    assert done.returncode == 0, done.stderr
    head, first, second, ratio = done.stdout.splitlines()
    assert head == "mushi book, 3 turns each:"
    for line in (first, second):
        name, rest = line.strip().split(": ")
        assert name == "HEAD" and float(rest.split(" rounds/s")[0].replace(",", "")) > 0
    assert ratio.strip().startswith("speed of HEAD / HEAD: ") and "quartiles" in ratio
    assert worktrees_under(tmp_path) == []


def test_an_unknown_version_is_refused_with_what_to_give(tmp_path):
    done = ab(tmp_path, "no-such-version", "--batches", "2")
    assert done.returncode != 0
    assert "cannot check out 'no-such-version'" in done.stderr
    assert "give a commit, tag or branch" in done.stderr
    assert worktrees_under(tmp_path) == []


def test_too_few_turns_are_refused(tmp_path):
    done = ab(tmp_path, "HEAD", "--batches", "1")
    assert done.returncode == 2 and "--batches must be 2 or more" in done.stderr


def test_piles_are_timed_in_microseconds_a_pile(tmp_path):
    done = ab(tmp_path, "HEAD", "--piles", "--batches", "2", "--batch-seconds", "0.02")
    assert done.returncode == 0, done.stderr
    head, first, second, ratio = done.stdout.splitlines()
    assert head == "koikoi book, 2 turns each:"
    assert first.strip().startswith("HEAD: ") and " us a pile " in first
    assert second.strip().startswith("this working tree: ") and " us a pile " in second
    assert ratio.strip().startswith("speed of this working tree / HEAD: ")


def test_piles_of_a_game_off_the_capture_engine_are_refused_with_the_reason(tmp_path):
    done = ab(tmp_path, "HEAD", "--game", "hachihachi", "--piles", "--batches", "2")
    assert done.returncode != 0
    assert "--piles scores capture piles: hachihachi's rules are not the capture engine's" \
        in done.stderr
    assert worktrees_under(tmp_path) == []
