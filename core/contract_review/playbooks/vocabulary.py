"""The words domains and playbooks share: identifiers and risk levels.

They live below :mod:`contract_review.domain` (which re-exports them) because a
domain declares its playbook, and the playbook's rules need them too.
"""

from __future__ import annotations

import re
from enum import StrEnum

__all__ = ["IDENTIFIER_PATTERN", "RiskLevel", "is_identifier"]

#: Domain, skill, rule and side ids: lower-case letters, digits and underscores,
#: starting with a letter.
IDENTIFIER_PATTERN = r"^[a-z][a-z0-9_]*$"
_IDENTIFIER_RE = re.compile(IDENTIFIER_PATTERN)


class RiskLevel(StrEnum):
    """Risk level of a finding or a playbook rule, most severe first."""

    CRITICAL = "critical"
    HIGH = "high"
    MEDIUM = "medium"
    LOW = "low"

    @property
    def severity(self) -> int:
        """0 for critical up to 3 for low: sort by it to put the most severe first."""
        return _SEVERITY_RANK[self]

    def at_least(self, level: RiskLevel) -> bool:
        """True when this level is ``level`` or more severe."""
        return self.severity <= level.severity


_SEVERITY_RANK = {level: rank for rank, level in enumerate(RiskLevel)}


def is_identifier(value: str) -> bool:
    """True when ``value`` is a valid domain, skill, rule or side id."""
    return bool(_IDENTIFIER_RE.fullmatch(value))
