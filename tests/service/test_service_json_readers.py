"""The quick JSON reader (orjson, depth on the text) answers every body as the careful one does.

:func:`~referee.service.validation.parse_json` reads with orjson and checks the depth on the raw text;
:func:`~referee.service.validation.parse_json_carefully` with ``json.loads`` and a walk of the parsed
document. For every body — valid JSON of any shape, big integers, odd encodings, broken text — both give
the same document (the same types: an integer stays an integer, ``-0.0`` stays negative) or the same
problem (status, type, detail, pointers).
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from referee.service.problems import ApiProblem
from referee.service.validation import nesting_exceeds, parse_json, parse_json_carefully, text_nests_deeper


def typed(value):
    """``value`` with the type of every part spelt out, so ``1``, ``1.0`` and ``True`` differ, and
    objects compare with their keys in order."""
    if isinstance(value, dict):
        return ("object", [(key, typed(item)) for key, item in value.items()])
    if isinstance(value, list):
        return ("array", [typed(item) for item in value])
    if isinstance(value, float):
        return ("float", repr(value))  # tells -0.0 from 0.0 and inf from a large number
    return (type(value).__name__, value)


def outcome(read, raw: bytes, depth: int):
    """What ``read`` answers for ``raw``: the typed document, or the problem it raises."""
    try:
        return ("document", typed(read(raw, depth)))
    except ApiProblem as problem:
        return ("problem", problem.status, problem.type, problem.detail,
                [error.to_dict() for error in problem.errors])


def assert_same_answer(raw: bytes, depth: int = 32) -> None:
    assert outcome(parse_json, raw, depth) == outcome(parse_json_carefully, raw, depth)


# Strings with what could confuse a reading of the text: brackets, quotes, backslashes, non-ASCII.
tricky_text = st.text(alphabet=st.sampled_from('ab[]{}"\\/:,é€😀\n\t\x00\x1f'), max_size=8)
scalars = (st.none() | st.booleans() | tricky_text
           | st.integers(min_value=-10**25, max_value=10**25)
           | st.floats(allow_nan=False, allow_infinity=False))
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(tricky_text, inner, max_size=4), max_leaves=30)


@st.composite
def json_texts(draw) -> bytes:
    """A JSON value as some client might write it: ASCII or not, indented or not, encoded as given."""
    text = json.dumps(draw(json_values), ensure_ascii=draw(st.booleans()),
                      indent=draw(st.sampled_from([None, 0, 2])))
    return text.encode(draw(st.sampled_from(["utf-8", "utf-8", "utf-8", "utf-8-sig", "utf-16"])))


@st.composite
def damaged(draw, texts) -> bytes:
    """A text with a few bytes deleted, replaced or inserted."""
    raw = bytearray(draw(texts))
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(raw)))
        byte = draw(st.sampled_from(b'[]{}",:\\0e.-+nNI\xff\xc3\xed '))
        action = draw(st.sampled_from(["delete", "replace", "insert"]))
        if action == "insert" or at == len(raw):
            raw[at:at] = bytes([byte])
        elif action == "replace":
            raw[at] = byte
        else:
            del raw[at]
    return bytes(raw)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(raw=json_texts() | damaged(json_texts()), depth=st.integers(1, 6))
@example(raw=b'{"a": 1, "b": 2, "a": 3}', depth=32)
@example(raw=b"[1e400, -0.0, -0, 0.1e-400]", depth=32)
def test_both_readers_answer_alike(raw, depth):
    assert_same_answer(raw, depth)


@pytest.mark.parametrize("raw", [
    b"9223372036854775807", b"-9223372036854775808", b"18446744073709551615", b"18446744073709551616",
    b"-9223372036854775809", b"[123456789012345678901234567890]", b'{"n": -99999999999999999999}',
    b'["1234567890123456789", 1]',  # a long run of digits in a string only
    b"1" * 4300, b"1" * 4301, b"-" + b"9" * 4400,
    b"NaN", b"[Infinity]", b"[-Infinity]", b'"\\ud800"', b'"\\udc00\\ud800"', b'"\xed\xa0\x80"',
    b"\xef\xbb\xbf{}", b"\xff\xfe{", b'{"a": "\xff"}', b'["a\x01b"]', b"", b" ", b"[1,]", b"{,}", b"01",
    b"[" * 1025 + b"]" * 1025, b"[" * 5000 + b"]" * 5000, b"[" * 5000,
    b'["[[[[", "\\"[[[[", "\\\\", "]]]]\\\\"]', b'{"\\"": {"\\\\": [[]]}}',
])
def test_edge_bodies_get_the_same_answer(raw):
    for depth in (1, 2, 3, 32):
        assert_same_answer(raw, depth)


@settings(max_examples=300, deadline=None)
@given(value=json_values, limit=st.integers(1, 8), ensure_ascii=st.booleans())
def test_depth_on_the_text_is_the_depth_of_the_document(value, limit, ensure_ascii):
    raw = json.dumps(value, ensure_ascii=ensure_ascii).encode()
    assert text_nests_deeper(raw, limit) == nesting_exceeds(value, limit)


# Texts on both sides of the depth check's shortcut (every string free of brackets, its quotes simply
# dropped) and its careful way (some string holds a bracket, quotes adjacent or not to a bracket).
@pytest.mark.parametrize("raw", [
    b'[[["a", "b"], ""]]', b'{"a": [{"b": [[]]}], "c": ""}', b'["[", "]"]', b'["]]]", [["["]]]',
    b'[["[["], "]]"]', b'{"k[": {"]k": ["x"]}}', b'["a\\"[", [["\\\\"]]]', b'["\\\\", "[[[[", "]"]',
    b'[[[[[[1]]]]], "[]"]', b'"[[[[[["', b'[[[[[["]]"]]]]]]',
])
def test_depth_on_the_text_with_and_without_brackets_in_strings(raw):
    value = json.loads(raw)
    for limit in range(1, 9):
        assert text_nests_deeper(raw, limit) == nesting_exceeds(value, limit), (raw, limit)


def test_the_quick_reader_keeps_integers_beyond_64_bits_exact():
    assert parse_json(b"[18446744073709551616, -9223372036854775809]", 32) == \
        [18446744073709551616, -9223372036854775809]
