"""The kit plugin authors test their domain packages with.

* :class:`DomainConformance` — a pytest base class; subclass it as ``Test...`` with
  ``plugin: ClassVar[object] = your_plugin_module`` and it checks registration, handler
  imports, checklist skills, skill inputs, tool definitions and dispatch, plus a
  hypothesis property test on generated reviews of your domains.
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

Modules, one job each, in the order a newcomer reads them:

Conformance:

* :mod:`.conformance` — the checks a domain plugin must pass, as a function;
* :mod:`.suite` — :class:`DomainConformance`, the same checks as pytest tests;
* :mod:`.samples` — a deterministic sample review of a domain, for the checks;

Generated data:

* :mod:`.strategies` — hypothesis strategies for core's models;
* :mod:`.contract_text` — numbered contract text in English or Chinese, with its ids;
* :mod:`.sample_skills` — small skill models and handlers for generated registrations;

Test doubles and builders:

* :mod:`.declared` — a domain declaration's functions called as core calls them;
* :mod:`.throwaway_domain` — a small fixed domain for core's own tests (no plugin needed);
* :mod:`.fake_llm` — :class:`ScriptedLLM`, an LLM client answering from a script;
* :mod:`.llm_stub_server` — a local HTTP server answering like an LLM service;
* :mod:`.fake_embedder` — :class:`HashingEmbedder`: deterministic, no weights;
* :mod:`.law_builders` — small laws written in a test;
* :mod:`.report_builders` — realistic review reports and portfolios.
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
