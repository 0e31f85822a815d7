"""The form of the locator's signal table: what marks a topic in a contract's wording.

For each topic, regular expressions written from ordinary drafting practice (English
and Chinese), matched against a unit's text lower-cased with its whitespace collapsed
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
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from .fast_patterns import FastPattern

__all__ = [
    "MONEY",
    "NUM",
    "PERIOD",
    "ZH_PERIOD",
    "CompiledSignals",
    "TopicSignals",
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
