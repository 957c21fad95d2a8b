"""The JSON endpoints: adjudication, variants, rules, health."""

from __future__ import annotations

from flask import Blueprint, current_app, jsonify, request

import referee
from referee.engine.rules import RULES
from referee.engine.variants import PARAMETERS, VARIANTS
from referee.errors import MalformedLog, Problem, RefereeError
from referee.i18n.service import language, localized_rule, localized_violation
from referee.i18n.words import variant_description
from referee.service.links import with_rule_url
from referee.service.problems import ApiProblem, malformed_log
from referee.service.validation import check_limits, from_malformed, read_json

bp = Blueprint("api", __name__)


@bp.post("/v1/adjudications")
def adjudicate():
    """Judge a game log: 200 with the verdict for every well-formed log, legal or not; else 422."""
    # Through the package attribute, so the engine entry point is the one place to change.
    verdict = rule_on_request(lambda document: referee.judge(document))
    return jsonify(verdict_json(verdict))


def verdict_json(verdict) -> dict:
    """The verdict as JSON, its violation linked to the rule it breaks (``rule_url``), its message in the
    request's language."""
    body = verdict.to_dict()
    body["violation"] = with_rule_url(localized_violation(body["violation"], language()))
    return body


def rule_on_request(run):
    """Read the request's game log and return ``run(document)``; a refused log is a 422 problem.

    ``run`` is the engine entry point (:func:`referee.judge`, :func:`referee.walk.walk`). The engine's
    reader alone decides whether the log is well formed, and its problems are the answer's ``errors`` as
    they are: the same pointers, rule ids and wording as ``referee.judge`` and ``referee judge``.
    """
    config = current_app.config
    document = read_json(request, config["REFEREE_MAX_DEPTH"])
    check_limits(document, config["REFEREE_MAX_ROUNDS"], config["REFEREE_MAX_EVENTS"])
    try:
        return run(document)
    except MalformedLog as exc:
        raise from_malformed(exc) from None
    except RefereeError as exc:  # the reader reports every refusal as MalformedLog; this is a safety net
        raise malformed_log([Problem("", str(exc))]) from None


@bp.get("/v1/variants")
def list_variants():
    """Every built-in variant, resolved, and the parameters a variant object may set."""
    parameters = [{"name": p.name, "type": p.type, "default": p.default,
                   "choices": list(p.choices) if p.choices is not None else None,
                   "description": p.description, "rules": list(p.rules)}
                  for p in PARAMETERS.values()]
    lang = language()
    return jsonify({"variants": [_described(v.to_dict(), lang) for v in VARIANTS.values()],
                    "parameters": parameters})


def _described(variant: dict, lang: str) -> dict:
    """A variant (``Variant.to_dict()``) with its description in ``lang``; its name and rules unchanged."""
    return {**variant, "description": variant_description(variant["description"], lang)}


@bp.get("/v1/variants/<name>")
def get_variant(name: str):
    """One built-in variant with every parameter resolved; 404 for an unknown name."""
    variant = VARIANTS.get(name)
    if variant is None:
        raise ApiProblem(404, "unknown-variant", "Unknown variant",
                         f"no built-in variant {name!r} (built in: {', '.join(VARIANTS)})")
    return jsonify(_described(variant.to_dict(), language()))


@bp.get("/v1/rules")
def list_rules():
    """Every rule of the game with its stable id, its words in the request's language."""
    lang = language()
    return jsonify({"rules": [localized_rule(rule.to_dict(), lang) for rule in RULES.values()]})


@bp.get("/v1/rules/<rule_id>")
def get_rule(rule_id: str):
    """One rule by id (case-insensitive: ``rev-2`` is ``REV-2``); 404 for an unknown id."""
    rule = RULES.get(rule_id.upper())
    if rule is None:
        raise ApiProblem(404, "unknown-rule", "Unknown rule", f"no rule {rule_id!r}")
    return jsonify(localized_rule(rule.to_dict(), language()))


@bp.get("/healthz")
def health():
    """Liveness: the process answers."""
    return jsonify({"status": "ok", "version": referee.__version__})
