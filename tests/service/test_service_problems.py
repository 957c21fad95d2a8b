"""Problems the service answers: never larger than the request, one problem per pointer and cause."""

from __future__ import annotations

import json

from tests.service.helpers import assert_problem, pointers


def test_a_422_lists_at_most_a_hundred_problems_and_says_how_many_more(client, small_log):
    """100,000 unknown keys (1.7 MB) made a 7 MB answer listing 100,003 problems."""
    small_log.update({f"k{i}": 0 for i in range(100_000)})
    body = json.dumps(small_log).encode()
    response = client.post("/v1/adjudications", data=body, content_type="application/json")
    problem = assert_problem(response, 422)
    assert len(problem["errors"]) == 100
    assert "100000 problems" in problem["detail"] and "the first 100" in problem["detail"]
    assert len(response.get_data()) < len(body) / 100
    assert problem["errors"][0] == {"pointer": "/k0", "detail": 'unknown field "k0"', "rule": None}


def test_a_few_problems_are_all_listed(client, small_log):
    small_log.update({"colour": "red", "x": 1})
    problem = assert_problem(client.post("/v1/adjudications", json=small_log), 422)
    assert pointers(problem) == {"/colour", "/x"}
    assert "(2 problems)" in problem["detail"]


def test_a_cut_missing_a_player_names_the_pointer_once(client, small_log):
    small_log["cut"] = [{"Ana": "R7"}]
    problem = assert_problem(client.post("/v1/adjudications", json=small_log), 422)
    listed = [error["pointer"] for error in problem["errors"]]
    assert listed.count("/cut/0/Ben") == 1, problem["errors"]
    assert problem["errors"][listed.index("/cut/0/Ben")]["detail"] == 'missing required field "Ben"'


def test_a_compressed_body_is_415(client, small_log):
    response = client.post("/v1/adjudications", data=json.dumps(small_log), content_type="application/json",
                           headers={"Content-Encoding": "gzip"})
    assert '"gzip"' in assert_problem(response, 415)["detail"]
    assert response.headers["Accept-Encoding"] == "identity"


BROWSER = {"Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"}


def test_a_browser_gets_a_404_page_and_an_api_client_its_problem(client):
    page = client.get("/rulebook/NOPE-9", headers=BROWSER)
    assert (page.status_code, page.mimetype) == (404, "text/html")
    assert b"NOPE-9" in page.data and b'href="/replay"' in page.data and "Accept" in page.headers["Vary"]
    for accept in ({}, {"Accept": "*/*"}, {"Accept": "application/json"}, {"Accept": "application/problem+json"}):
        assert_problem(client.get("/rulebook/NOPE-9", headers=accept), 404)
    assert_problem(client.get("/v1/no-such-thing", headers={"Accept": "*/*"}), 404)


def test_pages_carry_a_content_security_policy_and_json_does_not_need_one(client):
    for path in ("/", "/rulebook", "/replay", "/docs"):
        response = client.get(path, headers=BROWSER)
        assert response.headers["X-Frame-Options"] == "DENY"
        policy = response.headers["Content-Security-Policy"]
        assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy
        assert "'unsafe-inline'" not in policy.split("script-src", 1)[1].split(";", 1)[0]
    assert "Content-Security-Policy" not in client.get("/healthz").headers
