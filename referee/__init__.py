"""UNO DUO referee: replays a version-1 game log and rules on it, rule by rule.

>>> from referee import judge
>>> verdict = judge(document)          # a parsed JSON game log
>>> verdict.legal, verdict.violation   # the first violation, with its rule id and pointer

The engine knows nothing of HTTP or Gherkin; :mod:`referee.service` and the feature steps are thin
layers on :func:`judge`.
"""

from referee import collector
from referee.build import warn_if_stale
from referee.engine.cards import Card, Color, Kind, parse_card
from referee.engine.rules import RULES, Rule
from referee.engine.variants import VARIANTS, Variant, get_variant
from referee.errors import MalformedLog, Problem, RefereeError, UnknownCard, UnknownVariant, VariantError

__all__ = [
    "RULES",
    "VARIANTS",
    "Card",
    "Color",
    "Kind",
    "MalformedLog",
    "Problem",
    "RefereeError",
    "Rule",
    "UnknownCard",
    "UnknownVariant",
    "Variant",
    "VariantError",
    "get_variant",
    "judge",
    "judge_text",
    "parse_card",
]

__version__ = "0.1.0"

warn_if_stale()


def judge(document, *, variant=None):
    """Replay ``document`` (a parsed version-1 game log) and return its :class:`~referee.log.verdict.Verdict`.

    ``variant`` (a name, a :class:`Variant` or the object form) overrides the variant the log names.
    Raises :class:`MalformedLog` with every problem when the document is not a well-formed log.
    """
    from referee.log.replay import replay

    with collector.paused():
        return replay(document, variant=variant)


def judge_text(text, *, variant=None):
    """Parse the JSON ``text`` (``str`` or UTF-8 ``bytes``) of a game log and judge it, as
    ``judge(json.loads(text))`` does, with the same verdict, problems and errors -- only sooner.

    The text is parsed with orjson where it is installed (about a fifth quicker than :mod:`json` on a game
    log), and that parse is trusted only when the log it gives is judged well formed. orjson differs from
    :mod:`json` in a few places: it refuses what :mod:`json` reads (``NaN``, ``Infinity``, a lone surrogate,
    a byte-order mark, nesting beyond 1,024 levels, UTF-16) and reads an integer beyond 64 bits as a float.
    A refusal sends the text to :mod:`json`; and a float is never part of a well-formed log (every number
    in one is a whole number, checked by type), so a log with such an integer is refused by the reader,
    and that too sends the text to :mod:`json`, whose parse is then judged. Text that is not JSON raises
    what :func:`json.loads` raises.
    """
    with collector.paused():
        return _judge_text(text, variant)


def _judge_text(text, variant):
    import json

    from referee.log.replay import replay

    if _orjson is not None and isinstance(text, str | bytes):
        try:
            document = _orjson.loads(text)
        except _orjson.JSONDecodeError:
            pass
        else:
            try:
                return replay(document, variant=variant)
            except RefereeError:
                pass  # judged again from json's parse below: the reference, for every refused log
    return replay(json.loads(text), variant=variant)


try:
    import orjson as _orjson
except ImportError:  # optional: without it, judge_text parses with json alone
    _orjson = None  # type: ignore[assignment]
