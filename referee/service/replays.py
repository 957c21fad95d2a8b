"""The replay endpoints: a log walked entry by entry (``POST /v1/replays``), and the example logs.

The replay viewer (``/replay``) draws what these return and holds no rule of its own: every position
comes from :func:`referee.walk.walk`, every card's name and colour from :mod:`referee.engine.cards`.
"""

from __future__ import annotations

from flask import Blueprint, jsonify, url_for

from referee import bundled
from referee.engine.cards import CARDS_BY_CODE
from referee.rulebook.cardtext import colour_class, symbol
from referee.service.api import rule_on_request, verdict_json
from referee.service.links import with_rule_url
from referee.service.problems import ApiProblem
from referee.walk import Walk, walk

bp = Blueprint("replays", __name__)


@bp.post("/v1/replays")
def replay():
    """Walk a game log: every entry with the position after it, the verdict, and the cards' faces."""
    steps: Walk = rule_on_request(walk)
    return jsonify({"verdict": verdict_json(steps.verdict),
                    "steps": [_step_json(step) for step in steps],
                    "cards": card_faces()})


def _step_json(step) -> dict:
    body = step.to_dict()
    body["violation"] = with_rule_url(body["violation"])
    return body


def card_faces() -> dict[str, dict[str, str]]:
    """Every card by code: its name, colour (``wild`` for the wilds) and the sign on its face."""
    return {code: {"name": card.name, "colour": colour_class(card), "symbol": symbol(card)}
            for code, card in CARDS_BY_CODE.items()}


@bp.get("/v1/examples")
def list_examples():
    """The example logs this service ships, by name."""
    return jsonify({"examples": [{"name": name, "url": url_for("replays.get_example", name=name)}
                                 for name in bundled.example_names()]})


@bp.get("/v1/examples/<name>")
def get_example(name: str):
    """One example log, as it is in ``examples/``; 404 for another name."""
    try:
        return jsonify(bundled.example(name))
    except KeyError:
        raise ApiProblem(404, "unknown-example", "Unknown example",
                         f"no example log {name!r} (see /v1/examples)") from None
