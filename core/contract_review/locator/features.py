"""The features of each clause unit for a topic, from the topic's signal table.

Features are general drafting evidence, each scaled to about [0, 1]: a heading that
names the topic, how many of the topic's characteristic phrasings the unit uses, how
often its supporting words occur, phrasings of a neighbouring topic (anywhere in the
unit; whether some sentence carries the topic without them, so that "terminate on
thirty days' notice of a breach" is told from "terminate at any time on thirty days'
notice"; and whether the unit's heading names the neighbour), whether the unit
is a definition, a period of time or an amount of money in it, whether it is written
in capitals (limitations and disclaimers are printed conspicuously), its length, and
how it compares with the best unit of the same contract, and where it sits in the
contract (0 at the start, 1 at the end).
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict, Field

from contract_review.documents.contract_type import infer_contract_type
from contract_review.text.sentences import sentences

from .signals import CompiledSignals
from .units import MAX_UNIT_CHARS, ClauseUnit

#: The contract types the locator's weights were fitted with, one feature each (core
#: may learn more types; the locator reads these until it is refitted).
LOCATOR_TYPES: tuple[str, ...] = (
    "supply",
    "services",
    "licence",
    "distribution",
    "nda",
    "lease",
    "employment",
    "loan",
    "hosting",
    "franchise",
    "joint_venture",
    "endorsement",
)
__all__ = ["FEATURE_NAMES", "DocumentText", "TopicFeatures", "document_text", "topic_features"]

#: The features, in the order of :attr:`TopicFeatures.rows`.
FEATURE_NAMES: tuple[str, ...] = (
    "heading",
    "lead_heading",
    "strong",
    "strong_any",
    "strong_share_of_best",
    "support",
    "support_rarity",
    "against",
    "strong_clean",
    "heading_against",
    "definition",
    "period",
    "money",
    "capitals",
    "length",
    "position",
    *(f"type_{type_id}" for type_id in LOCATOR_TYPES),
)

#: Strong patterns counted at most (more says no more).
STRONG_CAP = 3
#: Occurrences of one support pattern counted at most.
SUPPORT_CAP = 3
_LEAD_CHARS = 100
#: A unit whose letters are more than this share capitals is "in capitals".
CAPITALS_SHARE = 0.6
_UPPER = re.compile(r"[A-Z]")
_INNER_DOT = re.compile(r"(?<=[0-9a-z])\.(?=[0-9a-z])")
_ABBREVIATION = re.compile(r"\b(?:inc|corp|co|ltd|no|nos|sec|art|vs|e·g|i·e|u·s|n·a|s·a|l·p)\.")
_LOWER = re.compile(r"[a-z]")
#: Where a unit's lead-in heading ends ("Governing Law. ...", "Term: ...").
_LEAD_END = re.compile(r"[.:。：]\s")

_DEFINITION = re.compile(
    r"^\W{0,3}(?:\d+(?:\.\d+)*\.?\s+)?[\"“'][^\"”']{1,80}[\"”']\s*(?:shall )?(?:means?|has the meaning|refers to|shall have the meaning)|^[^。；]{1,20}(?:是指|系指)"
)
_PERIOD = re.compile(
    r"\b(?:\d+|\(\d+\)|one|two|three|six|twelve|thirty|sixty|ninety)\s*(?:\(\d+\)\s*)?(?:calendar |business )?(?:days?|weeks?|months?|years?)\b|[0-9一二三四五六七八九十]+\s*(?:日|天|个月|年)"
)
_MONEY = re.compile(
    r"[$€£¥]\s?\d|\b(?:us\$|usd|eur|rmb|dollars)\b|\d+(?:\.\d+)?\s?(?:%|percent)|人民币|万元|元"
)


class DocumentText(BaseModel):
    """A document's units prepared for matching: text lower-cased with whitespace
    collapsed, lead-in, and the topic-independent evidence of each unit."""

    model_config = ConfigDict(frozen=True)

    units: list[ClauseUnit]
    texts: list[str] = Field(description="Each unit's text, lower-cased, whitespace collapsed.")
    sentences: list[tuple[str, ...]] = Field(
        default_factory=list,
        description="Each unit's sentences (the shared splitter, on the unit as written), "
        "as matching text.",
    )
    leads: list[str] = Field(description="Each unit's lead-in (first line or sentence).")
    headings: list[str] = Field(description="Each unit's section titles, lower-cased.")
    capitals: list[bool] = Field(description="Whether the unit is mostly in capital letters.")
    definitions: list[bool] = Field(description="Whether the unit is or defines a term.")
    periods: list[bool] = Field(description="Whether the unit states a period of time.")
    money: list[bool] = Field(description="Whether the unit states an amount or a percentage.")
    contract_type: tuple[float, ...] = Field(
        default=(),
        description="The contract's type (core's infer_contract_type) as one value per known "
        "type: the confidence for the inferred type, 0 for the others.",
    )


class TopicFeatures(BaseModel):
    """The feature rows of every unit of a document for one topic."""

    model_config = ConfigDict(frozen=True)

    topic: str
    rows: list[tuple[float, ...]] = Field(description="One row per unit, FEATURE_NAMES order.")
    eligible: list[bool] = Field(description="Whether the unit has one of the topic's triggers.")


def document_text(source: str, units: Sequence[ClauseUnit]) -> DocumentText:
    """The units of a document with their matching text and topic-independent evidence."""
    texts: list[str] = []
    unit_sentences: list[tuple[str, ...]] = []
    leads: list[str] = []
    capitals: list[bool] = []
    definitions: list[bool] = []
    periods: list[bool] = []
    money: list[bool] = []
    for unit in units:
        raw = source[unit.start : unit.end]
        text = _matching_text(raw)
        lead = " ".join(raw.split("\n", 1)[0].split()).lower()[:_LEAD_CHARS]
        lead_end = _LEAD_END.search(lead)
        upper = len(_UPPER.findall(raw))
        lower = len(_LOWER.findall(raw))
        texts.append(text)
        unit_sentences.append(tuple(_matching_text(sentence) for sentence in sentences(raw)))
        leads.append(lead[: lead_end.start()] if lead_end else lead)
        capitals.append(upper > 0 and upper / (upper + lower) > CAPITALS_SHARE)
        definitions.append(unit.in_definitions or bool(_DEFINITION.search(text)))
        periods.append(bool(_PERIOD.search(text)))
        money.append(bool(_MONEY.search(text)))
    return DocumentText(
        units=list(units),
        texts=texts,
        sentences=unit_sentences,
        leads=leads,
        headings=[unit.heading.lower() for unit in units],
        capitals=capitals,
        definitions=definitions,
        periods=periods,
        money=money,
        contract_type=_type_values(source),
    )


def _type_values(source: str) -> tuple[float, ...]:
    inferred = infer_contract_type(source)
    return tuple(
        inferred.confidence if type_id == inferred.type_id else 0.0 for type_id in LOCATOR_TYPES
    )


def _matching_text(raw: str) -> str:
    """``raw`` lower-cased, whitespace collapsed, and full stops that do not end a
    sentence (``section 6.3``, ``inc.``, ``e.g.``) replaced by a middle dot, so that
    patterns can use "no full stop" to stay within a sentence."""
    text = " ".join(raw.split()).lower()
    text = _INNER_DOT.sub("·", text)
    return _ABBREVIATION.sub(lambda match: match.group()[:-1] + "·", text)


def _relative_to_best(rows: list[list[float]], column: int) -> None:
    best = max((row[column] for row in rows), default=0.0)
    for row in rows:
        row[column] = row[column] / best if best > 0 else 0.0


def _fill_rarity(rows: list[list[float]], counts: list[list[int]], column: int) -> None:
    """Support words weighted by how rare they are in this document (BM25's inverse
    document frequency over the units), relative to the best unit: a word found in two
    units says more than one found in thirty."""
    units = len(counts)
    if not units or not counts[0]:
        return
    frequency = [sum(1 for row in counts if row[k]) for k in range(len(counts[0]))]
    weights = [math.log((units + 1) / (df + 0.5)) for df in frequency]
    for row, hits in zip(rows, counts, strict=True):
        row[column] = sum(h * w for h, w in zip(hits, weights, strict=True))
    _relative_to_best(rows, column)


def _clean_strong(unit_sentences: tuple[str, ...], signals: CompiledSignals) -> bool:
    """Whether a sentence of the unit carries the topic (a strong phrasing) without a
    neighbouring topic's phrasing in the same sentence: "either party may terminate on
    thirty days' notice" apart from "... on thirty days' notice of a breach"."""
    for sentence in unit_sentences:
        if any(pattern.search(sentence) for pattern in signals.strong) and not any(
            pattern.search(sentence) for pattern in signals.against
        ):
            return True
    return False


