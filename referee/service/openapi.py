"""The OpenAPI 3.1 description of the service, generated from the marshmallow schemas.

The top-level ``openapi.yaml`` is this module's output, committed; a test fails when they drift.
Regenerate it with::

    .venv/bin/python -m referee.service.openapi > openapi.yaml
"""

from __future__ import annotations

import copy
import sys
from typing import Any

from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin

from referee import __version__, bundled
from referee.engine.variants import VARIANTS
from referee.service import schemas, table_schemas
from referee.service.config import MIB, DefaultConfig
from referee.service.problems import TOO_LARGE_TITLE
from referee.service.validation import MAX_INTEGER_DIGITS

_DESCRIPTION = """\
The UNO DUO referee replays a version-1 game log (docs/log-format.md) and rules on it, rule by
rule. A well-formed log always gets 200 and a verdict, legal or illegal; a log that is not well
formed gets 422 with every problem and its JSON pointer, exactly as the engine's reader states them
(the library and the command line give the same problems; an answer lists the first 100 and its detail
says how many there are). The request schemas give a log's shape;
rules of form that span fields (every name is one of the two players, a wild and only a wild carries a
colour, ...) are stated in the field descriptions and checked by the reader. Every error is RFC 9457
`application/problem+json`, every response carries `X-Request-Id`.

**Live tables** (`/v1/tables`, tag *tables*): the referee at the table. `POST /v1/tables` sets a game for two
players -- a seat may be a bot's (`GET /v1/tables/styles`) -- shuffles with `secrets`, keeps every hidden card
and answers each human seat's token once (`Authorization: Bearer TOKEN`); a seat named in `invite` gets an
invitation code instead, which its guest trades once for the token (`POST /v1/tables/{table_id}/join`), so the
host never holds the guest's seat. `GET /v1/tables/{table_id}` is the seat's view (its hand, what it may do in
`legal` and `interjections`, the public history); poll it with `If-None-Match` (304 until something happens).
`POST /v1/tables/{table_id}/events` takes one decision at the view's `seq`: the engine rules at once (422 names
the rule broken; 409 a stale `seq`). After an ordinary draw the drawer is always asked to play or keep the card,
so the other seat never learns whether it was playable. Bots play at most a bounded number of decisions within
one request: a table of two bots plays on as it is polled. Once the game is over, `GET .../log` is its
`uno-duo-log/1` record, which `POST /v1/adjudications` rules on. A request to a table is at most 4 KiB, creating
tables is rate-limited per client (429), and idle tables are pruned.
"""

#: Each operation's tag: the resource it belongs to (Swagger UI groups the operations by it).
TAGS = [
    {"name": "adjudications", "description": "Judge a game log, rule by rule"},
    {"name": "replays", "description": "Walk a game log entry by entry, with the position after each"},
    {"name": "tables", "description": "Live tables: play a game the referee deals and rules as it goes"},
    {"name": "reference", "description": "The rules, the variants and the example logs"},
    {"name": "pages", "description": "Pages for people: the home page, the rulebook, the replay viewer, play"},
    {"name": "service", "description": "The service itself: liveness and this description"},
]


def _tag(path: str) -> str:
    """The tag of the operations at ``path``."""
    if path.startswith("/v1/tables"):
        return "tables"
    if path.startswith(("/v1/examples", "/v1/variants", "/v1/rules")):
        return "reference"
    if path in ("/healthz", "/openapi.yaml"):
        return "service"
    return {"/v1/adjudications": "adjudications", "/v1/replays": "replays"}.get(path, "pages")


