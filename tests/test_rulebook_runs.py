"""Whole runs of the rulebook, as people start them: through the HTTP API, and under each variant.

``pytest --through-http`` judges every scenario's log through the REST service: the service and the
engine must rule identically. ``pytest --variant NAME`` (tests/variant_run.py) runs every scenario under
the variant; scenarios of the rules it changes are reported as changed, every other one must pass. Each
run is a subprocess, started together with the others, and its summary is checked.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from referee.variants import BUILT_IN, get_variant

ROOT = Path(__file__).resolve().parent.parent
RUNS = [*sorted(BUILT_IN - {"uno-duo"}), "variants/no-volley.toml"]
# Only the plugins the rulebook needs: the run starts in a second instead of three.
ENV = {**os.environ, "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}


def _run(*args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "pytest", "tests/test_features.py", "-q", "--tb=short",
                             "-p", "no:cacheprovider", "-p", "pytest_bdd.plugin", *args],
                            cwd=ROOT, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


@pytest.fixture(scope="module")
def runs() -> dict[str, tuple[int, str]]:
    """Every variant's run, started together (they are independent processes)."""
    started = {variant: _run("--variant", variant) for variant in RUNS}
    started["http"] = _run("--through-http")
    outputs = {variant: proc.communicate(timeout=300)[0] for variant, proc in started.items()}
    return {variant: (started[variant].returncode, out) for variant, out in outputs.items()}


@pytest.mark.parametrize("variant", RUNS)
def test_the_rulebook_under_a_variant(variant: str, runs: dict) -> None:
    code, out = runs[variant]
    assert code == 0, out[-3000:]
    rows = dict(re.findall(r"^  ([A-Z]+[0-9]*-[0-9]+) +(held|changed|failed)", out, re.M))
    assert "failed" not in rows.values(), out[-3000:]
    changed = {rule for rule, status in rows.items() if status == "changed"}
    affected = get_variant(str(ROOT / variant) if variant.endswith(".toml") else variant).rules.affected_rules()
    assert changed == affected & set(rows)
    assert re.search(r"^rules: \d+ held, \d+ changed, 0 failed", out, re.M)


def test_the_rulebook_through_the_http_api(runs: dict) -> None:
    code, out = runs["http"]
    assert code == 0, out[-3000:]
    assert re.search(r"^\d{3,} passed in", out, re.M), out[-500:]


def test_an_unknown_variant_is_a_usage_error() -> None:
    proc = _run("--variant", "uno-trio")
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 4 and "uno-trio" in err