def _names_neighbour(heading: str, signals: CompiledSignals) -> bool:
    """Whether the unit's headings or lead-in name a neighbouring topic ("Termination for
    Cause", "Exclusive Remedy") rather than the topic itself."""
    return bool(heading.strip()) and any(pattern.search(heading) for pattern in signals.against)


def topic_features(document: DocumentText, signals: CompiledSignals) -> TopicFeatures:
    """The feature rows of ``document``'s units for the topic of ``signals``; a unit
    without any of the topic's triggers gets a row of zeros and is not eligible."""
    raw: list[list[float]] = []
    eligible: list[bool] = []
    counts: list[list[int]] = []
    support_scale = math.log1p(SUPPORT_CAP * max(1, len(signals.support)))
    zeros = [0.0] * len(FEATURE_NAMES)
    type_values = document.contract_type or (0.0,) * len(LOCATOR_TYPES)
    for index, text in enumerate(document.texts):
        if not any(word in text for word in signals.trigger):
            raw.append(list(zeros))
            eligible.append(False)
            counts.append([0] * len(signals.support))
            continue
        heading = document.headings[index]
        strong = sum(1 for pattern in signals.strong if pattern.search(text))
        against = any(pattern.search(text) for pattern in signals.against)
        hits = [pattern.count(text, SUPPORT_CAP) for pattern in signals.support]
        counts.append(hits)
        support = sum(hits)
        raw.append(
            [
                float(bool(heading and signals.heading.search(heading))),
                float(bool(signals.heading.search(document.leads[index]))),
                min(strong, STRONG_CAP) / STRONG_CAP,
                float(strong > 0),
                float(strong),  # replaced by the share of the best below
                math.log1p(support) / support_scale,
                0.0,  # support_rarity, filled in below
                float(against),
                float(
                    _clean_strong(document.sentences[index], signals)
                    if strong and against
                    else strong > 0
                ),
                float(_names_neighbour(f"{heading} {document.leads[index]}", signals)),
                float(document.definitions[index]),
                float(document.periods[index]),
                float(document.money[index]),
                float(document.capitals[index]),
                min(1.0, math.log1p(len(text)) / math.log1p(MAX_UNIT_CHARS)),
                index / max(1, len(document.texts) - 1),
                *type_values,
            ]
        )
        eligible.append(True)
    _relative_to_best(raw, FEATURE_NAMES.index("strong_share_of_best"))
    _fill_rarity(raw, counts, FEATURE_NAMES.index("support_rarity"))
    return TopicFeatures(topic=signals.topic, rows=[tuple(row) for row in raw], eligible=eligible)
