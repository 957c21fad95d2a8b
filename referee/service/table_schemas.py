"""Marshmallow schemas of the live tables' requests and answers (``/v1/tables``), published in ``openapi.yaml``.

The request schemas are checked (:func:`load`): a body that does not fit gets 422 with a pointer per problem.
The decision inside ``event`` is described here only as an object: whether it is well formed is the engine's
word (the log reader's own checks), with pointers under ``/event``. The answer schemas tolerate added fields.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from marshmallow import EXCLUDE, Schema, ValidationError, fields, validate, validates_schema

from referee.errors import Problem
from referee.names import name_problem, same_name
from referee.service.schemas import OwesSchema, VariantField, _Open
from referee.tables.history import HISTORY_PAGE

__all__ = ["COMPONENTS", "ActSchema", "BotStyleSchema", "BotStylesSchema", "CreateTableSchema", "HistoryQuerySchema",
           "InvalidRequest", "JoinSchema", "JoinedSchema", "TableCreatedSchema", "TableViewSchema", "load"]

_NAME = fields.String(validate=validate.Length(min=1, max=200))


class CreateTableSchema(Schema):
    """A new table: the two players, optionally the variant, bot styles for seats, and a fixed seed."""

    players = fields.List(_NAME, required=True, validate=validate.Length(equal=2), metadata={
        "description": "the two players' names, different; the first is seat 0", "examples": [["Ana", "Ben"]]})
    variant = VariantField(metadata={"description": "a built-in variant's name or the object form "
                                                    "{base, rules}; UNO DUO when left out. At a live table "
                                                    "`target_score` is at most 10000 and `bluff_draw`, "
                                                    "`failed_challenge_draw` and `uno_penalty` at most 112"})
    bots = fields.Dict(keys=fields.String(), values=fields.String(), metadata={
        "description": "seats played by the service's bots: a player's name to a style "
                       "(`GET /v1/tables/styles` lists them); every other seat gets a token",
        "examples": [{"Ben": "greedy"}]})
    seed = fields.Integer(strict=True, validate=validate.Range(min=0, max=2**63 - 1), metadata={
        "description": "a fixed seed for the shuffles: only where the service allows it "
                       "(REFEREE_TABLES_ALLOW_SEED, for tests and demos); else 422"})
    invite = fields.List(_NAME, validate=validate.Length(max=2), metadata={
        "description": "human seats to invite: each gets no token in the answer but an invitation code "
                       "(`invitations`), which its guest trades once for the seat's token "
                       "(`POST /v1/tables/{table_id}/join`); a bot's seat or another name is refused",
        "examples": [["Ben"]]})


    @validates_schema
    def _names(self, data: dict, **kwargs: Any) -> None:
        """Every name the request gives: no control, lone surrogate or bidirectional control, not white space
        alone (:func:`referee.names.name_problem`); the two players different after NFC."""
        errors: dict[str, Any] = {}
        given = [("players", i, name) for i, name in enumerate(data.get("players", []))]
        given += [("invite", i, name) for i, name in enumerate(data.get("invite", []))]
        given += [("bots", name, name) for name in data.get("bots", {})]
        for field, key, name in given:
            problem = name_problem(name)
            if problem:
                errors.setdefault(field, {})[key] = [problem]
        players = data.get("players", [])
        if "players" not in errors and len(players) == 2 and same_name(*players):
            errors["players"] = {1: ["the two players' names are the same (after Unicode NFC normalisation)"]}
        if errors:
            raise ValidationError(errors)


class JoinSchema(Schema):
    """An invitation's code, traded for its seat's token (once)."""

    invitation = fields.String(required=True, validate=validate.Length(min=1, max=200), metadata={
        "description": "the code `invitations` of `POST /v1/tables` gave for the seat"})


class ActSchema(Schema):
    """One decision of the token's seat, made at the position numbered ``seq``."""

    seq = fields.Integer(strict=True, required=True, validate=validate.Range(min=0, max=2**31 - 1), metadata={
        "description": "the `seq` of the view the decision was made on; another is stale (409)"})
    event = fields.Dict(required=True, metadata={
        "description": "the decision in the log's event form without what the dealer supplies: a pick "
                       "`{\"decision\": \"keep\"}` or `\"pass\"`, a turned-up wild's colour `{\"color\": \"red\"}`, "
                       "a draw `{\"type\": \"draw\"}`, a play `{\"type\": \"play\", \"card\": \"R5\", \"uno\": true}` "
                       "(a wild with `color`, a Reverse with `dump`), `dump`, `challenge`, `uno`, `catch`; "
                       "keeping a playable card just drawn is `{\"decision\": \"keep\"}`. `player` may be left out "
                       "(it is the token's seat). Exactly the forms the view's `legal` and `interjections` list.",
        "examples": [{"type": "draw"}]})


