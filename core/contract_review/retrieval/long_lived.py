"""Opened indexes as long-lived data, out of the garbage collector's way.

An opened index is millions of small Python objects (each document's fields and
metadata; a law index also its laws and articles) that live as long as the process
and hold no reference cycles. CPython's full collection walks every tracked object,
and one is due each time the objects created since the last one reach a quarter of
the old ones: answering a few hundred queries does that. Over a law index (1.1
million objects) one pass took 0.6 s, a third of the time of 308 batched queries and
a pause in whatever query it fell on. :func:`settle` moves every object alive into
the permanent generation (:func:`gc.freeze`), which collections skip; objects freed
later are still freed as soon as nothing refers to them.
"""

from __future__ import annotations

import gc

__all__ = ["settle"]


def settle() -> None:
    """Leave every object alive now out of future garbage collections (call it once an
    index is open)."""
    gc.freeze()
