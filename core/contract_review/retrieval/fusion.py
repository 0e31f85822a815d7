"""Fusing the BM25 and vector rankings of one query into one score per candidate.

Candidates are the union of each ranking's top ``depth``; every candidate is scored
with its *true* score from both signals (both score vectors cover every document), so
an article found by one ranking is not penalised as if the other had scored it zero.

* ``minmax`` — each signal min-max normalised over the candidates, then
  ``w * bm25 + (1 - w) * vector``;
* ``zscore`` — the same with z-scores;
* ``rrf`` — reciprocal-rank fusion, ``w / (k + rank_bm25) + (1 - w) / (k + rank_vector)``
  with ranks among the candidates.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from .search_models import FusionMethod

FloatArray = npt.NDArray[np.float32]


#: Values spread less than this share of their magnitude count as equal: float32
#: scores carry about seven significant digits, and a matrix product may give two
#: equal documents scores that differ in the last of them. Normalising such noise to
#: a full-scale spread would let it outweigh real differences in other signals.
NOISE = 1e-6


def _flat(low: npt.ArrayLike, high: npt.ArrayLike) -> npt.NDArray[np.bool_]:
    """Whether values between ``low`` and ``high`` (float64) are all equal, up to
    :data:`NOISE`."""
    low, high = np.asarray(low), np.asarray(high)
    magnitude = np.maximum(np.abs(low), np.abs(high))
    return np.asarray(high - low <= np.maximum(1e-12, NOISE * magnitude))


def minmax(values: FloatArray) -> FloatArray:
    """Scale to [0, 1]; equal values (up to :data:`NOISE`) become 0."""
    if values.size == 0:
        return values
    wide = values.astype(np.float64)  # float32 differences can overflow
    low, high = float(wide.min()), float(wide.max())
    if _flat(low, high):
        return np.zeros_like(values)
    return ((wide - low) / (high - low)).astype(np.float32)


def zscore(values: FloatArray) -> FloatArray:
    """Centre and scale to unit deviation; equal values (up to :data:`NOISE`) become 0."""
    if values.size == 0:
        return values
    wide = values.astype(np.float64)  # float32 squares can overflow
    if _flat(wide.min(), wide.max()):
        return np.zeros_like(values)
    std = float(wide.std())
    return ((wide - float(wide.mean())) / std).astype(np.float32)


def _ranks(values: FloatArray) -> FloatArray:
    order = np.argsort(-values, kind="stable")
    ranks = np.empty(values.size, dtype=np.float32)
    ranks[order] = np.arange(1, values.size + 1, dtype=np.float32)
    return ranks


def fuse(
    bm25: FloatArray | None,
    vector: FloatArray | None,
    *,
    method: FusionMethod,
    bm25_weight: float,
    rrf_k: int = 60,
) -> FloatArray:
    """The fused score of each candidate.

    :param bm25: BM25 scores of the candidates (None when BM25 is off).
    :param vector: Vector similarities of the candidates (None when vectors are off).
    :returns: One score per candidate, higher is better. With one signal, that
        signal's normalised score.
    """
    signals = [
        (s, w) for s, w in ((bm25, bm25_weight), (vector, 1.0 - bm25_weight)) if s is not None
    ]
    if not signals:
        raise ValueError("fuse needs at least one signal")
    if len(signals) == 1:
        only = signals[0][0]
        return minmax(only) if method != "rrf" else 1.0 / (rrf_k + _ranks(only))
    return fuse_signals(
        {"bm25": bm25, "vector": vector},  # type: ignore[dict-item]
        {"bm25": bm25_weight, "vector": 1.0 - bm25_weight},
        method=method,
        rrf_k=rrf_k,
    )


def fuse_signals(
    signals: dict[str, FloatArray],
    weights: dict[str, float],
    *,
    method: FusionMethod,
    rrf_k: int = 60,
) -> FloatArray:
    """The weighted fusion of any number of signals over the same candidates.

    :param signals: Each signal's scores of the candidates, by signal name.
    :param weights: Each signal's weight; signals without a weight (or weight 0) are
        left out. When every weight is 0, the signals count equally.
    :returns: One score per candidate, higher is better: the sum of
        :func:`signal_parts`.
    """
    parts = signal_parts(signals, weights, method=method, rrf_k=rrf_k)
    size = next(iter(signals.values())).size
    total = np.zeros(size, dtype=np.float32)
    for part in parts.values():
        total += part
    return total


def used_weights(signals: dict[str, FloatArray], weights: dict[str, float]) -> dict[str, float]:
    """The weight each signal counts with: its own, or 1 for all when none is above 0."""
    used = {name: weights.get(name, 0.0) for name in signals}
    if not any(w > 0 for w in used.values()):
        used = dict.fromkeys(signals, 1.0)
    return used


def signal_parts(
    signals: dict[str, FloatArray],
    weights: dict[str, float],
    *,
    method: FusionMethod,
    rrf_k: int = 60,
) -> dict[str, FloatArray]:
    """Each weighted signal's part of the fused score of every candidate (signals with
    weight 0 have none); :func:`fuse_signals` adds them up.

    :raises ValueError: without any signal.
    """
    if not signals:
        raise ValueError("fuse_signals needs at least one signal")
    used = {name: w for name, w in used_weights(signals, weights).items() if w > 0}
    if method == "rrf":
        return {
            name: (weight / (rrf_k + _ranks(signals[name]))).astype(np.float32)
            for name, weight in used.items()
        }
    normalised = normalise_all({name: signals[name] for name in used}, method)
    return {name: (weight * normalised[name]).astype(np.float32) for name, weight in used.items()}


def normalise_all(signals: dict[str, FloatArray], method: FusionMethod) -> dict[str, FloatArray]:
    """:func:`minmax` or :func:`zscore` of each signal (all of one length), computed for
    all of them at once: the same float64 sums per signal, row by row, as each
    function on its own, so the same values."""
    if not signals:
        return {}
    if method not in ("minmax", "zscore"):
        raise ValueError(f"no normalisation for {method!r}")
    wide = np.stack([np.asarray(v, dtype=np.float64) for v in signals.values()])
    if wide.shape[1] == 0:
        return {name: np.asarray(v, dtype=np.float32) for name, v in signals.items()}
    low = wide.min(axis=1, keepdims=True)
    high = wide.max(axis=1, keepdims=True)
    flat = _flat(low, high)  # equal values become 0
    if method == "minmax":
        scale = high - low
    else:
        low = wide.mean(axis=1, keepdims=True)
        scale = wide.std(axis=1, keepdims=True)
    out = ((wide - low) / np.where(flat, 1.0, scale)).astype(np.float32)
    out[flat[:, 0]] = 0.0
    return dict(zip(signals, out, strict=True))
