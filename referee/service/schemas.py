"""Marshmallow schemas: the version-1 game log (the request) and the verdict (the response).

The request schemas say what a *well-formed* log is (docs/log-format.md, with the ``setup``
extension); whether the game it records is legal is the engine's business. Unknown fields are
refused everywhere (marshmallow's default RAISE), types are strict (no ``"yes"`` for true, no
``1.9`` for 1), and checks that span fields (a wild needs a colour, names must be the two players)
are schema validators, so one load reports every problem. The response schemas document the
verdict; they tolerate added fields, because version 1 may gain fields.
"""

from __future__ import annotations

from typing import Any

from marshmallow import (
    INCLUDE,
    Schema,
    ValidationError,
    fields,
    validate,
    validates,
    validates_schema,
)

from referee.cards import Card, Kind, parse_card
from referee.errors import UnknownCard
from referee.rules import RULES
from referee.variants import PARAMETERS, VARIANTS

FORMAT = "uno-duo-log/1"
COLORS = ("red", "yellow", "green", "blue")
EVENT_TYPES = ("play", "dump", "draw", "challenge", "uno", "catch")

#: Messages whose problem a rule of the game expresses (docs/rulings.md): message -> rule id.
RULE_OF_MESSAGE = {}
TWO_PLAYERS = "a game has exactly two players"
RULE_OF_MESSAGE[TWO_PLAYERS] = "DECK-1"


# -------------------------------------------------------------------------------------------------
# Fields


class StrictBoolean(fields.Boolean):
    """A JSON ``true`` or ``false``, nothing else (marshmallow's Boolean takes ``"yes"``, ``1``)."""

    def _deserialize(self, value: Any, attr, data, **kwargs) -> bool:
        if not isinstance(value, bool):
            raise self.make_error("invalid", input=value)
        return value


class CardField(fields.String):
    """A card as a code (``R7``, ``b+2``) or a long name (``red 7``), case-insensitive.

    Loads a :class:`~referee.cards.Card`, so that cross-field checks can ask whether it is a wild.
    """

    def __init__(self, **kwargs):
        kwargs.setdefault("metadata", {"description": "a card code (R7, B+2, W+4) or name (red 7)",
                                       "examples": ["R7"]})
        super().__init__(**kwargs)

    def _deserialize(self, value: Any, attr, data, **kwargs) -> Card:
        text = super()._deserialize(value, attr, data, **kwargs)
        try:
            return parse_card(text)
        except UnknownCard:
            raise ValidationError(f"unknown card {text!r} (a code like 'R7', 'GS', 'B+2', 'W+4' "
                                  "or a name like 'red 7', 'wild draw 4')") from None


class ColorField(fields.String):
    """A chosen colour: ``red``, ``yellow``, ``green`` or ``blue``."""

    def __init__(self, **kwargs):
        kwargs.setdefault("validate", validate.OneOf(COLORS, error="unknown colour {input!r} "
                                                                   "(red, yellow, green or blue)"))
        super().__init__(**kwargs)


class PlayerMap(fields.Dict):
    """A JSON object keyed by player names; value errors are reported under the key itself.

    marshmallow's Dict nests value errors as ``{key: {"value": [...]}}``; JSON keys are always
    strings, so there are no key errors, and unwrapping gives pointers that match the document.
    """

    def _deserialize(self, value: Any, attr, data, **kwargs):
        try:
            return super()._deserialize(value, attr, data, **kwargs)
        except ValidationError as exc:
            messages = exc.messages
            if isinstance(messages, dict):
                messages = {k: (v.get("value", v) if isinstance(v, dict) else v)
                            for k, v in messages.items()}
            raise ValidationError(messages) from None


def _name(**kwargs) -> fields.String:
    return fields.String(validate=validate.Length(min=1), **kwargs)


def _points() -> fields.Integer:
    return fields.Integer(strict=True, validate=validate.Range(0, 100_000))


def _cards(**kwargs) -> fields.List:
    return fields.List(CardField(), **kwargs)


# -------------------------------------------------------------------------------------------------
# Variant


def _parameter_field(name: str) -> fields.Field:
    param = PARAMETERS[name]
    meta = {"description": f"{param.description} (default {param.default!r}; "
                           f"rules {', '.join(param.rules)})"}
    if param.type == "choice":
        return fields.String(validate=validate.OneOf(param.choices), metadata=meta)
    if param.type == "bool":
        return StrictBoolean(metadata=meta)
    return fields.Integer(strict=True, validate=validate.Range(0, 100_000), metadata=meta)


