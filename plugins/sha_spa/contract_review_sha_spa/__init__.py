"""contract_review_sha_spa: the share purchase / shareholders' agreement (SPA/SHA)
domain for contract_review.

The plugin module is :mod:`contract_review_sha_spa.plugin`; core finds it through the
``sha_spa`` entry point of the ``contract_review.domains`` group.
"""

from __future__ import annotations

__version__ = "0.1.0"
