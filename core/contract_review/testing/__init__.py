"""The kit plugin authors test their domain packages with.

* :class:`DomainConformance` — a pytest base class; subclass it as ``Test...`` with
  ``plugin: ClassVar[object] = your_plugin_module`` and it checks registration, handler imports,
  checklist skills, skill inputs, tool definitions and dispatch, plus a hypothesis
  property test on generated reviews of your domains.
* :func:`check_domain_plugin` — the same checks as a function returning
  :class:`ConformanceProblem` objects (empty list: the plugin conforms).
* :mod:`~contract_review.testing.strategies` — hypothesis strategies for ids,
  checklists, domain specs, skill registrations, contract texts, parsed documents and
  review states.
* :mod:`~contract_review.testing.throwaway_domain` — a small fixed domain (checklist,
  playbook, plugin object, contract) for tests that need *a* domain, not yours.

Example::

    from typing import ClassVar


    from contract_review.testing import DomainConformance, check_domain_plugin, strategies
    import contract_review_leases.plugin as plugin_module

    class TestLeasesConformance(DomainConformance):
        plugin: ClassVar[object] = plugin_module
        domain_ids = ("leases",)

    def test_no_problems():
        assert check_domain_plugin(plugin_module) == []
"""

from __future__ import annotations

from . import strategies
from .conformance import CHECKS, ConformanceProblem, check_domain_plugin
from .contract_text import ContractText
from .suite import DomainConformance

__all__ = [
    "CHECKS",
    "ConformanceProblem",
    "ContractText",
    "DomainConformance",
    "check_domain_plugin",
    "strategies",
]
