"""Links between the service's answers and its pages: a violation's ``rule_url``, the rulebook's page of
its rule. The engine knows nothing of URLs; the service adds them as it turns a verdict into JSON."""

from __future__ import annotations

from flask import url_for


def rule_url(rule_id: str) -> str:
    """The rulebook's page of ``rule_id`` on this service (a path: ``/rulebook/REV-2``)."""
    return url_for("pages.rulebook_page", name=rule_id)


def with_rule_url(violation: dict | None) -> dict | None:
    """A violation's JSON with ``rule_url`` added (None stays None)."""
    if violation is None:
        return None
    return {**violation, "rule_url": rule_url(violation["rule"])}
