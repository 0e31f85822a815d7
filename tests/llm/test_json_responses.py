"""Reading JSON out of what an LLM actually wrote."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel

from contract_review.errors import LLMError
from contract_review.llm.json_responses import JSONReplyError, extract_json, parse_json_reply


class ClausePlan(BaseModel):
    clause_id: str
    depth: str
    tools: list[str] = []


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        ('{"a": 1}', {"a": 1}),
        ("  \n[1, 2]\n", [1, 2]),
        ('```json\n{"a": 1}\n```', {"a": 1}),
        ('```JSON\n{"a": 1}\n```\nLet me know if you need more.', {"a": 1}),
        ('Here is the plan:\n```\n{"a": [1, {"b": null}]}\n```', {"a": [1, {"b": None}]}),
        (
            'Sure! {"a": {"b": {"c": [true, false]}}} Hope that helps.',
            {"a": {"b": {"c": [True, False]}}},
        ),
        ('The plan: [{"id": "1"}, {"id": "2"}] — done.', [{"id": "1"}, {"id": "2"}]),
        ('{"a": 1}\n\nNote: clause 8.7 {see below}', {"a": 1}),
        (
            'See note [1]. {"clause_id": "14.7", "depth": "deep"}',
            {"clause_id": "14.7", "depth": "deep"},
        ),
        ('```python\nx = 1\n```\n```json\n{"a": 2}\n```', {"a": 2}),
        ('```json\n{"a": 1, "b": [1, 2,],}\n```', {"a": 1, "b": [1, 2]}),
        ("{'a': 'it\\'s', 'b': \"x'y\"}", {"a": "it's", "b": "x'y"}),
        (
            "{'ok': True, 'missing': None, 'bad': False}",
            {"ok": True, "missing": None, "bad": False},
        ),
        (
            '{"text": "True and None stay, as does , ]"}',
            {"text": "True and None stay, as does , ]"},
        ),
        ('{"text": "第一行\n第二行"}', {"text": "第一行\n第二行"}),
        ('```json\n{"a": 1}', {"a": 1}),  # an unclosed fence
        ('\ufeff{"a": 1}', {"a": 1}),
        (
            '好的，审查结果如下：{"风险": "高", "条款": "第十四条"}。',
            {"风险": "高", "条款": "第十四条"},
        ),
    ],
)
def test_extract_json(reply: str, expected: Any) -> None:
    assert extract_json(reply) == expected


def test_expect_picks_the_kind() -> None:
    reply = 'Options [1, 2] and the answer {"a": 1}'
    assert extract_json(reply, expect="object") == {"a": 1}
    assert extract_json(reply, expect="array") == [1, 2]
    with pytest.raises(JSONReplyError, match="no JSON array"):
        extract_json('{"a": [1]}', expect="array")


def test_the_longest_value_wins_over_a_fragment() -> None:
    assert extract_json('[1] then {"plan": [1, 2, 3], "depth": "deep"}') == {
        "plan": [1, 2, 3],
        "depth": "deep",
    }


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        ("", "reply is empty"),
        ("I cannot help with that.", "holds no JSON object or array; the reply began: 'I cannot"),
        ('{"plan": [{"id": "1"}, {"id":', "cut off before its end"),
        ("{not: json, at all}", "holds no JSON"),
    ],
)
def test_failures_say_what_is_wrong(reply: str, expected: str) -> None:
    with pytest.raises(JSONReplyError, match=expected.replace("(", r"\(").replace("[", r"\[")):
        extract_json(reply)


def test_errors_are_llm_errors_and_quote_briefly() -> None:
    with pytest.raises(LLMError) as raised:
        extract_json("no json " * 200)
    assert len(str(raised.value)) < 400 and str(raised.value).endswith("…'")


def test_parse_json_reply_validates() -> None:
    plan = parse_json_reply(
        '```json\n{"clause_id": "20.1", "depth": "deep", "tools": ["get_law"]}\n```', ClausePlan
    )
    assert plan == ClausePlan(clause_id="20.1", depth="deep", tools=["get_law"])
    with pytest.raises(JSONReplyError) as raised:
        parse_json_reply('{"clause_id": 20.1, "tools": "get_law"}', ClausePlan)
    message = str(raised.value)
    assert "does not fit ClausePlan" in message
    assert "clause_id:" in message and "depth: Field required" in message and "tools:" in message
    with pytest.raises(JSONReplyError, match="does not fit ClausePlan"):
        parse_json_reply("[1, 2]", ClausePlan)


# --- property: any JSON document wrapped in prose and fences reads back


_scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**12), max_value=10**12)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20)
)
_values = st.recursive(
    _scalars,
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=10), children, max_size=4)
    ),
    max_leaves=20,
)
_documents = st.dictionaries(st.text(max_size=10), _values, max_size=5) | st.lists(
    _values, max_size=5
)
# Prose as people and models write it: words, CJK, punctuation — no brackets or fences.
_prose = st.text(
    alphabet=st.characters(
        whitelist_categories=("Lu", "Ll", "Lo", "Nd", "Zs", "Po"),
        blacklist_characters="{}[]`\\\"'",
    ),
    max_size=60,
)


@given(
    document=_documents,
    before=_prose,
    after=_prose,
    fence=st.sampled_from(["none", "json", "plain", "unclosed"]),
    ensure_ascii=st.booleans(),
    indent=st.sampled_from([None, 2]),
)
def test_round_trip_through_prose_and_fences(
    document: Any, before: str, after: str, fence: str, ensure_ascii: bool, indent: int | None
) -> None:
    dumped = json.dumps(document, ensure_ascii=ensure_ascii, indent=indent)
    if fence == "json":
        body = f"```json\n{dumped}\n```"
    elif fence == "plain":
        body = f"```\n{dumped}\n```"
    elif fence == "unclosed":
        body, after = f"```json\n{dumped}\n", ""
    else:
        body = dumped
    reply = f"{before}\n{body}\n{after}" if before or after else body
    assert extract_json(reply) == document
