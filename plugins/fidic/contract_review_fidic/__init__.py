"""contract_review_fidic: the FIDIC Silver Book (EPC/Turnkey) domain for contract_review.

The plugin module is :mod:`contract_review_fidic.plugin`; core finds it through the
``fidic`` entry point of the ``contract_review.domains`` group.
"""

from __future__ import annotations

__version__ = "0.1.0"
