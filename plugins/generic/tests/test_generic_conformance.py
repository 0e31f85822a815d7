"""The generic plugin passes core's conformance kit."""

from __future__ import annotations

from typing import ClassVar

import contract_review_generic.plugin as plugin_module
from contract_review.testing import DomainConformance, check_domain_plugin


class TestGenericConformance(DomainConformance):
    plugin: ClassVar[object] = plugin_module
    plugin_name = "generic"
    domain_ids = ("generic",)
    max_examples = 8


def test_check_domain_plugin_finds_no_problem() -> None:
    assert check_domain_plugin(plugin_module, domain_ids=["generic"]) == []