class GoalSchema(_Open):
    """How the game at the table is won (GAME-1, GAME-2 under its variant)."""

    target_score = fields.Integer(required=True, metadata={"description": "the total that ends the game"})
    reaching_target = fields.String(required=True, metadata={
        "description": "`loses` (UNO DUO: whoever reaches it loses, the lowest score wins) or `wins`"})


class ScoredCardSchema(_Open):
    """A card left in a hand at a round's end and the points it scored (SCORE-2)."""

    card = fields.String(required=True)
    points = fields.Integer(required=True)


class RoundEndSchema(_Open):
    """The last round's end, public once it is scored: the hands left and what each card scored."""

    round = fields.Integer(required=True)
    out = fields.String(required=True, metadata={"description": "who went out"})
    hands = fields.Dict(keys=fields.String(), values=fields.List(fields.Nested(ScoredCardSchema)), required=True,
                        metadata={"description": "each player's cards left, with the points each scored"})
    points = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True,
                         metadata={"description": "the round's points (SCORE-1)"})
    scores = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True,
                         metadata={"description": "the totals after the round"})


class TableViewSchema(_Open):
    """What one seat may know of the table now (the public view has no `hand` and `you` is null).

    Never the other hand, the draw pile's order or the deck. `legal` and `interjections` are in the form
    `POST /v1/tables/{id}/events` takes."""

    seq = fields.Integer(required=True, metadata={"description": "decisions accepted so far"})
    you = fields.String(required=True, allow_none=True)
    players = fields.List(fields.String(), required=True)
    phase = fields.String(required=True, metadata={"description": "draft, colour, play or over"})
    round = fields.Integer(required=True)
    to_act = fields.String(required=True, allow_none=True)
    hand = fields.List(fields.String(), metadata={"description": "the seat's own cards (codes); "
                                                                 "absent in the public view"})
    hand_sizes = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True)
    shown = fields.List(fields.String(), metadata={"description": "the hand the seat's own last challenge of "
                                                                  "the round made the Wild Draw 4's player show "
                                                                  "it (WD4-3), as it was then (codes); absent "
                                                                  "until the seat challenges, and never in the "
                                                                  "other seat's or the public view"})
    top = fields.String(allow_none=True)
    color = fields.String(allow_none=True)
    draw_pile = fields.Integer(required=True)
    discard_pile = fields.Integer()
    drawn = fields.String(allow_none=True, metadata={"description": "the card the seat just drew (in the "
                                                                    "draft, the card it may keep)"})
    owes = fields.Nested(OwesSchema, allow_none=True)
    uno = fields.Dict(keys=fields.String(), values=fields.String())
    scores = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True)
    history = fields.List(fields.Dict(), metadata={
        "description": "one page of the round's public history (what was played so far, in public): at most "
                       f"{HISTORY_PAGE} entries from `history_from`. A move's answer carries the entries the move "
                       "and the bots' replies added or changed; a view asked with `history_from` (and `round`) the "
                       "entries after those the client holds and its last one again (an entry may be completed: a "
                       "turned-up wild gets its colour); a view asked without, the latest page. Keep the round's "
                       "history by replacing your entries from `history_from` on with the page"})
    history_from = fields.Integer(required=True, metadata={
        "description": "the index in the round's history of the first entry of `history` (0: from the round's "
                       "start; a new round starts a new history)"})
    history_length = fields.Integer(required=True, metadata={
        "description": "how many entries the round's history has: ask for the rest with "
                       "`?round=R&history_from=N` while `history_from` + the page's length is below it"})
    legal = fields.List(fields.Dict(), required=True)
    interjections = fields.List(fields.Dict(), required=True)
    over = fields.Boolean(required=True)
    winner = fields.String(allow_none=True)
    goal = fields.Nested(GoalSchema, metadata={"description": "how the game is won"})
    awaiting = fields.List(fields.String(), metadata={
        "description": "the invited players whose guest has not joined yet (`GET` only): a host polling the "
                       "public view sees the friend take the seat (the ETag changes with it)"})
    last_round = fields.Nested(RoundEndSchema, allow_none=True, metadata={
        "description": "the last round's end (null before the first round ends): both hands left, each card's "
                       "points, the round's points and the totals"})


