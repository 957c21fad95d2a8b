"""The API in the language asked for: messages, titles and rules' words follow ``Accept-Language`` and
``?lang=``; rule ids, pointers, JSON keys and card codes never change; ``Content-Language`` names the language.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from referee import judge
from referee.engine.rules import RULES
from referee.i18n import LANGUAGES, phrases
from referee.i18n.service import violation_message
from referee.i18n.words import chapter, rule_title
from referee.service import create_app

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
TRANSLATED = [language for language in LANGUAGES if language != "en"]
ILLEGAL = sorted(path for path in EXAMPLES.glob("illegal-*.json") if not path.name.endswith(".verdict.json"))


@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True}).test_client()


def adjudicate(client, path: Path, **headers):
    query = headers.pop("query", "")
    return client.post(f"/v1/adjudications{query}", json=json.loads(path.read_text()), headers=headers)


def test_a_partial_dump_refused_in_greek_still_cites_rev_2(client):
    english = adjudicate(client, EXAMPLES / "illegal-reverse-partial-dump.json")
    greek = adjudicate(client, EXAMPLES / "illegal-reverse-partial-dump.json", **{"Accept-Language": "el"})
    assert greek.status_code == 200 and greek.headers["Content-Language"] == "el"
    assert "Accept-Language" in greek.headers["Vary"]
    violation = greek.json["violation"]
    assert violation["rule"] == "REV-2" and violation["pointer"] == "/rounds/0/events/0"
    assert violation["message"] == ("ο παίκτης Ana έπαιξε την κάρτα κόκκινη Αντιστροφή αλλά κράτησε τις κάρτες "
                                    "κόκκινο 5: φεύγει κάθε κάρτα με χρώμα κόκκινο ή καμία")
    # Only the words changed: the same keys, the same facts (cards as codes), the same rule link.
    assert greek.json.keys() == english.json.keys()
    assert {k: v for k, v in violation.items() if k != "message"} == \
        {k: v for k, v in english.json["violation"].items() if k != "message"}
    assert english.headers["Content-Language"] == "en"
    assert english.json["violation"]["message"] == "Ana played red reverse but kept red 5: every red card goes, or none"


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("example", ILLEGAL, ids=lambda path: path.stem)
def test_every_example_refusal_is_told_in_each_language(client, language, example):
    english = adjudicate(client, example).json["violation"]
    answer = adjudicate(client, example, **{"Accept-Language": f"{language};q=0.9, en;q=0.1"})
    assert answer.headers["Content-Language"] == language
    violation = answer.json["violation"]
    assert violation["rule"] == english["rule"] and violation["pointer"] == english["pointer"]
    assert violation["context"] == english["context"]
    # Made from the sentence's own template, not the catch-all naming the rule.
    assert phrases.match(english["message"], phrases.ENGINE) is not None, english["message"]
    assert violation["message"] == phrases.translate(english["message"], language) != english["message"]


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_query_parameter_wins_over_the_header(client, language):
    answer = adjudicate(client, EXAMPLES / "illegal-draft-wrong-picker.json", query=f"?lang={language}",
                        **{"Accept-Language": "en"})
    assert answer.headers["Content-Language"] == language
    assert answer.json["violation"]["rule"] == "DRAFT-5"


def test_an_unknown_language_is_answered_in_english(client):
    answer = adjudicate(client, EXAMPLES / "illegal-draft-wrong-picker.json", query="?lang=xx",
                        **{"Accept-Language": "de, fr;q=0.5"})
    assert answer.headers["Content-Language"] == "en"
    assert answer.json["violation"]["message"] == "it is Farid's pick, not Ana's"


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_rules_in_each_language(client, language):
    listed = client.get(f"/v1/rules?lang={language}")
    assert listed.headers["Content-Language"] == language
    rules = listed.json["rules"]
    assert [rule["id"] for rule in rules] == list(RULES)
    for rule in rules:
        assert rule["title"] == rule_title(rule["id"], language) != RULES[rule["id"]].title
        assert rule["section"] == chapter(RULES[rule["id"]].section, language)
    one = client.get("/v1/rules/rev-2", headers={"Accept-Language": language})
    assert one.json["id"] == "REV-2" and one.json["title"] == rule_title("REV-2", language)


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_problem_in_each_language(client, language):
    answer = client.get("/v1/rules/NOPE", headers={"Accept-Language": language})
    assert answer.status_code == 404 and answer.mimetype == "application/problem+json"
    assert answer.headers["Content-Language"] == language
    assert answer.json["type"].endswith("/unknown-rule")
    assert answer.json["title"] != "Unknown rule" and "'NOPE'" in answer.json["detail"]
    assert not answer.json["detail"].startswith("no rule")
    malformed = client.post(f"/v1/adjudications?lang={language}", json={"format": "uno-duo-log/1"})
    assert malformed.status_code == 422 and malformed.json["title"] != "Malformed game log"
    assert "{" not in malformed.json["detail"] and "the body" not in malformed.json["detail"]
    assert [e["pointer"] for e in malformed.json["errors"]]  # the problems themselves, unchanged


def test_a_sentence_without_a_template_names_the_rule_in_the_language():
    words = violation_message("REV-2", "a sentence the engine never made", "el")
    assert "REV-2" in words and rule_title("REV-2", "el") in words


def _mutant_messages(count: int) -> list[str]:
    """The violation messages of ``count`` mutants of simulated games (tests/test_mutation.py's mutators)."""
    from referee.play.selfplay import simulate_game
    from tests.test_mutation import BASE_GAMES, MUTATORS, judge_mutant

    rng = random.Random(37)
    bases = [simulate_game(seed, variant, with_deck) for seed, variant, with_deck in BASE_GAMES]
    messages = []
    for _ in range(count):
        doc = json.loads(json.dumps(rng.choice(bases)))
        rng.choice(list(MUTATORS.values()))(rng, doc)
        verdict = judge_mutant(doc)
        if getattr(verdict, "violation", None) is not None:
            messages.append(verdict.violation.message)
    return messages


def test_the_engines_sentences_have_templates():
    """Every refusal the engine words for a few hundred mutated games (and the examples) is one of the
    templates: its words are translated, not replaced by the catch-all."""
    messages = _mutant_messages(300) + [judge(json.loads(p.read_text())).violation.message for p in ILLEGAL]
    assert len(messages) > 100
    unmatched = sorted({m for m in messages if phrases.match(m, phrases.ENGINE) is None})
    assert unmatched == []


def test_tagalog_is_served_as_filipino(client):
    answer = adjudicate(client, EXAMPLES / "illegal-reverse-partial-dump.json", **{"Accept-Language": "tl-PH"})
    assert answer.headers["Content-Language"] == "fil"
    assert answer.json["violation"]["rule"] == "REV-2"
    assert answer.json["violation"]["message"] == ("nilaro ni Ana ang pulang Reverse pero itinago ang pulang 5: "
                                                   "aalis ang bawat card na pula, o wala")
    assert client.get("/v1/rules/REV-2?lang=tl").json["title"] == "Lahat o wala"


#: Malformed logs, each with problems the log reader words (referee/log/document.py).
MALFORMED = [
    {"format": "uno-duo-log/1", "players": ["Ana", "Ben"], "rounds": [], "extra": 1},
    {"format": "uno-duo-log/1", "players": ["Ana", "Ana"], "rounds": []},
    {"format": "uno-duo-log/1", "players": ["Ana", "Ben", "Cy"], "rounds": []},
    {"format": "uno-duo-log/1", "players": ["Ana", "Ben"], "rounds": "none"},
    {"format": "uno-duo-log/1", "players": ["Ana", "Ben"],
     "rounds": [{"first_drafter": "Cy", "setup": {"hands": {"Ana": ["R1", "X9"], "Ben": [7]},
                                                   "discard": ["W"]}, "events": [3]}]},
    {"format": "uno-duo-log/1", "players": ["Ana", "Ben"],
     "rounds": [{"first_drafter": "Ana", "setup": {"hands": {"Ana": ["R1"], "Ben": ["G2"]}, "discard": ["R9"]},
                 "events": [{"player": "Ana", "type": "fly"}, {"player": "Ana", "type": "play"},
                            {"player": "Ana", "type": "play", "card": "R1", "color": "red"}]}]},
]


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_malformed_logs_problems_in_each_language(client, language):
    """Each field's problem is told in the language asked for, from its template; pointers and rules kept."""
    seen = 0
    for document in MALFORMED:
        english = client.post("/v1/adjudications", json=document)
        answer = client.post("/v1/adjudications", json=document, headers={"Accept-Language": language})
        assert english.status_code == answer.status_code == 422
        assert answer.headers["Content-Language"] == language
        pairs = list(zip(english.json["errors"], answer.json["errors"], strict=True))
        for before, after in pairs:
            assert (after["pointer"], after["rule"]) == (before["pointer"], before["rule"])
            assert phrases.match(before["detail"], phrases.READER) is not None, before["detail"]
            assert after["detail"] == phrases.translate(before["detail"], language, phrases.READER)
            assert after["detail"] != before["detail"]
        seen += len(pairs)
    assert seen >= 12
