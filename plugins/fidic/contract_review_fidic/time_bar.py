"""Skill ``fidic_calculate_time_bar``: find the time bars in a clause and compute
their deadlines.

A time bar is a period within which a party must act (give notice, submit a detailed
claim, respond, pay). The skill finds each period in the clause text (English and
Chinese), classifies what must be done, extracts the event the period runs from,
flags notice periods shorter than the FIDIC-standard 28 days and, given the date of
the event (or of the Contractor's awareness), computes the deadline in calendar days
(working days skip weekends).
"""

from __future__ import annotations

import re
from datetime import date
from enum import StrEnum

from pydantic import BaseModel, Field

from contract_review.skills.generic.clause_input import ClauseTextInput
from contract_review.text.sentences import sentence_at

from .periods import PeriodMention, PeriodUnit, add_period, find_periods

#: The notice period of the FIDIC forms for a claim (and for most notices), in days.
STANDARD_NOTICE_DAYS = 28


class TimeBarKind(StrEnum):
    """What must be done within the period."""

    NOTICE = "notice"
    DETAILED_CLAIM = "detailed_claim"
    RESPONSE = "response"
    PAYMENT = "payment"
    OTHER = "other"


class TimeBarInput(ClauseTextInput):
    """Input of ``fidic_calculate_time_bar``: the clause (as text, or looked up in the
    contract) and, optionally, the date the period runs from."""

    event_date: date | None = Field(
        default=None,
        description="Date of the event, or of the Contractor's awareness of it (YYYY-MM-DD).",
    )
    standard_notice_days: int = Field(
        default=STANDARD_NOTICE_DAYS,
        ge=1,
        description="Notice periods shorter than this are flagged.",
    )


class TimeBar(BaseModel):
    """One period found in the clause."""

    text: str = Field(description="The period as written.")
    amount: int
    unit: PeriodUnit
    calendar_days: int = Field(description="The period in calendar days (approximate for months).")
    kind: TimeBarKind
    trigger: str = Field(default="", description="The event the period runs from, as written.")
    runs_from_event: bool = Field(
        description="True when the period runs from the event or the awareness of it."
    )
    sentence: str = Field(description="The sentence holding the period.")
    deadline: date | None = Field(
        default=None, description="event_date plus the period, when it runs from the event."
    )
    shorter_than_standard: bool = Field(
        default=False, description="A notice period shorter than the standard notice period."
    )


class TimeBarOutput(BaseModel):
    """Output of ``fidic_calculate_time_bar``."""

    clause_id: str
    event_date: date | None = None
    time_bars: list[TimeBar] = Field(default_factory=list)
    shortest_notice_days: int | None = Field(
        default=None, description="The shortest notice period, in calendar days."
    )
    standard_notice_days: int = STANDARD_NOTICE_DAYS
    below_standard: bool = Field(
        default=False, description="A notice period is shorter than the standard."
    )
    forfeiture: bool = Field(
        default=False,
        description="The clause says a late notice or claim loses the entitlement.",
    )
    earliest_deadline: date | None = None
    warnings: list[str] = Field(default_factory=list)


_BEFORE_PERIOD = re.compile(
    r"(?:within|not\s+later\s+than|no\s+later\s+than|at\s+least|not\s+less\s+than|before|"
    r"prior\s+to|period\s+of|expiry\s+of|内|之内|以内|前|后|起|届满|不超过|不少于|不迟于)",
    re.IGNORECASE,
)
_AFTER_PERIOD_EN = re.compile(
    r"^\s*(?:after|from|of|following|upon|before|prior\s+to|from\s+the\s+date\s+of)\s+"
    r"(?P<trigger>[^.;]{3,240})",
    re.IGNORECASE,
)
_BEFORE_PERIOD_ZH = re.compile(
    r"(?:在|自|于|从)(?P<trigger>[^，,。；;]{2,120}?)(?:后|之后|以后|起|之日起)\s*$"
)
_BACK_REFERENCE = re.compile(
    r"(?:such|said|that|the\s+same)\s+period\s+of\s*$|(?:上述|前述|该)(?:期限|期间)?\s*$",
    re.IGNORECASE,
)
_EVENT_WORDS = re.compile(
    r"aware|event|circumstance|occur|encounter|察觉|知道|知悉|意识到|事件|情况|发生|遇到",
    re.IGNORECASE,
)
_KIND_PATTERNS: tuple[tuple[TimeBarKind, re.Pattern[str]], ...] = (
    (
        TimeBarKind.DETAILED_CLAIM,
        re.compile(
            r"detailed\s+claim|fully\s+detailed|particulars\s+of\s+the\s+claim|详细索赔|索赔报告|详细的索赔",
            re.IGNORECASE,
        ),
    ),
    (
        TimeBarKind.NOTICE,
        re.compile(r"\bnotice\b|\bnotify\b|\bnotified\b|通知|告知", re.IGNORECASE),
    ),
    (
        TimeBarKind.RESPONSE,
        re.compile(
            r"\brespond|\breply|\bdecision\b|\bdecide|\bagree\s+or\s+determine|\bapprov|答复|回复|决定|批准|确认",
            re.IGNORECASE,
        ),
    ),
    (TimeBarKind.PAYMENT, re.compile(r"\bpa(?:y|id|yment)\b|支付|付款", re.IGNORECASE)),
)
_FORFEITURE = re.compile(
    r"shall\s+not\s+be\s+entitled|not\s+be\s+entitled\s+to|deemed\s+to\s+have\s+(?:waived|been\s+waived)|"
    r"discharged\s+from\s+(?:all\s+|any\s+)?liability|lose\s+(?:its|any|the)\s+(?:right|entitlement)|"
    r"time[- ]barred|丧失|无权|视为(?:已)?放弃|不得(?:再)?(?:提出|要求)|免除.{0,6}责任",
    re.IGNORECASE,
)


