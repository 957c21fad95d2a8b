"""The README's commands, run as written, so that none can drift from the code.

Every fenced ``sh`` block is parsed into commands (a line ending in ``\\`` continues on the next) and
each is run with bash (``set -o pipefail``, so a "pipeline" that is really a list of alternatives
fails), in README order, in a scratch directory that links to the repository's files but for its own
``reports/`` (so the commands' outputs land there, not in the repository; and they must all land in
``reports/``, which git ignores, so that a clone stays clean):

- ``.venv/bin/referee serve ...`` is started first, on a free port of 127.0.0.1 (the port in every
  command is replaced by it), and stopped at the end: the ``curl`` commands run against it;
- ``curl`` must print JSON; when the README shows the answer (the ``json`` block right after), every
  ``"key": scalar`` it shows must be in the real answer;
- ``make TARGET`` is dry-run (``make -n``): the target exists (running it would install or serve);
- ``.venv/bin/pytest ...`` is not run (a nested pytest costs seconds): its paths must exist and its
  options must be ones this very session's pytest knows (the same conftest registers them);
- any other command must exit 0 (``referee judge`` may exit 1: a log in it is illegal), with no
  traceback. A run of more than 5 games is run with ``--games 5``: what is tested is that the
  command and its options work, not how long 20,000 games take.

The ``python`` blocks are run too. ``.venv`` in the scratch directory is the environment running this test.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from referee.service.config import DefaultConfig
from referee.service.validation import MAX_INTEGER_DIGITS

REPO = Path(__file__).resolve().parent.parent
README = (REPO / "README.md").read_text(encoding="utf-8")
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.MULTILINE | re.DOTALL)
#: The ports the README's commands name: make serve's and the listing's own referee serve (beside it).
README_PORTS = ("8000", "8001")
MAX_GAMES = 5


def blocks() -> list[tuple[str, str, str | None]]:
    """(language, text, the json block right after it or None) for every fenced block."""
    found = [(m.group(1), m.group(2), m.start(), m.end()) for m in FENCE.finditer(README)]
    result = []
    for i, (lang, text, _, end) in enumerate(found):
        following = found[i + 1] if i + 1 < len(found) else None
        shown = following[1] if following and following[0] == "json" and README[end:following[2]].strip() == "" \
            else None
        result.append((lang, text, shown))
    return result


def commands() -> list[tuple[str, str | None]]:
    """(command, the answer the README shows for it) for every command of the ``sh`` blocks, in order."""
    result = []
    for lang, text, shown in blocks():
        if lang != "sh":
            continue
        joined = re.sub(r"\\\n\s*", " ", text)
        lines = [line.strip() for line in joined.splitlines() if line.strip() and not line.strip().startswith("#")]
        result += [(line, shown if i == len(lines) - 1 else None) for i, line in enumerate(lines)]
    return result


def _words(command: str) -> list[str]:
    return shlex.split(command, comments=True)


def _free_port() -> str:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return str(sock.getsockname()[1])


@pytest.fixture(scope="module")
def scratch(tmp_path_factory) -> Path:
    """A directory that looks like the repository (links to its files) with this environment as .venv."""
    root = tmp_path_factory.mktemp("readme")
    for entry in REPO.iterdir():
        if entry.name not in {".git", ".venv", "reports"} and not entry.name.endswith("cache"):
            (root / entry.name).symlink_to(entry)
    (root / ".venv").symlink_to(Path(sys.prefix))
    return root


def _bash(command: str, cwd: Path, timeout: float = 120) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(cwd)}
    env.pop("REFEREE_VARIANTS_DIR", None)
    return subprocess.run(["bash", "-o", "pipefail", "-c", command], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=timeout)


def _shown_pairs(shown: str) -> list[tuple[str, object]]:
    """The ``"key": scalar`` pairs of an answer shown in the README (which elides with ``...``)."""
    pairs = re.findall(r'"([\w-]+)": ("(?:[^"\\]|\\.)*"|-?\d+|true|false|null)', shown)
    return [(key, json.loads(value)) for key, value in pairs]


def _has_pair(answer: object, key: str, value: object) -> bool:
    if isinstance(answer, dict):
        return answer.get(key, object()) == value or any(_has_pair(v, key, value) for v in answer.values())
    if isinstance(answer, list):
        return any(_has_pair(v, key, value) for v in answer)
    return False


class ReadmeServer:
    """The README's own ``referee serve`` command, started on a free port."""

    def __init__(self, command: str, port: str, cwd: Path):
        words = _words(_on_port(command, port))
        self.proc = subprocess.Popen(words, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                     start_new_session=True)
        deadline = time.monotonic() + 30
        while True:
            assert self.proc.poll() is None, f"{command!r} exited with {self.proc.returncode}"
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2)
                return
            except OSError:
                assert time.monotonic() < deadline, f"{command!r} did not answer within 30 s"
                time.sleep(0.2)

    def stop(self) -> None:
        os.killpg(self.proc.pid, signal.SIGTERM)
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()


