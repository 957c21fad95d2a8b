"""The package's layers point one way: the engine imports nothing above it.

Every import statement of every module of ``referee.engine`` is read off its syntax tree (also the ones inside
functions, which an import at module level would not show), and each must name the standard library, a
dependency, or ``referee.engine`` itself; never ``referee.log``, ``referee.play``, ``referee.tables``,
``referee.service``, ``referee.report``, ``referee.rulebook`` or a module of the package's top level
(``referee.errors``, ``referee.collector``...). An import inside ``if TYPE_CHECKING:`` is held to the same
rule. Made to fail: with ``from referee.log.quoting import quoted`` put back into ``engine/cards.py`` it
names that file, line and module; with ``from referee import errors`` inside a function of
``engine/game.py``, that one.

Within the engine, ``handlers`` (the rules that move a round) is below ``round_state`` (the round): it names
the round's class for its annotations only, never at run time, and none of the engine's modules imports a
private name of another.
"""

from __future__ import annotations

import ast
from pathlib import Path

import referee

PACKAGE = Path(referee.__file__).resolve().parent
ENGINE = PACKAGE / "engine"


def _imports(path: Path) -> list[tuple[int, str, tuple[str, ...], bool]]:
    """(line, module, names, at run time) for every import in ``path``; relative imports resolved."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    type_only: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            type_only |= {id(inner) for stmt in node.body for inner in ast.walk(stmt)}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name, (), id(node) not in type_only) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:
                base = path.relative_to(PACKAGE.parent).with_suffix("").parts[:-node.level]
                module = ".".join(base + ((module,) if module else ()))
            names = tuple(alias.name for alias in node.names)
            if module == "referee":  # ``from referee import x`` imports referee.x
                found += [(node.lineno, f"referee.{name}", (), id(node) not in type_only) for name in names]
            else:
                found.append((node.lineno, module, names, id(node) not in type_only))
    return found


def _engine_modules() -> list[Path]:
    return sorted(ENGINE.glob("*.py"))


def test_the_engine_imports_only_itself_and_below():
    wrong = [f"{path.name}:{line} imports {module}"
             for path in _engine_modules() for line, module, _, _ in _imports(path)
             if (module == "referee" or module.startswith("referee."))
             and not (module == "referee.engine" or module.startswith("referee.engine."))]
    assert not wrong, wrong


def test_no_engine_module_imports_another_s_private_names():
    wrong = [f"{path.name}:{line} takes {name} from {module}"
             for path in _engine_modules() for line, module, names, _ in _imports(path)
             if module.startswith("referee.") for name in names if name.startswith("_") and name != "__future__"]
    assert not wrong, wrong


def test_the_round_s_handlers_name_the_round_for_annotations_only():
    at_run_time = [module for _, module, _, run_time in _imports(ENGINE / "handlers.py") if run_time]
    assert "referee.engine.round_state" not in at_run_time
    # ... and the round does import them: the test above could not pass by the modules' being one.
    assert "referee.engine.handlers" in [module for _, module, _, _ in _imports(ENGINE / "round_state.py")]


def test_the_search_sees_what_it_is_made_to_refuse(tmp_path):
    """The checks above read what they claim to: an upward import at module level, one inside a function
    and one relative are all seen (a test that saw none would pass on any engine)."""
    probe = ENGINE / "cards.py"
    source = probe.read_text(encoding="utf-8")
    planted = tmp_path / "referee" / "engine" / "cards.py"
    planted.parent.mkdir(parents=True)
    planted.write_text(source + "\nfrom referee.log.quoting import quoted\n\ndef f():\n    from referee import errors\n"
                       "\nfrom ..play import chance\n", encoding="utf-8")
    global PACKAGE
    saved, PACKAGE = PACKAGE, tmp_path / "referee"
    try:
        modules = {module for _, module, _, _ in _imports(planted)}
    finally:
        PACKAGE = saved
    assert {"referee.log.quoting", "referee.errors", "referee.play"} <= modules


def test_old_import_paths_still_give_the_engine_s_own_objects():
    from referee import errors
    from referee.engine import chance as engine_chance
    from referee.engine import errors as engine_errors
    from referee.engine import position, records
    from referee.log import quoting as old_quoting
    from referee.log import records as old_records
    from referee.log import verdict
    from referee.play import chance as old_chance

    assert old_records.Play is records.Play and old_records.Pick is records.Pick
    assert verdict.Position is position.Position and verdict.Next is position.Next
    assert old_chance.shuffle is engine_chance.shuffle
    assert old_quoting.quoted.__module__ == "referee.engine.quoting"
    assert errors.UnknownCard is engine_errors.UnknownCard and errors.RefereeError is engine_errors.RefereeError
