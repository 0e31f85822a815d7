"""Whether a text has contractual content at all: the check that tells a contract with
no numbering (reviewed paragraph by paragraph) from a file that is no contract.

Contract language has three kinds of words, in English and Chinese:

* **parties** — party, parties, hereto, undersigned, licensor, lessee, buyer...;
  甲方, 乙方, 丙方, 双方, 各方, 当事人, 出租人, 承租人, 买方, 卖方...;
* **obligations** — shall, must, agree(s/d), undertake(s), covenant(s), warrant(s),
  represent(s); 应, 应当, 须, 不得, 同意, 承诺, 保证, 负责;
* **agreement** — agreement, contract, hereby, herein, hereof, hereunder, whereas,
  "in witness whereof", "terms and conditions"; 合同, 协议, 约定, 签订, 签署, 条款.

A text has contractual content when it uses words of at least two of the three kinds
(:data:`KINDS_NEEDED`): "The Buyer shall pay", "The undersigned hereby agree",
"甲方应于每月五日前支付租金". One kind alone is ordinary prose — a poem's "Shall I
compare thee", a recipe's "you must stir", 应该 in a letter. An empty file, a handful
of words, a list of numbers, a recipe or a poem has none or one.

Each kind is one regular expression of literal alternatives, run once over the text:
linear in its length.
"""

from __future__ import annotations

import re

__all__ = ["KINDS_NEEDED", "contract_language_kinds", "has_contract_language"]

#: Kinds of contract words a text must use to have contractual content.
KINDS_NEEDED = 2

_KINDS: dict[str, re.Pattern[str]] = {
    "parties": re.compile(
        r"\b(?:part(?:y|ies)|hereto|undersigned|licensors?|licensees?|lessors?|lessees?|"
        r"landlords?|tenants?|buyers?|sellers?|suppliers?|purchasers?|vendors?|"
        r"contractors?|employers?|employees?|customers?|distributors?)\b"
        r"|甲方|乙方|丙方|双方|各方|当事人|出租人|承租人|买方|卖方|供方|需方|委托方|受托方",
        re.IGNORECASE,
    ),
    "obligations": re.compile(
        r"\b(?:shall|must|agree[sd]?|undertakes?|covenants?|warrants?|represents?)\b"
        r"|应当|应|须|不得|同意|承诺|保证|负责",
        re.IGNORECASE,
    ),
    "agreement": re.compile(
        r"\b(?:agreements?|contracts?|hereby|herein|hereof|hereunder|whereas|"
        r"in\s+witness\s+whereof|terms\s+and\s+conditions)\b"
        r"|合同|协议|约定|签订|签署|条款",
        re.IGNORECASE,
    ),
}


def contract_language_kinds(text: str) -> set[str]:
    """The kinds of contract words ``text`` uses: ``'parties'``, ``'obligations'``,
    ``'agreement'``."""
    return {kind for kind, pattern in _KINDS.items() if pattern.search(text)}


def has_contract_language(text: str) -> bool:
    """Whether ``text`` has contractual content: words of at least
    :data:`KINDS_NEEDED` of the three kinds."""
    return len(contract_language_kinds(text)) >= KINDS_NEEDED
