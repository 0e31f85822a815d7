"""Drafting templates for one-sided terms whose rule proposes no edit of its own.

``redline_templates.yaml`` (package data beside this module) holds, per term category,
the balanced wording in English and Chinese and how it goes in: in place of the
sentence that carries the term (``replace_sentence``) or at the end of the clause
(``append``). Slots are filled from the contract (:mod:`.drafting_slots`).
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field

__all__ = ["RedlineTemplate", "redline_template", "redline_templates"]


class RedlineTemplate(BaseModel):
    """The balanced wording for one term category."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    mode: Literal["replace_sentence", "append"]
    en: str = Field(min_length=1)
    zh: str = Field(min_length=1)

    def words(self, *, chinese: bool) -> str:
        """The template in the contract's language (slots still open)."""
        return " ".join((self.zh if chinese else self.en).split())


class _TemplateFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    schema_version: int
    templates: dict[str, RedlineTemplate]


@cache
def redline_templates() -> dict[str, RedlineTemplate]:
    """Every template, by term category (read once)."""
    text = resources.files(__package__).joinpath("redline_templates.yaml").read_text("utf-8")
    return _TemplateFile.model_validate(yaml.safe_load(text)).templates


def redline_template(category: str) -> RedlineTemplate | None:
    """The template for ``category``, or None."""
    return redline_templates().get(category)
