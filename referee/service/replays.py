"""The replay endpoints: a log walked entry by entry (``POST /v1/replays``), and the example logs.

The replay viewer (``/replay``) draws what these return and holds no rule of its own: every position
comes from :func:`referee.walk.walk`, every card's name and colour from :mod:`referee.engine.cards`.
"""

from __future__ import annotations

from typing import Final

from flask import Blueprint, jsonify, url_for

from referee import bundled
from referee.engine.cards import CARDS_BY_CODE, Card, Color, Kind
from referee.i18n import DEFAULT
from referee.i18n.service import language
from referee.i18n.words import card_name
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
                    "cards": card_faces(language())})


def _step_json(step) -> dict:
    body = step.to_dict()
    body["violation"] = with_rule_url(body["violation"])
    return body


def card_faces(lang: str = DEFAULT) -> dict[str, dict[str, str | int]]:
    """Every card by code: its name (in ``lang``: the request's, for the replay viewer), colour (``wild`` for
    the wilds), the sign on its face, and ``order``: its place in a hand sorted by colour (red, yellow, green,
    blue, then the wilds) and value (the numbers, Skip, Reverse, Draw 2; Wild, Wild Draw 4, Wild Custom),
    which the pages sort hands by."""
    ranked = sorted(CARDS_BY_CODE.values(), key=_hand_order)
    place = {card: index for index, card in enumerate(ranked)}
    return {code: {"name": card_name(card, lang) if lang != DEFAULT else card.name, "colour": colour_class(card),
                   "symbol": symbol(card), "order": place[card]}
            for code, card in CARDS_BY_CODE.items()}


_COLOURS: Final = tuple(Color)
_KINDS: Final = tuple(Kind)


def _hand_order(card: Card) -> tuple[int, int, int]:
    colour = len(_COLOURS) if card.color is None else _COLOURS.index(card.color)
    return colour, _KINDS.index(card.kind), card.number or 0


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
