"""UNO DUO referee: replays a version-1 game log and rules on it, rule by rule.

>>> from referee import judge
>>> verdict = judge(document)          # a parsed JSON game log
>>> verdict.legal, verdict.violation   # the first violation, with its rule id and pointer

The engine knows nothing of HTTP or Gherkin; :mod:`referee.service` and the feature steps are thin
layers on :func:`judge`.
"""

from referee.cards import Card, Color, Kind, parse_card
from referee.errors import MalformedLog, Problem, RefereeError, UnknownCard, UnknownVariant, VariantError
from referee.rules import RULES, Rule
from referee.variants import VARIANTS, Variant, get_variant

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
    "parse_card",
]

__version__ = "0.1.0"


def judge(document, *, variant=None):
    """Replay ``document`` (a parsed version-1 game log) and return its :class:`~referee.verdict.Verdict`.

    ``variant`` (a name, a :class:`Variant` or the object form) overrides the variant the log names.
    Raises :class:`MalformedLog` with every problem when the document is not a well-formed log.
    """
    from referee.replay import replay

    return replay(document, variant=variant)