def _limits_text() -> str:
    """The limits of a request, from the defaults themselves (each is a REFEREE_* setting)."""
    c = DefaultConfig
    return (f"Limits (defaults; each is a setting): a body of at most {c.MAX_CONTENT_LENGTH:,} bytes "
            f"({c.MAX_CONTENT_LENGTH // MIB} MiB, REFEREE_MAX_BODY_BYTES) however it is sent, with a "
            f"Content-Length or chunked; at most {c.REFEREE_MAX_ROUNDS:,} rounds (REFEREE_MAX_ROUNDS) and "
            f"{c.REFEREE_MAX_EVENTS:,} events (REFEREE_MAX_EVENTS); JSON nested at most {c.REFEREE_MAX_DEPTH} "
            f"deep (REFEREE_MAX_DEPTH); integers of at most {MAX_INTEGER_DIGITS:,} digits. The body limit "
            "is sized so that a game at the rounds and events limits fits it. Over a limit: 413, title "
            f"\"{TOO_LARGE_TITLE}\", the limit in its detail. Under `referee serve` a request must arrive "
            f"whole within {c.REFEREE_READ_TIMEOUT:g} s of its first byte (REFEREE_READ_TIMEOUT), else 408.")

_COMPONENTS = {
    "GameLog": schemas.GameLogSchema, "Round": schemas.RoundSchema, "Pick": schemas.PickSchema,
    "Setup": schemas.SetupSchema, "RoundResult": schemas.RoundResultSchema,
    "GameResult": schemas.GameResultSchema, "VariantSpec": schemas.VariantSpecSchema,
    "VariantRules": schemas.VariantRulesSchema,
    "PlayEvent": schemas.PlayEventSchema, "DumpEvent": schemas.DumpEventSchema,
    "DrawEvent": schemas.DrawEventSchema, "ChallengeEvent": schemas.ChallengeEventSchema,
    "UnoEvent": schemas.UnoEventSchema, "CatchEvent": schemas.CatchEventSchema,
    "Verdict": schemas.VerdictSchema, "Violation": schemas.ViolationSchema,
    "RoundSummary": schemas.RoundSummarySchema, "Next": schemas.NextSchema,
    "Owes": schemas.OwesSchema, "Position": schemas.PositionSchema,
    "Variant": schemas.VariantSchema, "Parameter": schemas.ParameterSchema,
    "VariantList": schemas.VariantListSchema, "Rule": schemas.RuleSchema,
    "RuleList": schemas.RuleListSchema, "Health": schemas.HealthSchema,
    "Problem": schemas.ProblemSchema, "ProblemItem": schemas.ProblemItemSchema,
    "Replay": schemas.ReplaySchema, "Step": schemas.StepSchema, "CardFace": schemas.CardFaceSchema,
    "ExampleList": schemas.ExampleListSchema, "Example": schemas.ExampleSchema,
    "EndpointIndex": schemas.EndpointIndexSchema, "Endpoint": schemas.EndpointSchema,
    **table_schemas.COMPONENTS,
}


_NAMES = {cls: name for name, cls in _COMPONENTS.items()}


def _schema_name(schema: Any) -> str:
    """Component names without the "Schema" suffix, the same whoever registers a schema first."""
    cls = schema if isinstance(schema, type) else type(schema)
    return _NAMES.get(cls) or cls.__name__.removesuffix("Schema")


def _union_fields(self, field, **kwargs) -> dict[str, Any]:
    """Describe the two fields that are unions: an event (by ``type``) and a variant."""
    if isinstance(field, schemas.EventField):
        refs = {name: self.resolve_nested_schema(cls)
                for name, cls in schemas.EVENT_SCHEMAS.items()}
        return {"oneOf": list(refs.values()),
                "discriminator": {"propertyName": "type",
                                  "mapping": {name: ref["$ref"] for name, ref in refs.items()}}}
    if isinstance(field, schemas.VariantField):
        return {"oneOf": [{"type": "string", "enum": list(VARIANTS)},
                          self.resolve_nested_schema(schemas.VariantSpecSchema)]}
    return {}


def _problem(description: str) -> dict:
    schema = {"$ref": "#/components/schemas/Problem"}
    return {"description": description,
            "content": {"application/problem+json": {"schema": schema}}}


