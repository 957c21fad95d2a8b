"""Variants: the house rules of UNO DUO as typed, declared parameters.

A :class:`Variant` is an immutable value with a stable ``name``, the ``base`` it derives from and its
resolved :class:`Rules`. The built-in variants live in :data:`VARIANTS`; users add their own as TOML
files (``base = "uno-duo"`` plus overrides under ``[rules]``). Every parameter declares its default (the
UNO DUO reading of docs/rules.md), a one-line description and the rule ids it changes, so that a verdict
can say which rules it applied and a variant run can tell which scenarios are affected.
"""

from __future__ import annotations

import dataclasses
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, get_args, get_origin

from referee.engine.errors import UnknownVariant, VariantError
from referee.engine.quoting import json_kind, quoted


def _param(default: Any, description: str, rules: tuple[str, ...]) -> Any:
    return field(default=default, metadata={"description": description, "rules": rules})


@dataclass(frozen=True, slots=True)
class Rules:
    """Every parameter of the game, with the UNO DUO reading as default."""

    deck: Literal["112", "108"] = _param(
        "112", "the deck: 112 cards (with 4 Wild Custom) or the classic 108", ("DECK-1", "DECK-2", "LOG-3"))
    start: Literal["draft", "deal"] = _param(
        "draft", "how hands are made: the UNO DUO draft, or a plain deal of 7 each (the cut then decides the "
        "first dealer)", ("CUT-1", "DRAFT-1", "DRAFT-2", "DRAFT-3", "DRAFT-4", "DRAFT-5", "DRAFT-6", "DRAFT-7"))
    action_points: int = _param(10, "points of a Skip, Reverse or Draw 2 left in hand",
                                ("SCORE-2",))
    wild_points: int = _param(15, "points of a Wild or Wild Custom left in hand",
                              ("SCORE-2",))
    wild_draw_4_points: int = _param(20, "points of a Wild Draw 4 left in hand",
                                     ("SCORE-2",))
    scoring: Literal["own-hand", "opponent-hand"] = _param(
        "own-hand", "who scores a round: the player left with cards scores them (UNO DUO), or the player "
        "who went out scores the opponent's cards (classic)", ("SCORE-1",))
    target_score: int = _param(200, "the score that ends the game", ("GAME-1", "GAME-2"))
    reaching_target: Literal["loses", "wins"] = _param(
        "loses", "whether the player who reaches the target loses (UNO DUO) or wins (classic)", ("GAME-2",))
    volley: bool = _param(True, "whether a Draw 2 may be answered with a Draw 2 (the volley)",
                          ("D2-1", "D2-2", "D2-3", "D2-4"))
    wild_draw_4_answers_volley: bool = _param(
        False, "whether a Wild Draw 4 may answer a Draw 2 volley (adding 4 to it)", ("WD4-7", "D2-2"))
    turned_up_draw_2_answerable: bool = _param(
        False, "whether the first player may answer a turned-up Draw 2 with a Draw 2", ("START-3",))
    reverse_dump: bool = _param(
        True, "whether a Reverse lets its player lay every card of its colour", (
            "REV-1", "REV-2", "REV-3", "REV-4", "START-6"))
    reverse_skips: bool = _param(
        False, "whether a Reverse acts as a Skip (its player goes again), as in classic two-player UNO; a "
        "turned-up Reverse then acts as a turned-up Skip", ("REV-5", "START-6"))
    challenge: Literal["any-playable", "current-colour", "none"] = _param(
        "any-playable", "the Wild Draw 4 challenge: any other playable card makes it a bluff (WD4-6), only "
        "a card of the current colour does (classic), or no challenge at all",
        ("WD4-3", "WD4-4", "WD4-5", "WD4-6"))
    bluff_draw: int = _param(4, "cards a caught bluffer draws after a won challenge", ("WD4-4",))
    failed_challenge_draw: int = _param(6, "cards the challenger draws after a lost challenge", ("WD4-5",))
    uno_penalty: int = _param(2, "cards a player caught without saying UNO draws", ("UNO-2",))
    refill: Literal["turn-over", "shuffle"] = _param(
        "turn-over", "how the discards become the new draw pile: turned over (oldest on top) or "
        "shuffled (the log records the new order)", ("REFILL-1", "LOG-2"))
    final_draw: bool = _param(
        True, "whether a going-out Draw 2 or Wild Draw 4 is still drawn before scoring", ("END-2",))

    def to_dict(self) -> dict[str, Any]:
        """Every parameter by name, JSON-ready."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}

    def changed_from(self, other: Rules) -> dict[str, tuple[Any, Any]]:
        """The parameters whose values differ from ``other``'s, as ``name: (other's, ours)``."""
        return {f.name: (getattr(other, f.name), getattr(self, f.name))
                for f in dataclasses.fields(self) if getattr(self, f.name) != getattr(other, f.name)}

    def affected_rules(self, other: Rules | None = None) -> frozenset[str]:
        """The rule ids whose behaviour differs from ``other`` (default: UNO DUO's rules)."""
        changed = self.changed_from(other or DEFAULT_RULES)
        return frozenset(r for name in changed for r in PARAMETERS[name].rules)


@dataclass(frozen=True, slots=True)
class Parameter:
    """A declared parameter: its name, type (as text), default, allowed values, description, rules."""

    name: str
    type: str
    default: Any
    choices: tuple[Any, ...] | None
    description: str
    rules: tuple[str, ...]


def _declare() -> dict[str, Parameter]:
    params = {}
    hints = {"bool": bool, "int": int, "str": str}
    for f in dataclasses.fields(Rules):
        annotation = f.type if not isinstance(f.type, str) else eval(f.type, {"Literal": Literal}, hints)
        if get_origin(annotation) is Literal:
            kind, choices = "choice", get_args(annotation)
        else:
            kind, choices = annotation.__name__, None
        params[f.name] = Parameter(f.name, kind, f.default, choices, f.metadata["description"],
                                   f.metadata["rules"])
    return params


#: Every parameter's declaration, by name, in declaration order.
PARAMETERS: dict[str, Parameter] = _declare()

DEFAULT_RULES = Rules()


def _check_value(param: Parameter, value: Any, where: str) -> Any:
    if param.type == "choice":
        if value not in param.choices:
            allowed = ", ".join(quoted(c) for c in param.choices)
            raise VariantError(f"{where}: parameter {quoted(param.name)} must be one of {allowed}, "
                               f"not {quoted(value)}")
    elif param.type == "bool":
        if not isinstance(value, bool):
            raise VariantError(f"{where}: parameter {quoted(param.name)} must be true or false, not {quoted(value)}")
    elif param.type == "int" and (isinstance(value, bool) or not isinstance(value, int)
                                  or not 0 <= value <= 100_000):
        raise VariantError(f"{where}: parameter {quoted(param.name)} must be a whole number "
                           f"from 0 to 100000, not {quoted(value)}")
    return value


def make_rules(overrides: Mapping[str, Any], base: Rules = DEFAULT_RULES, where: str = "variant") -> Rules:
    """``base`` with ``overrides`` applied; :class:`VariantError` names an unknown or mistyped parameter."""
    if not isinstance(overrides, Mapping):
        raise VariantError(f"{where}: rules must be a table of parameters, not {json_kind(overrides)}")
    for name, value in overrides.items():
        if name not in PARAMETERS:
            known = ", ".join(PARAMETERS)
            raise VariantError(f"{where}: unknown parameter {quoted(name)} (known: {known})")
        _check_value(PARAMETERS[name], value, where)
    return dataclasses.replace(base, **overrides)


@dataclass(frozen=True, slots=True)
class Variant:
    """A named rule set: ``name`` (its stable key), the ``base`` it was derived from, its ``rules``."""

    name: str
    rules: Rules = DEFAULT_RULES
    base: str | None = None
    description: str = ""

    def to_dict(self) -> dict[str, Any]:
        """The variant as a verdict and the service show it: name, base, every parameter resolved."""
        return {"name": self.name, "base": self.base, "description": self.description,
                "rules": self.rules.to_dict()}

    def to_spec(self) -> dict[str, Any]:
        """The object form a log can carry to name this variant anywhere: its changes from UNO DUO."""
        changed = {name: ours for name, (_, ours) in self.rules.changed_from(DEFAULT_RULES).items()}
        return {"base": "uno-duo", "name": self.name, "rules": changed}

    def to_log(self) -> str | dict[str, Any]:
        """The log's ``variant`` field for a game played under this variant (self-play's and a live table's
        alike): a built-in's name, else the object form of its changes from UNO DUO."""
        if VARIANTS.get(self.name) == self:
            return self.name
        changed = {name: ours for name, (_, ours) in self.rules.changed_from(DEFAULT_RULES).items()}
        return {"base": "uno-duo", "rules": changed}

    def derive(self, name: str, overrides: Mapping[str, Any], description: str = "") -> Variant:
        """A new variant: this one with ``overrides``."""
        return Variant(name, make_rules(overrides, self.rules, where=f"variant {quoted(name)}"), self.name,
                       description)


UNO_DUO = Variant("uno-duo", DEFAULT_RULES, None, "UNO DUO as its makers wrote it: each player drafts seven "
                  "cards, a Draw 2 may be answered with a Draw 2, a Reverse lays the rest of its colour")

#: The built-in variants by name.
VARIANTS: dict[str, Variant] = {v.name: v for v in (
    UNO_DUO,
    UNO_DUO.derive("uno-duo-108", {"deck": "108"}, "UNO DUO with the classic 108-card deck"),
    UNO_DUO.derive("uno-duo-classic-challenge", {"challenge": "current-colour"},
                   "UNO DUO where a Wild Draw 4 is a bluff only if its player held the current colour"),
    UNO_DUO.derive("classic-duel", {
        "deck": "108", "start": "deal", "volley": False, "reverse_dump": False, "reverse_skips": True,
        "action_points": 20, "wild_points": 50, "wild_draw_4_points": 50, "scoring": "opponent-hand",
        "target_score": 500, "reaching_target": "wins", "challenge": "current-colour",
    }, "classic two-player UNO: a deal of 7, Reverse as Skip, no volley, no dump, first to 500 wins"),
)}


#: The names of the built-in variants.
BUILT_IN = frozenset(VARIANTS)


def load_variant_file(path: str | Path) -> Variant:
    """A variant from a TOML file: ``name``, ``base`` (default ``uno-duo``), ``description``, ``[rules]``."""
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise VariantError(f"cannot read variant file {str(path)!r}: {exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise VariantError(f"variant file {str(path)!r} is not valid TOML: {exc}") from None
    unknown = set(data) - {"name", "base", "description", "rules"}
    if unknown:
        raise VariantError(f"variant file {str(path)!r}: unknown key(s) {', '.join(sorted(unknown))}")
    name = str(data.get("name", path.stem))
    if name in BUILT_IN:
        # a file's rules under a built-in's name would be read (and reported) as the built-in's
        raise VariantError(f"variant file {str(path)!r} is named {name!r}, the name of a built-in variant: "
                           f"give it a name of its own (built in: {', '.join(sorted(BUILT_IN))})")
    base = get_variant(str(data.get("base", "uno-duo")))
    return base.derive(name, data.get("rules", {}), str(data.get("description", "")))


def register(variant: Variant) -> Variant:
    """Add a user's variant to the registry, so that logs can name it; a built-in name is refused.

    Registering the same definition again (a second app in one process) is harmless."""
    if variant.name in BUILT_IN:
        raise VariantError(f"variant {variant.name!r} is built in and cannot be redefined")
    known = VARIANTS.get(variant.name)
    if known is not None and known != variant:
        raise VariantError(f"variant {variant.name!r} is already registered with other rules")
    VARIANTS[variant.name] = variant
    return variant


def load_variant_dir(directory: str | Path) -> list[Variant]:
    """Register every ``*.toml`` variant in ``directory`` (in name order) and return them."""
    return [register(load_variant_file(path)) for path in sorted(Path(directory).glob("*.toml"))]


def load_configured_variants(environ: Mapping[str, str] | None = None) -> list[Variant]:
    """Register the variants of the directories named by ``REFEREE_VARIANTS_DIR`` (``:``-separated)."""
    import os

    dirs = (environ if environ is not None else os.environ).get("REFEREE_VARIANTS_DIR", "")
    return [v for d in dirs.split(os.pathsep) if d for v in load_variant_dir(d)]


def get_variant(name: str) -> Variant:
    """The built-in variant of that name, or the variant in a ``.toml`` file at that path."""
    if name in VARIANTS:
        return VARIANTS[name]
    if isinstance(name, str) and name.endswith(".toml"):
        return load_variant_file(name)
    raise UnknownVariant(f"unknown variant {name!r} (built in: {', '.join(VARIANTS)})")


def variant_of(variant: str | Variant | None) -> Variant:
    """The variant a game is played under: a :class:`Variant`, a built-in's name or a ``.toml`` file
    (:func:`get_variant`), or None for UNO DUO."""
    if variant is None:
        return UNO_DUO
    if isinstance(variant, Variant):
        return variant
    return get_variant(variant)


def resolve_variant(spec: str | Mapping[str, Any] | Variant | None) -> Variant:
    """The variant a log names: a name, the object form ``{"base": ..., "rules": {...}}``, or None."""
    if spec is None:
        return UNO_DUO
    if isinstance(spec, Variant):
        return spec
    if isinstance(spec, str):
        if spec in VARIANTS:
            return VARIANTS[spec]
        raise UnknownVariant(f"unknown variant {quoted(spec)} (built in: {', '.join(VARIANTS)})")
    if isinstance(spec, Mapping):
        return _from_object(spec)
    raise VariantError(f"a variant is a name or an object, not {json_kind(spec)}")


_OBJECT_KEYS = ("base", "rules", "name")


def _from_object(spec: Mapping[str, Any]) -> Variant:
    """The object form ``{"base": name, "rules": {...}, "name": text}``; every key optional, no other."""
    for key in spec:
        if key not in _OBJECT_KEYS:
            raise VariantError(f"a variant object has only base, rules and name, not {quoted(key)}")
    base = spec.get("base", "uno-duo")
    if not isinstance(base, str):
        raise VariantError(f"a variant's base is a variant's name, not {json_kind(base)}")
    name = spec.get("name", "")
    if "name" in spec and not (isinstance(name, str) and name):
        raise VariantError(f"a variant's name is a non-empty string, not {quoted(name)}")
    chosen = resolve_variant(base)
    return chosen.derive(name or f"{chosen.name}+custom", spec.get("rules", {}))


def parameters_markdown() -> str:
    """docs/variants.md, generated from the declarations (a test keeps the file equal to it)."""
    lines = [
        "# Variants and their parameters",
        "",
        "<!-- Generated by `referee parameters --markdown`; do not edit by hand. -->",
        "",
        "A variant is a name, the variant it derives from, and a value for every parameter below. The defaults",
        "are UNO DUO as docs/rules.md reads it. A log names a variant (`\"variant\": \"uno-duo-108\"`) or",
        "overrides parameters (`\"variant\": {\"base\": \"uno-duo\", \"rules\": {\"volley\": false}}`). Users add",
        "variants as TOML files (see `variants/`); `REFEREE_VARIANTS_DIR` makes the CLI and the service load",
        "them, and `pytest --variant NAME|FILE` runs the rulebook under one.",
        "",
        "## Parameters",
        "",
        "| parameter | type | default | rules affected | description |",
        "|---|---|---|---|---|",
    ]
    for p in PARAMETERS.values():
        kind = " / ".join(f"`{c}`" for c in p.choices) if p.choices else p.type
        default = str(p.default).lower() if isinstance(p.default, bool) else p.default
        lines.append(f"| `{p.name}` | {kind} | `{default}` | {', '.join(p.rules)} | {p.description} |")
    lines += ["", "## Built-in variants", "", "| variant | changes from uno-duo | description |", "|---|---|---|"]
    for v in (VARIANTS[name] for name in sorted(BUILT_IN)):
        changes = ", ".join(f"`{k}` = `{str(new).lower() if isinstance(new, bool) else new}`"
                            for k, (_, new) in v.rules.changed_from(DEFAULT_RULES).items()) or "—"
        lines.append(f"| `{v.name}` | {changes} | {v.description} |")
    return "\n".join(lines) + "\n"
