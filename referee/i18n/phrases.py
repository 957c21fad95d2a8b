"""The sentences the referee says to people, as templates, and their rendering in another language.

The engine makes each refusal's sentence in English from a template and its arguments (players, cards, a
colour, counts) and stays language-free. This module holds the same templates as messages for the
catalogs, each with named slots (``{player} plays {card} but does not hold it``): :func:`translate` finds
the template an English sentence was made from, reads the arguments back out of it, translates the
template and those arguments that are words of the game (cards, colours, places such as "Ana's draw") and
formats the result. Names, numbers, rule ids and other literal text are kept as they are.

A sentence no template makes is not guessed at: :func:`translate` returns None and the caller says, in the
language asked for, which rule was broken (:func:`referee.i18n.api.violation_message`). A test holds every
engine sentence the examples and the rulebook's scenarios produce to a template here (tests/test_i18n_api.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from referee.engine.cards import ALL_CARDS, Color, parse_card
from referee.i18n import DEFAULT, catalog
from referee.i18n.words import card_name, colour


@dataclass(frozen=True)
class Phrase:
    """One sentence template: its English (``plural`` too, when its words follow the number ``{count}``)."""

    text: str
    plural: str | None = None

    def render(self, language: str, count: int | None) -> str:
        """This template in ``language``, not yet formatted."""
        words = catalog(language)
        if self.plural is None:
            return words.gettext(self.text)
        return words.ngettext(self.text, self.plural, count if count is not None else 2)


def N_(text: str) -> Phrase:
    """A template without plural forms (marked for ``pybabel extract``)."""
    return Phrase(text)


def NP_(singular: str, plural: str) -> Phrase:
    """A template whose words follow ``{count}``: English's two forms (they may be equal, where English does
    not change but another language does, as Scottish Gaelic does for 2, 3 and 20 cards)."""
    return Phrase(singular, plural)


# -- the slots: what each one's text is, read back, and how it is translated --------------------------

_CARD_NAMES = sorted({card.name for card in ALL_CARDS}, key=len, reverse=True)
_CARD = "(?:" + "|".join(re.escape(name) for name in _CARD_NAMES) + ")"
_COLOUR = "(?:" + "|".join(color.word for color in Color) + ")"

#: A slot's kind by its name: each kind a pattern for its English text.
_KINDS: dict[str, str] = {
    "player": "name", "other": "name", "caught": "name", "winner": "name",
    "card": "card", "drawn": "card", "other_card": "card",
    "cards": "cards", "colour": "colour", "top": "top", "where": "place",
    "count": "number", "held": "number", "named": "number", "left": "number", "picks": "number",
    "round": "number", "unnamed": "number", "limit": "number", "other_value": "number",
    "points": "number", "other_points": "number", "claimed": "number", "other_claimed": "number",
    "deck": "text", "rule": "text", "name": "text", "text": "text", "why": "text", "value": "text",
    "kind": "kind",
}
_PATTERNS: dict[str, str] = {
    "name": r".+?", "text": r".+?", "number": r"-?\d+", "card": _CARD, "colour": _COLOUR,
    "cards": f"{_CARD}(?:, {_CARD})*", "top": f"{_CARD}(?: \\(colour {_COLOUR}\\))?", "place": r".+?",
    "kind": r".+?",
}
_SLOT = re.compile(r"\{(\w+)\}")


def _pattern(text: str) -> re.Pattern[str]:
    """The English ``text`` as a regular expression whose groups are its slots."""
    parts, seen, at = [], set(), 0
    for slot in _SLOT.finditer(text):
        name = slot.group(1)
        parts.append(re.escape(text[at:slot.start()]))
        parts.append(f"(?P={name})" if name in seen else f"(?P<{name}>{_PATTERNS[_KINDS[name]]})")
        seen.add(name)
        at = slot.end()
    parts.append(re.escape(text[at:]))
    return re.compile("".join(parts), re.DOTALL)


def slots(text: str) -> set[str]:
    """The names of the slots in a template (its placeholders)."""
    return set(_SLOT.findall(text))


# -- the templates ----------------------------------------------------------------------------------------
# Each is the English the engine writes (referee/engine/handlers.py, piles.py, draft.py, match.py,
# round_state.py, game.py; referee/log/replay.py; referee/play/live.py) or the service (referee/service/),
# slot for slot. TRANSLATORS: comments say what a slot holds where it is not plain from its name.

#: Where cards are named or drawn from: a slot ``{where}`` holds one of these.
PLACES: tuple[Phrase, ...] = (
    # TRANSLATORS: the draw a player makes, named as the one naming cards ("Ana's draw names red 5, ...").
    N_("{player}'s draw"),
    N_("{player}'s pick"),
    NP_("{player}'s draw of {count}", "{player}'s draw of {count}"),
    N_("the turned-up card"),
    N_("the set-up"),
    N_("the deal"),
)

#: The engine's sentences: every refusal and broken rule it words.
ENGINE: tuple[Phrase, ...] = (
    # TRANSLATORS: {top} is the card on top of the discard pile, with the colour chosen for a wild.
    N_("{player} drew {drawn}, which matches {top} in neither colour, number nor symbol"),
    NP_("it is {player}'s move, not {other}'s (they owe {count} cards)",
        "it is {player}'s move, not {other}'s (they owe {count} cards)"),
    N_("it is {player}'s move, not {other}'s"),
    N_("this variant has no volley: {player} draws {count}, and may not answer with {card}"),
    N_("a Wild Draw 4 may not answer a Draw 2 volley"),
    N_("the turned-up Draw 2 was played by nobody: it cannot be answered with {card}; {player} draws 2"),
    N_("{player} plays {card} but does not hold it"),
    N_("{player} dumps {card} but does not hold it"),
    N_("{player} dumps {card} but does not hold that many"),
    N_("{card} matches {top} in neither colour, number nor symbol"),
    NP_("{player} owes {count} cards and must draw them or answer with a Draw 2 or challenge, not play {card}",
        "{player} owes {count} cards and must draw them or answer with a Draw 2 or challenge, not play {card}"),
    NP_("{player} owes {count} cards and must draw them or answer with a Draw 2, not play {card}",
        "{player} owes {count} cards and must draw them or answer with a Draw 2, not play {card}"),
    NP_("{player} owes {count} cards and must draw them or challenge, not play {card}",
        "{player} owes {count} cards and must draw them or challenge, not play {card}"),
    NP_("{player} owes {count} cards and must draw them, not play {card}",
        "{player} owes {count} cards and must draw them, not play {card}"),
    N_("UNO is said with the play that leaves one card; {player} would hold {count}"),
    N_("{player} may not say UNO now: they said it already"),
    NP_("{player} may not say UNO now: they hold {count} card",
        "{player} may not say UNO now: they hold {count} cards"),
    N_("{player} cannot catch {caught}, who declared UNO"),
    NP_("{player} cannot catch {caught}, who holds {count} card",
        "{player} cannot catch {caught}, who holds {count} cards"),
    N_("this variant has no Reverse dump: {player} may play the Reverse alone"),
    N_("a wild has no colour and is never part of a dump ({card})"),
    N_("{card} is not {colour}: a dump lays only cards of that colour"),
    # TRANSLATORS: {cards} is a list of card names, already joined with commas.
    N_("{player} played {card} but kept {cards}: every {colour} card goes, or none"),
    N_("{player} dumped on the turned-up Reverse but kept {cards}: every {colour} card goes, or none"),
    N_("{player} drew {drawn} and may play only that card, not {card}"),
    NP_("{player} must draw {count} card, not {named} (the piles hold only {held})",
        "{player} must draw {count} cards, not {named} (the piles hold only {held})"),
    NP_("{player} must draw {count} card, not {named}", "{player} must draw {count} cards, not {named}"),
    N_("this variant turns the discards over: a draw records no refill"),
    N_("the draw pile ran out: the draw must record the shuffled refill"),
    N_("no refill happens at this draw, yet it records one"),
    N_("the refill must be exactly the discards under the top card"),
    N_("there is no Wild Draw 4 for {player} to challenge"),
    N_("a dump without a Reverse of one's own is open only on the first turn after a turned-up Reverse"),
    N_("this variant has no Wild Draw 4 challenge"),
    N_("nobody played the turned-up Wild Draw 4: it cannot be challenged"),
    N_("{player} went out: nothing comes before {where}"),
    # TRANSLATORS: {rule} is a rule id such as D2-3; keep it as it is.
    N_("the next event must be {where} ({rule})"),
    N_("the round is over: {player} went out"),
    N_("{where} names {card}, a card this deck does not hold"),
    NP_("{where} names {card} once more than the deck's {count} copy",
        "{where} names {card} once more than the deck's {count} copies"),
    # TRANSLATORS: {deck} is the number of cards of the deck (112 or 108).
    N_("the round's deck is not the {deck}-card deck of this variant"),
    N_("{where} does not name the cards drawn, and the pile's cards are not known"),
    N_("{where} names {card}, but the next card of the draw pile is {drawn}"),
    N_("{card} and {other_card} cut {value} each: the players must cut again before round 1"),
    N_("the game ended with the previous round: no round may follow"),
    N_("round {round} is unfinished: only the last round of a log may be"),
    N_("the claimed result differs from the referee's: scores {player} {points} and {other} {other_points}, "
       "winner {winner}"),
    N_("the round never reached play, yet a result is claimed"),
    N_("the round is not over, yet a result is claimed"),
    N_("{player} won the cut, not {other}"),
    N_("{player} drafts first this round (it alternates), not {other}"),
    N_("the draft is not over ({picks} of 14 picks): no card is turned up yet"),
    N_("the draft is not over ({picks} of 14 picks): play cannot begin"),
    NP_("the set-up hides {count} cards under the draw pile, but only {unnamed} cards of the deck are not named",
        "the set-up hides {count} cards under the draw pile, but only {unnamed} cards of the deck are not named"),
    N_("play begins only once the top card of the draw pile is turned up"),
    N_("the round's claimed result ({player} out, {claimed}–{other_claimed}) differs from the referee's "
       "({winner} out, {points}–{other_points})"),
    N_("{card} ({value}) and {other_card} ({other_value}) decide the cut: no further cut follows"),
    N_("the draw pile is empty: no card can be turned up"),
    NP_("the draft is over: each player has drafted {count} cards",
        "the draft is over: each player has drafted {count} cards"),
    N_("it is {player}'s pick, not {other}'s"),
    N_("{player} takes {card}, which lies on the discard pile"),
    N_("there is no playable card just drawn for {player} to keep"),
    N_("{player}, Player 1, first names the colour of the turned-up {card}"),
)

#: What sort of JSON value a log holds where another was expected: a slot ``{kind}`` holds one of these.
KINDS: tuple[Phrase, ...] = (
    N_("an object"),
    N_("a list"),
    N_("a string"),
    N_("a boolean"),
    N_("a number"),
    N_("null"),
    N_("a value JSON cannot hold"),
)

#: The log reader's words on a malformed field (referee/log/document.py), each a problem's ``detail`` in a
#: 422's ``errors``. TRANSLATORS: {value} is a value of the log as JSON text ("Cy", null, 7) or a field's name
#: in quotes: keep it as it is; {player} and {other} are players' names in quotes.
READER: tuple[Phrase, ...] = (
    N_("must be an object, not {kind}"),
    N_("unknown field {value}"),
    N_("missing required field {value}"),
    N_("must be a card code, not {kind}"),
    N_("must be a list of cards, not {kind}"),
    N_("must list at least one card"),
    N_("must be a colour: red, yellow, green or blue, not {value}"),
    N_("must name one of the two players, {player} or {other}, not {value}"),
    N_("must be true or false, not {kind}"),
    N_("must be a whole number from 0 to 100000, not {value}"),
    N_("must be a list, not {kind}"),
    N_("must give a whole number for each of {player} and {other}"),
    N_("round 1 must name its first drafter when the log has no cut"),
    N_("must be a list of two non-empty player names"),
    N_("UNO DUO is a game for exactly two players, not {count}"),
    N_("the two players must have different names"),
    N_("a name is not white space alone"),
    # TRANSLATORS: {value} is a character's code point in hexadecimal, as in U+202E.
    N_("a name holds no control character (U+{value})"),
    N_("a name holds no lone surrogate (U+{value})"),
    N_("a name holds no bidirectional control (U+{value})"),
    N_("must hold at least one cut"),
    N_("a round gives its draft (the picks so far, [] before the first) or its setup"),
    N_("a round gives either setup, or a deck and a draft, not both"),
    N_("a turned-up {card} needs the colour Player 1 chose"),
    N_("a colour is chosen only for a turned-up wild"),
    N_('must be "keep" or "pass", not {value}'),
    N_('must be "keep" or "pass"'),
    N_("must give a hand (a list of cards) for each of {player} and {other}"),
    N_("with a turned-up card the discard pile starts empty"),
    # TRANSLATORS: {text} is a field's name (to_act, color): keep it as it is.
    N_("{text} is not given with a turned-up card (START-1 decides)"),
    N_("without a turned-up card, setup needs a discard pile (top last)"),
    N_("the {card} on top needs its chosen colour"),
    N_("a colour is given only when a wild is on top"),
    N_("a round without a deck names the cards every draw takes"),
    N_("an event must be an object, not {kind}"),
    # TRANSLATORS: {text} lists the event types (play, draw, ...): keep them as they are.
    N_("type must be one of {text}, not {value}"),
    N_("a decision must be an object"),
    N_("this seat decides for {player}, not {other}"),
    N_("the dealer draws the cards: a draw states no {text}"),
    N_('a decision is an event (with "type"), a pick or a keep ("decision"), or a turned-up wild\'s colour ("color")'),
    N_("a play names its card"),
    N_("a played {card} needs its chosen colour"),
    N_("a colour is chosen only when a wild is played"),
    N_("only a Reverse is played with a dump"),
    N_("variant {value} deals: no draft"),
    N_("a dealt round without a deck must state the hands as setup"),
    N_("unknown card: {value} (expected a code like 'R7', 'GS', 'B+2', 'W+4' or a name like 'red 7', 'green skip', "
       "'wild draw 4')"),
)

#: The service's problems: the titles (fixed) and the details.
SERVICE: tuple[Phrase, ...] = (
    N_("Malformed game log"),
    N_("Content too large"),
    N_("Unknown variant"),
    N_("Unknown rule"),
    N_("Unknown example"),
    N_("Unsupported Media Type"),
    N_("Invalid JSON"),
    N_("Not Found"),
    N_("Method Not Allowed"),
    N_("Internal Server Error"),
    # The live tables' problems (referee/service/tables.py).
    N_("Move refused"),
    N_("Malformed decision"),
    N_("Invalid request"),
    N_("Unknown table"),
    N_("Token required"),
    N_("Not a seat of this table"),
    N_("Stale sequence number"),
    N_("The game is over"),
    N_("The game is not over"),
    N_("The table cannot be set"),
    N_("Database unavailable"),
    NP_("the body is not a well-formed version-1 game log ({count} problem)",
        "the body is not a well-formed version-1 game log ({count} problems)"),
    NP_("the body is not a well-formed version-1 game log ({count} problems; the first {limit} are listed)",
        "the body is not a well-formed version-1 game log ({count} problems; the first {limit} are listed)"),
    NP_("the body exceeds the limit of {count} byte", "the body exceeds the limit of {count} bytes"),
    # TRANSLATORS: {name} is the name asked for, in quotes; {text} the names there are, as they are.
    N_("no built-in variant {name} (built in: {text})"),
    N_("no rule {name}"),
    N_("no example log {name} (see /v1/examples)"),
    # TRANSLATORS: {text} is a media type such as text/plain; keep "Content-Type" and "application/json".
    N_("send the game log as application/json; not {text}"),
    N_("send the game log as application/json; the request has no Content-Type"),
    NP_("the JSON nests deeper than {count} level", "the JSON nests deeper than {count} levels"),
    NP_("the log has {count} rounds; at most {limit} are judged",
        "the log has {count} rounds; at most {limit} are judged"),
    NP_("the log has {count} events; at most {limit} are judged",
        "the log has {count} events; at most {limit} are judged"),
    # TRANSLATORS: {why} is the JSON reader's own words, kept as they are.
    N_("the body is not valid JSON: {why}"),
    N_("The requested URL was not found on the server. If you entered the URL manually please check your "
       "spelling and try again."),
    N_("The method is not allowed for the requested URL."),
    # TRANSLATORS: {text} is a request id; keep it as it is.
    N_("an unexpected error; quote request id {text} when reporting it"),
)


@cache
def _compiled(phrases: tuple[Phrase, ...]) -> tuple[tuple[Phrase, tuple[re.Pattern[str], ...]], ...]:
    return tuple((phrase, tuple(dict.fromkeys(_pattern(text) for text in (phrase.text, phrase.plural) if text)))
                 for phrase in phrases)


def match(text: str, phrases: tuple[Phrase, ...]) -> tuple[Phrase, dict[str, str]] | None:
    """The template among ``phrases`` that made the English ``text``, and its slots' texts; None if none."""
    for phrase, patterns in _compiled(phrases):
        for pattern in patterns:
            found = pattern.fullmatch(text)
            if found:
                return phrase, found.groupdict()
    return None


