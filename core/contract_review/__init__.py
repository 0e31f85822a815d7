"""contract_review: a plugin framework for AI-assisted legal review and legal retrieval."""

from __future__ import annotations

from .hookspecs import hookimpl

__all__ = ["hookimpl"]