class HistoryQuerySchema(Schema):
    """What a client holds of the round's history, as the query of ``GET /v1/tables/{id}`` (both optional)."""

    class Meta:
        unknown = EXCLUDE  # a query may carry a client's own parameters (a cache-buster): they change nothing

    history_from = fields.Integer(validate=validate.Range(min=0, max=2**31 - 1), metadata={
        "description": "how many entries of the round's history the client holds: the page starts at its last "
                       "one (it may have been completed since) and carries what follows; without it (and without "
                       "`round`), the latest page"})
    round = fields.Integer(validate=validate.Range(min=1, max=2**31 - 1), metadata={
        "description": "the round those entries are of: another round than the table's now gives its history "
                       "from its start"})


class TableCreatedSchema(_Open):
    """A new table: its id, one token per human seat not invited and one invitation code per invited seat, shown
    this once (keep them: they are not stored)."""

    id = fields.String(required=True)
    tokens = fields.Dict(keys=fields.String(), values=fields.String(), required=True, metadata={
        "description": "each human seat's token, but the invited seats'"})
    invitations = fields.Dict(keys=fields.String(), values=fields.String(), required=True, metadata={
        "description": "each invited seat's invitation code (`{}` when none): hand it to that player, whose "
                       "`POST /v1/tables/{table_id}/join` trades it for the seat's token, once"})
    players = fields.List(fields.String(), required=True)
    bots = fields.Dict(keys=fields.String(), values=fields.String(), required=True)
    variant = fields.Raw(required=True)
    view = fields.Nested(TableViewSchema, required=True, metadata={"description": "the public view"})


class JoinedSchema(_Open):
    """An invitation spent: the seat's player and its token, shown this once."""

    table = fields.String(required=True, metadata={"description": "the table's id"})
    player = fields.String(required=True, metadata={"description": "the invited seat's player"})
    token = fields.String(required=True, metadata={"description": "the seat's token (`Authorization: Bearer`)"})


class BotStyleSchema(_Open):
    """One style of the service's bots."""

    name = fields.String(required=True, metadata={"description": "what `bots` of `POST /v1/tables` names",
                                                  "examples": ["greedy"]})
    summary = fields.String(required=True, metadata={"description": "how it plays, in a sentence"})


class BotStylesSchema(_Open):
    """The styles a bot seat may be given, in the order the service offers them."""

    styles = fields.List(fields.Nested(BotStyleSchema), required=True)


COMPONENTS: dict[str, type[Schema]] = {
    "CreateTable": CreateTableSchema, "TableCreated": TableCreatedSchema, "Act": ActSchema,
    "TableView": TableViewSchema, "BotStyles": BotStylesSchema, "Join": JoinSchema, "Joined": JoinedSchema,
}


def load(schema: Schema, document: Any) -> dict:
    """``document`` loaded by ``schema``, else :class:`InvalidRequest` with one problem per field and its pointer."""
    if not isinstance(document, dict):
        raise InvalidRequest([Problem("", "the body is a JSON object")])
    try:
        return schema.load(document)
    except ValidationError as exc:
        raise InvalidRequest(list(_problems(exc.messages, ""))) from None


class InvalidRequest(ValueError):
    """The body does not fit the request's schema; ``problems`` has each field's pointer."""

    def __init__(self, problems: list[Problem]):
        self.problems = problems
        super().__init__("; ".join(f"{p.pointer}: {p.detail}" for p in problems))


