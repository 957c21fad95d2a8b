"""Marshmallow schemas: the version-1 game log (the request) and the verdict (the response).

They are the published contract: ``openapi.yaml`` is generated from them. The request schemas give a
log's *shape* -- types, enums, required fields, no unknown field but a platform's own (``x-…``), the
events as a union discriminated by ``type`` -- and judge no request: whether a log is well formed is the
engine's reader's word alone (:func:`referee.log.document.read_log`), and the service answers a refused log
with its problems.

A few rules of form span fields: every name is one of the two players, a wild and only a wild carries a
colour, ``setup`` excludes ``deck`` and ``draft``, ... JSON Schema cannot state them, so the field
descriptions say them in words and only the reader checks them. The schema is therefore the looser of the
two, by exactly those rules: every log the reader accepts, the schema accepts, and a log the schema
accepts but the reader refuses has a problem at one of the fields those rules are about (the boundary is
listed in docs/architecture.md and held by tests/service/test_service_agreement.py).

The response schemas document the verdict; they tolerate added fields, because version 1 may gain fields.
"""

from __future__ import annotations

from typing import Any

from marshmallow import INCLUDE, Schema, ValidationError, fields, pre_load, validate

from referee.engine.cards import parse_card
from referee.engine.rules import RULES
from referee.engine.variants import PARAMETERS, VARIANTS
from referee.errors import UnknownCard
from referee.log.document import EVENT_TYPES, FORMAT, is_platform_field

COLORS = ("red", "yellow", "green", "blue")

# -------------------------------------------------------------------------------------------------
# Fields


class StrictBoolean(fields.Boolean):
    """A JSON ``true`` or ``false``, nothing else (marshmallow's Boolean takes ``"yes"``, ``1``)."""

    def _deserialize(self, value: Any, attr, data, **kwargs) -> bool:
        if not isinstance(value, bool):
            raise self.make_error("invalid", input=value)
        return value


def _known_card(text: str) -> None:
    """A card the engine's own parser knows (a code or a long name, any case)."""
    try:
        parse_card(text)
    except UnknownCard as exc:
        raise ValidationError(str(exc)) from None


def _card(**kwargs) -> fields.String:
    kwargs.setdefault("metadata", {"description": "a card code (R7, B+2, W+4) or name (red 7), any case",
                                   "examples": ["R7"]})
    return fields.String(validate=_known_card, **kwargs)


def _cards(**kwargs) -> fields.List:
    return fields.List(_card(), **kwargs)


def _color(description: str) -> fields.String:
    return fields.String(validate=validate.OneOf(COLORS), metadata={"description": description})


def _player(description: str = "one of the two players", **kwargs) -> fields.String:
    return fields.String(validate=validate.Length(min=1), metadata={"description": description}, **kwargs)


def _per_player(values: fields.Field, description: str, **kwargs) -> fields.Dict:
    return fields.Dict(keys=fields.String(), values=values, metadata={"description": description},
                       **kwargs)


def _points() -> fields.Integer:
    return fields.Integer(strict=True, validate=validate.Range(0, 100_000))


def _distinct(names: list[str]) -> None:
    if len(set(names)) != len(names):
        raise ValidationError("the two players must have different names")


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

    Checked at load time, not frozen at import, so that variants registered later are known."""
    if value not in VARIANTS:
        raise ValidationError(f"unknown variant {value!r} (known: {', '.join(VARIANTS)})")


class VariantSpecSchema(Schema):
    """A variant as an object: a built-in ``base`` with some parameters overridden."""

    base = fields.String(validate=_known_variant, metadata={"description": "default uno-duo"})
    rules = fields.Nested(VariantRulesSchema)
    name = fields.String(validate=validate.Length(min=1),
                         metadata={"description": "a name for the verdict to show"})


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
# The log's records


class LogRecordSchema(Schema):
    """A record of the log (the log itself, a round, a pick, a set-up, an event, a result): its own fields,
    and any platform's own (``x-…``, accepted and ignored; in ``openapi.yaml`` as ``patternProperties``)."""

    @pre_load
    def _drop_platform_fields(self, data: Any, **kwargs) -> Any:
        if isinstance(data, dict):
            return {key: value for key, value in data.items() if not is_platform_field(key)}
        return data


#: How ``openapi.yaml`` lets every :class:`LogRecordSchema` carry platforms' own fields.
PLATFORM_FIELDS = {"^x-": {"description": "a platform's own field (a time, a move id): accepted anywhere "
                                          "in a log and ignored by the referee"}}


# -------------------------------------------------------------------------------------------------
# Events


class _EventSchema(LogRecordSchema):
    player = _player("one of the two players: who acts", required=True)

    @staticmethod
    def _type(name: str) -> fields.String:
        return fields.String(required=True, validate=validate.Equal(name))


class PlayEventSchema(_EventSchema):
    """``play``: one card from hand (TURN-1); a Reverse may carry the rest of its colour (REV-1)."""

    type = _EventSchema._type("play")
    card = _card(required=True)
    color = _color("the chosen colour: required when card is a wild, not allowed otherwise")
    uno = StrictBoolean(load_default=False, metadata={"description": "UNO said with this play"})
    dump = _cards(metadata={"description": "allowed when card is a Reverse only: the rest of its "
                                           "colour, in the order laid"})


