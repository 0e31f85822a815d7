"""The words a pattern cannot match without: the prefilter never drops a text the
pattern matches."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from contract_review.documents.case_folding import fold
from contract_review.playbooks.pattern_words import may_match, required_words
from contract_review.playbooks.playbook_loading import load_playbook_resource
from contract_review.playbooks.rule_matching import find_hits, in_force
from contract_review.playbooks.rule_models import PlaybookRule

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("pattern", "words"),
    [
        (r"(?:liquidated|delay)\s+damages|penalt\w*", {"damages", "penalt"}),
        (r"\bSole\s+and\s+Exclusive", {"exclusive"}),
        (r"(?P<party>Employer|Owner)\s+shall", {"shall"}),
        (r"x{2,3}", {"x"}),
        (r"(?:abc)+", {"abc"}),
        ("违约金", {"违约金"}),
        (r"(?<!交)付(?:款|清)|支付|货款", {"付", "支付", "货款"}),
        (r"不超过[^。]{0,8}?元", {"不超过"}),
        ("A股", {"a股"}),
    ],
)
def test_required_words(pattern: str, words: set[str]) -> None:
    assert required_words(pattern) == words


@pytest.mark.parametrize(
    "pattern",
    [r"\w+", r"(?:foo)?", r"foo|\d+", r"x*", r"[a-z]{3}", r"(?=foo)", "[违约]金?", r"(a)?\1", "("],
)
def test_patterns_without_a_required_word(pattern: str) -> None:
    assert required_words(pattern) is None
    assert may_match(pattern, "")


# A small grammar of patterns like the playbooks': words (any case), classes, anchors,
# groups, alternatives, repeats, look-arounds and case-sensitive scopes; Chinese
# characters (no case) among the letters.
_LETTERS = "abikLSsK违约金"
_WORD = st.text(alphabet=st.sampled_from(list(_LETTERS)), min_size=1, max_size=4)
_ATOMS = st.one_of(
    _WORD.map(re.escape),
    st.sampled_from([r"\w", r"\s+", r"\b", r"[a-k]", r"[^a]", r"[^K]", r".", r"\d", "-", " "]),
)


def _combine(children: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return st.one_of(
        st.lists(children, min_size=1, max_size=3).map("".join),
        st.lists(children, min_size=2, max_size=3).map(lambda parts: "(?:" + "|".join(parts) + ")"),
        st.tuples(children, st.sampled_from(["?", "*", "+", "{1,2}", "{0,2}", "{2}"])).map(
            lambda pair: "(?:" + pair[0] + ")" + pair[1]
        ),
        children.map(lambda part: "(" + part + ")"),
        children.map(lambda part: "(?-i:" + part + ")"),
        _WORD.map(lambda word: "(?!" + re.escape(word) + ")"),
        _WORD.map(lambda word: "(?<!" + re.escape(word) + ")"),
    )


_PATTERNS = st.recursive(_ATOMS, _combine, max_leaves=8)
_TEXTS = st.text(alphabet=st.sampled_from(list(_LETTERS + "ABIKl -\n" + "İıKſ")), max_size=30)


@settings(max_examples=400)
@given(_PATTERNS, _TEXTS)
def test_may_match_never_drops_a_match(pattern: str, text: str) -> None:
    for flags in (0, re.IGNORECASE):
        if re.search(pattern, text, flags):
            assert may_match(pattern, fold(text)), (pattern, text, required_words(pattern))


def _shipped_rules() -> tuple[PlaybookRule, ...]:
    """The rules of the three shipped domain plugins' playbooks."""
    return tuple(
        rule
        for package in (
            "contract_review_generic",
            "contract_review_fidic",
            "contract_review_sha_spa",
        )
        for rule in load_playbook_resource(package).rules
    )


def _example_texts() -> list[str]:
    paths = sorted((REPO / "examples").rglob("*.txt"))
    return [line for path in paths for line in path.read_text(encoding="utf-8").split("\n\n")]


@pytest.mark.requires_domain("generic", "fidic", "sha_spa")
def test_every_shipped_pattern_keeps_every_example_paragraph_it_matches() -> None:
    texts = [in_force(text) for text in _example_texts()]
    folded = [fold(text) for text in texts]
    rules = _shipped_rules()
    patterns = {
        pattern
        for rule in rules
        for pattern in (*rule.patterns, *rule.unless_in_section, *rule.unless_anywhere)
    }
    checked = 0
    for pattern in patterns:
        compiled = re.compile(pattern, re.IGNORECASE)
        for text, fold_of_text in zip(texts, folded, strict=True):
            if compiled.search(text):
                checked += 1
                assert may_match(pattern, fold_of_text), (pattern, text[:80])
    assert checked > 100  # the examples do exercise the patterns


@pytest.mark.requires_domain("generic", "fidic", "sha_spa")
def test_find_hits_is_unchanged_on_the_examples() -> None:
    """The prefilter only skips scans that find nothing: every rule hits where its
    patterns, run without it, match."""
    texts = _example_texts()
    for rule in _shipped_rules():
        if rule.when == "absent":
            continue
        for text in texts:
            masked = in_force(text)
            matched = any(re.search(p, masked, re.IGNORECASE) for p in rule.patterns)
            if not matched:
                assert find_hits(rule, text) == []
