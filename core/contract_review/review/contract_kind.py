"""The kind of contract a review reads the primary document as.

:func:`contract_type_of` keeps the inferred type
(:func:`contract_review.documents.contract_type.infer_contract_type`) only when the
evidence is clear: a checklist item is left out as not applying to the contract only on
a type the text plainly names.
"""

from __future__ import annotations

from ..documents.contract_type import OTHER, infer_contract_type
from ..documents.model import Document

__all__ = ["MIN_CONFIDENCE", "contract_type_of"]

#: The least confidence at which the inferred type counts.
MIN_CONFIDENCE = 0.35


def contract_type_of(document: Document | None) -> str:
    """The type id of ``document`` ('supply', 'licence'...), or '' when unclear."""
    if document is None:
        return ""
    inferred = infer_contract_type(document)
    if inferred.type_id == OTHER or inferred.confidence < MIN_CONFIDENCE:
        return ""
    return inferred.type_id