def _json(description: str, ref: str) -> dict:
    return {"description": description,
            "content": {"application/json": {"schema": {"$ref": f"#/components/schemas/{ref}"}}}}


_NOT_FOUND = _problem("no such resource (problem+json)")

#: Request examples: the small example logs, the REV-2 one first (Swagger UI pre-fills the first).
_FIRST_EXAMPLE = "illegal-reverse-partial-dump"
_EXAMPLE_BYTES = 2_000


def _log_examples() -> dict[str, dict]:
    """Real logs from ``examples/`` as OpenAPI examples (the short ones: a whole game is 100 KB)."""
    summaries = bundled.example_summaries()
    names = sorted(bundled.example_names(), key=lambda n: n != _FIRST_EXAMPLE)
    small = [n for n in names if (bundled.examples_dir() / f"{n}.json").stat().st_size <= _EXAMPLE_BYTES]
    return {name: {"summary": summaries.get(name, name), "value": bundled.example(name)} for name in small}


def _log_body() -> dict:
    examples = {name: {"$ref": f"#/components/examples/{name}"} for name in _log_examples()}
    return {"required": True, "content": {"application/json": {
        "schema": {"$ref": "#/components/schemas/GameLog"}, "examples": examples}}}


def _html(summary: str, operation: str, description: str = "an HTML page", **more) -> dict:
    return {"get": {"operationId": operation, "summary": summary, **more, "responses": {
        "200": {"description": description, "content": {"text/html": {"schema": {"type": "string"}}}},
        **({"404": _NOT_FOUND} if more.get("parameters") else {})}}}


_LOG_ERRORS = {
    "400": _problem("the body is not valid JSON"),
    "408": _problem("the request did not arrive whole within the read timeout (`referee serve`)"),
    "413": _problem(f"a limit exceeded (title \"{TOO_LARGE_TITLE}\"): body bytes, JSON nesting, "
                    "an integer's digits, rounds or events; the detail names the limit"),
    "415": _problem("the body is not declared application/json"),
    "422": _problem("not a well-formed version-1 log: every problem, with a pointer"),
}