def _problems(messages: Any, pointer: str):
    """marshmallow's nested messages as (pointer, words) problems (RFC 6901: ``~`` and ``/`` escaped)."""
    if isinstance(messages, dict):
        for key, inner in messages.items():
            escaped = str(key).replace("~", "~0").replace("/", "~1")
            yield from _problems(inner, f"{pointer}/{escaped}")
    elif isinstance(messages, list) and all(isinstance(m, str) for m in messages):
        for message in messages:
            yield Problem(pointer, message)
    else:
        for item in messages:
            yield from _problems(item, pointer)


def paths(problem: Callable[[str], dict], json_body: Callable[[str, str], dict]) -> dict[str, dict]:
    """The OpenAPI paths of ``/v1/tables`` (``problem`` and ``json_body`` are :mod:`referee.service.openapi`'s
    helpers for a problem answer and a JSON answer of a component)."""
    table_id = {"name": "table_id", "in": "path", "required": True, "schema": {"type": "string"}}
    bearer = [{"bearer": []}]
    optional = [{}, {"bearer": []}]
    token_errors = {"401": problem("no token, or not a Bearer token"),
                    "403": problem("the token is no seat's token at this table"),
                    "404": problem("no table has this id")}
    lost_database = {"503": problem("the connection to the database was lost (`Retry-After`): nothing was stored "
                                  "unless the decision's `seq` is now stale; ask again")}
    body_errors = {"400": problem("the body is not valid JSON"),
                   "413": problem("the body is too large (a request to a table: 4 KiB, "
                                  "REFEREE_TABLES_MAX_BODY_BYTES) or nests too deep"),
                   "415": problem("the body is not declared application/json")}

    def request(component: str) -> dict:
        # The examples are what Swagger UI's "Try it out" pre-fills: a request that works (a test sends each).
        return {"required": True, "content": {"application/json": {
            "schema": {"$ref": f"#/components/schemas/{component}"},
            "examples": REQUEST_EXAMPLES[component]}}}

    view = json_body("the seat's view (the public view without a token); its `ETag` is the table's `seq` and "
                     "the seat", "TableView")
    view["headers"] = {"ETag": {"schema": {"type": "string"}}}
    return {
        "/v1/tables": {"post": {
            "operationId": "createTable", "summary": "Set a live table",
            "description": "The server shuffles with `secrets` (a fixed `seed` only where the service allows "
                           "it) and keeps every hidden card. Bots play at once whenever it is their turn, at most "
                           "`REFEREE_TABLES_BOT_STEPS` decisions (400) within one request: a table of two bots "
                           "plays on as it is polled (`GET /v1/tables/{table_id}`, each poll some more decisions), "
                           "until its game is over.",
            "requestBody": request("CreateTable"),
            "responses": {"201": json_body("the table's id and a token per human seat, shown this once",
                                           "TableCreated"),
                          **body_errors, **lost_database,
                          "429": problem("this client has set as many tables as it may for now (`Retry-After`; "
                                         "the limit is the service's REFEREE_TABLES_CREATE_LIMIT)"),
                          "422": problem("the request does not fit (pointers), or names an unknown variant or "
                                         "bot style, two equal names, a seed not allowed")}}},
        "/v1/tables/styles": {"get": {
            "operationId": "listBotStyles", "summary": "The bots' styles a seat may be given",
            "description": "Each style's name (what `bots` of `POST /v1/tables` takes) and how it plays.",
            "responses": {"200": json_body("the styles, in the order the service offers them", "BotStyles")}}},
        "/v1/tables/{table_id}": {"get": {
            "operationId": "viewTable", "summary": "A seat's view of a live table, or the public view",
            "description": "With `Authorization: Bearer TOKEN`, what that seat may know: its own hand, the other "
                           "hand's size, the top card and colour, the pile's size, what is owed, whose move, "
                           "scores, round, the public history, and its legal events and interjections in the form "
                           "`POST .../events` takes. Without a token, the public view (no `hand`). Poll with "
                           "`If-None-Match: <ETag>`: 304 until something happened.",
            "parameters": [table_id, *query_parameters(HistoryQuerySchema()),
                           {"name": "If-None-Match", "in": "header", "required": False, "schema": {"type": "string"}}],
            "security": optional,
            "responses": {"200": view, "304": {"description": "nothing has happened since that ETag"},
                          **token_errors, **lost_database}}},
        "/v1/tables/{table_id}/events": {"post": {
            "operationId": "act", "summary": "One decision of the token's seat",
            "description": "The engine rules at once. Accepted: stored (committed before the answer), the bots "
                           "play, and the seat's new view comes back. Refused: nothing changes, 422 with the "
                           "`rule` id, its title and `rule_url`. Interjections (a late UNO, a catch) are taken "
                           "from either seat whenever the rules open them.",
            "parameters": [table_id], "security": bearer, "requestBody": request("Act"),
            "responses": {"200": view, **token_errors, **body_errors, **lost_database,
                          "409": problem("a stale `seq` (another decision came first; `seq` in the problem is the "
                                         "table's), or the game is over"),
                          "422": problem("refused by the rules (`rule`, `rule_title`, `rule_url`), or not a "
                                         "well-formed decision (pointers under /event)")}}},
        "/v1/tables/{table_id}/join": {"post": {
            "operationId": "joinTable", "summary": "Take an invited seat",
            "description": "Trades the seat's invitation code (`invitations` of `POST /v1/tables`) for the "
                           "seat's token, once: the same code again is refused (409), so the host, who made the "
                           "invitation, never holds the guest's token.",
            "parameters": [table_id], "requestBody": request("Join"),
            "responses": {"201": json_body("the seat's player and token, shown this once", "Joined"),
                          **body_errors, **lost_database,
                          "404": problem("no table has this id, no invitation of it has this code, or its game "
                                         "has ended"),
                          "409": problem("the invitation is spent: a guest has joined with it"),
                          "422": problem("the body does not fit (pointers)")}}},
        "/v1/tables/{table_id}/log": {"get": {
            "operationId": "tableLog", "summary": "The game's record, once it is over",
            "parameters": [table_id], "security": bearer,
            "responses": {"200": json_body("the uno-duo-log/1 record with every round's deck", "GameLog"),
                          **token_errors, **lost_database,
                          "409": problem("the game is not over: the record holds the hidden cards")}}},
    }


