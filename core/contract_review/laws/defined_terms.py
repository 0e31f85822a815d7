"""The terms an article defines, as search keeps them: the terms of its definition
sentences (本法所称X，是指…, X是指…, X是…的Y, （以下简称“X”）; read by
:func:`.provision_relations.find_definitions`), three characters or longer.

A defined term is the statute's own word for a thing a layperson describes; the article
defining it is where a question about the thing starts (什么是行纪合同, 地理标志可以注册
商标吗). The law index keeps each article's terms (``defines``) and scores an article
that defines a term a definition question uses (:mod:`contract_review.retrieval.definitions`).
"""

from __future__ import annotations

from .provision_relations import find_definitions

__all__ = ["MIN_TERM_CHARS", "defined_terms"]

#: Shorter terms are not kept (物品, 产品 …: too common to point at one article).
MIN_TERM_CHARS = 3


def defined_terms(text: str) -> list[str]:
    """The terms ``text`` defines, in order, each once."""
    found: list[str] = []
    for definition in find_definitions(text):
        for term in definition.terms:
            if len(term) >= MIN_TERM_CHARS and term not in found:
                found.append(term)
    return found
