"""The SHA/SPA plugin passes core's conformance kit."""

from __future__ import annotations

from typing import ClassVar

import contract_review_sha_spa.plugin as plugin_module
from contract_review.testing import DomainConformance, check_domain_plugin


class TestShaSpaConformance(DomainConformance):
    plugin: ClassVar[object] = plugin_module
    plugin_name = "sha_spa"
    domain_ids = ("sha_spa",)
    max_examples = 8


def test_check_domain_plugin_finds_no_problem() -> None:
    assert check_domain_plugin(plugin_module, domain_ids=["sha_spa"]) == []
