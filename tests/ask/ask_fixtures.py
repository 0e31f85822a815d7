"""What the ask tests share: a small labour and civil-law library, stores of both
backends, a clock, and a review record as the review engine saves it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from contract_review.documents.loading import parse_text
from contract_review.laws.law_models import Law
from contract_review.storage import JsonStorage, SqliteStorage, StorageBackend
from contract_review.testing.law_builders import make_law
from contract_review.testing.report_builders import CONTRACT_TEXT, make_report

LABOUR = "中华人民共和国劳动合同法"
CIVIL = "中华人民共和国民法典"

ARTICLE_21 = (
    "在试用期中，除劳动者有本法第三十九条和第四十条第一项、第二项规定的情形外，"
    "用人单位不得解除劳动合同。用人单位在试用期解除劳动合同的，应当向劳动者说明理由。"
)

LAWS: list[Law] = [
    make_law(
        LABOUR,
        [
            (
                "第十九条",
                "劳动合同期限三个月以上不满一年的，试用期不得超过一个月；劳动合同期限一年以上"
                "不满三年的，试用期不得超过二个月；三年以上固定期限和无固定期限的劳动合同，"
                "试用期不得超过六个月。\n同一用人单位与同一劳动者只能约定一次试用期。",
            ),
            ("第二十一条", ARTICLE_21),
            (
                "第二十五条",
                "除本法第二十二条和第二十三条规定的情形外，用人单位不得与劳动者约定由劳动者"
                "承担违约金。",
            ),
            (
                "第三十七条",
                "劳动者提前三十日以书面形式通知用人单位，可以解除劳动合同。劳动者在试用期内"
                "提前三日通知用人单位，可以解除劳动合同。",
            ),
            (
                "第三十九条",
                "劳动者有下列情形之一的，用人单位可以解除劳动合同：\n"
                "（一）在试用期间被证明不符合录用条件的；\n"
                "（二）严重违反用人单位的规章制度的；\n"
                "（三）严重失职，营私舞弊，给用人单位造成重大损害的。",
            ),
        ],
        title=LABOUR,
        path=["第三章 劳动合同的履行和变更"],
        law_level="法律",
    ),
    make_law(
        CIVIL,
        [
            (
                "第五百八十五条",
                "当事人可以约定一方违约时应当根据违约情况向对方支付一定数额的违约金，也可以"
                "约定因违约产生的损失赔偿额的计算方法。",
            ),
            (
                "第五百八十六条",
                "当事人可以约定一方向对方给付定金作为债权的担保。定金合同自实际交付定金时成立。"
                "\n定金的数额由当事人约定；但是，不得超过主合同标的额的百分之二十，超过部分不"
                "产生定金的效力。",
            ),
            (
                "第七百零五条",
                "租赁期限不得超过二十年。超过二十年的，超过部分无效。\n租赁期限届满，当事人"
                "可以续订租赁合同；但是，约定的租赁期限自续订之日起不得超过二十年。",
            ),
        ],
        title=CIVIL,
        path=["合同编"],
        law_level="法律",
    ),
]


def open_backend(name: str, folder: Path) -> StorageBackend:
    """A store of backend ``name`` in ``folder``."""
    if name == "sqlite":
        return SqliteStorage(folder / "reviews.sqlite3")
    return JsonStorage(folder / "store")


class StepClock:
    """A clock moving one second per reading."""

    def __init__(self) -> None:
        self.now = datetime(2024, 5, 1, 9, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


REVIEW_ID = "rv-20240501-090000-abc123"


def review_data() -> dict[str, Any]:
    """A review record as the review engine saves it: the FIDIC-style contract parsed,
    and the report of :func:`make_report` (findings on 20.1, 4.12, 8.7 and 1.1)."""
    document = parse_text(CONTRACT_TEXT, name="particular_conditions.txt", language="en")
    return {
        "domain_id": "fidic",
        "status": "complete",
        "request": None,
        "documents": [document.model_dump(mode="json")],
        "error": None,
        "report": make_report().model_dump(mode="json"),
    }
