"""Registry: validation, duplicate detection, attribution, look-ups."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel

from contract_review import hookimpl
from contract_review.domain import ChecklistItem, DomainSpec
from contract_review.errors import PluginError, UnknownDomainError, UnknownSkillError
from contract_review.registry import Registry, load_registry
from contract_review.skills.registration import SkillRegistration, SkillStatus


class EchoInput(BaseModel):
    clause_id: str


def _echo(data: EchoInput) -> dict[str, str]:
    return {"clause_id": data.clause_id}


def skill(skill_id: str, domain: str = "*", **kw: Any) -> SkillRegistration:
    fields: dict[str, Any] = {"handler": _echo, **kw}
    return SkillRegistration(
        skill_id=skill_id,
        name=skill_id,
        description=f"{skill_id} skill",
        input_model=EchoInput,
        domain=domain,
        **fields,
    )


def domain(domain_id: str, *skills: str) -> DomainSpec:
    return DomainSpec(
        domain_id=domain_id,
        name=domain_id.title(),
        checklist=(ChecklistItem(clause_id="1", clause_name="Scope", required_skills=skills),),
    )


class ThrowawayPlugin:
    """A plugin object registering whatever it is given."""

    def __init__(
        self, *, domains: tuple[Any, ...] = (), skills: tuple[Any, ...] = (), raises: bool = False
    ) -> None:
        self.domains = domains
        self.skills = skills
        self.raises = raises

    @hookimpl
    def register_domains(self, register: Any) -> None:
        if self.raises:
            raise ValueError("checklist file missing")
        for d in self.domains:
            register(d)

    @hookimpl
    def register_skills(self, register: Any) -> None:
        for s in self.skills:
            register(s)


def registry_of(*plugins: tuple[str, object], strict: bool = False) -> Registry:
    return load_registry(load_entrypoints=False, extra_plugins=tuple(plugins), strict=strict)


def test_duplicate_domain_is_reported_naming_both_plugins_and_later_skipped() -> None:
    first = ThrowawayPlugin(domains=(domain("leases"),))
    second = ThrowawayPlugin(domains=(domain("leases").model_copy(update={"name": "Other"}),))
    registry = registry_of(("first", first), ("second", second))
    assert registry.domains["leases"].plugin == "first"
    assert registry.domains["leases"].item.name == "Leases"
    [failure] = registry.failures
    assert failure.name == "second"
    assert "'first'" in failure.error and "'second'" in failure.error


def test_duplicate_skill_is_reported_and_strict_raises() -> None:
    first = ThrowawayPlugin(skills=(skill("leases_scan"),))
    second = ThrowawayPlugin(skills=(skill("leases_scan"),))
    registry = registry_of(("first", first), ("second", second))
    assert registry.skills["leases_scan"].plugin == "first"
    assert "already registered by plugin 'first'" in registry.failures[0].error
    with pytest.raises(PluginError, match="second"):
        registry_of(("first", first), ("second", second), strict=True)


@pytest.mark.parametrize("order", ["hijacker first", "owner first"])
def test_a_domain_plugin_keeps_its_skill_ids_whoever_registers_first(order: str) -> None:
    """A third-party plugin that registers a domain's skill id is refused, naming both;
    the domain's own skill is kept."""
    owner = ThrowawayPlugin(
        domains=(domain("leases", "leases_scan"),), skills=(skill("leases_scan", "leases"),)
    )
    hijacker = ThrowawayPlugin(skills=(skill("leases_scan"),))
    plugins = [("owner", owner), ("hijacker", hijacker)]
    if order == "hijacker first":
        plugins.reverse()
    registry = registry_of(*plugins)
    kept = registry.skills["leases_scan"]
    assert kept.plugin == "owner" and kept.item.domain == "leases"
    [failure] = registry.failures
    assert failure.name == "hijacker"
    assert "'owner'" in failure.error and "'hijacker'" in failure.error


def test_invalid_registration_is_a_failure_with_field_names() -> None:
    bad = ThrowawayPlugin(domains=({"domain_id": "Bad Id", "name": "x"},))
    registry = registry_of(("bad", bad))
    assert registry.domains == {}
    [failure] = registry.failures
    assert "invalid domain registration" in failure.error
    assert "domain_id" in failure.error


def test_registration_hook_raising_is_a_failure_and_others_continue() -> None:
    boom = ThrowawayPlugin(raises=True)
    good = ThrowawayPlugin(domains=(domain("leases"),))
    registry = registry_of(("boom", boom), ("good", good))
    assert "leases" in registry.domains
    assert "checklist file missing" in registry.failures[0].error


def test_skill_for_unknown_domain_is_a_failure() -> None:
    registry = registry_of(
        ("p", ThrowawayPlugin(skills=(skill("orphan_skill", domain="nowhere"),)))
    )
    assert any("'nowhere'" in f.error for f in registry.failures)


def test_skills_for_domain_includes_star_skills_and_hides_preview() -> None:
    plugin = ThrowawayPlugin(
        domains=(domain("leases", "leases_scan"),),
        skills=(
            skill("leases_scan", domain="leases"),
            skill("leases_later", domain="leases", status=SkillStatus.PREVIEW, handler=None),
            skill("other_domain_skill", domain="other"),
        ),
    )
    registry = registry_of(("p", plugin), ("o", ThrowawayPlugin(domains=(domain("other"),))))
    ids = {s.skill_id for s in registry.skills_for("leases")}
    assert "leases_scan" in ids
    assert "leases_later" not in ids
    assert "other_domain_skill" not in ids
    assert "leases_later" in {
        s.skill_id for s in registry.skills_for("leases", include_preview=True)
    }
    star = {
        r.item.skill_id
        for r in registry.skills.values()
        if r.item.domain == "*" and r.item.status is SkillStatus.ACTIVE
    }
    assert star <= ids


def test_unknown_lookups_name_the_input() -> None:
    registry = registry_of(("p", ThrowawayPlugin(domains=(domain("leases"),))))
    with pytest.raises(UnknownDomainError, match=r"'nope'.*leases"):
        registry.domain("nope")
    with pytest.raises(UnknownSkillError, match="'nope'"):
        registry.skill("nope")


@given(
    st.lists(
        st.tuples(
            st.sampled_from(["p1", "p2", "p3"]),
            st.sampled_from(["a_skill", "b_skill", "c_skill", "d_skill"]),
        ),
        max_size=12,
    )
)
def test_registry_keeps_first_registration_of_each_skill_id(
    registrations: list[tuple[str, str]],
) -> None:
    per_plugin: dict[str, list[SkillRegistration]] = {"p1": [], "p2": [], "p3": []}
    for plugin, skill_id in registrations:
        per_plugin[plugin].append(skill(skill_id))
    plugins = [(name, ThrowawayPlugin(skills=tuple(skills))) for name, skills in per_plugin.items()]
    registry = registry_of(*plugins)
    # expected: in plugin registration order, the first occurrence of each id wins
    expected_owner: dict[str, str] = {}
    duplicates = 0
    for name, skills in per_plugin.items():
        for s in skills:
            if s.skill_id in expected_owner:
                duplicates += 1
            else:
                expected_owner[s.skill_id] = name
    owners = {sid: r.plugin for sid, r in registry.skills.items() if sid in expected_owner}
    assert owners == expected_owner
    assert len(registry.failures) == duplicates
