"""The marks of a careful legal text, counted in Chinese and English: articles and
clauses cited, laws named, hedging words, conditions and exceptions, figures, legal
terms, advice and steps, and the text's keywords. :mod:`.answer_quality` and
:mod:`.finding_quality` grade answers and findings on these counts.

Article citations are normalised so that the same article counts once: 第二十一条,
第21条, "Article 21" and ``中华人民共和国劳动合同法#第二十一条`` are all ``article 21``;
"Sub-Clause 20.1", "Clause 20.1" and "Section 20.1" are ``clause 20.1``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from ..documents.language import detect_language, is_cjk_char
from ..laws.article_numbers import ARTICLE_NO_PATTERN, parse_article_no
from ..retrieval.tokenizers import QUERY_STOPWORDS_ZH, STOPWORDS_EN, Tokenizer
from ..text.sentences import sentence_spans

__all__ = [
    "TextSignals",
    "citation_keys",
    "covered",
    "keywords",
    "law_article_ids",
    "read_signals",
    "recommendations",
    "sentence_length_score",
    "stem",
    "unit_name",
]

_ZH_LAWS = "民法典 民法通则 合同法 劳动法 劳动合同法 劳动争议调解仲裁法 社会保险法 公司法 证券法 保险法 担保法 物权法 民事诉讼法 行政诉讼法 刑法 仲裁法 著作权法 专利法 商标法 反垄断法 反不正当竞争法 消费者权益保护法 个人信息保护法 数据安全法 网络安全法 招标投标法 建筑法 企业破产法 外商投资法 电子商务法 产品质量法"
_LAW_RE = re.compile(
    r"《[^《》]{2,60}》|中华人民共和国[\u4e00-\u9fff]{1,20}?(?:法典|法|条例)|司法解释|"
    + "|".join(sorted(_ZH_LAWS.split(), key=len, reverse=True))
    + r"|\b(?:[A-Z][\w'’-]+\s+){1,6}(?:Law|Act|Code|Regulations?|Ordinance|Convention)\b"
)
_ZH_ARTICLE_RE = re.compile(ARTICLE_NO_PATTERN)
_LAW_ID_RE = re.compile(
    rf"([^\s#《》，。；、,;:：]{{2,40}})#((?:{ARTICLE_NO_PATTERN})|Art(?:icle|\.)?\s*\d+)"
)
_EN_ARTICLE_RE = re.compile(r"\b(?:Articles?|Art\.)\s*(\d+)", re.IGNORECASE)
_CLAUSE_RE = re.compile(r"(?:\b(?:Sub-Clause|Clause|Section|Sec\.)|§)\s*(\d+(?:\.\d+)*)", re.I)
_HEDGE_RE = re.compile(
    r"(?<!不)可能(?!性)|大概|也许|或许|一般来说|一般而言|似乎|好像|差不多|估计|不一定|看情况|"
    r"说不准|不太确定|应该是|吧(?=[。！？!?，,\s]|$)|\b(?:maybe|probably|perhaps|possibly|might|"
    r"generally|usually|it depends|seems?|arguably|kind of|sort of|i think|i guess|not sure)\b",
    re.IGNORECASE,
)
_CONDITION_RE = re.compile(
    r"如果|假如|倘若|若(?!干)|除非|但是|但(?!书)|除[^。；，]{0,30}?(?:以外|外)|前提|情形|情况下|"
    r"例外|否则|只有|只要|一旦|以上|以下|不满|超过|\b(?:if|unless|except|exception|provided "
    r"that|subject to|only where|in the event|otherwise|however|save (?:as|that)|notwithstanding|"
    r"as long as|on condition)\b",
    re.IGNORECASE,
)
_QUANTITY_RE = re.compile(
    r"\d+(?:[.,]\d+)*\s*(?:%|％|个月|个工作日|日|天|年|倍|元|万元|小时|周|(?:calendar |working )?"
    r"(?:days?|months?|years?|weeks?|hours?)\b|per ?cent|times)|[一二三四五六七八九十百千万两半]+"
    r"(?:个月|个工作日|日|天|年|倍|周|小时)|\b(?:one|two|three|four|five|six|seven|ten|fourteen|"
    r"twelve|fifteen|twenty|twenty-eight|thirty|forty-two|fifty-six|sixty|ninety)[\s-]+(?:days?|"
    r"months?|years?|weeks?)\b|\b(?:USD|EUR|RMB|CNY)\s?[\d,.]+|\b(?:twice|double|treble|triple)\b",
    re.IGNORECASE,
)
_ZH_TERMS = "用人单位 劳动者 劳动合同 试用期 解除 终止 违约 违约金 赔偿 赔偿金 经济补偿 损失 责任 义务 权利 条款 约定 法定 诉讼 仲裁 时效 管辖 当事人 履行 抗辩 无效 撤销 担保 保证 抵押 不可抗力 竞业限制 保密 知识产权 侵权 过错 举证 人民法院 劳动行政部门 工资 工伤 社会保险 承包人 发包人 工期 索赔 免责 书面通知 合同价款"
_LEGAL_TERM_RE = re.compile(
    "|".join(sorted(_ZH_TERMS.split(), key=len, reverse=True))
    + r"|\b(?:liabilit\w*|indemn\w*|breach\w*|terminat\w*|damages|warrant\w*|jurisdiction|"
    r"arbitra\w*|litigat\w*|remed\w*|force majeure|negligen\w*|obligation\w*|statut\w*|"
    r"employers?|employees?|probation\w*|compensat\w*|severance|claims?|governing law|waiver|tort|"
    r"injunct\w*|covenant\w*|liquidated|penalt\w*|courts?|enforceab\w*|void|rescission|"
    r"confidential\w*|intellectual property|time bar|limitation period|burden of proof|"
    r"contractor|employer's requirements|lump sum|variation|extension of time|notice|"
    r"assign\w*|consent|subcontract\w*|disputes?|insur\w*|audit|exclusiv\w*|renewal|"
    r"change of control|invoice|governing|precedence|definitions?|guarantee\w*|security)\b",
    re.IGNORECASE,
)
_ZH_ACTIONS = "应当 应该 建议 可以 需要 必须 务必 要求 申请 提起 主张 协商 保留 投诉 核对 核实 确保 避免 注意 咨询 签订 支付 收集 留存 修改 增加 补充 删除"
_ACTION_RE = re.compile(
    "|".join(_ZH_ACTIONS.split())
    + r"|\b(?:should|must|recommend\w*|advis\w*|consider|ensure|request|file|notify|negotiate|"
    r"keep|retain|can|need to|have to|shall|check|verify|seek|apply|sign|avoid|send|"
    r"obtain|insist|propose|delete|amend|add|insert|replace|reject|standard position)\b",
    re.IGNORECASE,
)
#: Words that recommend (stricter than _ACTION_RE: "can" or "must" describe a clause too).
_RECOMMEND_RE = re.compile(
    r"\b(?:should|recommend\w*|propos\w*|suggest\w*|ask for|insist|negotiate|delete|amend|add|"
    r"insert|replace|reject|check|verify|ensure|seek|require)\b|standard position|our position|"
    r"建议|应当|应该|要求|修改|增加|补充|删除|核实|确认|争取|协商",
    re.IGNORECASE,
)
_QUOTED_RE = re.compile(r"“[^”]*”|\"[^\"]*\"|「[^」]*」")
_LIST_LINE_RE = re.compile(
    r"^\s*(?:\d{1,2}[.、)）](?!\d)|[（(](?:\d{1,2}|[一二三四五六七八九十]{1,3})[)）]|"
    r"[一二三四五六七八九十]{1,3}、|[-*•·●])",
    re.MULTILINE,
)
_ORDINAL_RE = re.compile(
    r"首先|其次|然后|再次|最后|第[一二三四五六]步|\b(?:first(?:ly)?|second(?:ly)?|third(?:ly)?|"
    r"next|finally|step \d)\b",
    re.IGNORECASE,
)
_LATIN_WORD_RE = re.compile(r"[A-Za-z][A-Za-z'’-]*")
_QUESTION_WORDS = (
    "多久 多长 几个 哪种 是什么 有什么 行不行 合法吗 can could would what when how does do "
    "did during under which who whom may should must shall i my we our me"
)
_EXTRA_QUESTION_WORDS = frozenset(_QUESTION_WORDS.split())
#: The longest average sentence that reads easily, in units (a CJK character is one
#: unit, an English word two): about 60 Chinese characters or 30 English words.
_IDEAL_SENTENCE_UNITS = 60


class TextSignals(BaseModel):
    """The marks of a legal text that the graders count (see :func:`read_signals`)."""

    model_config = ConfigDict(frozen=True)

    language: str = Field(description="'zh' or 'en' (documents.language.detect_language).")
    units: int = Field(description="Length: CJK characters plus two per English word.")
    sentences: int = Field(description="Sentences (and lines) with text.")
    hedges: tuple[str, ...] = Field(description="Hedging words, every occurrence.")
    articles: frozenset[str] = Field(description="Articles/clauses cited, normalised.")
    laws: frozenset[str] = Field(description="Laws named.")
    conditions: tuple[str, ...] = Field(description="Condition and exception markers.")
    quantities: tuple[str, ...] = Field(description="Periods, amounts, rates, multiples.")
    legal_terms: tuple[str, ...] = Field(description="Legal terms, one per stem.")
    actions: tuple[str, ...] = Field(description="Advice and action words, one per stem.")
    list_items: int = Field(description="Numbered or bulleted lines.")
    ordinals: tuple[str, ...] = Field(description="Ordinal words: 首先, 其次, first, finally...")
    paragraphs: int = Field(description="Blocks separated by blank lines.")

    @property
    def steps(self) -> int:
        """Numbered or bulleted points, or ordinal words (首先, first...), whichever is more."""
        return max(self.list_items, len(self.ordinals))


@cache
def _stemmer() -> Any:
    import Stemmer

    return Stemmer.Stemmer("english")


def stem(word: str) -> str:
    """An English word's stem (terminates, termination → termin); other words lower-cased."""
    word = word.lower()
    return str(_stemmer().stemWord(word)) if word.isascii() and word.isalpha() else word


