"""The OpenAPI 3.1 description of the service, generated from the marshmallow schemas.

The top-level ``openapi.yaml`` is this module's output, committed; a test fails when they drift.
Regenerate it with::

    .venv/bin/python -m referee.service.openapi > openapi.yaml
"""

from __future__ import annotations

import sys
from typing import Any

from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin

from referee import __version__
from referee.service import schemas
from referee.variants import VARIANTS

_DESCRIPTION = """\
The UNO DUO referee replays a version-1 game log (docs/log-format.md) and rules on it, rule by
rule. A well-formed log always gets 200 and a verdict, legal or illegal; a log that is not well
formed gets 422 with every problem and its JSON pointer, exactly as the engine's reader states them
(the library and the command line give the same problems). The request schemas give a log's shape;
rules of form that span fields (every name is one of the two players, a wild and only a wild carries a
colour, ...) are stated in the field descriptions and checked by the reader. Every error is RFC 9457
`application/problem+json`, every response carries `X-Request-Id`.
"""

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


def _paths() -> dict[str, dict]:
    path_name = {"name": "name", "in": "path", "required": True, "schema": {"type": "string"}}
    path_id = {"name": "rule_id", "in": "path", "required": True, "schema": {"type": "string"}}
    return {
        "/v1/adjudications": {"post": {
            "operationId": "adjudicate", "summary": "Judge a game log",
            "description": "200 with the verdict for every well-formed log, legal or illegal.",
            "requestBody": {"required": True, "content": {"application/json": {
                "schema": {"$ref": "#/components/schemas/GameLog"}}}},
            "responses": {
                "200": _json("the verdict", "Verdict"),
                "400": _problem("the body is not valid JSON"),
                "413": _problem("too large: body bytes, JSON nesting, rounds or events"),
                "415": _problem("the body is not declared application/json"),
                "422": _problem("not a well-formed version-1 log: every problem, with a pointer"),
            }}},
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
        "/docs": {"get": {
            "operationId": "docs", "summary": "Interactive documentation (Swagger UI)",
            "responses": {"200": {"description": "an HTML page",
                                  "content": {"text/html": {"schema": {"type": "string"}}}}}}},
    }


def build_spec() -> APISpec:
    """The service's OpenAPI 3.1 description."""
    plugin = MarshmallowPlugin(schema_name_resolver=_schema_name)
    spec = APISpec(title="UNO DUO referee", version=__version__, openapi_version="3.1.0",
                   plugins=[plugin], info={"description": _DESCRIPTION,
                                           "license": {"name": "MIT", "identifier": "MIT"}})
    plugin.converter.add_attribute_function(_union_fields)
    for name, schema in _COMPONENTS.items():
        if name not in spec.components.schemas:  # nested ones register with their parent
            spec.components.schema(name, schema=schema)
    for path, operations in _paths().items():
        spec.path(path, operations=operations)
    return spec


def spec_yaml() -> str:
    """The description as YAML text, exactly as committed in ``openapi.yaml``."""
    return build_spec().to_yaml()


def main() -> None:
    """Print the description: ``python -m referee.service.openapi > openapi.yaml``."""
    sys.stdout.write(spec_yaml())


if __name__ == "__main__":
    main()
