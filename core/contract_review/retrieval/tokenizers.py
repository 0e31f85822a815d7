"""Tokenizing legal text for BM25: Chinese with ``jieba``, English by words, mixed
text handled token by token.

``bm25s``'s default regex tokenizer turns whole Chinese clauses into single tokens,
so every text goes through :class:`Tokenizer` instead. jieba's dictionary cache is
kept in the user cache directory; jieba writes it to a temporary file and renames it,
so several processes starting at once do not corrupt it; a process starting reads it
in one piece (:func:`read_jieba_cache`).
"""

from __future__ import annotations

import logging
import marshal
import re
import tempfile
import threading
from collections.abc import Iterable, Sequence
from functools import cached_property
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

_JIEBA_LOCK = threading.Lock()
_JIEBA_READY: dict[str, Any] = {}

#: Question words and particles that say nothing about the subject of a legal question
#: (added to the Chinese stopwords when ``drop_question_words`` is on).
QUESTION_WORDS_ZH: frozenset[str] = frozenset(
    [
        "吗",
        "呢",
        "吧",
        "啊",
        "么",
        "什么",
        "怎么",
        "怎么办",
        "怎样",
        "如何",
        "为什么",
        "是否",
        "能否",
        "可否",
        "可以",
        "能",
        "会",
        "哪些",
        "哪个",
        "多少",
        "多久",
        "谁",
        "有没有",
        "是不是",
        "应该",
        "应当",
        "请问",
        "一下",
    ]
)

#: Words dropped from queries (not from documents): question words, particles and
#: function words that say nothing about the subject of a legal question. Measured on
#: STARD dev, this list beats a general stopword list, which also removes words that
#: matter in law (主张, 不得).
QUERY_STOPWORDS_ZH: frozenset[str] = frozenset(
    [
        "吗",
        "呢",
        "吧",
        "啊",
        "呀",
        "么",
        "了",
        "的",
        "地",
        "得",
        "着",
        "过",
        "是",
        "在",
        "和",
        "与",
        "及",
        "或",
        "把",
        "被",
        "让",
        "给",
        "对",
        "向",
        "从",
        "我",
        "你",
        "他",
        "她",
        "它",
        "我们",
        "他们",
        "什么",
        "怎么",
        "怎么办",
        "怎样",
        "怎么样",
        "如何",
        "哪些",
        "哪个",
        "哪里",
        "为什么",
        "谁",
        "多少",
        "几",
        "是否",
        "能否",
        "可否",
        "能不能",
        "可不可以",
        "是不是",
        "有没有",
        "可以",
        "能",
        "会",
        "要",
        "应该",
        "应当",
        "需要",
        "该",
        "还",
        "也",
        "都",
        "就",
        "又",
        "一个",
        "这",
        "那",
        "这个",
        "那个",
        "这种",
        "有",
        "没有",
        "请问",
        "问",
        "情况",
        "下",
        "时",
        "后",
        "其",
        "之",
    ]
)

#: ``bm25s``'s English stopwords (``bm25s.stopwords.STOPWORDS_EN``), dropped from every
#: query: copied, so that tokenizing a query does not import ``bm25s`` (and scipy).
STOPWORDS_EN: frozenset[str] = frozenset(
    [
        "a",
        "an",
        "and",
        "are",
        "as",
        "at",
        "be",
        "but",
        "by",
        "for",
        "if",
        "in",
        "into",
        "is",
        "it",
        "no",
        "not",
        "of",
        "on",
        "or",
        "such",
        "that",
        "the",
        "their",
        "then",
        "there",
        "these",
        "they",
        "this",
        "to",
        "was",
        "will",
        "with",
    ]
)

#: A word of a Latin-script language (accented letters included: "société", "café").
_WORD = re.compile(r"[0-9a-z\u00c0-\u024f]+(?:[._'-][0-9a-z\u00c0-\u024f]+)*")
_HAS_CONTENT = re.compile(r"[\w\u4e00-\u9fff]")
_CJK = re.compile(r"[\u3400-\u9fff]")
_ASCII_RUN = re.compile(r"[\x00-\x7f\u00c0-\u024f]+")
#: The last this-many queries' terms are kept (a query is searched, then its snippets
#: cut, with the same terms); the oldest is dropped first.
QUERY_TERMS_KEPT = 64


