"""Whether a clause holds a term that burdens *our* party, and on which subject: a
domain's learned reader of one-sided terms.

The phrase rules find a term by its cue words, and the term detector
(:mod:`.term_detector`) by its category; both need examples of each category's wording,
and a domain's deal terms come in more wordings than any list holds ("the Seller may in
its absolute discretion waive ...", "the Buyer shall have no claim to the extent ...",
"甲方有权单方决定 ..."). What the one-sided terms of a domain share is the shape of the
burden: one party decides, pays, waits or bears, the other does not. A domain's reader
learns that shape from its labelled contracts with the parties' words replaced by two
tokens (:func:`mark_parties`: ``ourparty`` for every word naming the party we act for,
``otherparty`` for the others), so "the Seller may waive" reads as "otherparty may
waive" for the buyer. It learns *that* a clause holds a one-sided term far better than
*whom* it burdens: our labelled terms all burden the party reviewed for, and with the
two tokens swapped three in four of them still read as one-sided (leaving each set out).
So whose side a term burdens stays the rule's to say (its ``burdens`` and the party its
sentence is about): a term the rule finds in our favour is reported low, however sure
the reader is. Two models, both TF-IDF character n-grams and a logistic regression
(:class:`~.term_detector.TermDetector`):

* ``one_sided`` — the probability that a section holds a term burdening ``ourparty``
  (against balanced clauses on the same subjects and every other section);
* ``subjects`` — which of the playbook's term categories the section is about (read on
  one-sided and balanced clauses alike), so the finding is the playbook rule of that
  subject, with its position, its limit (a numeric rule still needs a number past its
  limit) and its redline.

A playbook opts in with ``term_reader`` (its weights beside it in the plugin package);
``tools/train_term_reader.py`` fits them. Measured leaving each M&A labelled set out in
turn, see that tool's docstring and ``docs/benchmarks.md``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

import numpy as np
import numpy.typing as npt

from ..errors import InputError
from .party_sides import PartySide, PartyWords
from .playbook_models import Playbook
from .term_detector import NO_TERM, DetectorModel, TermDetector

__all__ = [
    "MAX_SUBJECTS",
    "MIN_SUBJECT",
    "ONE_SIDED",
    "OTHER_PARTY",
    "OUR_PARTY",
    "TermReader",
    "TermReading",
    "fitted_model",
    "mark_parties",
    "term_reader_of",
]

#: The token every word naming the party we act for becomes.
OUR_PARTY = "ourparty"
#: The token every word naming another party becomes.
OTHER_PARTY = "otherparty"
#: The one-sided model's label of a section holding a term that burdens our party.
ONE_SIDED = "one_sided"


def mark_parties(text: str, words: PartyWords, party: PartySide) -> str:
    """``text`` with each party word (:class:`PartyWords`) replaced by :data:`OUR_PARTY`
    when it names ``party``, else by :data:`OTHER_PARTY` ("the Purchaser shall" →
    "the  ourparty  shall" for the buyer)."""

    def token(match: re.Match[str]) -> str:
        return f" {OUR_PARTY if party.is_called(match.group()) else OTHER_PARTY} "

    return words.replace(text, token)


def fitted_model(
    labels: Sequence[str],
    vocabulary: Sequence[str],
    idf: npt.ArrayLike,
    coefficients: npt.ArrayLike,
    intercept: npt.ArrayLike,
) -> DetectorModel:
    """A model from a fitted logistic regression's classes, coefficients and intercept
    (scikit-learn's ``classes_``, ``coef_``, ``intercept_``). A binary regression has
    one row, for the second label: softmax over ±half its logit is its sigmoid."""
    weights = np.asarray(coefficients, dtype=np.float32)
    bias = np.asarray(intercept, dtype=np.float32).reshape(-1)
    if weights.ndim == 1 or weights.shape[0] == 1:
        half, shift = weights.reshape(1, -1) / 2, bias / 2
        weights, bias = np.vstack([-half, half]), np.concatenate([-shift, shift])
    return DetectorModel(
        labels=tuple(str(label) for label in labels),
        vocabulary=tuple(str(gram) for gram in vocabulary),
        idf=np.asarray(idf, dtype=np.float32),
        weights=weights,
        bias=bias,
    )


#: The subjects a reading offers, most likely first, at most this many ...
MAX_SUBJECTS = 3
#: ... and each at least this likely.
MIN_SUBJECT = 0.05


@dataclass(frozen=True)
class TermReading:
    """What the reader read in a section: how sure it is the section holds a term
    burdening our party, and the subjects it may be about (category, probability), most
    likely first (at most :data:`MAX_SUBJECTS`, each at least :data:`MIN_SUBJECT`
    likely, the first always)."""

    one_sided: float
    subjects: tuple[tuple[str, float], ...]

    @property
    def category(self) -> str:
        """The most likely subject."""
        return self.subjects[0][0]


class TermReader:
    """A domain's two models (see the module docstring) and the probability a section
    must reach to be read as one-sided."""

    def __init__(
        self, one_sided: DetectorModel, subjects: DetectorModel, min_probability: float
    ) -> None:
        if one_sided.labels != (NO_TERM, ONE_SIDED):
            raise ValueError(
                f"a one-sided model has labels (none, one_sided), not {one_sided.labels}"
            )
        self.one_sided = TermDetector(one_sided)
        self.subjects = TermDetector(subjects)
        self.min_probability = min_probability

    def read(self, marked: str) -> TermReading | None:
        """The reading of a section's text whose party words are marked
        (:func:`mark_parties`), or None when it is less sure than ``min_probability``
        that the section holds a term burdening our party."""
        if not marked.strip():
            return None
        sure = self.one_sided.probabilities([marked])[0][ONE_SIDED]
        if sure < self.min_probability:
            return None
        subjects = self.subjects.probabilities([marked])[0]
        ranked = sorted(subjects.items(), key=lambda pair: -pair[1])[:MAX_SUBJECTS]
        likely = [ranked[0], *(pair for pair in ranked[1:] if pair[1] >= MIN_SUBJECT)]
        return TermReading(sure, tuple(likely))

    def one_sided_part(self, parts: list[str]) -> int:
        """The index of the part (of a section's marked sentences) read most as
        one-sided."""
        scores = self.one_sided.probabilities(parts)
        return max(range(len(parts)), key=lambda i: scores[i][ONE_SIDED])


def term_reader_of(playbook: Playbook) -> TermReader | None:
    """The playbook's reader (its ``term_reader`` weights, read from where the playbook
    was loaded), or None when it has none."""
    spec = playbook.term_reader
    origin = playbook.origin
    if spec is None or origin is None:
        return None
    return _load(origin, spec.one_sided, spec.subjects, spec.min_probability)


@lru_cache(maxsize=8)
def _load(origin: str, one_sided: str, subjects: str, min_probability: float) -> TermReader:
    try:
        return TermReader(_model(origin, one_sided), _model(origin, subjects), min_probability)
    except (OSError, KeyError, ValueError) as exc:
        where = origin.removeprefix("pkg:")
        raise InputError(
            f"the playbook's term reader ({one_sided}, {subjects} in {where}) cannot be read: {exc}"
        ) from exc


def _model(origin: str, name: str) -> DetectorModel:
    """A model file beside the playbook: ``origin`` is a package (``pkg:<name>``) or a
    directory."""
    if origin.startswith("pkg:"):
        source: Traversable = resources.files(origin.removeprefix("pkg:")).joinpath(name)
        with resources.as_file(source) as path:
            return DetectorModel.load(path)
    return DetectorModel.load(Path(origin) / name)
