"""Where the rulebook (``features/``) and the example logs (``examples/``) are, checkout or installed.

The package carries both under ``referee/data/``: in a checkout (and an editable install) those are
symbolic links to the repository's top-level directories, so there is one copy; a wheel or plain install
holds real copies, made by the build. ``REFEREE_FEATURES_DIR`` and ``REFEREE_EXAMPLES_DIR`` point
elsewhere (a rulebook being edited, say).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

_DATA = Path(__file__).resolve().parent / "data"


def features_dir() -> Path:
    """The rulebook's directory of ``.feature`` files."""
    return Path(os.environ.get("REFEREE_FEATURES_DIR") or _DATA / "features")


def examples_dir() -> Path:
    """The directory of example logs (``NAME.json``, each beside its ``NAME.verdict.json``)."""
    return Path(os.environ.get("REFEREE_EXAMPLES_DIR") or _DATA / "examples")


def example_names() -> list[str]:
    """The example logs' names (file stems), sorted; verdict files are not logs."""
    directory = examples_dir()
    if not directory.is_dir():
        return []
    return sorted(p.stem for p in directory.glob("*.json") if not p.name.endswith(".verdict.json"))


def example_summaries() -> dict[str, str]:
    """What each example shows, from the table of ``examples/README.md`` (name -> one line)."""
    readme = examples_dir() / "README.md"
    if not readme.is_file():
        return {}
    found = {}
    for line in readme.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 2 and cells[0].startswith("`") and cells[0].endswith(".json`"):
            found[cells[0].strip("`").removesuffix(".json")] = cells[1].replace("`", "")
    return found


def example(name: str) -> Any:
    """The parsed example log ``name``; :class:`KeyError` for a name that is not an example."""
    if name not in example_names():
        raise KeyError(name)
    return json.loads((examples_dir() / f"{name}.json").read_text(encoding="utf-8"))
