"""Sentence splitting shared by the SPA/SHA extraction skills (their inputs derive from
core's :class:`~contract_review.skills.generic.clause_input.ClauseTextInput`)."""

from __future__ import annotations

import re

# A sentence ends at 。；;！？!? or a full stop followed by white space ("14.2" goes on).
_SENTENCE_END = re.compile(r"(?<=[。；;！？!?])|(?<=\.)(?=\s)|\n")


def sentences(text: str) -> list[str]:
    """The sentences (and semicolon-separated parts and lines) of ``text``."""
    return [part.strip() for part in _SENTENCE_END.split(text) if part and part.strip()]