def _distinct(matches: Iterable[str], *, by_stem: bool = False) -> tuple[str, ...]:
    """The matches without repeats (English lower-cased; with ``by_stem`` one per stem),
    first occurrence order; a long 除……外 is shortened to 除…外."""
    kept: dict[str, str] = {}
    for match in matches:
        text = match.strip().lower() if match.isascii() else match.strip()
        if len(text) > 3 and text.startswith("除") and text.endswith("外"):
            text = "除…以外" if text.endswith("以外") else "除…外"
        kept.setdefault(stem(text) if by_stem else text, text)
    return tuple(kept.values())


def _article_key(text: str) -> str:
    try:
        number = parse_article_no(text)
    except ValueError:
        return text
    return f"article {number.n}" + (f"-{number.sub}" if number.sub else "")


def citation_keys(text: str) -> tuple[frozenset[str], frozenset[str]]:
    """The articles/clauses (normalised: 第二十一条 and "Article 21" are both
    ``article 21``) and the law names that ``text`` cites."""
    articles = {_article_key(m.group()) for m in _ZH_ARTICLE_RE.finditer(text)}
    articles |= {f"article {m[1]}" for m in _EN_ARTICLE_RE.finditer(text)}
    articles |= {f"clause {m[1]}" for m in _CLAUSE_RE.finditer(text)}
    laws = {m.group().strip("《》") for m in _LAW_RE.finditer(text)}
    laws |= {m[1] for m in _LAW_ID_RE.finditer(text)}
    return frozenset(articles), frozenset(law.strip() for law in laws)