#: The overridable parameters of a variant, one field each, from the engine's declarations.
VariantRulesSchema = Schema.from_dict({n: _parameter_field(n) for n in PARAMETERS},
                                      name="VariantRulesSchema")

def _known_variant(value: str) -> None:
    """A registered variant: the built-ins and the user's files loaded at start (REFEREE_VARIANTS_DIR).

    Checked at request time, not frozen at import, so that variants registered later are known."""
    if value not in VARIANTS:
        raise ValidationError(f"unknown variant {value!r} (known: {', '.join(VARIANTS)})")


class VariantSpecSchema(Schema):
    """A variant as an object: a built-in ``base`` with some parameters overridden."""

    base = fields.String(validate=_known_variant, metadata={"description": "default uno-duo"})
    rules = fields.Nested(VariantRulesSchema)
    name = _name(metadata={"description": "a name for the verdict to show"})


class VariantField(fields.Field):
    """A variant: a built-in name, or the object form (:class:`VariantSpecSchema`)."""

    def _deserialize(self, value: Any, attr, data, **kwargs):
        if isinstance(value, str):
            _known_variant(value)
            return value
        if isinstance(value, dict):
            return VariantSpecSchema().load(value)
        raise ValidationError("a variant is a name or an object {base, rules, name}")


# -------------------------------------------------------------------------------------------------
# Events


class _EventSchema(Schema):
    player = _name(required=True)

    @staticmethod
    def _type(name: str) -> fields.String:
        return fields.String(required=True, validate=validate.Equal(name))


class PlayEventSchema(_EventSchema):
    """``play``: one card from hand (TURN-1); a Reverse may carry the rest of its colour (REV-1)."""

    type = _EventSchema._type("play")
    card = CardField(required=True)
    color = ColorField(metadata={"description": "the chosen colour; required with a wild only"})
    uno = StrictBoolean(load_default=False, metadata={"description": "UNO said with this play"})
    dump = _cards(metadata={"description": "with a Reverse only: the rest of its colour, in order"})

    @validates_schema(pass_original=True, skip_on_field_errors=False)
    def _check_card_extras(self, data: dict, original: dict, **kwargs) -> None:
        card = data.get("card")
        if card is None or _failed(data, original) & {"color", "dump"}:
            return  # a field that failed to load has its own problem; judging it again misleads
        errors = _wild_color_problems(card, data.get("color"), "a wild played")
        if data.get("dump") is not None and card.kind is not Kind.REVERSE:
            errors["dump"] = ["a dump goes with a Reverse only"]
        if errors:
            raise ValidationError(errors)


class DumpEventSchema(_EventSchema):
    """``dump``: the first player's all-of-one-colour play on a turned-up Reverse (START-6)."""

    type = _EventSchema._type("dump")
    cards = _cards(required=True, validate=validate.Length(min=1))
    uno = StrictBoolean(load_default=False)


class DrawEventSchema(_EventSchema):
    """``draw``: cards taken from the draw pile; ``refill`` is a shuffled new pile (REFILL-1)."""

    type = _EventSchema._type("draw")
    cards = _cards(metadata={"description": "the cards drawn; required when the round has no deck"})
    refill = _cards(metadata={"description": "the new draw pile, top first (shuffling variants)"})


class ChallengeEventSchema(_EventSchema):
    """``challenge``: answers a Wild Draw 4 instead of drawing (WD4-3)."""

    type = _EventSchema._type("challenge")


class UnoEventSchema(_EventSchema):
    """``uno``: a late UNO by the player holding one card (UNO-3)."""

    type = _EventSchema._type("uno")


class CatchEventSchema(_EventSchema):
    """``catch``: the opponent forgot UNO (UNO-2)."""

    type = _EventSchema._type("catch")


#: One schema per event type: the ``type`` field is the discriminator.
EVENT_SCHEMAS: dict[str, type[Schema]] = {
    "play": PlayEventSchema, "dump": DumpEventSchema, "draw": DrawEventSchema,
    "challenge": ChallengeEventSchema, "uno": UnoEventSchema, "catch": CatchEventSchema,
}
_EVENT_LOADERS = {name: cls() for name, cls in EVENT_SCHEMAS.items()}


