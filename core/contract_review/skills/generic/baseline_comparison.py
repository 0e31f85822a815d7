"""``compare_with_baseline``: how far a clause departs from the market-standard text.

Similarity is :class:`difflib.SequenceMatcher`'s ratio over word tokens (English words
and numbers; every other non-space character, so each Chinese character, on its own),
or over sentences when the texts are very long (see :data:`MAX_TOKEN_PRODUCT`).
Sentences are compared after normalising case and whitespace; those only in the clause
are *added*, those only in the baseline *removed*. The clause's heading is left out.
"""

from __future__ import annotations

import difflib
import re
from typing import Literal

from pydantic import BaseModel, Field

from ...text.clause_text import clause_text
from ...text.sentences import sentences
from .clause_input import ClauseInput

_TOKEN_RE = re.compile(r"[0-9a-z]+|[^\s0-9a-z]")
_TRAILING_PUNCTUATION = " .;:,。；：，!?！？"

#: Above this many token pairs (clause tokens x baseline tokens) similarity is measured
#: over sentences: token-level matching of two very long texts takes minutes.
MAX_TOKEN_PRODUCT = 9_000_000

SimilarityBasis = Literal["tokens", "sentences"]


class CompareWithBaselineInput(ClauseInput):
    """Input of ``compare_with_baseline``."""

    baseline_text: str = Field(
        default="",
        description="The market-standard text of the clause; the domain's baseline when "
        "the engine fills it.",
    )


class CompareWithBaselineOutput(BaseModel):
    """Output of ``compare_with_baseline``."""

    clause_id: str
    has_baseline: bool
    clause_found: bool
    similarity: float | None = Field(
        default=None, ge=0, le=1, description="0 (nothing in common) to 1 (identical)."
    )
    added_sentences: list[str] = Field(
        default_factory=list, description="In the clause, not in the baseline."
    )
    removed_sentences: list[str] = Field(
        default_factory=list, description="In the baseline, not in the clause."
    )
    unchanged_sentences: int = 0
    similarity_basis: SimilarityBasis | None = Field(
        default=None, description="What the similarity was measured over."
    )


def _sentence_key(sentence: str) -> str:
    return " ".join(sentence.casefold().split()).rstrip(_TRAILING_PUNCTUATION)


def _tokens(text: str) -> list[str]:
    return _TOKEN_RE.findall(text.casefold())


def compare_with_baseline(data: CompareWithBaselineInput) -> CompareWithBaselineOutput:
    """Compare the clause with ``baseline_text``; ``has_baseline=False`` when there is none."""
    document = data.document_structure
    baseline = data.baseline_text.strip()
    section = data.find_section()
    if not baseline or section is None:
        return CompareWithBaselineOutput(
            clause_id=data.clause_id, has_baseline=bool(baseline), clause_found=section is not None
        )
    located = clause_text(document, section)
    body = located.body or located.text.strip()

    # Compared part by part: a semicolon or a line break ends a sentence here.
    clause_sentences = sentences(body, semicolons=True, line_breaks=True)
    baseline_sentences = sentences(baseline, semicolons=True, line_breaks=True)
    matcher = difflib.SequenceMatcher(
        None,
        [_sentence_key(s) for s in clause_sentences],
        [_sentence_key(s) for s in baseline_sentences],
        autojunk=False,
    )
    clause_tokens, baseline_tokens = _tokens(body), _tokens(baseline)
    if len(clause_tokens) * len(baseline_tokens) <= MAX_TOKEN_PRODUCT:
        basis: SimilarityBasis = "tokens"
        similarity = difflib.SequenceMatcher(
            None, clause_tokens, baseline_tokens, autojunk=False
        ).ratio()
    else:
        basis = "sentences"
        similarity = matcher.ratio()
    added: list[str] = []
    removed: list[str] = []
    unchanged = 0
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            unchanged += i2 - i1
            continue
        added.extend(clause_sentences[i1:i2])
        removed.extend(baseline_sentences[j1:j2])
    return CompareWithBaselineOutput(
        clause_id=data.clause_id,
        has_baseline=True,
        clause_found=True,
        similarity=round(similarity, 4),
        similarity_basis=basis,
        added_sentences=added,
        removed_sentences=removed,
        unchanged_sentences=unchanged,
    )
