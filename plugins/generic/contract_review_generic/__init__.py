"""contract_review_generic: the general commercial contracts domain (English and
Chinese) for contract_review.

The plugin module is :mod:`contract_review_generic.plugin`; core finds it through the
``generic`` entry point of the ``contract_review.domains`` group.
"""

from __future__ import annotations

__version__ = "0.1.0"
