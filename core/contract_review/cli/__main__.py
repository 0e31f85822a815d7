"""``python -m contract_review.cli``: the same as the ``contract-review`` command."""

from .main import main

main()