def test_the_readme_has_commands_of_every_kind():
    kinds = {_words(command)[0] for command, _ in commands()}
    assert {"make", "curl", ".venv/bin/referee", ".venv/bin/pytest"} <= kinds, kinds
    assert any(_words(c)[1] == "serve" for c, _ in commands() if _words(c)[0] == ".venv/bin/referee")


def test_every_readme_command_runs(scratch: Path, pytestconfig):
    port = _free_port()
    before = _git_status()
    todo = commands()
    serve = next(c for c, _ in todo if _words(c)[:2] == [".venv/bin/referee", "serve"])
    server = ReadmeServer(serve, port, scratch)
    try:
        for command, shown in todo:
            if command == serve:
                continue
            _check(_on_port(command, port), shown, scratch, pytestconfig)
    finally:
        server.stop()
    _assert_nothing_left_outside_reports(scratch, before)


def _on_port(command: str, port: str) -> str:
    for readme_port in README_PORTS:
        command = command.replace(readme_port, port)
    return command


def _git_status() -> set[str] | None:
    """The checkout's changed and untracked files (git's ignore rules applied), or None without git."""
    try:
        done = subprocess.run(["git", "status", "--porcelain", "--untracked-files=all"], cwd=REPO,
                              capture_output=True, text=True, timeout=60)
    except OSError:
        return None
    return set(done.stdout.splitlines()) if done.returncode == 0 else None


def _assert_nothing_left_outside_reports(scratch: Path, before: set[str] | None) -> None:
    """The README's commands leave the checkout as they found it: what they write goes under reports/,
    which git ignores (a newcomer's clone had games.jsonl, games/, report/, site/ and more untracked)."""
    made = sorted(entry.name for entry in scratch.iterdir() if not entry.is_symlink() and entry.name != "reports")
    assert made == [], f"the README's commands wrote {made} outside reports/"
    after = _git_status()
    if before is not None and after is not None:
        assert after - before == set(), f"the README's commands changed the checkout: {after - before}"


def _check(command: str, shown: str | None, cwd: Path, pytestconfig) -> None:
    words = _words(command)
    program = words[0]
    if program == "make":
        done = _bash(f"make -n {' '.join(words[1:])}", cwd)
        assert done.returncode == 0, (command, done.stderr)
        return
    if program == ".venv/bin/pytest":
        _check_pytest(words[1:], cwd, pytestconfig)
        return
    done = _bash(re.sub(r"--games (\d+)", lambda m: f"--games {min(int(m.group(1)), MAX_GAMES)}", command), cwd)
    assert "Traceback" not in done.stderr, (command, done.stderr)
    allowed = {0, 1} if words[:2] == [".venv/bin/referee", "judge"] else {0}
    assert done.returncode in allowed, (command, done.returncode, done.stderr[-2000:])
    if program == "curl":
        answer = json.loads(done.stdout)
        for key, value in _shown_pairs(shown or ""):
            assert _has_pair(answer, key, value), (command, key, value)


def _check_pytest(arguments: list[str], cwd: Path, pytestconfig) -> None:
    """Paths exist; ``--option`` is registered (getoption raises ValueError otherwise); a value that
    names a file exists."""
    for word in arguments:
        if word.startswith("-"):
            pytestconfig.getoption(word.split("=", 1)[0])
        elif word.startswith("reports/"):
            continue  # what the run writes
        elif "/" in word or word.endswith(".py"):
            assert (cwd / word.split("::", 1)[0]).exists(), word


def test_the_python_blocks_run(scratch: Path, monkeypatch):
    codes = [text for lang, text, _ in blocks() if lang == "python"]
    assert codes
    monkeypatch.chdir(scratch)
    for code in codes:  # each block stands alone, as pasted into a fresh interpreter
        exec(compile(code, "README.md", "exec"), {"__name__": "__readme__"})


def test_the_readme_states_the_limits_in_force():
    limits = README[README.index("| limit | default |"):]
    limits = limits[:limits.index("\n\n")]
    c = DefaultConfig
    for value in (f"{c.MAX_CONTENT_LENGTH:,} bytes", f"| {c.REFEREE_MAX_ROUNDS} |", f"| {c.REFEREE_MAX_EVENTS:,} |",
                  f"| {c.REFEREE_MAX_DEPTH} |", f"| {MAX_INTEGER_DIGITS:,} |", f"| {c.REFEREE_READ_TIMEOUT:g} s |"):
        assert value in limits, value
    for setting in ("REFEREE_MAX_BODY_BYTES", "REFEREE_MAX_ROUNDS", "REFEREE_MAX_EVENTS", "REFEREE_MAX_DEPTH",
                    "REFEREE_READ_TIMEOUT"):
        assert setting in limits, setting
