"""Generic fixtures shared by every test folder.

Only plumbing lives here (paths, the CI flag, a folder for artefacts); fixtures about a
game or a widget belong next to the tests that use them.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

REPO_ROOT = Path(__file__).resolve().parent.parent


def running_in_ci() -> bool:
    """True under CI (``CI=true``, as CI services and ``.ci/run`` set it)."""
    return os.environ.get("CI", "").strip().lower() in {"1", "true", "yes"}


# Property tests draw new examples at every run on a developer's machine (a bug they find
# fails the run that found it, with the example to reproduce); under CI every run draws
# the same examples, so that a CI result depends on the commit alone.
settings.register_profile("ci", derandomize=True, database=None)
if running_in_ci():
    settings.load_profile("ci")


@pytest.fixture(scope="session")
def repo_root() -> Path:
    """The repository's root folder (where _config.yml and pyproject.toml are)."""
    return REPO_ROOT


@pytest.fixture(scope="session")
def in_ci() -> bool:
    return running_in_ci()


@pytest.fixture(scope="session")
def artifacts_dir() -> Path:
    """tests/_artifacts/: screenshots and logs worth keeping after a run (git-ignored)."""
    path = REPO_ROOT / "tests" / "_artifacts"
    path.mkdir(parents=True, exist_ok=True)
    return path


@pytest.fixture(scope="session")
def golden_record():
    """``check(record, name)``: a seeded game's record must equal ``tests/golden/<name>``
    and replay, round by round, to the results it holds. ``HANAFUDA_REGEN_GOLDEN=1``
    rewrites the file (after a deliberate rule change; run again without it)."""
    import json

    from hanafuda_core import get_game
    from hanafuda_core.play import Record

    def check(record: Record, name: str) -> None:
        path = REPO_ROOT / "tests" / "golden" / name
        if os.environ.get("HANAFUDA_REGEN_GOLDEN"):
            path.write_text(record.to_json() + "\n", encoding="utf-8")
        text = path.read_text(encoding="utf-8")
        assert json.loads(record.to_json()) == json.loads(text), (
            "the seeded game no longer plays as recorded; if intended, regenerate with "
            "HANAFUDA_REGEN_GOLDEN=1")
        back = Record.from_json(text)
        game = get_game(back.game, back.preset, **back.options)
        rounds = game.replay_rounds(back)
        assert [r.result().to_dict() for r in rounds] == [dict(r.outcome) for r in back.rounds]

    return check


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """With pytest-xdist (``make test`` runs ``-n 2 --dist loadgroup``), keep together what
    shares one process's state: every browser test on one worker (one Chromium, one book
    server, one Voila server for the whole suite) and each notebook's cells (nbval runs
    them in order in one kernel). Everything else is spread over the workers."""
    if not config.pluginmanager.hasplugin("xdist"):
        return
    browser_dir = REPO_ROOT / "tests" / "browser"
    for item in items:
        path = Path(str(item.path))
        if path.is_relative_to(browser_dir):
            item.add_marker(pytest.mark.xdist_group("browser"))
        elif path.suffix == ".ipynb":
            item.add_marker(pytest.mark.xdist_group(f"notebook:{path.name}"))