class TokenizerConfig(BaseModel):
    """How texts are cut into terms. Saved with an index so queries are cut the same way."""

    model_config = ConfigDict(frozen=True)

    chinese_mode: Literal["search", "precise"] = Field(
        default="precise",
        description="jieba's search mode also emits the words inside long words "
        "(承包商 → 承包, 包商, 承包商); precise mode does not. The hybrid index keeps a "
        "second BM25 over those sub-words (see :func:`subwords`) beside a precise one.",
    )
    hmm: bool = Field(default=True, description="Let jieba guess words not in its dictionary.")
    stopwords: bool = Field(
        default=False, description="Drop Chinese and English stopwords (documents and queries)."
    )
    drop_question_words: bool = Field(
        default=True,
        description="With ``stopwords``, also drop question words and particles (吗, 如何, 是否).",
    )
    query_stopwords: bool = Field(
        default=True,
        description="Drop question and function words (吗, 如何, 是否, 的, ...) and English "
        "stopwords from queries only (:meth:`Tokenizer.tokenize_query`).",
    )
    stem_english: bool = Field(
        default=False, description="Reduce English words to their stem (notices → notic)."
    )


def _stopwords(config: TokenizerConfig) -> frozenset[str]:
    if not config.stopwords:
        return frozenset()
    from bm25s.stopwords import STOPWORDS_CHINESE, STOPWORDS_EN

    words = set(STOPWORDS_CHINESE) | set(STOPWORDS_EN)
    if config.drop_question_words:
        words |= QUESTION_WORDS_ZH
    return frozenset(words)


def jieba_module(cache_dir: Path | None = None) -> Any:
    """jieba, initialised once per process with its dictionary cache in ``cache_dir``
    (the user cache directory by default) and its log messages silenced."""
    with _JIEBA_LOCK:
        module = _JIEBA_READY.get("module")
        if module is None:
            import jieba

            if cache_dir is None:
                from ..config import load_settings

                cache_dir = load_settings().cache_dir
            directory = cache_dir / "jieba"
            try:
                directory.mkdir(parents=True, exist_ok=True)
                jieba.dt.tmp_dir = str(directory)
            except OSError:  # an unwritable cache dir: jieba falls back to the temp dir
                logging.getLogger(__name__).warning(
                    "cannot create %s; jieba keeps its dictionary cache in the temp dir",
                    directory,
                )
            jieba.setLogLevel(logging.WARNING)
            if not read_jieba_cache(jieba.dt):
                jieba.initialize()
            _JIEBA_READY["module"] = module = jieba
        return module


def read_jieba_cache(tokenizer: Any) -> bool:
    """Fill a ``jieba.Tokenizer``'s default dictionary from its cache file, read in one
    piece: jieba's own ``initialize`` unmarshals the open file a few bytes at a time,
    three times slower. False when there is no usable cache (``initialize`` then reads
    or builds it as usual)."""
    import jieba

    if tokenizer.initialized:
        return True
    if tokenizer.dictionary != jieba.DEFAULT_DICT or tokenizer.cache_file:
        return False
    path = Path(tokenizer.tmp_dir or tempfile.gettempdir()) / "jieba.cache"
    try:
        frequencies, total = marshal.loads(path.read_bytes())
    except (OSError, EOFError, ValueError, TypeError):
        return False
    if not isinstance(frequencies, dict) or not isinstance(total, int):
        return False
    with tokenizer.lock:
        tokenizer.FREQ, tokenizer.total = frequencies, total
        tokenizer.initialized = True
    return True


