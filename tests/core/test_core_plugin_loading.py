"""Entry-point loading: fault tolerance, strict mode, allow/block lists, tracing."""

from __future__ import annotations

import pytest

from contract_review.config import load_settings
from contract_review.errors import PluginError
from contract_review.plugins import BUILTIN_PLUGINS, get_plugin_manager
from contract_review.registry import load_registry

GOOD = """
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

BROKEN_ON_IMPORT = """
raise RuntimeError("broken on purpose")
"""

WRONG_HOOK_ARGS = """
from contract_review import hookimpl


@hookimpl
def register_domains(register, colour):
    pass
"""

UNKNOWN_HOOK = """
from contract_review import hookimpl


@hookimpl
def register_domain(register):  # typo: the hook is register_domains
    pass
"""


def _allow(monkeypatch: pytest.MonkeyPatch, *names: str) -> None:
    monkeypatch.setenv("CONTRACT_REVIEW_LOAD_PLUGINS", ",".join(names))


def test_builtins_are_registered_under_their_module_names() -> None:
    pm = get_plugin_manager(load_entrypoints=False, strict=True)
    for name in BUILTIN_PLUGINS:
        assert pm.has_plugin(name)
        assert pm.sources[name].builtin
        assert pm.sources[name].distribution == "contract-review"


def test_good_plugin_loads_with_its_distribution(fake_site, monkeypatch) -> None:
    fake_site.add(
        entry_name="leases",
        distribution="contract-review-leases",
        module="cr_leases_ok",
        source=GOOD.format(domain="leases"),
    )
    _allow(monkeypatch, "leases")
    registry = load_registry()
    assert registry.failures == []
    assert registry.domains["leases"].plugin == "leases"
    info = next(i for i in registry.plugin_infos() if i.name == "leases")
    assert (info.distribution, info.version, info.domains) == (
        "contract-review-leases",
        "1.2.3",
        ["leases"],
    )


def test_plugin_raising_on_import_is_reported_and_others_still_load(fake_site, monkeypatch) -> None:
    fake_site.add(
        entry_name="aaa_broken",
        distribution="contract-review-broken",
        module="cr_broken",
        source=BROKEN_ON_IMPORT,
    )
    fake_site.add(
        entry_name="leases",
        distribution="contract-review-leases",
        module="cr_leases_ok2",
        source=GOOD.format(domain="leases"),
    )
    _allow(monkeypatch, "aaa_broken", "leases")
    registry = load_registry()
    assert "leases" in registry.domains
    [failure] = registry.failures
    assert failure.name == "aaa_broken"
    assert failure.distribution == "contract-review-broken"
    assert failure.stage == "import"
    assert "broken on purpose" in failure.error


def test_strict_mode_raises_naming_the_plugin(fake_site, monkeypatch) -> None:
    fake_site.add(
        entry_name="aaa_broken",
        distribution="contract-review-broken",
        module="cr_broken2",
        source=BROKEN_ON_IMPORT,
    )
    _allow(monkeypatch, "aaa_broken")
    with pytest.raises(PluginError, match="aaa_broken") as excinfo:
        load_registry(strict=True)
    assert excinfo.value.distribution == "contract-review-broken"


@pytest.mark.parametrize(
    ("source", "expected"),
    [(WRONG_HOOK_ARGS, "colour"), (UNKNOWN_HOOK, "register_domain")],
    ids=["wrong-arguments", "unknown-hook"],
)
def test_hookspec_violations_are_load_failures(
    fake_site, monkeypatch, source: str, expected: str
) -> None:
    module = f"cr_violation_{expected}"
    fake_site.add(
        entry_name="violator", distribution="contract-review-violator", module=module, source=source
    )
    _allow(monkeypatch, "violator")
    pm = get_plugin_manager()
    [failure] = pm.failures
    assert failure.stage == "hookspec"
    assert failure.name == "violator"
    assert expected in failure.error
    assert not pm.has_plugin("violator")


def test_allow_list_and_block_list(fake_site, monkeypatch) -> None:
    fake_site.add(
        entry_name="one", distribution="cr-one", module="cr_one", source=GOOD.format(domain="one")
    )
    fake_site.add(
        entry_name="two", distribution="cr-two", module="cr_two", source=GOOD.format(domain="two")
    )
    _allow(monkeypatch, "one", "two")
    monkeypatch.setenv("CONTRACT_REVIEW_DISABLE_PLUGINS", "two")
    assert set(load_registry().domains) == {"one"}
    monkeypatch.delenv("CONTRACT_REVIEW_DISABLE_PLUGINS")
    assert {"one", "two"} <= set(load_registry().domains)
    _allow(monkeypatch)  # empty allow-list: no entry-point plugin at all
    pm = get_plugin_manager()
    assert [name for name, source in pm.sources.items() if not source.builtin] == []


def test_tracing_writes_hook_calls_to_stderr(monkeypatch, capsys) -> None:
    monkeypatch.setenv("CONTRACT_REVIEW_TRACE_PLUGINS", "1")
    _allow(monkeypatch)
    pm = get_plugin_manager()
    pm.hook.route_after_analyze(state=None, clause_plan=None)
    assert "route_after_analyze" in capsys.readouterr().err


def test_settings_passed_explicitly_win_over_environment(fake_site, monkeypatch) -> None:
    fake_site.add(
        entry_name="one", distribution="cr-one", module="cr_one_b", source=GOOD.format(domain="one")
    )
    _allow(monkeypatch)
    registry = load_registry(settings=load_settings(load_plugins=["one"]))
    assert "one" in registry.domains