#: Each table request's examples, by component: the first is what "Try it out" pre-fills.
REQUEST_EXAMPLES: dict[str, dict[str, dict]] = {
    "CreateTable": {
        "against-a-bot": {"summary": "Ana against the greedy bot",
                          "value": {"players": ["Ana", "Ben"], "bots": {"Ben": "greedy"}}},
        "a-friend-invited": {"summary": "Ana hosts, Ben is invited (he gets a code, not a token)",
                             "value": {"players": ["Ana", "Ben"], "invite": ["Ben"]}},
        "two-bots-classic": {"summary": "two bots, the classic-duel variant (poll it to watch)",
                             "value": {"players": ["Ana", "Ben"], "bots": {"Ana": "random", "Ben": "challenger"},
                                       "variant": "classic-duel"}},
    },
    "Act": {
        "draft-keep": {"summary": "keep the card offered in the draft", "value": {"seq": 0,
                                                                                  "event": {"decision": "keep"}}},
        "draw": {"summary": "draw a card", "value": {"seq": 15, "event": {"type": "draw"}}},
        "play": {"summary": "play red 5, saying UNO", "value": {"seq": 15, "event": {"type": "play", "card": "R5",
                                                                                      "uno": True}}},
    },
    "Join": {
        "invitation": {"summary": "the code `invitations` gave for the seat",
                       "value": {"invitation": "code-from-invitations"}},
    },
}


def query_parameters(schema: Schema) -> list[dict]:
    """The OpenAPI query parameters of ``schema``'s fields (whole numbers, each optional)."""
    out = []
    for name, field in schema.fields.items():
        bounds = {key: getattr(validator, key) for validator in field.validators
                  if isinstance(validator, validate.Range) for key in ("min", "max")}
        out.append({"name": name, "in": "query", "required": field.required,
                    "description": field.metadata["description"],
                    "schema": {"type": "integer", "minimum": bounds["min"], "maximum": bounds["max"]}})
    return out


#: The security scheme of the seats' tokens.
SECURITY_SCHEME = {"type": "http", "scheme": "bearer",
                   "description": "a seat's token, as POST /v1/tables gave it"}
