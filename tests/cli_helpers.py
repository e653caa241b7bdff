"""Running the ``hanafuda`` command in-process, for the CLI tests."""

from __future__ import annotations

import json
from typing import Any

from hanafuda_core import cli


def run(capsys: Any, *argv: str) -> tuple[int, str, str]:
    """Run ``main(argv)``; return (status, stdout, stderr)."""
    status = cli.main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def run_json(capsys: Any, *argv: str) -> Any:
    """Run with ``--json``: the command must succeed quietly; return its parsed output."""
    status, out, err = run(capsys, *argv, "--json")
    assert status == 0 and err == "", err
    return json.loads(out)