class DumpEventSchema(_EventSchema):
    """``dump``: the first player's all-of-one-colour play on a turned-up Reverse (START-6)."""

    type = _EventSchema._type("dump")
    cards = _cards(required=True, validate=validate.Length(min=1))
    uno = StrictBoolean(load_default=False)


class DrawEventSchema(_EventSchema):
    """``draw``: cards taken from the draw pile; ``refill`` is a shuffled new pile (REFILL-1)."""

    type = _EventSchema._type("draw")
    cards = _cards(metadata={"description": "the cards drawn; required when the round has neither "
                                            "deck nor setup"})
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
    """One event, loaded by the schema its ``type`` names (the discriminator)."""

    def _deserialize(self, value: Any, attr, data, **kwargs) -> dict:
        if not isinstance(value, dict):
            raise ValidationError("an event is an object with a player and a type")
        kind = value.get("type")
        if not isinstance(kind, str) or kind not in _EVENT_LOADERS:
            raise ValidationError({"type": [f"one of {', '.join(EVENT_TYPES)}"]})
        return _EVENT_LOADERS[kind].load(value)


# -------------------------------------------------------------------------------------------------
# Rounds


class PickSchema(LogRecordSchema):
    """One draft pick (DRAFT-3): keep ``drew`` (``next`` is discarded) or pass it."""

    player = _player(required=True)
    drew = _card(required=True)
    decision = fields.String(required=True, validate=validate.OneOf(("keep", "pass")))
    next = _card(required=True)


class SetupSchema(LogRecordSchema):
    """The position when the draft (or deal) is over: the ``setup`` extension."""

    hands = _per_player(_cards(), "a hand for each of the two players, no other key", required=True)
    discard = _cards(metadata={"description": "the discard pile, bottom first, top last: empty or absent "
                                              "with turn_up, required and non-empty without it"})
    color = _color("the chosen colour: required when the top of discard is a wild, not allowed "
                   "otherwise (so never with turn_up)")
    draw_pile = _cards(metadata={"description": "the known top of the draw pile, top first"})
    hidden = fields.Integer(strict=True, validate=validate.Range(0, 100_000),
                            metadata={"description": "unnamed cards under draw_pile"})
    to_act = _player("one of the two players: who takes the first turn; not allowed with turn_up")


class RoundResultSchema(LogRecordSchema):
    """A claimed round result, checked by the referee (LOG-5)."""

    out = _player(required=True)
    points = _per_player(_points(), "a whole number for each of the two players, no other key",
                         required=True)


class RoundSchema(LogRecordSchema):
    """One round: from a ``deck`` and ``draft``, or from a ``setup``; then its events.

    A dealing variant (``start: deal``) has no draft, and a dealt round without a deck that goes on to
    turn_up or events states the hands as ``setup``."""

    first_drafter = _player("one of the two players; required in round 1 when the log has no cut")
    deck = _cards(metadata={"description": "the whole shuffled deck, top first; not with setup"})
    draft = fields.List(fields.Nested(PickSchema),
                        metadata={"description": "the picks in order ([] before the first); required, but "
                                                 "not with setup, and empty or absent when the variant "
                                                 "deals"})
    setup = fields.Nested(SetupSchema, metadata={"description": "excludes deck and draft"})
    turn_up = _card()
    color = _color("chosen for a turned-up wild (START-7): required when turn_up is a wild, not "
                   "allowed otherwise")
    events = fields.List(EventField())
    result = fields.Nested(RoundResultSchema)


# -------------------------------------------------------------------------------------------------
# The log


class GameResultSchema(LogRecordSchema):
    """A claimed game result, checked by the referee (LOG-5)."""

    winner = _player("one of the two players, or null", required=True, allow_none=True)
    scores = _per_player(_points(), "a whole number for each of the two players, no other key",
                         required=True)


class GameLogSchema(LogRecordSchema):
    """A version-1 game log (docs/log-format.md)."""

    format = fields.String(required=True, validate=validate.Equal(FORMAT))
    variant = VariantField(metadata={"description": "a variant's name, or {base, rules, name}; "
                                                    "default uno-duo"})
    players = fields.List(fields.String(validate=validate.Regexp(r"\s*\S")), required=True,
                          validate=[validate.Length(equal=2), _distinct],
                          metadata={"uniqueItems": True,
                                    "description": "exactly two distinct names (DECK-1), each with a "
                                                   "character other than a space"})
    cut = fields.List(_per_player(_card(), "a card for each of the two players, no other key"),
                      validate=validate.Length(min=1),
                      metadata={"description": "the cuts; each maps both players to a card"})
    rounds = fields.List(fields.Nested(RoundSchema), required=True)
    result = fields.Nested(GameResultSchema)


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
    order = fields.Integer(strict=True, metadata={
        "description": "where the card stands in a sorted hand: by colour, then value (the pages sort by it)"})


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
