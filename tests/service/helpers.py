"""Assertions shared by the service tests."""

from __future__ import annotations

PROBLEM = "application/problem+json"


def assert_problem(response, status: int) -> dict:
    """``response`` is an RFC 9457 problem with ``status``; returns its body."""
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == PROBLEM
    body = response.get_json(force=True)
    assert body["status"] == status
    assert {"type", "title", "detail", "request_id"} <= set(body)
    assert body["request_id"] == response.headers["X-Request-Id"]
    assert "Traceback" not in response.get_data(as_text=True)
    return body


def pointers(body: dict) -> set[str]:
    """The pointers a problem lists."""
    return {error["pointer"] for error in body.get("errors", [])}
