"""The generic domain's clause locator: core's :class:`~contract_review.locator.SignalLocator`
configured with the domain's signal table (:mod:`.signals_liability_control`,
:mod:`.signals_commercial_terms`, written from drafting practice) and its parameters
fitted on the CUAD dev contracts (``locator_parameters.json``, written by
``benchmarks/cuad_bench.py --refit``). The checklist's keywords are the evidence only
for topics the table does not know.
"""

from __future__ import annotations

from contract_review.locator import PackagedParameters, SignalLocator, TopicSignals

from .signals_commercial_terms import COMMERCIAL_TERMS_SIGNALS
from .signals_liability_control import LIABILITY_CONTROL_SIGNALS

__all__ = ["LOCATOR", "PARAMETERS", "SIGNALS"]

#: Every topic the table knows.
SIGNALS: tuple[TopicSignals, ...] = (*LIABILITY_CONTROL_SIGNALS, *COMMERCIAL_TERMS_SIGNALS)
#: The fitted parameters, shipped beside this module.
PARAMETERS = PackagedParameters(package=__package__ or __name__, filename="locator_parameters.json")
#: The domain's ``clause_locator`` is ``LOCATOR.locate_clause``.
LOCATOR = SignalLocator(signals=SIGNALS, parameters=PARAMETERS)
