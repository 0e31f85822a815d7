"""The number a numeric playbook rule reads near its match.

The pattern's ``(?P<value>...)`` group (or an unnamed first group) gives it directly;
otherwise the nearest period or percentage of the match's sentence counts, as
:func:`~contract_review.playbooks.period_wording.sentence_numbers` reads them, so
"fourteen (14) days", "two weeks", "a fortnight", "十四天", "半个月", "60个工作日",
"48 hours" and "the last day of the fourth month following the invoice" are all read
and converted to the rule's unit. A rule with ``deadline`` reads
only a period written as a time limit ("within 30 days", "30 days after", "30日内"),
not a duration ("the first twelve months"). A rule in ``price_percent`` reads a
percentage as it is and an amount as its share of the contract's price
(:mod:`.deal_price`), when the contract states one in the same currency.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict, Field

from ..skills.generic.financial_terms import FinancialTerm
from .deal_price import DealPrice
from .period_wording import DAYS, in_days, parse_number, sentence_numbers
from .rule_models import PlaybookRule, ValueUnit

__all__ = ["MAX_VALUE_DISTANCE", "SentenceNumbers", "ValueReading", "read_value"]

_FLAGS = re.IGNORECASE

#: How far (characters) from a match a numeric rule looks for its number, within the
#: match's sentence.
MAX_VALUE_DISTANCE = 150

# A period written as a time limit: "within 30 days", "not later than 14 days", "net 30",
# "payment term of", 'with "90 days"' (an amendment's new words), 之日起, 付款期限为 before
# it; "after", "from", "following", "of receipt", "end of month", 内/以内/后/末 after it.
_LIMIT_BEFORE = re.compile(
    r"(?:within|later\s+than|more\s+than|up\s+to|\bnet|period\s+of|(?:with|by)\s+[\"“‘]|"
    r"(?:为|成)\s*[\"“‘]|payment\s+(?:terms?|period)\s*(?:[:：]|of|is|are|shall\s+be|will\s+be)|"
    r"(?:之日|日)?起|(?:之)?后的?|(?:货|票|发票)到|(?:付款|支付|结算)期限?(?:为|是)|账期(?:为|是)?)"
    r"\s*(?:a\s+period\s+of\s+|(?:the|those|these|that|such|said)\s+)?$",
    _FLAGS,
)
# A period that comes before an event ("thirty per cent ninety days before the Event") is
# how early something happens: never too long a wait for it.
_ADVANCE = re.compile(r"\s*(?:before|prior\s+to|in\s+advance\s+of|ahead\s+of)\b", _FLAGS)
_LIMIT_AFTER = re.compile(  # used with .match(text, pos): anchored where the period ends
    r"\s*(?:[\"”])?\s*(?:after|from|following|beyond|prior\s+to|before|of\s+(?:the\s+)?"
    r"(?:receipt|date|receiving|delivery|invoice|issue|completion|acceptance|notice|becoming|"
    r"the\s+event)|EOM|(?:from\s+)?(?:the\s+)?end\s+of\s+(?:the\s+)?(?:calendar\s+)?month)\b"
    r"|[^\S\n]*(?:之内|以内|内|之后|以后|后|末|底)",
    _FLAGS,
)


class ValueReading(BaseModel):
    """The number a numeric rule read near a match."""

    model_config = ConfigDict(frozen=True)

    value: float = Field(description="In the rule's unit ('14 working days' is 19.6 days).")
    text: str = Field(description="As written: 'fourteen (14) days', '60个工作日'.")
    start: int = Field(ge=0, description="Offset of the written number in the text.")
    end: int = Field(ge=0)
    unit: str = Field(default="", description="Unit as written: day, working_day, percent...")
    price_term: str = Field(
        default="",
        description="For an amount read as a share of the price: the contract's name for the "
        "price ('Purchase Price'), so a redline can write the limit the same way.",
    )


def _value_group(match: re.Match[str]) -> int | str | None:
    """The group holding a numeric rule's number: ``(?P<value>...)``, else an unnamed
    first group; None when the pattern has neither (or it did not take part)."""
    if "value" in match.re.groupindex:
        return "value" if match.group("value") is not None else None
    named_first = 1 in match.re.groupindex.values()
    if match.re.groups and not named_first and match.group(1) is not None:
        return 1
    return None


@dataclass(frozen=True)
class SentenceNumbers:
    """A sentence's numbers in the order they start, with their starts and the longest
    one's length, so those near a match are found by bisection: a sentence holding many
    matches and many numbers is read in time linear in its length, not in their product."""

    terms: tuple[FinancialTerm, ...]
    starts: tuple[int, ...]
    longest: int

    @classmethod
    def of(cls, text: str) -> SentenceNumbers:
        terms = tuple(sorted(sentence_numbers(text), key=lambda term: term.start))
        return cls(
            terms,
            tuple(term.start for term in terms),
            max((term.end - term.start for term in terms), default=0),
        )

    def near(self, start: int, end: int) -> tuple[FinancialTerm, ...]:
        """The numbers that may lie within :data:`MAX_VALUE_DISTANCE` of ``start:end``
        (sentence offsets)."""
        low = bisect.bisect_left(self.starts, start - MAX_VALUE_DISTANCE - self.longest)
        high = bisect.bisect_right(self.starts, end + MAX_VALUE_DISTANCE)
        return self.terms[low:high]


def read_value(
    rule: PlaybookRule,
    masked: str,
    match: re.Match[str],
    sentence: tuple[int, int],
    cache: dict[tuple[int, int], SentenceNumbers],
    price: DealPrice | None = None,
) -> ValueReading | None:
    """The number of a numeric rule's match: its ``value`` (or unnamed first) group, else the
    nearest period or percentage (in ``rule.unit``) of its sentence — or, in
    ``price_percent``, an amount as its share of ``price``. ``masked`` is the text in
    force, so a number an amendment removes is never read."""
    group = _value_group(match)
    if group is not None:
        value = parse_number(match.group(group))
        if value is None:
            return None
        return ValueReading(
            value=value, text=match.group(group), start=match.start(group), end=match.end(group)
        )
    if rule.unit is None:
        return None
    if sentence not in cache:
        cache[sentence] = SentenceNumbers.of(masked[sentence[0] : sentence[1]])
    best: tuple[int, int, FinancialTerm] | None = None
    near = cache[sentence].near(match.start() - sentence[0], match.end() - sentence[0])
    for term in near:
        start, end = sentence[0] + term.start, sentence[0] + term.end
        converted = _in_unit(term, rule.unit, price)
        if converted is None:
            continue
        if rule.deadline and not _is_time_limit(masked, start, end):
            continue
        if rule.comparison in ("gt", "ge") and _ADVANCE.match(masked, end):
            continue
        distance = max(0, start - match.end(), match.start() - end)
        if distance > MAX_VALUE_DISTANCE:
            continue
        key = (distance, 0 if start >= match.start() else 1)
        if best is None or key < best[:2]:
            best = (*key, term.model_copy(update={"start": start, "end": end}))
    if best is None:
        return _whole_price(masked, match, sentence) if rule.unit == "price_percent" else None
    term = best[2]
    value = _in_unit(term, rule.unit, price)
    assert value is not None
    price_term = price.term if price is not None and term.kind == "amount" else ""
    return ValueReading(
        value=value,
        text=term.text,
        start=term.start,
        end=term.end,
        unit=term.unit,
        price_term=price_term,
    )


# A limit written as the price itself, just after the match ("shall not exceed an amount
# equal to the Consideration", "不超过转让价款总额") or inside it ("以转让价款为限").
_PRICE_WORDS = (
    r"Purchase\s+Price|Consideration|Subscription\s+(?:Price|Amount|Monies)|Investment\s+Amount"
)
_WHOLE_PRICE_AFTER = re.compile(
    r"\s*(?:(?:an\s+)?(?:amount|sum)\s+equal\s+to\s+)?(?:100\s*(?:%|per\s*cent)\s+of\s+)?"
    rf"the\s+(?:aggregate\s+|total\s+|whole\s+(?:of\s+the\s+)?)?(?P<price>{_PRICE_WORDS})s?\b"
    r"|(?:本次交易的|本协议项下的|全部)?(?P<zh>转让价款|交易价款|股权转让款|转让对价|交易对价|增资款|投资款|认购款)",
    re.IGNORECASE,
)
_WHOLE_PRICE_INSIDE = re.compile(
    r"以(?:本次交易的|全部)?(?P<zh>转让价款|交易价款|股权转让款|转让对价|交易对价|增资款|投资款|认购款)(?:总额)?为限"
)


def _whole_price(
    masked: str, match: re.Match[str], sentence: tuple[int, int]
) -> ValueReading | None:
    """A price_percent limit written as the whole price (100% of it), or None."""
    found = _WHOLE_PRICE_AFTER.match(masked, match.end(), sentence[1])
    if found is None:
        found = _WHOLE_PRICE_INSIDE.search(masked, match.start(), match.end())
    if found is None:
        return None
    name = found.group("zh") if found.group("zh") else found.group("price")
    start = found.start() + len(found.group()) - len(found.group().lstrip())
    return ValueReading(
        value=100.0,
        text=masked[start : found.end()],
        start=start,
        end=found.end(),
        unit="percent",
        price_term=" ".join(name.split()),
    )


def _is_time_limit(text: str, start: int, end: int) -> bool:
    """True when the period at ``text[start:end]`` is written as a time limit."""
    before = text[max(0, start - 40) : start]
    return bool(_LIMIT_BEFORE.search(before) or _LIMIT_AFTER.match(text, end, end + 40))


def _in_unit(term: FinancialTerm, unit: ValueUnit, price: DealPrice | None = None) -> float | None:
    """``term``'s value in ``unit``, or None when it is not that kind of number (or, in
    ``price_percent``, an amount with no price in its currency to divide by)."""
    if unit == "percent":
        return term.value if term.kind == "percentage" else None
    if unit == "price_percent":
        if term.kind == "percentage":
            return term.value
        if term.kind == "amount" and price is not None and term.unit == price.currency:
            return 100 * term.value / price.amount
        return None
    days = in_days(term)
    return None if days is None else days / DAYS[unit]
