"""The scripts of ``tools/`` as modules, for the tests that call their functions (the
folder is not a package: each script is loaded from its file)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

TOOLS = Path(__file__).resolve().parent.parent / "tools"


def tool_module(name: str, module_name: str | None = None) -> ModuleType:
    """``tools/<name>.py`` loaded as a module (named ``module_name``, default ``name``);
    each call loads it afresh."""
    spec = importlib.util.spec_from_file_location(module_name or name, TOOLS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