class EventField(fields.Field):
    """One event, loaded by the schema its ``type`` names."""

    def _deserialize(self, value: Any, attr, data, **kwargs) -> dict:
        if not isinstance(value, dict):
            raise ValidationError("an event is an object with a player and a type")
        kind = value.get("type")
        if not isinstance(kind, str) or kind not in _EVENT_LOADERS:
            found = "missing" if kind is None else repr(kind)
            raise ValidationError({"type": [f"unknown event type {found} "
                                            f"(one of {', '.join(EVENT_TYPES)})"]})
        return _EVENT_LOADERS[kind].load(value)


# -------------------------------------------------------------------------------------------------
# Rounds


def _failed(data: dict, original: Any) -> set[str]:
    """The fields of ``original`` that failed to load (they are missing from ``data``)."""
    return set(original) - set(data) if isinstance(original, dict) else set()


def _wild_color_problems(card: Card, color: str | None, what: str) -> dict[str, list[str]]:
    if card.is_wild and color is None:
        return {"color": [f"{what} needs a chosen colour"]}
    if not card.is_wild and color is not None:
        return {"color": [f"a colour is chosen for a wild only, not for {card.code}"]}
    return {}


class PickSchema(Schema):
    """One draft pick (DRAFT-3): keep ``drew`` (``next`` is discarded) or pass it."""

    player = _name(required=True)
    drew = CardField(required=True)
    decision = fields.String(required=True, validate=validate.OneOf(("keep", "pass")))
    next = CardField(required=True)


class SetupSchema(Schema):
    """The position when the draft (or deal) is over: the ``setup`` extension."""

    hands = PlayerMap(keys=fields.String(), values=_cards(), required=True,
                    metadata={"description": "each player's hand"})
    discard = _cards(metadata={"description": "the discard pile, bottom first, top last"})
    color = ColorField(allow_none=True,
                       metadata={"description": "when the top of discard is a wild"})
    draw_pile = _cards(metadata={"description": "the known top of the draw pile, top first"})
    hidden = fields.Integer(strict=True, validate=validate.Range(0, 100_000),
                            metadata={"description": "unnamed cards under draw_pile"})
    to_act = _name(metadata={"description": "who takes the first turn (without turn_up only)"})

    @validates_schema(pass_original=True, skip_on_field_errors=False)
    def _check_color(self, data: dict, original: dict, **kwargs) -> None:
        if not isinstance(original, dict) or _failed(data, original) & {"discard", "color"}:
            return
        discard = data.get("discard") or []
        if discard:
            errors = _wild_color_problems(discard[-1], data.get("color"),
                                          "a wild on top of the discard pile")
        elif data.get("color") is not None:
            errors = {"color": ["a colour is given only when the discard pile's top is a wild"]}
        else:
            errors = {}
        if errors:
            raise ValidationError(errors)


class RoundResultSchema(Schema):
    """A claimed round result, checked by the referee (LOG-5)."""

    out = _name(required=True)
    points = PlayerMap(keys=fields.String(), values=_points(), required=True)


class RoundSchema(Schema):
    """One round: from a ``deck`` and ``draft``, or from a ``setup``; then its events."""

    first_drafter = _name()
    deck = _cards(metadata={"description": "the whole shuffled deck, top first"})
    draft = fields.List(fields.Nested(PickSchema))
    setup = fields.Nested(SetupSchema)
    turn_up = CardField()
    color = ColorField(metadata={"description": "chosen for a turned-up wild (START-7)"})
    events = fields.List(EventField())
    result = fields.Nested(RoundResultSchema)

    @validates_schema(pass_original=True, skip_on_field_errors=False)
    def _check_forms(self, data: dict, original: dict, **kwargs) -> None:
        if not isinstance(original, dict):
            return  # not an object: marshmallow said so; these validators run regardless
        failed = _failed(data, original)
        errors: dict = {}
        if "setup" in original and ("deck" in original or "draft" in original):
            errors["setup"] = ["setup excludes deck and draft"]
        if not failed & {"turn_up", "color"}:
            errors.update(_turn_up_problems(data.get("turn_up"), data.get("color")))
        if "setup" in data and "turn_up" not in failed:
            for key, problems in _setup_problems(data["setup"], "turn_up" in data).items():
                errors.setdefault(key, problems)  # "setup excludes deck and draft" says enough
        if errors:
            raise ValidationError(errors)


