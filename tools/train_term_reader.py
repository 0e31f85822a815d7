"""Fit a domain's term reader (:mod:`contract_review.playbooks.term_reader`), or measure it.

Usage: ``python tools/train_term_reader.py [--sets a,b,...]`` (``nox -s train_reader``)
writes the SHA/SPA reader's two weight files into its plugin package;
``--leave-one-out`` measures instead: each set is read by a reader fitted on the others,
and the share of its one-sided terms read as one-sided, of its balanced clauses and of
its other sections is printed per probability, with how often the subject read for a
term's clause is the term's.

Every section of the sets' contracts is an example, its party words marked for the
party the contract is reviewed for (:func:`~contract_review.playbooks.term_reader.mark_parties`):

* the one-sided model learns the sections that hold a seeded term (one-sided) against
  all others (balanced clauses on the same subjects and every other section), a binary
  logistic regression with balanced class weights;
* the subjects model learns, on seeded and balanced clauses whose subject the writers'
  categories name (:data:`labelled_sets.SHA_SPA_CATEGORIES`), that subject, and also
  from what the playbook says of each subject (:func:`playbook_examples`).

Fitted since on the thirty-six sets twentythird to fiftyeighth. On the twelve newest,
read by readers fitted without them (six folds of two sets), at 0.6: 317/361 seeded terms,
57/361 balanced clauses, 62/5446 other sections; the reader fitted on the twenty-four
sets before them read 270/361, 48/361 and 67/5446 of the same. Leaving each of the twenty-four M&A sets out (twentythird to fortysixth; definitions
split one per example; at 25f54f9), the reader alone at 0.6 read 644/758 seeded terms
(85.0%), 85/758 balanced clauses (11.2%) and 101/8103 other sections (1.2%); the subject
of 612/694 terms' clauses was read right (at 0.7: 80.5%, 6.9%, 0.8%). Before, leaving
each of the eighteen M&A sets out (twentythird to fortieth), the reader alone
at 0.6 read 480/572 seeded terms (83.9%), 44/572 balanced clauses (7.7%) and 61/4535
other sections (1.3%); the subject of 466/520 terms' clauses was read right (over sixteen
sets: 83.5%, 8.1%, 1.6%; over twelve: 80.9%, 7.3%, 1.5%; over ten: 77.7%, 6.0%, 1.7%; over eight: 71.6%, 5.4%, 1.6%). Over the
first eight, the playbook's own words raised subjects read right from 170/215 to 180.

A set held back to measure generalisation must stay out of ``--sets`` until measured.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence
from functools import cache

import numpy as np
import scipy.sparse as sp
from labelled_sets import (
    ROOT,
    SHA_SPA_SETS,
    UNNAMED,
    LabelledSection,
    share,
    training_run,
)
from sklearn.linear_model import LogisticRegression

from contract_review.documents import parse_file
from contract_review.errors import InputError
from contract_review.playbooks.party_sides import PartySide, PartyWords, resolve_party
from contract_review.playbooks.playbook_loading import load_playbook_resource
from contract_review.playbooks.term_detector import NO_TERM, DetectorModel, new_vectorizer
from contract_review.playbooks.term_reader import (
    ONE_SIDED,
    TermReader,
    fitted_model,
    mark_parties,
)

PACKAGE = "contract_review_sha_spa"
OUT = ROOT / "plugins" / "sha_spa" / PACKAGE
#: Inverse regularisation strength of the one-sided model (leaving one set out over the
#: six first M&A sets, C 3 and 10 read 63% and 64% of the terms at 0.6 for 9% and 8% of
#: the balanced clauses).
C_ONE_SIDED = 10.0
#: Inverse regularisation strength of the subjects model (C 3, 10, 30 named 68%, 71%,
#: 73% of the terms' subjects leaving one set out).
C_SUBJECTS = 30.0
PROBABILITIES = (0.5, 0.6, 0.7, 0.8)


@cache
def _marker(path: str, party: str) -> tuple[PartyWords, PartySide] | None:
    playbook = load_playbook_resource(PACKAGE)
    document = parse_file(ROOT / path)
    try:
        side = resolve_party(party, [document], sides=playbook.sides)
    except InputError:  # a party the contract does not name: left unmarked
        return None
    return PartyWords([document], playbook.sides), side


def marked(section: LabelledSection) -> str:
    """The section's text with its party words marked for the party it is reviewed for."""
    found = _marker(section.path, section.party) if section.party else None
    if found is None:
        return section.text
    words, side = found
    return mark_parties(section.text, words, side)


def _subject(section: LabelledSection) -> str | None:
    named = sorted((section.terms | section.balanced) - {UNNAMED})
    return named[0] if named else None


