"""Law articles in findings, and only under the law that governs the contract.

A playbook rule may cite articles (``law_refs``, e.g. ``中华人民共和国民法典#第五百八十五条``);
they are structured references, never written into the rationale. Where PRC law governs
(:mod:`.governing_law`) and a law index is configured (setting ``law_index``, default
``<data dir>/law-index``), the findings of that rule quote the articles from it as
``law`` evidence; without an index one report note names the articles the playbook would
cite and how to build one. Where another law governs, or none is stated, no PRC article
is cited, one note says so, and citations of PRC law an LLM wrote into its findings are
taken out (:func:`without_prc_citations`).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Sequence
from pathlib import Path

from ..config import Settings
from ..errors import ContractReviewError
from ..laws.law_library import LawLibrary
from ..text.sentences import sentence_spans
from .findings import Evidence, Finding
from .governing_law import GoverningLaw

__all__ = [
    "LawQuoter",
    "cites_prc_law",
    "law_citation_note",
    "law_quoter",
    "without_prc_citations",
]

logger = logging.getLogger(__name__)

#: Article references -> the articles quoted as law evidence (unknown ones skipped).
LawQuoter = Callable[[Sequence[str]], list[Evidence]]


def _library(directory: Path) -> LawLibrary | None:
    from ..laws.law_index import MANIFEST
    from ..laws.law_tools import open_law_library

    if not (directory / MANIFEST).is_file():
        return None
    try:
        return open_law_library(directory)
    except ContractReviewError as exc:
        logger.warning(
            "law index %s cannot be read (%s); findings cite laws by name", directory, exc
        )
        return None


def law_quoter(settings: Settings) -> LawQuoter | None:
    """Quotes cited articles from the configured law index; None when there is none
    (or it cannot be read)."""
    library = _library(settings.law_index or settings.data_dir / "law-index")
    if library is None:
        return None

    def quote(references: Sequence[str]) -> list[Evidence]:
        evidence: list[Evidence] = []
        for reference in references:
            try:
                law, article = library.article(reference)
            except ContractReviewError:
                logger.info("law article %s is not in the law index", reference)
                continue
            evidence.append(Evidence.from_article(law, article))
        return evidence

    return quote


def law_citation_note(
    governing: GoverningLaw, cited: Sequence[str], *, quoting: bool, language: str
) -> str | None:
    """The report's one note on the law its findings cite, in the contract's language:
    PRC law not cited under another law (or none stated); under PRC law without a law
    index, the articles the playbook would quote and how to configure an index; None
    under PRC law with an index (the findings quote the articles)."""
    zh = language == "zh"
    if not governing.is_prc:
        if governing.basis == "not_stated":
            return (
                "合同未约定适用法律；本报告不引用中华人民共和国法律。"
                if zh
                else "The contract states no governing law; PRC law is not cited."
            )
        if zh:
            return f"本合同适用{governing.label('zh')}；本报告不引用中华人民共和国法律。"
        return (
            f"This contract is governed by the laws of {_the(governing.label('en'))}; "
            "PRC law is not cited."
        )
    if quoting or not cited:
        return None
    articles = list(dict.fromkeys(cited))
    if zh:
        names = "、".join(_zh_reference(ref) for ref in articles)
        return (
            f"本合同适用{governing.label('zh')}。未配置法律库，审查规则引用的条文未予摘录："
            f"{names}。可用“contract-review law index <法律文本目录> --out <目录>”建立法律库"
            "（设置“law_index”，默认为“<数据目录>/law-index”）后摘录。"
        )
    names = "; ".join(_en_reference(ref) for ref in articles)
    return (
        f"PRC law governs this contract: {governing.label('en')}. No law index is "
        f"configured, so the articles the playbook cites are not quoted: {names}. Build "
        "one with 'contract-review law index <folder of laws> --out <folder>' (setting "
        "law_index, default <data dir>/law-index) to quote them in the findings."
    )


# Names read with "the": "the laws of the Republic of Calderra", "… of the State of Texas".
_WITH_THE = re.compile(
    r"(?:Republic|State|Province|Commonwealth|Kingdom|United|Federal|Federation|Emirate"
    r"|Principality|Grand\s+Duchy|Hong\s+Kong\s+SAR|Macao\s+SAR|Netherlands|Philippines"
    r"|Bahamas|District|Czech|Isle|Cayman|British\s+Virgin)\b"
)


def _the(name: str) -> str:
    return f"the {name}" if _WITH_THE.match(name) else name


def _en_reference(reference: str) -> str:
    """'law#article' in an English note: a Chinese title and article quoted as written."""
    words = reference.replace("#", " ")
    return f"“{words}”" if re.search(r"[\u4e00-\u9fff]", words) else words


def _zh_reference(reference: str) -> str:
    law, _, article = reference.partition("#")
    return f"《{law}》{article}"


# Citations of PRC law: its statutes by name (民法典, 《中华人民共和国…法》, …条例 第九条),
# PRC law itself ("under PRC law", "the Civil Code of the People's Republic of China",
# "Chinese law", 中国法律) — not the PRC as a place ("a PRC company").
_PRC = r"(?:PRC|P\.R\.C\.|People['’]s\s+Republic\s+of\s+China|China|Chinese)"
_PRC_CITATION = re.compile(
    r"民法典|合同法|《中华人民共和国[^》\n]{1,40}》|中华人民共和国[\u4e00-\u9fff]{0,20}?(?:法|条例)"
    r"|条例》?\s{0,2}第[一二三四五六七八九十百千零〇两\d]{1,12}条|中国法律|我国法律"
    rf"|\b{_PRC}\s+(?:civil\s+|contract\s+)?(?:laws?|code|statutes?|regulations?)\b"
    rf"|\b(?:laws?|code|statutes?|regulations?)\s+of\s+(?:the\s+)?{_PRC}"
    rf"|\bChina['’]s\s+(?:civil|contract)\s+(?:code|law)\b",
    re.IGNORECASE,
)


def cites_prc_law(text: str) -> bool:
    """True when ``text`` cites PRC law (a statute, an article of one, or PRC law itself)."""
    return _PRC_CITATION.search(text) is not None


def _without_citing_sentences(text: str) -> str:
    """``text`` without its sentences that cite PRC law."""
    spans = sentence_spans(text)
    kept = [text[a:b] for a, b in spans if not cites_prc_law(text[a:b])]
    if len(kept) == len(spans):
        return text
    out = ""
    for piece in kept:  # a space after an English sentence, none after 。
        out += (" " if out and out[-1].isascii() else "") + piece
    return out


def without_prc_citations(finding: Finding) -> Finding:
    """``finding`` with no citation of PRC law: its law evidence and the sentences of its
    description and rationale that cite PRC law are taken out (the contract's own clause
    quoted as evidence stays)."""
    evidence = [e for e in finding.evidence if e.kind != "law"]
    description = _without_citing_sentences(finding.description)
    rationale = _without_citing_sentences(finding.rationale)
    if (
        len(evidence) == len(finding.evidence)
        and description == finding.description
        and rationale == finding.rationale
    ):
        return finding
    return finding.model_copy(
        update={"evidence": evidence, "description": description, "rationale": rationale}
    )