def _paths() -> dict[str, dict]:
    path_name = {"name": "name", "in": "path", "required": True, "schema": {"type": "string"}}
    path_id = {"name": "rule_id", "in": "path", "required": True, "schema": {"type": "string"}}
    path_page = {"name": "name", "in": "path", "required": True, "schema": {"type": "string"},
                 "examples": {"rule": {"value": "REV-2"}, "chapter": {"value": "08_reverse"}}}
    return {
        "/v1/adjudications": {"post": {
            "operationId": "adjudicate", "summary": "Judge a game log",
            "description": "200 with the verdict for every well-formed log, legal or illegal. "
                           + _limits_text(),
            "requestBody": _log_body(),
            "responses": {"200": _json("the verdict", "Verdict"), **_LOG_ERRORS}}},
        "/v1/replays": {"post": {
            "operationId": "replay", "summary": "Walk a game log entry by entry",
            "description": "Every entry the referee accepted (cuts, picks, set-ups, turned-up cards, events, "
                           "claims) with the position after it, then the entry that breaks a rule, if any, "
                           "with the position before it; the verdict; each card's face, for drawing.",
            "requestBody": _log_body(),
            "responses": {"200": _json("every step and the verdict", "Replay"), **_LOG_ERRORS}}},
        "/v1/examples": {"get": {
            "operationId": "listExamples", "summary": "The example logs",
            "responses": {"200": _json("every example log, by name", "ExampleList")}}},
        "/v1/examples/{name}": {"get": {
            "operationId": "getExample", "summary": "One example log", "parameters": [path_name],
            "responses": {"200": _json("the log", "GameLog"), "404": _NOT_FOUND}}},
        "/v1/variants": {"get": {
            "operationId": "listVariants", "summary": "The built-in variants and their parameters",
            "responses": {"200": _json("every built-in variant", "VariantList")}}},
        "/v1/variants/{name}": {"get": {
            "operationId": "getVariant", "summary": "One variant, every parameter resolved",
            "parameters": [path_name],
            "responses": {"200": _json("the variant", "Variant"), "404": _NOT_FOUND}}},
        "/v1/rules": {"get": {
            "operationId": "listRules", "summary": "Every rule with its stable id",
            "responses": {"200": _json("every rule", "RuleList")}}},
        "/v1/rules/{rule_id}": {"get": {
            "operationId": "getRule", "summary": "One rule by id (case-insensitive)",
            "parameters": [path_id],
            "responses": {"200": _json("the rule", "Rule"), "404": _NOT_FOUND}}},
        "/healthz": {"get": {
            "operationId": "health", "summary": "Liveness",
            "responses": {"200": _json("the service answers", "Health")}}},
        "/openapi.yaml": {"get": {
            "operationId": "openapi", "summary": "This description",
            "responses": {"200": {"description": "OpenAPI 3.1", "content": {
                "application/yaml": {"schema": {"type": "object"}}}}}}},
        "/docs": _html("Interactive documentation (Swagger UI)", "docs"),
        "/": {"get": {
            "operationId": "home", "summary": "The home page, or the index of the endpoints",
            "description": "A browser gets the home page; a client whose Accept prefers application/json "
                           "gets the index of the endpoints.",
            "responses": {"200": {"description": "the home page or the index", "content": {
                "text/html": {"schema": {"type": "string"}},
                "application/json": {"schema": {"$ref": "#/components/schemas/EndpointIndex"}}}}}}},
        "/rulebook": _html("The rulebook's contents", "rulebook"),
        "/rulebook/{name}": _html("One rule (by id, any case) or one chapter (by file name)", "rulebookPage",
                                  parameters=[path_page]),
        "/replay": _html("The replay viewer", "replayViewer"),
        "/play": _html("Play a game at a live table, against a bot or a friend", "playPage"),
        **table_schemas.paths(_problem, _json),
    }


def build_spec() -> APISpec:
    """The service's OpenAPI 3.1 description."""
    plugin = MarshmallowPlugin(schema_name_resolver=_schema_name)
    spec = APISpec(title="UNO DUO referee", version=__version__, openapi_version="3.1.0",
                   plugins=[plugin], info={"description": _DESCRIPTION,
                                           "license": {"name": "MIT", "identifier": "MIT"}}, tags=TAGS)
    plugin.converter.add_attribute_function(_union_fields)
    for name, schema in _COMPONENTS.items():
        if name not in spec.components.schemas:  # nested ones register with their parent
            spec.components.schema(name, schema=schema)
    for name, example in _log_examples().items():
        spec.components.example(name, example)
    spec.components.security_scheme("bearer", table_schemas.SECURITY_SCHEME)
    for path, operations in _paths().items():
        for operation in operations.values():
            operation["tags"] = [_tag(path)]
        spec.path(path, operations=operations)
    _allow_platform_fields(spec)
    return spec


def _allow_platform_fields(spec: APISpec) -> None:
    """The log's records take platforms' own fields: ``patternProperties`` beside their
    ``additionalProperties: false`` (apispec writes no such thing from a schema)."""
    records = {_schema_name(cls) for cls in _subclasses(schemas.LogRecordSchema)}
    for name, component in spec.components.schemas.items():
        if name in records:
            component["patternProperties"] = copy.deepcopy(schemas.PLATFORM_FIELDS)  # no YAML anchors


def _subclasses(cls: type) -> list[type]:
    return [sub for direct in cls.__subclasses__() for sub in (direct, *_subclasses(direct))]


def spec_yaml() -> str:
    """The description as YAML text, exactly as committed in ``openapi.yaml``."""
    return build_spec().to_yaml()


def main() -> None:
    """Print the description: ``python -m referee.service.openapi > openapi.yaml``."""
    sys.stdout.write(spec_yaml())


if __name__ == "__main__":
    main()