def _turn_up_problems(turn_up: Card | None, color: str | None) -> dict:
    if turn_up is not None:
        return _wild_color_problems(turn_up, color, "a turned-up wild")
    if color is not None:
        return {"color": ["a colour is chosen only for a turned-up wild"]}
    return {}


def _setup_problems(setup: dict, turned_up: bool) -> dict:
    if turned_up:
        problems = {}
        if setup.get("discard"):
            problems["discard"] = ["with turn_up, the discard pile starts empty"]
        for key in ("to_act", "color"):
            if key in setup:
                problems[key] = ["not given with turn_up: the turned-up card decides (START-1)"]
        return {"setup": problems} if problems else {}
    if not setup.get("discard"):
        return {"setup": {"discard": ["without turn_up, the discard pile must hold a card"]}}
    return {}


# -------------------------------------------------------------------------------------------------
# The log


class GameResultSchema(Schema):
    """A claimed game result, checked by the referee (LOG-5)."""

    winner = _name(required=True, allow_none=True)
    scores = PlayerMap(keys=fields.String(), values=_points(), required=True)


class GameLogSchema(Schema):
    """A version-1 game log (docs/log-format.md)."""

    format = fields.String(required=True, validate=validate.Equal(FORMAT))
    variant = VariantField(metadata={"description": "a variant's name, or {base, rules, name}; "
                                                    "default uno-duo"})
    players = fields.List(_name(), required=True,
                          validate=validate.Length(equal=2, error=TWO_PLAYERS),
                          metadata={"uniqueItems": True})
    cut = fields.List(PlayerMap(keys=fields.String(), values=CardField()),
                      validate=validate.Length(min=1),
                      metadata={"description": "the cuts; each maps both players to a card"})
    rounds = fields.List(fields.Nested(RoundSchema), required=True)
    result = fields.Nested(GameResultSchema)

    @validates("players")
    def _check_distinct(self, value: list[str], **kwargs) -> None:
        if len(value) == 2 and value[0] == value[1]:
            raise ValidationError("the two players must have different names")

    @validates_schema(pass_original=True, skip_on_field_errors=False)
    def _check_names(self, data: dict, original: Any, **kwargs) -> None:
        players = data.get("players")
        if not isinstance(original, dict) or not players or len(set(players)) != 2:
            return
        errors = _name_problems(original, set(players))
        if errors:
            raise ValidationError(errors)


# Where the log names a player, as paths from a round; "*" is every key, "#" every list item.
_ROUND_NAME_PATHS = (
    ("first_drafter",), ("draft", "#", "player"), ("events", "#", "player"),
    ("setup", "hands", "*"), ("setup", "to_act"), ("result", "out"), ("result", "points", "*"),
)


def _name_problems(log: dict, players: set[str]) -> dict:
    """Every name in ``log`` that is not one of ``players``, as marshmallow-shaped errors.

    Walks the raw document, not the loaded data: a list item that failed to load is missing from
    the loaded list, which would shift every later index and so every pointer.
    """
    errors: dict = {}
    for index, cut in enumerate(_list(log.get("cut"))):
        if isinstance(cut, dict) and set(cut) != players:
            errors.setdefault("cut", {})[index] = ["a cut names a card for each of the two players"]
    for index, round_ in enumerate(_list(log.get("rounds"))):
        if isinstance(round_, dict):
            for path in _ROUND_NAME_PATHS:
                _check_path(round_, path, players, errors.setdefault("rounds", {}), (index,))
            _check_hands(round_, players, errors["rounds"], index)
    result = log.get("result")
    if isinstance(result, dict):
        for path in (("winner",), ("scores", "*")):
            _check_path(result, path, players, errors, ("result",))
    if not errors.get("rounds"):
        errors.pop("rounds", None)
    return errors


def _check_hands(round_: dict, players: set[str], errors: dict, index: int) -> None:
    setup = round_.get("setup")
    hands = setup.get("hands") if isinstance(setup, dict) else None
    if isinstance(hands, dict):
        for player in sorted(players - set(hands)):
            _store(errors, (index, "setup", "hands"), f"no hand for {player!r}")


def _list(value: Any) -> list:
    return value if isinstance(value, list) else []


