"""Core's generic skills (domain ``*``), available to every domain."""

from __future__ import annotations

from collections.abc import Callable

from ..hookspecs import hookimpl
from ..skills.registration import SkillRegistration


@hookimpl
def register_skills(register: Callable[[SkillRegistration], None]) -> None:
    pass  # filled in by the skills work
