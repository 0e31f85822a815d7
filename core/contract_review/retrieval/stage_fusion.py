"""Both stages' fusion of one query's candidates at once.

The first stage and the second (re-ranking) fuse the same signals over the same
candidates with different weights. With ``minmax`` and ``zscore`` a signal's normalised
scores do not depend on its weight, so each signal is normalised once and weighted per
stage: the same float32 products and sums, in the same order, as
:func:`.fusion.fuse_signals` for each stage on its own (``rrf`` divides by the rank, so
each stage is fused on its own there).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from .fusion import fuse_signals, normalise_all, used_weights
from .search_models import FusionMethod

FloatArray = npt.NDArray[np.float32]


def fuse_stages(
    signals: dict[str, FloatArray],
    stages: Sequence[dict[str, float]],
    *,
    method: FusionMethod,
    rrf_k: int = 60,
) -> list[FloatArray]:
    """``[fuse_signals(signals, weights, ...) for weights in stages]``, each signal
    normalised once for all stages.

    :raises ValueError: without any signal.
    """
    if method == "rrf" or len(stages) < 2:
        return [fuse_signals(signals, w, method=method, rrf_k=rrf_k) for w in stages]
    normalised = normalise_all(signals, method)
    size = next(iter(signals.values())).size
    fused: list[FloatArray] = []
    for weights in stages:
        total = np.zeros(size, dtype=np.float32)
        for name, weight in used_weights(signals, weights).items():
            if weight > 0:
                total += (weight * normalised[name]).astype(np.float32)
        fused.append(total)
    return fused
