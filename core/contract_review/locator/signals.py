"""A domain's signal table: what marks a topic in a contract's wording.

For each topic, regular expressions a domain writes from ordinary drafting practice
(English and Chinese), matched against a unit's text lower-cased with its whitespace collapsed
(so patterns are written in lower case):

* ``heading`` — words of a heading that names the topic ("Limitation of Liability",
  "适用法律"), matched against the section titles and the unit's lead-in;
* ``strong`` — phrasings that carry the topic ("shall not assign ... without the prior
  written consent", "in no event ... liable", "hereby assigns"); each pattern that
  matches counts once;
* ``support`` — words that go with the topic without carrying it alone;
* ``against`` — phrasings of a neighbouring topic that share the words ("sole and
  exclusive remedy" for exclusivity, termination for breach for termination for
  convenience);
* ``trigger`` — lower-case substrings; a unit with none of them cannot hold the topic.

The fragments below (numbers, periods, amounts) are shared by the tables.
:func:`compile_signals` compiles a row for matching; :func:`fallback_signals` builds a
row from a checklist item's keywords for a topic the table does not know.
"""

from __future__ import annotations

import re

from pydantic import BaseModel, ConfigDict, Field

from .fast_patterns import FastPattern

__all__ = [
    "MONEY",
    "NUM",
    "PERIOD",
    "ZH_PERIOD",
    "CompiledSignals",
    "TopicSignals",
    "compile_signals",
    "fallback_signals",
    "topic_signals",
]

#: A number as contracts write it ("30", "(30)", "thirty").
NUM = r"(?:\d+|\(\d+\)|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|eighteen|twenty|twenty-four|thirty|forty-five|sixty|ninety|one hundred (?:and )?(?:twenty|eighty))"
#: A period of time ("thirty (30) days", "12 months").
PERIOD = rf"{NUM}(?:\s*\(\d+\))?[\s-]*(?:calendar |business )?(?:days?|weeks?|months?|years?)"
ZH_PERIOD = r"[0-9一二三四五六七八九十百]+\s*(?:日|天|个月|月|年)"
#: An amount of money.
MONEY = r"(?:[$€£¥]\s?\d|\b(?:us\$|usd|eur|rmb|dollars|人民币|元))"


class TopicSignals(BaseModel):
    """The wording that marks one topic (patterns are regular expressions)."""

    model_config = ConfigDict(frozen=True)

    topic: str
    heading: str = Field(description="Heading words naming the topic.")
    strong: tuple[str, ...] = Field(description="Phrasings that carry the topic.")
    support: tuple[str, ...] = ()
    against: tuple[str, ...] = ()
    trigger: tuple[str, ...] = Field(
        min_length=1,
        description="Lower-case substrings; a unit with none of them cannot hold the topic "
        "(a fast test that spares the patterns most units).",
    )


class CompiledSignals(BaseModel):
    """A topic's signals, compiled."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    topic: str
    heading: FastPattern
    strong: tuple[FastPattern, ...]
    support: tuple[FastPattern, ...]
    against: tuple[FastPattern, ...]
    trigger: tuple[str, ...]


def topic_signals(
    topic: str, heading: str, strong: tuple[str, ...], **rest: object
) -> TopicSignals:
    """A table row: the topic, its heading pattern and strong patterns, and the rest."""
    return TopicSignals.model_validate(
        {"topic": topic, "heading": heading, "strong": strong, **rest}
    )


def _keyword_pattern(keyword: str) -> str:
    words = keyword.lower().split()
    pattern = r"\s+".join(re.escape(word) for word in words)
    return rf"\b{pattern}" if keyword[:1].isascii() and keyword[:1].isalnum() else pattern


def fallback_signals(topic: str, keywords: tuple[str, ...]) -> TopicSignals:
    """Signals for a topic a table does not know: its keywords (the checklist's, or the
    topic id read as words) as heading, strong and support patterns."""
    words = [k for k in keywords if k.strip()] or [topic.replace("_", " ")]
    return TopicSignals(
        topic=topic,
        heading="|".join(_keyword_pattern(word) for word in words),
        strong=tuple(_keyword_pattern(word) for word in words),
        support=tuple(_keyword_pattern(word) for word in words),
        trigger=tuple(dict.fromkeys(word.lower().split()[0] for word in words)),
    )


def compile_signals(signals: TopicSignals) -> CompiledSignals:
    """``signals`` compiled for matching (support patterns de-duplicated)."""
    return CompiledSignals(
        topic=signals.topic,
        heading=FastPattern.compile(signals.heading),
        strong=tuple(FastPattern.compile(p) for p in signals.strong),
        support=tuple(FastPattern.compile(p) for p in dict.fromkeys(signals.support)),
        against=tuple(FastPattern.compile(p) for p in signals.against),
        trigger=signals.trigger,
    )