def _slot_words(name: str, value: str, language: str) -> str:
    kind = _KINDS[name]
    if kind == "card":
        return card_name(parse_card(value), language)
    if kind == "cards":
        return ", ".join(card_name(parse_card(card), language) for card in value.split(", "))
    if kind == "colour":
        return colour(Color.parse(value), language)
    if kind == "top":
        top = re.fullmatch(f"({_CARD}) \\(colour ({_COLOUR})\\)", value)
        if top is None:
            return card_name(parse_card(value), language)
        words = catalog(language).gettext(_TOP_OF_COLOUR.text)
        return words.format(card=card_name(parse_card(top.group(1)), language),
                            colour=colour(Color.parse(top.group(2)), language))
    if kind == "place":
        return translate(value, language, PLACES) or value
    if kind == "kind":
        return translate(value, language, KINDS) or value
    return value


# TRANSLATORS: the card on top of the discard pile, a wild, with the colour chosen for it.
_TOP_OF_COLOUR = N_("{card} (colour {colour})")


def translate(text: str, language: str, phrases: tuple[Phrase, ...] = ENGINE) -> str | None:
    """The English sentence ``text`` in ``language``, when one of ``phrases`` made it; None otherwise.

    English comes back as it is.
    """
    if language == DEFAULT:
        return text
    found = match(text, phrases)
    if found is None:
        return None
    phrase, values = found
    count = int(values["count"]) if "count" in values else None
    words = {name: _slot_words(name, value, language) for name, value in values.items()}
    return phrase.render(language, count).format(**words)


#: Every template of this module, for the tests (placeholders kept, plural forms given).
ALL: tuple[Phrase, ...] = (*PLACES, *ENGINE, *KINDS, *READER, *SERVICE, _TOP_OF_COLOUR)

__all__ = ["ALL", "ENGINE", "KINDS", "NP_", "N_", "PLACES", "READER", "SERVICE", "Phrase", "match", "slots",
           "translate"]
