"""Build throwaway installed distributions for plugin-loading tests.

Each fake distribution is a module plus a ``*.dist-info`` folder with METADATA and
``entry_points.txt`` on a temporary ``sys.path`` entry, so
``importlib.metadata.entry_points`` finds it exactly as it finds a pip-installed one.
"""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest

GROUP = "contract_review.domains"

DOMAIN_PLUGIN = """
from contract_review import hookimpl
from contract_review.domain import ChecklistItem, DomainSpec


@hookimpl
def register_domains(register):
    register(DomainSpec(
        domain_id="{domain}",
        name="{domain} contracts",
        checklist=(ChecklistItem(clause_id="1", clause_name="Scope"),),
    ))
"""


class FakeSite:
    """A temporary site directory that fake distributions are written into."""

    def __init__(self, root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        self.root = root
        root.mkdir(parents=True, exist_ok=True)
        monkeypatch.syspath_prepend(str(root))
        self._monkeypatch = monkeypatch

    def add(
        self,
        *,
        entry_name: str,
        distribution: str,
        module: str,
        source: str,
        version: str = "1.2.3",
    ) -> None:
        """Install one fake distribution with one entry point ``entry_name = module``."""
        (self.root / f"{module}.py").write_text(textwrap.dedent(source), encoding="utf-8")
        dist_info = self.root / f"{distribution.replace('-', '_')}-{version}.dist-info"
        dist_info.mkdir()
        (dist_info / "METADATA").write_text(
            f"Metadata-Version: 2.1\nName: {distribution}\nVersion: {version}\n", encoding="utf-8"
        )
        (dist_info / "entry_points.txt").write_text(
            f"[{GROUP}]\n{entry_name} = {module}\n", encoding="utf-8"
        )
        self._monkeypatch.delitem(sys.modules, module, raising=False)


@pytest.fixture
def fake_site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> FakeSite:
    """A fake site directory; the real installed plugins are hidden with an allow-list
    set per test through ``CONTRACT_REVIEW_LOAD_PLUGINS``."""
    return FakeSite(tmp_path / "site", monkeypatch)
