"""The FIDIC plugin passes core's conformance kit."""

from __future__ import annotations

from typing import ClassVar

import contract_review_fidic.plugin as plugin_module
from contract_review.testing import DomainConformance, check_domain_plugin


class TestFidicConformance(DomainConformance):
    plugin: ClassVar[object] = plugin_module
    plugin_name = "fidic"
    domain_ids = ("fidic",)
    max_examples = 8


def test_check_domain_plugin_finds_no_problem() -> None:
    assert check_domain_plugin(plugin_module, domain_ids=["fidic"]) == []