class Tokenizer:
    """Cuts texts into lower-cased terms for BM25 (see :class:`TokenizerConfig`)."""

    def __init__(self, config: TokenizerConfig | None = None, *, cache_dir: Path | None = None):
        self.config = config or TokenizerConfig()
        self._cache_dir = cache_dir
        self._query_terms: dict[str, tuple[str, ...]] = {}
        self._query_terms_lock = threading.Lock()

    @property
    def cache_dir(self) -> Path | None:
        """Where jieba's dictionary cache is kept (None: the user cache directory)."""
        return self._cache_dir

    @cached_property
    def _jieba(self) -> Any:
        return jieba_module(self._cache_dir)

    @cached_property
    def _stop(self) -> frozenset[str]:
        return _stopwords(self.config)

    @cached_property
    def _stemmer(self) -> Any:
        if not self.config.stem_english:
            return None
        import Stemmer

        return Stemmer.Stemmer("english")

    @cached_property
    def _query_stop(self) -> frozenset[str]:
        if not self.config.query_stopwords:
            return self._stop
        return self._stop | QUERY_STOPWORDS_ZH | STOPWORDS_EN

    def tokenize_query(self, text: str) -> list[str]:
        """The terms of a query: as :meth:`tokenize`, and without the query stopwords
        (question and function words) when ``query_stopwords`` is on. The terms of the
        last :data:`QUERY_TERMS_KEPT` queries are kept."""
        terms = self._query_terms.get(text)
        if terms is None:
            terms = tuple(self.tokenize(text, stop=self._query_stop))
            with self._query_terms_lock:  # searches may run in several threads
                if len(self._query_terms) >= QUERY_TERMS_KEPT:
                    self._query_terms.pop(next(iter(self._query_terms)))
                self._query_terms[text] = terms
        return list(terms)

    def subwords(self, tokens: Sequence[str]) -> list[str]:
        """jieba's search-mode terms from precise ones, without cutting again: each
        word longer than two characters is preceded by the dictionary words of two and
        three characters inside it (承包商 → 承包, 包商, 承包商)."""
        freq = self._jieba.dt.FREQ
        out: list[str] = []
        for word in tokens:
            if len(word) > 2 and not word.isascii():
                for n in (2, 3):
                    if len(word) > n:
                        out.extend(
                            word[i : i + n]
                            for i in range(len(word) - n + 1)
                            if freq.get(word[i : i + n])
                        )
            out.append(word)
        return out

    def tokenize(self, text: str, *, stop: frozenset[str] | None = None) -> list[str]:
        """The terms of ``text``, in order, stopwords and punctuation removed."""
        if not text:
            return []
        lowered = text.lower()
        if _CJK.search(lowered):
            # ASCII stretches are cut into words exactly as in English-only text, so
            # "sub-clause" or "contractor's" give the same terms in either.
            cut = []
            position = 0
            for run in _ASCII_RUN.finditer(lowered):
                cut.extend(self._cut_chinese(lowered[position : run.start()]))
                cut.extend(_WORD.findall(run.group()))
                position = run.end()
            cut.extend(self._cut_chinese(lowered[position:]))
        else:
            cut = _WORD.findall(lowered)
        stop = self._stop if stop is None else stop
        stemmer = self._stemmer
        terms: list[str] = []
        for raw in cut:
            token = raw.strip()
            if not token or token in stop or not _HAS_CONTENT.search(token):
                continue
            if stemmer is not None and token.isascii() and token.isalpha():
                token = stemmer.stemWord(token)
            terms.append(token)
        return terms

    def _cut_chinese(self, text: str) -> list[str]:
        if not text:
            return []
        if self.config.chinese_mode == "search":
            return list(self._jieba.lcut_for_search(text, HMM=self.config.hmm))
        return list(self._jieba.lcut(text, HMM=self.config.hmm))

    def tokenize_many(self, texts: Iterable[str]) -> list[list[str]]:
        """:meth:`tokenize` for each text."""
        return [self.tokenize(text) for text in texts]


def unique_terms(tokens: Sequence[str]) -> list[str]:
    """``tokens`` without repeats, first occurrence order."""
    return list(dict.fromkeys(tokens))