def playbook_examples() -> list[tuple[str, str]]:
    """What the playbook itself says of each subject, as examples of it: per rule, its
    English words (description, position, rationale, redline) and its Chinese ones (the
    Chinese redline and the Chinese words of its patterns), so that a subject whose
    labelled clauses are few, or all in the other language, is still known by its
    vocabulary ("anti-dilution", "反稀释", "棘轮")."""
    examples: list[tuple[str, str]] = []
    for rule in load_playbook_resource(PACKAGE).rules:
        if not rule.category or rule.when != "present":
            continue
        redline = rule.redline
        english = " ".join(
            part
            for part in (
                rule.description,
                rule.standard_position,
                rule.rationale,
                rule.suggested_redline,
                redline.text if redline is not None else "",
            )
            if part
        )
        words = re.findall(r"[\u4e00-\u9fff]{2,}", " ".join(rule.patterns))
        chinese_redline = redline.text_zh if redline is not None and redline.text_zh else ""
        chinese = " ".join([chinese_redline, *words])
        examples += [(text, rule.category) for text in (english, chinese) if text.strip()]
    return examples


def fit(sections: Sequence[LabelledSection]) -> tuple[DetectorModel, DetectorModel]:
    """The one-sided and subjects models fitted on ``sections`` (the subjects model
    also on :func:`playbook_examples`)."""
    texts = [marked(section) for section in sections]
    extra = playbook_examples()
    vectorizer = new_vectorizer()
    features = vectorizer.fit_transform(texts + [text for text, _ in extra])[: len(texts)]
    vocabulary = tuple(str(gram) for gram in vectorizer.get_feature_names_out())
    idf = vectorizer.idf_.astype(np.float32)
    binary = LogisticRegression(C=C_ONE_SIDED, max_iter=5000, class_weight="balanced")
    binary.fit(features, [int(bool(section.terms)) for section in sections])
    one_sided = fitted_model((NO_TERM, ONE_SIDED), vocabulary, idf, binary.coef_, binary.intercept_)
    rows = [i for i, section in enumerate(sections) if _subject(section)]
    subjects = LogisticRegression(C=C_SUBJECTS, max_iter=5000)
    examples = (
        sp.vstack([features[rows], vectorizer.transform([text for text, _ in extra])])
        if extra
        else features[rows]
    )
    subjects.fit(
        examples, [_subject(sections[i]) for i in rows] + [category for _, category in extra]
    )
    return one_sided, fitted_model(
        subjects.classes_, vocabulary, idf, subjects.coef_, subjects.intercept_
    )


def leave_one_out(sections: Sequence[LabelledSection], sets: Sequence[str]) -> None:
    """Print what readers fitted without each set read in it."""
    read: list[tuple[LabelledSection, float, str]] = []
    for name in sets:
        reader = TermReader(*fit([s for s in sections if s.set_name != name]), 0.6)
        held = [s for s in sections if s.set_name == name]
        texts = [marked(s) for s in held]
        sure = reader.one_sided.probabilities(texts)
        subjects = reader.subjects.probabilities(texts)
        for section, p, subject in zip(held, sure, subjects, strict=True):
            read.append((section, p[ONE_SIDED], max(subject, key=subject.__getitem__)))
        print(f"  read {name} ({len(held)} sections)", file=sys.stderr)
    terms = [(s, p, c) for s, p, c in read if s.terms]
    balanced = [p for s, p, _ in read if s.balanced and not s.terms]
    other = [p for s, p, _ in read if not s.balanced and not s.terms]
    named = [(s, c) for s, _, c in terms if _subject(s)]
    right = sum(c == _subject(s) for s, c in named)
    print(f"subject of a term's clause read right: {right}/{len(named)}")
    for probability in PROBABILITIES:
        print(
            f"at {probability}: terms read {share([p for _, p, _ in terms], probability)}, "
            f"balanced clauses {share(balanced, probability)}, other sections "
            f"{share(other, probability)}"
        )


def main(argv: list[str] | None = None) -> int:
    run = training_run(
        argv,
        description=__doc__.split("\n\n")[0],
        default_sets=SHA_SPA_SETS,
        out=OUT,
        split_definitions=True,
    )
    sections = run.sections
    if run.leave_one_out:
        leave_one_out(sections, run.sets)
        return 0
    one_sided, subjects = fit(sections)
    spec = load_playbook_resource(PACKAGE).term_reader
    if spec is None:
        raise SystemExit(f"{PACKAGE}'s playbook names no term_reader files")
    one_sided.save(run.out / spec.one_sided)
    subjects.save(run.out / spec.subjects)
    print(
        f"{len(sections)} sections, {len(one_sided.vocabulary)} n-grams; "
        f"subjects: {', '.join(subjects.labels)}"
    )
    print(f"wrote {spec.one_sided} and {spec.subjects} in {run.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