def _check_path(node: Any, path: tuple, players: set[str], errors: dict, where: tuple) -> None:
    step, rest = path[0], path[1:]
    if step == "#":
        items = enumerate(_list(node))
    elif step == "*":
        if isinstance(node, dict):
            for key in node:
                if key not in players:
                    _store(errors, (*where, key), f"{key!r} is not one of the two players")
        return
    else:
        items = [(step, node[step])] if isinstance(node, dict) and step in node else []
    for key, child in items:
        if rest:
            _check_path(child, rest, players, errors, (*where, key))
        elif isinstance(child, str) and child not in players:
            _store(errors, (*where, key), f"{child!r} is not one of the two players")


def _store(errors: dict, path: tuple, message: str) -> None:
    """Add ``message`` at ``path``; messages about a node and about its children can coexist."""
    for key in path[:-1]:
        node = errors.setdefault(key, {})
        if isinstance(node, list):  # "_schema" is marshmallow's key for the node's own messages
            node = errors[key] = {"_schema": node}
        errors = node
    last = errors.setdefault(path[-1], [])
    if isinstance(last, dict):
        last = last.setdefault("_schema", [])
    last.append(message)


# -------------------------------------------------------------------------------------------------
# Responses


class _Open(Schema):
    """A response object: version 1 may add fields, so clients must accept unknown ones."""

    class Meta:
        unknown = INCLUDE


class VariantSchema(_Open):
    """A variant with every parameter resolved."""

    name = fields.String(required=True)
    base = fields.String(allow_none=True)
    description = fields.String()
    rules = fields.Nested(VariantRulesSchema, required=True)


class ParameterSchema(_Open):
    """A declared variant parameter."""

    name = fields.String(required=True)
    type = fields.String(required=True, validate=validate.OneOf(("choice", "bool", "int")))
    default = fields.Raw(required=True)
    choices = fields.List(fields.Raw(), allow_none=True)
    description = fields.String()
    rules = fields.List(fields.String())


class VariantListSchema(_Open):
    """Every built-in variant, and the parameters a variant object may override."""

    variants = fields.List(fields.Nested(VariantSchema), required=True)
    parameters = fields.List(fields.Nested(ParameterSchema), required=True)


class RuleSchema(_Open):
    """A rule of the game: id, one-line title, chapter, whether it is a clarification."""

    id = fields.String(required=True, validate=validate.OneOf(list(RULES)))
    title = fields.String(required=True)
    section = fields.String(required=True)
    clarification = fields.Boolean(required=True)


class RuleListSchema(_Open):
    """Every rule, in the order of docs/rules.md."""

    rules = fields.List(fields.Nested(RuleSchema), required=True)


class ViolationSchema(_Open):
    """The first violation: where (a JSON pointer into the log), which rule, why."""

    pointer = fields.String(required=True)
    rule = fields.String(required=True)
    message = fields.String(required=True)
    context = fields.Dict(metadata={"description": "the facts of the position the ruling rests on"})
    rule_url = fields.String(metadata={"description": "the rulebook's page of the rule (on this service)",
                                       "format": "uri-reference", "examples": ["/rulebook/REV-2"]})


class RoundSummarySchema(_Open):
    """A round of the valid prefix: who went out and the points scored (null while unfinished)."""

    number = fields.Integer(required=True)
    first_drafter = fields.String(allow_none=True)
    out = fields.String(allow_none=True)
    points = fields.Dict(keys=fields.String(), values=fields.Integer(), allow_none=True)


class OwesSchema(_Open):
    """What the player to act owes."""

    kind = fields.String(required=True, validate=validate.OneOf(
        ("volley", "wild_draw_4", "turned_up", "penalty", "final")))
    cards = fields.Integer()
    rule = fields.String(allow_none=True)


class NextSchema(_Open):
    """Who acts next, what they owe, and the events open to them (as they would appear in a log)."""

    player = fields.String(required=True, allow_none=True,
                           metadata={"description": "null if the log does not tell who drafts"})
    phase = fields.String(validate=validate.OneOf(("cut", "draft", "deal", "turn_up", "play")))
    round = fields.Integer(metadata={"description": "the round to come, when it is a new one"})
    owes = fields.Nested(OwesSchema, allow_none=True)
    drawn = fields.String(allow_none=True)
    legal = fields.List(fields.Dict(), required=True)
    interjections = fields.List(fields.Dict())


