"""The living rulebook: ``features/`` read with the Cucumber parser and drawn as pages.

>>> from referee.rulebook import Rulebook, load_book
>>> from referee.bundled import features_dir
>>> Rulebook(load_book(features_dir())).write_site(Path("site"))

:mod:`~referee.rulebook.book` reads the chapters, :mod:`~referee.rulebook.results` the outcomes of a test
run or of a run under a variant, :mod:`~referee.rulebook.html` draws the pages (for ``referee rulebook``
and the service's ``/rulebook``).
"""

from referee.rulebook.book import Book, Chapter, RulebookError, RuleSection, Scenario, load_book
from referee.rulebook.html import Links, Rulebook
from referee.rulebook.results import Results, ResultsError, load_outcomes, load_variant_report

__all__ = [
           "Book",
           "Chapter",
           "Links",
           "Results",
           "ResultsError",
           "RuleSection",
           "Rulebook",
           "RulebookError",
           "Scenario",
           "load_book",
           "load_outcomes",
           "load_variant_report",
]
