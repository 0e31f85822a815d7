"""BM25 terms built in a second process while the first one embeds.

Building an index does two independent jobs: cutting every document into terms for
BM25 (jieba, pure Python, one core) and embedding every document (numpy, every core
it is given). Done one after the other, the second core waits while jieba runs.
:class:`BackgroundTerms` starts a worker process that tokenizes the documents and
builds the two BM25 indexes (:func:`build_term_indexes`) while the calling process
embeds; it gives back the same indexes the calling process would have built (same
terms, same ids, same scores).

The worker is spawned (it inherits no lock or thread of the parent), so it pays for
its start-up (importing the tokenizer, reading jieba's dictionary cache: about 1 s),
which is why small batches are tokenized in the calling process. If the worker
cannot be started or fails, the terms are built in the calling process instead. It is
a daemon process: it never outlives the build.
"""

from __future__ import annotations

import logging
import multiprocessing
from collections.abc import Sequence
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from pathlib import Path

import attrs

from .bm25 import BM25Config, BM25Index
from .tokenizers import Tokenizer, TokenizerConfig

logger = logging.getLogger(__name__)

#: Fewer documents than this are tokenized in the calling process: the worker's
#: start-up would cost more than it saves.
MIN_BACKGROUND_DOCUMENTS = 5000


@attrs.frozen(eq=False)
class TermIndexes:
    """The BM25 index of a batch of documents, and the one over the words inside
    their long words (None when the index keeps none)."""

    bm25: BM25Index
    subword_bm25: BM25Index | None


def build_term_indexes(
    texts: Sequence[str],
    tokenizer_config: TokenizerConfig,
    bm25_config: BM25Config,
    *,
    subwords: bool,
    cache_dir: Path | None = None,
) -> TermIndexes:
    """Tokenize ``texts`` and build their BM25 index (and the sub-word one when
    ``subwords``), as :meth:`.HybridIndex.add` does for an empty index."""
    tokenizer = Tokenizer(tokenizer_config, cache_dir=cache_dir)
    tokens = [tokenizer.tokenize(text) for text in texts]
    bm25 = BM25Index(bm25_config)
    bm25.add(tokens)
    subword_bm25 = None
    if subwords:
        subword_bm25 = BM25Index(bm25_config)
        subword_bm25.add([tokenizer.subwords(terms) for terms in tokens])
    return TermIndexes(bm25=bm25, subword_bm25=subword_bm25)


def _work(
    connection: Connection,
    texts: Sequence[str],
    tokenizer_config: TokenizerConfig,
    bm25_config: BM25Config,
    subwords: bool,
    cache_dir: Path | None,
) -> None:
    """The worker: build the indexes and send them (or the error) back."""
    try:
        indexes = build_term_indexes(
            texts, tokenizer_config, bm25_config, subwords=subwords, cache_dir=cache_dir
        )
    except Exception as error:  # said by the parent, which then builds them itself
        connection.send((False, f"{type(error).__name__}: {error}"))
    else:
        connection.send((True, indexes))
    connection.close()


class BackgroundTerms:
    """:func:`build_term_indexes` running in a spawned worker process.

    >>> terms = BackgroundTerms(texts, tokenizer_config, bm25_config, subwords=True)
    >>> ...  # embed meanwhile
    >>> indexes = terms.result()

    :meth:`result` waits for the worker; when it could not start or failed, it builds
    the indexes in the calling process (with a warning), so the caller always gets them.
    :meth:`cancel` stops the worker at once (when the build failed meanwhile).
    """

    def __init__(
        self,
        texts: Sequence[str],
        tokenizer_config: TokenizerConfig,
        bm25_config: BM25Config,
        *,
        subwords: bool,
        cache_dir: Path | None = None,
    ) -> None:
        self._texts = list(texts)
        self._tokenizer_config = tokenizer_config
        self._bm25_config = bm25_config
        self._subwords = subwords
        self._cache_dir = cache_dir
        self._process: BaseProcess | None = None
        self._connection: Connection | None = None
        try:
            context = multiprocessing.get_context("spawn")  # no lock or thread inherited
            receiver, sender = context.Pipe(duplex=False)
            process = context.Process(
                target=_work,
                args=(sender, self._texts, tokenizer_config, bm25_config, subwords, cache_dir),
                name="contract-review-terms",
                daemon=True,  # never outlives the build
            )
            process.start()
            sender.close()
        except Exception as error:  # no process can be started here: build them later
            logger.warning("cannot tokenize in a second process (%s); tokenizing here", error)
            return
        self._process, self._connection = process, receiver

    def result(self) -> TermIndexes:
        """The indexes (waits for the worker; builds them here if it failed)."""
        connection = self._connection
        if connection is not None:
            try:
                ok, value = connection.recv()
                if ok and isinstance(value, TermIndexes):
                    return value
                logger.warning("tokenizing in a second process failed (%s); tokenizing here", value)
            except (EOFError, OSError) as error:  # the worker died (killed, out of memory)
                logger.warning("the tokenizing process ended early (%r); tokenizing here", error)
            finally:
                self._stop(terminate=False)
        return build_term_indexes(
            self._texts,
            self._tokenizer_config,
            self._bm25_config,
            subwords=self._subwords,
            cache_dir=self._cache_dir,
        )

    def cancel(self) -> None:
        """Stop the worker now; :meth:`result` then builds the indexes here."""
        self._stop(terminate=True)

    def _stop(self, *, terminate: bool) -> None:
        process, self._process = self._process, None
        connection, self._connection = self._connection, None
        if connection is not None:
            connection.close()
        if process is not None:
            if terminate:
                process.terminate()
            process.join()


__all__ = ["MIN_BACKGROUND_DOCUMENTS", "BackgroundTerms", "TermIndexes", "build_term_indexes"]
