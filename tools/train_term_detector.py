"""Fit the term detector (contract_review/playbooks/term_detector.npz), or measure it.

Usage: ``python tools/train_term_detector.py [--sets examples,unseen,...] [--out PATH]``
(``nox -s train_detector``), or ``--leave-one-out`` to measure instead of saving: each
set is scored by a detector fitted on the others, and the share of its one-sided terms
found, of its balanced clauses flagged and of its other sections flagged is printed per
threshold.

Every section of the sets' contracts is an example (see
:mod:`contract_review.playbooks.term_detector`): a clause that holds a one-sided term
is labelled with its category, a balanced clause ``balanced:<category>``, any other
section ``none``; a logistic regression over character n-grams is fitted with balanced
class weights and saved with its vocabulary. A set held back to measure generalisation
must be left out of ``--sets`` until it has been measured.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Sequence

import numpy as np
from labelled_sets import ALL_SETS, ROOT, LabelledSection, share, training_run
from sklearn.linear_model import LogisticRegression

from contract_review.playbooks.term_detector import (
    BALANCED_PREFIX,
    NO_TERM,
    DetectorModel,
    TermDetector,
    new_vectorizer,
)

OUT = ROOT / "core" / "contract_review" / "playbooks" / "term_detector.npz"
#: Inverse regularisation strength of the logistic regression (chosen leaving one set
#: out over the first fifteen sets: at 0.7, C 10 and 30 found 71% and 81% of the terms
#: against 88% at C 100, for about as few balanced clauses flagged).
C = 100.0
#: A category with fewer one-sided examples than this is not learnt (too few).
MIN_EXAMPLES = 20
#: Thresholds the leave-one-out measure reports.
THRESHOLDS = (0.5, 0.6, 0.7, 0.8, 0.9)


def label_of(section: LabelledSection, categories: set[str]) -> str:
    """A section's training label: its term's category, balanced, or none."""
    for category in sorted(section.terms):
        if category in categories:
            return category
    if section.balanced:
        return BALANCED_PREFIX + sorted(section.balanced)[0]
    return NO_TERM


def fit(sections: Sequence[LabelledSection]) -> DetectorModel:
    """A detector fitted on ``sections``."""
    counts = Counter(category for section in sections for category in section.terms)
    categories = {category for category, count in counts.items() if count >= MIN_EXAMPLES}
    labels = [label_of(section, categories) for section in sections]
    vectorizer = new_vectorizer()
    features = vectorizer.fit_transform([section.text for section in sections])
    classifier = LogisticRegression(C=C, max_iter=5000, class_weight="balanced")
    classifier.fit(features, labels)
    return DetectorModel(
        labels=tuple(str(label) for label in classifier.classes_),
        vocabulary=tuple(str(gram) for gram in vectorizer.get_feature_names_out()),
        idf=vectorizer.idf_.astype(np.float32),
        weights=classifier.coef_.astype(np.float32),
        bias=classifier.intercept_.astype(np.float32),
    )


def leave_one_out(sections: Sequence[LabelledSection], sets: Sequence[str]) -> None:
    """Print, per threshold, what detectors fitted without each set find in it."""
    best: list[tuple[LabelledSection, float]] = []
    for name in sets:
        detector = TermDetector(fit([s for s in sections if s.set_name != name]))
        held = [s for s in sections if s.set_name == name]
        for section, probabilities in zip(
            held, detector.probabilities([s.text for s in held]), strict=True
        ):
            term = max(detector.categories, key=probabilities.__getitem__)
            # A term's clause counts as found only when read as that term.
            right = not section.terms or term in section.terms
            best.append((section, probabilities[term] if right else 0.0))
        print(f"  scored {name} ({len(held)} sections)", file=sys.stderr)
    terms = [p for s, p in best if s.terms]
    balanced = [p for s, p in best if s.balanced and not s.terms]
    other = [p for s, p in best if not s.balanced and not s.terms]
    for threshold in THRESHOLDS:
        print(
            f"threshold {threshold}: terms found {share(terms, threshold)}, balanced "
            f"clauses flagged {share(balanced, threshold)}, other sections flagged "
            f"{share(other, threshold)}"
        )


def main(argv: list[str] | None = None) -> int:
    run = training_run(argv, description=__doc__.split("\n\n")[0], default_sets=ALL_SETS, out=OUT)
    sections = run.sections
    if run.leave_one_out:
        leave_one_out(sections, run.sets)
        return 0
    model = fit(sections)
    print(
        f"{len(sections)} sections, {len(model.vocabulary)} n-grams; labels: {', '.join(model.labels)}"
    )
    model.save(run.out)
    print(f"wrote {run.out.relative_to(ROOT) if run.out.is_relative_to(ROOT) else run.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