def law_article_ids(text: str) -> list[str]:
    """The ``law title#article`` ids written in ``text`` (``中华人民共和国民法典#第五百八十五条``)."""
    return list(dict.fromkeys(m.group() for m in _LAW_ID_RE.finditer(text)))


def recommendations(text: str) -> tuple[str, ...]:
    """The recommending words of ``text`` outside quotations (should, propose, "standard
    position", 建议, 应当...): quoted contract wording does not count."""
    return _distinct(_RECOMMEND_RE.findall(_QUOTED_RE.sub(" ", text)), by_stem=True)


def read_signals(text: str) -> TextSignals:
    """Count the marks of a legal text in ``text`` (see :class:`TextSignals`).

    :param text: Chinese, English or mixed text.
    :returns: The counts; an empty text gives zeros.
    """
    articles, laws = citation_keys(text)
    sentences = sentence_spans(text, semicolons=True, line_breaks=True)
    cjk = sum(1 for ch in text if is_cjk_char(ch))
    return TextSignals(
        language=detect_language(text),
        units=cjk + 2 * len(_LATIN_WORD_RE.findall(text)),
        sentences=len(sentences),
        hedges=tuple(m.group().lower() for m in _HEDGE_RE.finditer(text)),
        articles=articles,
        laws=laws,
        conditions=_distinct(_CONDITION_RE.findall(text)),
        quantities=_distinct(_QUANTITY_RE.findall(text)),
        legal_terms=_distinct(_LEGAL_TERM_RE.findall(text), by_stem=True),
        actions=_distinct(_ACTION_RE.findall(text), by_stem=True),
        list_items=len(_LIST_LINE_RE.findall(text)),
        ordinals=_distinct(_ORDINAL_RE.findall(text)),
        paragraphs=len([p for p in re.split(r"\n\s*\n", text) if p.strip()]),
    )


def sentence_length_score(signals: TextSignals) -> tuple[float, float]:
    """1 for sentences of at most ~60 Chinese characters (30 English words) on average,
    falling to 0.3 for sentences three times as long; and the average in units."""
    average = signals.units / max(1, signals.sentences)
    return max(0.3, min(1.0, _IDEAL_SENTENCE_UNITS / max(average, 1.0))), average


@cache
def _tokenizer() -> Tokenizer:
    return Tokenizer()


def keywords(text: str) -> list[str]:
    """The content words of ``text``, lower-cased, first occurrence order: question and
    function words, numbers and one-character Chinese words dropped."""
    stop = QUERY_STOPWORDS_ZH | STOPWORDS_EN | _EXTRA_QUESTION_WORDS
    terms = _tokenizer().tokenize(text, stop=stop)
    return list(dict.fromkeys(t for t in terms if len(t) >= 2 and not t.isdigit()))


def covered(terms: Sequence[str], text: str) -> list[str]:
    """The ``terms`` (from :func:`keywords`) that occur in ``text``: English words by
    stem (termination covers terminate), Chinese words as written."""
    lowered = text.lower()
    stems = {stem(word) for word in _tokenizer().tokenize(text)}
    return [t for t in terms if stem(t) in stems or (not t.isascii() and t in lowered)]


def unit_name(signals: TextSignals, units: float) -> str:
    """``units`` of text as a reader counts them: characters for Chinese, words for English."""
    if signals.language == "zh":
        return f"{units:.0f} characters"
    return f"{units / 2:.0f} words"