class PositionSchema(_Open):
    """The last round at the end of the valid prefix, as a table would show it."""

    round = fields.Integer()
    phase = fields.String(validate=validate.OneOf(("draft", "turn_up", "play", "over")))
    hands = fields.Dict(keys=fields.String(), values=fields.List(fields.String()))
    top = fields.String(allow_none=True)
    color = fields.String(allow_none=True)
    draw_pile = fields.Integer()
    discard_pile = fields.Integer()
    uno = fields.Dict(keys=fields.String(), values=fields.String(
        validate=validate.OneOf(("none", "declared", "catchable"))))
    owes = fields.Nested(OwesSchema, allow_none=True)


class VerdictSchema(_Open):
    """The referee's ruling on a well-formed log (docs/log-format.md, "The verdict")."""

    verdict = fields.String(required=True, validate=validate.OneOf(("legal", "illegal")))
    variant = fields.Nested(VariantSchema, required=True)
    complete = fields.Boolean(required=True)
    violation = fields.Nested(ViolationSchema, required=True, allow_none=True)
    rounds = fields.List(fields.Nested(RoundSummarySchema), required=True)
    scores = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True)
    winner = fields.String(required=True, allow_none=True)
    next = fields.Nested(NextSchema, required=True, allow_none=True)
    position = fields.Nested(PositionSchema, required=True, allow_none=True)


class StepSchema(_Open):
    """One entry of the log and the position after it (``referee.walk``)."""

    pointer = fields.String(required=True, metadata={"description": "the entry's JSON pointer into the log"})
    kind = fields.String(required=True, validate=validate.OneOf(
        ("cut", "pick", "setup", "turn_up", "event", "round_result", "game_result", "other")))
    entry = fields.Raw(required=True, allow_none=True, metadata={"description": "the entry as the log writes it"})
    position = fields.Nested(PositionSchema, required=True, allow_none=True, metadata={
        "description": "after the entry; for the entry that breaks a rule, just before it"})
    to_act = fields.String(required=True, allow_none=True, metadata={"description": "who acts next"})
    scores = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True)
    violation = fields.Nested(ViolationSchema, required=True, allow_none=True,
                              metadata={"description": "set on the entry that breaks a rule (the last step)"})


class CardFaceSchema(_Open):
    """How a card is drawn: its name, colour and the sign on its face."""

    name = fields.String(required=True)
    colour = fields.String(required=True, validate=validate.OneOf(("red", "yellow", "green", "blue", "wild")))
    symbol = fields.String(required=True)


class ReplaySchema(_Open):
    """A log walked entry by entry: every step, the verdict, and every card's face by code."""

    verdict = fields.Nested(VerdictSchema, required=True)
    steps = fields.List(fields.Nested(StepSchema), required=True)
    cards = fields.Dict(keys=fields.String(), values=fields.Nested(CardFaceSchema), required=True)


class ExampleSchema(_Open):
    """An example log the service ships."""

    name = fields.String(required=True)
    url = fields.String(required=True)


class ExampleListSchema(_Open):
    """Every example log."""

    examples = fields.List(fields.Nested(ExampleSchema), required=True)


class EndpointSchema(_Open):
    """One operation of the service."""

    method = fields.String(required=True)
    path = fields.String(required=True)
    summary = fields.String()


class EndpointIndexSchema(_Open):
    """What ``GET /`` answers a client that asks for JSON."""

    name = fields.String(required=True)
    version = fields.String(required=True)
    openapi = fields.String(required=True)
    docs = fields.String(required=True)
    endpoints = fields.List(fields.Nested(EndpointSchema), required=True)


class ProblemItemSchema(_Open):
    """One problem of a request: a JSON pointer into the body and what is wrong there."""

    pointer = fields.String(required=True)
    detail = fields.String(required=True)
    rule = fields.String(allow_none=True)


class ProblemSchema(_Open):
    """An RFC 9457 problem detail (``application/problem+json``)."""

    type = fields.String(required=True)
    title = fields.String(required=True)
    status = fields.Integer(required=True)
    detail = fields.String(required=True)
    request_id = fields.String(required=True)
    errors = fields.List(fields.Nested(ProblemItemSchema))


class HealthSchema(_Open):
    """The service is up."""

    status = fields.String(required=True, validate=validate.Equal("ok"))
    version = fields.String(required=True)