def _classify(window: str) -> TimeBarKind:
    for kind, pattern in _KIND_PATTERNS:
        if pattern.search(window):
            return kind
    return TimeBarKind.OTHER


def _trigger(text: str, mention: PeriodMention, sentence_start: int) -> str:
    after = _AFTER_PERIOD_EN.match(text[mention.end :])
    if after:
        trigger = after.group("trigger").strip()
        # stop at the next obligation in the same sentence
        trigger = re.split(r",\s*(?:and|the\s+\w+\s+shall)\b", trigger, maxsplit=1)[0]
        return trigger.strip(" ,")
    before = text[sentence_start : mention.start]
    before = re.sub(r"(?:内|之内|以内)\s*$", "", before)
    zh = _BEFORE_PERIOD_ZH.search(before)
    if zh:
        return zh.group("trigger").strip()
    return ""


def _without(window: str, trigger: str) -> str:
    """The window without the trigger: the event a period runs from is not the act."""
    return window.replace(trigger, " ") if trigger else window


def _is_time_bar(text: str, mention: PeriodMention) -> bool:
    before = text[max(0, mention.start - 30) : mention.start]
    if _BACK_REFERENCE.search(before):
        return False  # "within such period of 28 days" repeats a period already found
    after = text[mention.end : mention.end + 30]
    if _BEFORE_PERIOD.search(before):
        return True
    if re.match(r"\s*(?:内|之内|以内|后|之后|前|之前|起|届满)", after):
        return True
    return bool(re.match(r"\s*(?:after|from|following|before|prior)\b", after, re.IGNORECASE))


def find_time_bars(
    text: str,
    *,
    event_date: date | None = None,
    standard_notice_days: int = STANDARD_NOTICE_DAYS,
) -> list[TimeBar]:
    """The time bars written in ``text``, in document order."""
    mentions = [m for m in find_periods(text) if _is_time_bar(text, m)]
    bars: list[TimeBar] = []
    for index, mention in enumerate(mentions):
        sentence_start, sentence_end = sentence_at(text, mention.start, semicolons=True)
        window_start = max(sentence_start, mentions[index - 1].end if index else 0)
        window_end = min(
            sentence_end,
            mentions[index + 1].start if index + 1 < len(mentions) else len(text),
        )
        trigger = _trigger(text, mention, sentence_start)
        kind = _classify(_without(text[window_start:window_end], trigger))
        if kind is TimeBarKind.OTHER:
            kind = _classify(_without(text[sentence_start:sentence_end], trigger))
        runs_from_event = bool(_EVENT_WORDS.search(trigger)) or (
            not trigger and kind is TimeBarKind.NOTICE
        )
        days = mention.calendar_days
        deadline = (
            add_period(event_date, mention.amount, mention.unit)
            if event_date is not None and runs_from_event
            else None
        )
        bars.append(
            TimeBar(
                text=mention.text,
                amount=mention.amount,
                unit=mention.unit,
                calendar_days=days,
                kind=kind,
                trigger=trigger,
                runs_from_event=runs_from_event,
                sentence=text[sentence_start:sentence_end].strip(),
                deadline=deadline,
                shorter_than_standard=kind is TimeBarKind.NOTICE and days < standard_notice_days,
            )
        )
    return bars


def calculate_time_bar(input_data: TimeBarInput) -> TimeBarOutput:
    """Handler of ``fidic_calculate_time_bar``."""
    text = input_data.resolve_text()
    warnings: list[str] = []
    if not text:
        warnings.append(f"no text found for clause {input_data.clause_id}")
        return TimeBarOutput(
            clause_id=input_data.clause_id,
            event_date=input_data.event_date,
            standard_notice_days=input_data.standard_notice_days,
            warnings=warnings,
        )
    bars = find_time_bars(
        text,
        event_date=input_data.event_date,
        standard_notice_days=input_data.standard_notice_days,
    )
    notices = [bar.calendar_days for bar in bars if bar.kind is TimeBarKind.NOTICE]
    deadlines = [bar.deadline for bar in bars if bar.deadline is not None]
    if not bars:
        warnings.append(f"no time bar found in clause {input_data.clause_id}")
    if input_data.event_date is not None and bars and not deadlines:
        warnings.append("no period runs from the event; deadlines depend on other dates")
    if any(bar.unit is PeriodUnit.WORKING_DAY for bar in bars):
        warnings.append("working-day deadlines skip weekends only, not public holidays")
    return TimeBarOutput(
        clause_id=input_data.clause_id,
        event_date=input_data.event_date,
        time_bars=bars,
        shortest_notice_days=min(notices) if notices else None,
        standard_notice_days=input_data.standard_notice_days,
        below_standard=any(bar.shorter_than_standard for bar in bars),
        forfeiture=bool(_FORFEITURE.search(text)),
        earliest_deadline=min(deadlines) if deadlines else None,
        warnings=warnings,
    )
