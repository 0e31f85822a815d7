"""BM25 terms built in a second process while the first one embeds.

Building an index does two independent jobs: cutting every document into terms for
BM25 (jieba, pure Python, one core) and embedding every document (numpy, every core
it is given). Done one after the other, the second core waits while jieba runs.
:class:`BackgroundTerms` starts a worker process that tokenizes the documents and
builds the two BM25 indexes (:func:`build_term_indexes`) while the calling process
embeds; it gives back the same indexes the calling process would have built (same
terms, same ids, same scores).

The worker is a new Python process (it inherits no lock or thread of the caller, and
does not run the caller's main script), so it pays for its start-up (importing the
tokenizer, reading jieba's dictionary cache: about 1 s), which is why small batches are
tokenized in the calling process. If the worker cannot be started or fails, the terms
are built in the calling process instead.
"""

from __future__ import annotations

import logging
import os
import pickle
import subprocess
import sys
import threading
from collections.abc import Sequence
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


class BackgroundTerms:
    """:func:`build_term_indexes` running in a worker process.

    >>> terms = BackgroundTerms(texts, tokenizer_config, bm25_config, subwords=True)
    >>> ...  # embed meanwhile
    >>> indexes = terms.result()

    The worker is ``python -m contract_review.retrieval.background_terms``: it reads
    its job from standard input and writes the indexes to standard output (both
    pickled), and imports nothing of the calling program (a ``multiprocessing`` spawn
    would run the caller's main script again). :meth:`result` waits for it; when it
    could not start or failed, it builds the indexes in the calling process (with a
    warning), so the caller always gets them. :meth:`cancel` stops it at once.
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
        self._job = _Job(list(texts), tokenizer_config, bm25_config, subwords, cache_dir)
        self._process: subprocess.Popen[bytes] | None = None
        self._feeder: threading.Thread | None = None
        try:
            environment = {**os.environ, "PYTHONPATH": os.pathsep.join(_import_path())}
            process = subprocess.Popen(
                [sys.executable, "-m", __name__],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                env=environment,
            )
        except (OSError, ValueError) as error:  # no process can be started here
            logger.warning("cannot tokenize in a second process (%s); tokenizing here", error)
            return
        self._process = process
        # Written by a thread: the pipe takes the texts as fast as the worker reads them.
        self._feeder = threading.Thread(
            target=_feed, args=(process, self._job), name="contract-review-terms", daemon=True
        )
        self._feeder.start()

    def result(self) -> TermIndexes:
        """The indexes (waits for the worker; builds them here if it failed)."""
        process = self._process
        if process is not None and process.stdout is not None:
            try:
                found = pickle.load(process.stdout)
                if isinstance(found, TermIndexes):
                    return found
                logger.warning("tokenizing in a second process failed (%s); tokenizing here", found)
            except Exception as error:  # the worker died, or answered what cannot be read
                logger.warning("the tokenizing process ended early (%r); tokenizing here", error)
            finally:
                self._stop(kill=False)
        job = self._job
        return build_term_indexes(
            job.texts,
            job.tokenizer_config,
            job.bm25_config,
            subwords=job.subwords,
            cache_dir=job.cache_dir,
        )

    def cancel(self) -> None:
        """Stop the worker now; :meth:`result` then builds the indexes here."""
        self._stop(kill=True)

    def _stop(self, *, kill: bool) -> None:
        process, self._process = self._process, None
        if process is None:
            return
        if kill:
            process.kill()
        if process.stdout is not None:
            process.stdout.close()
        process.wait()
        if self._feeder is not None:
            self._feeder.join()


@attrs.frozen
class _Job:
    """What the worker is asked to do."""

    texts: list[str]
    tokenizer_config: TokenizerConfig
    bm25_config: BM25Config
    subwords: bool
    cache_dir: Path | None


def _import_path() -> list[str]:
    """Where this process finds its modules (the worker is to find the same ones)."""
    return [entry for entry in sys.path if isinstance(entry, str) and entry]


def _feed(process: subprocess.Popen[bytes], job: _Job) -> None:
    stdin = process.stdin
    if stdin is None:
        return
    try:
        pickle.dump(job, stdin, protocol=pickle.HIGHEST_PROTOCOL)
        stdin.close()
    except OSError:  # the worker is gone (stopped); result() builds the indexes here
        pass


def _main() -> None:
    """The worker: read a job from standard input, write the indexes (or what went
    wrong) to standard output."""
    job = pickle.load(sys.stdin.buffer)
    if not isinstance(job, _Job):
        raise SystemExit("background_terms: expected a job on standard input")
    out = sys.stdout.buffer
    sys.stdout = sys.stderr  # whatever a library prints must not mix with the answer
    try:
        answer: TermIndexes | str = build_term_indexes(
            job.texts,
            job.tokenizer_config,
            job.bm25_config,
            subwords=job.subwords,
            cache_dir=job.cache_dir,
        )
    except Exception as error:  # said by the caller, which then builds them itself
        answer = f"{type(error).__name__}: {error}"
    pickle.dump(answer, out, protocol=pickle.HIGHEST_PROTOCOL)
    out.flush()


__all__ = ["MIN_BACKGROUND_DOCUMENTS", "BackgroundTerms", "TermIndexes", "build_term_indexes"]


if __name__ == "__main__":
    # Run as the module by its own name, so what is pickled names its real classes.
    from contract_review.retrieval import background_terms

    background_terms._main()
