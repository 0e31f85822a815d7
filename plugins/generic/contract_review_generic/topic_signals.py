"""The locator's signal table by topic, compiled for matching.

The table (:mod:`.signals_liability_control`, :mod:`.signals_commercial_terms`) is the
plugin's own, written from drafting practice (:mod:`.signal_model` says what each
field means); the checklist's keywords are the evidence only for topics the table does
not know (:func:`fallback_signals`).
"""

from __future__ import annotations

import re
from functools import cache

from .fast_patterns import FastPattern
from .signal_model import CompiledSignals, TopicSignals
from .signals_commercial_terms import COMMERCIAL_TERMS_SIGNALS
from .signals_liability_control import LIABILITY_CONTROL_SIGNALS

__all__ = ["SIGNALS", "CompiledSignals", "TopicSignals", "compiled_signals", "fallback_signals"]

#: Every topic the table knows.
SIGNALS: tuple[TopicSignals, ...] = (*LIABILITY_CONTROL_SIGNALS, *COMMERCIAL_TERMS_SIGNALS)

_BY_TOPIC: dict[str, TopicSignals] = {signals.topic: signals for signals in SIGNALS}


def _keyword_pattern(keyword: str) -> str:
    words = keyword.lower().split()
    pattern = r"\s+".join(re.escape(word) for word in words)
    return rf"\b{pattern}" if keyword[:1].isascii() and keyword[:1].isalnum() else pattern


def fallback_signals(topic: str, keywords: tuple[str, ...]) -> TopicSignals:
    """Signals for a topic the table does not know: its keywords (the checklist's, or
    the topic id read as words) as heading, strong and support patterns."""
    words = [k for k in keywords if k.strip()] or [topic.replace("_", " ")]
    return TopicSignals(
        topic=topic,
        heading="|".join(_keyword_pattern(word) for word in words),
        strong=tuple(_keyword_pattern(word) for word in words),
        support=tuple(_keyword_pattern(word) for word in words),
        trigger=tuple(dict.fromkeys(word.lower().split()[0] for word in words)),
    )


@cache
def compiled_signals(topic: str, keywords: tuple[str, ...] = ()) -> CompiledSignals:
    """The compiled signals of ``topic`` from the table; for a topic the table does not
    know, :func:`fallback_signals` built from ``keywords`` (the checklist item's). The
    table's topics ignore ``keywords``, so the fitted weights do not shift when the
    checklist's keywords are edited."""
    signals = _BY_TOPIC.get(topic) or fallback_signals(topic, keywords)
    return CompiledSignals(
        topic=topic,
        heading=FastPattern.compile(signals.heading),
        strong=tuple(FastPattern.compile(p) for p in signals.strong),
        support=tuple(FastPattern.compile(p) for p in dict.fromkeys(signals.support)),
        against=tuple(FastPattern.compile(p) for p in signals.against),
        trigger=signals.trigger,
    )
