"""Tokenizing legal text for BM25: Chinese with ``jieba``, English by words, mixed
text handled token by token.

``bm25s``'s default regex tokenizer turns whole Chinese clauses into single tokens,
so every text goes through :class:`Tokenizer` instead. jieba's dictionary cache is
kept in the user cache directory; jieba writes it to a temporary file and renames it,
so several processes starting at once do not corrupt it.
"""

from __future__ import annotations

import logging
import re
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

#: A word of a Latin-script language (accented letters included: "société", "café").
_WORD = re.compile(r"[0-9a-z\u00c0-\u024f]+(?:[._'-][0-9a-z\u00c0-\u024f]+)*")
_HAS_CONTENT = re.compile(r"[\w\u4e00-\u9fff]")
_CJK = re.compile(r"[\u3400-\u9fff]")
_ASCII_RUN = re.compile(r"[\x00-\x7f\u00c0-\u024f]+")


class TokenizerConfig(BaseModel):
    """How texts are cut into terms. Saved with an index so queries are cut the same way."""

    model_config = ConfigDict(frozen=True)

    chinese_mode: Literal["search", "precise"] = Field(
        default="search",
        description="jieba's search mode also emits the words inside long words "
        "(承包商 → 承包, 包商, 承包商), which helps recall; precise mode does not.",
    )
    hmm: bool = Field(default=True, description="Let jieba guess words not in its dictionary.")
    stopwords: bool = Field(default=True, description="Drop Chinese and English stopwords.")
    drop_question_words: bool = Field(
        default=True, description="Also drop question words and particles (吗, 如何, 是否, ...)."
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
            jieba.initialize()
            _JIEBA_READY["module"] = module = jieba
        return module


class Tokenizer:
    """Cuts texts into lower-cased terms for BM25 (see :class:`TokenizerConfig`)."""

    def __init__(self, config: TokenizerConfig | None = None, *, cache_dir: Path | None = None):
        self.config = config or TokenizerConfig()
        self._cache_dir = cache_dir

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

    def tokenize(self, text: str) -> list[str]:
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
        stop = self._stop
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
