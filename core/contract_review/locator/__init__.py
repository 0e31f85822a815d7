"""Locating a checklist topic in a contract by its wording: a clause locator any domain
configures with its own signal table and fitted parameters.

Names are imported on first use, so importing this package stays cheap.

A domain writes what marks each of its topics (headings, characteristic phrasings,
supporting words, a neighbouring topic's phrasings) as a :class:`TopicSignals` table,
ships the weights fitted on its labelled contracts as a JSON file, and declares
``SignalLocator(signals=..., parameters=...).locate_clause`` as its
``clause_locator``. The generic domain is the worked example.

Modules, one job each, in the order a newcomer reads them:

* :mod:`.signal_locator` — :class:`SignalLocator`: rank a document's units for a topic
  and decide which to report;
* :mod:`.signals` — the form of a signal table, its shared fragments (periods, amounts),
  compiling a row and the keyword fallback for topics a table does not know;
* :mod:`.units` — a contract cut into clause units (sections, paragraphs);
* :mod:`.features` — each unit's features for a topic, from the signals;
* :mod:`.parameters` — the fitted weights and thresholds, read from a domain's package;
* :mod:`.fast_patterns` — word-boundary patterns matched by prefix scanning.

Fitting the parameters is not part of the package: ``benchmarks/locator_fitting.py``
fits them and ``benchmarks/cuad_bench.py --refit`` writes the generic domain's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy_exports import lazy_exports

if TYPE_CHECKING:
    from .parameters import LocatorParameters, PackagedParameters, TopicParameters
    from .signal_locator import RankedUnit, SignalLocator, TopicRanking
    from .signals import TopicSignals, topic_signals

_EXPORTS: dict[str, str] = {
    "LocatorParameters": "parameters",
    "PackagedParameters": "parameters",
    "TopicParameters": "parameters",
    "RankedUnit": "signal_locator",
    "SignalLocator": "signal_locator",
    "TopicRanking": "signal_locator",
    "TopicSignals": "signals",
    "topic_signals": "signals",
}

__all__ = [
    "LocatorParameters",
    "PackagedParameters",
    "RankedUnit",
    "SignalLocator",
    "TopicParameters",
    "TopicRanking",
    "TopicSignals",
    "topic_signals",
]

__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS, __all__)
