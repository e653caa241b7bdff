"""Generic fixtures shared by every test folder.

Only plumbing lives here (paths, the CI flag, a folder for artefacts); fixtures about a
game or a widget belong next to the tests that use them.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent


def running_in_ci() -> bool:
    """True under CI (``CI=true``, as CI services and ``.ci/run`` set it)."""
    return os.environ.get("CI", "").strip().lower() in {"1", "true", "yes"}


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
