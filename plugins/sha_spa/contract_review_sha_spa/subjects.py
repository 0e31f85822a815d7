"""What a warranty or an indemnity is about: tax, title to shares, litigation...

Used by the warranty extraction and the indemnity analysis to label each item.
"""

from __future__ import annotations

import re
from enum import StrEnum


class Subject(StrEnum):
    """The subject matter of a warranty or a specific indemnity."""

    CAPACITY_AUTHORITY = "capacity_authority"
    TITLE_TO_SHARES = "title_to_shares"
    FINANCIAL_STATEMENTS = "financial_statements"
    TAX = "tax"
    LITIGATION = "litigation"
    COMPLIANCE = "compliance"
    EMPLOYMENT = "employment"
    INTELLECTUAL_PROPERTY = "intellectual_property"
    MATERIAL_CONTRACTS = "material_contracts"
    ASSETS = "assets"
    ENVIRONMENT = "environment"
    INSURANCE = "insurance"
    DATA_PROTECTION = "data_protection"
    ANTI_CORRUPTION = "anti_corruption"
    INFORMATION = "information"
    OTHER = "other"


_PATTERNS: tuple[tuple[Subject, re.Pattern[str]], ...] = tuple(
    (subject, re.compile(pattern, re.IGNORECASE))
    for subject, pattern in (
        (
            Subject.CAPACITY_AUTHORITY,
            r"\bcapacity\b|\bauthori[sz]ed\b|\bauthority\b|\bpower\s+to\b|duly\s+(?:incorporated|organi[sz]ed)|"
            r"validly\s+existing|binding\s+obligations|民事(?:权利|行为)能力|合法(?:设立|存续)|授权|签署.{0,6}权利",
        ),
        (
            Subject.TITLE_TO_SHARES,
            r"\btitle\b|legal\s+and\s+beneficial|beneficial\s+owner|free\s+(?:from|of)\s+(?:all\s+)?encumbrances?|"
            r"\bencumbrance|fully\s+paid|issued\s+share\s+capital|权属|所有权|合法持有|权利负担|质押|实缴|出资",
        ),
        (
            Subject.FINANCIAL_STATEMENTS,
            r"\baccounts\b|financial\s+statements|management\s+accounts|balance\s+sheet|\bGAAP\b|\bIFRS\b|"
            r"财务报表|财务报告|审计报告|会计准则|资产负债表",
        ),
        (Subject.TAX, r"\btax(?:es|ation)?\b|\bduty\b|\bVAT\b|税"),
        (
            Subject.LITIGATION,
            r"litigation|proceedings|\bclaims?\b|\bsuits?\b|arbitration|investigation|诉讼|仲裁|纠纷|争议|行政处罚|调查",
        ),
        (
            Subject.COMPLIANCE,
            r"compli(?:ance|ed|es)\s+with|applicable\s+laws?|\blicen[cs]es?\b|\bpermits?\b|consents\s+required|"
            r"合规|遵守.{0,8}法律|许可|资质|证照|批准文件",
        ),
        (
            Subject.EMPLOYMENT,
            r"employ(?:ee|ees|ment|er)|\bstaff\b|pension|\bworkers?\b|social\s+security|员工|雇员|劳动|社会保险|社保|公积金",
        ),
        (
            Subject.INTELLECTUAL_PROPERTY,
            r"intellectual\s+property|\bpatents?\b|trade\s*marks?|copyrights?|know-how|domain\s+names?|知识产权|专利|商标|著作权|专有技术",
        ),
        (
            Subject.MATERIAL_CONTRACTS,
            r"material\s+contracts?|\bagreements?\s+to\s+which|contracts?\s+with|重大合同|重要合同",
        ),
        (
            Subject.ASSETS,
            r"\bassets?\b|real\s+(?:estate|property)|\bproperties\b|\bleases?\b|\bland\b|资产|不动产|房产|土地|租赁",
        ),
        (Subject.ENVIRONMENT, r"environment(?:al)?|pollution|hazardous|环境|环保|污染"),
        (Subject.INSURANCE, r"\binsurance|\binsured\b|保险"),
        (Subject.DATA_PROTECTION, r"personal\s+data|data\s+protection|privacy|GDPR|个人信息|数据"),
        (
            Subject.ANTI_CORRUPTION,
            r"brib(?:e|ery)|corrupt|sanctions?|money\s+laundering|贿赂|腐败|制裁|反洗钱",
        ),
        (
            Subject.INFORMATION,
            r"information\s+(?:disclosed|provided|given)|data\s+room|not\s+misleading|信息.{0,10}(?:真实|准确|完整)|披露.{0,6}(?:真实|完整)",
        ),
    )
)


def classify_subject(text: str) -> Subject:
    """The subject ``text`` is most about: the one whose keywords occur most often
    (ties go to the earlier subject in :class:`Subject`), or OTHER."""
    best = Subject.OTHER
    best_hits = 0
    for subject, pattern in _PATTERNS:
        hits = len(pattern.findall(text))
        if hits > best_hits:
            best, best_hits = subject, hits
    return best
