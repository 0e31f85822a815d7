"""A playbook rule: what to look for in a clause, when it is a problem, whom it burdens,
and the redline we propose.

Each :class:`PlaybookRule` belongs to one checklist item. It says what to look for
(``patterns``, with sentence guards ``requires``/``unless`` (``unless_scope``) and a scope guard
``unless_anywhere``), whether the term is a problem when it is there or when it is
missing (``when``), for numeric rules the limit (``threshold``, ``comparison``,
``unit``), whom the term burdens (``burdens``), how serious it is, why, and the redline
we propose (``suggested_redline`` in words, ``redline`` as an edit). A rule may also
test a fact a skill read in the clause (``fact``, a :class:`FactTest`), so a number the
patterns miss is still judged.
"""

from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from .vocabulary import IDENTIFIER_PATTERN, RiskLevel, is_identifier

__all__ = [
    "KNOWN_CATEGORIES",
    "PARTY_BURDENS",
    "Comparison",
    "FactTest",
    "PlaybookRule",
    "Redline",
    "RuleScope",
    "ValueUnit",
]

#: Category ids the shipped playbooks tag their rules with (a rule may use free text).
KNOWN_CATEGORIES: tuple[str, ...] = (
    "short_notice_time_bar",
    "long_payment_period",
    "uncapped_liability",
    "one_sided_liability",
    "fitness_for_any_purpose",
    "ground_risk_on_contractor",
    "dispute_decided_by_one_party",
    "uncapped_penalty",
    "termination_for_convenience_one_side",
    "preexisting_ip_assignment",
    "indemnity_no_cap",
    "indemnity_no_basket",
    "warranty_survival_long_or_unlimited",
    "reserved_matters_missing_or_simple_majority",
)

#: ``burdens`` values that are not a side: the term burdens either party (or we cannot
#: tell), the party the matched sentence names, or the party it does not name.
PARTY_BURDENS: tuple[str, ...] = ("either", "named_party", "other_party")

Comparison = Literal["lt", "le", "gt", "ge"]
RuleScope = Literal["clause", "document"]
#: The unit a numeric rule compares in; periods are converted (a week is 7 days, a
#: month 30, a year 365, a working day 7/5 of a day). ``price_percent`` is a share of
#: the price the contract states (:mod:`.deal_price`): a percentage as written, or an
#: amount divided by the price ("GBP 250,000" of a GBP 48,500,000 price is 0.52).
ValueUnit = Literal["day", "month", "year", "percent", "price_percent"]

_COMPARISON_WORDS: dict[str, str] = {
    "lt": "at least",
    "le": "more than",
    "gt": "at most",
    "ge": "less than",
}


def _compiled(patterns: tuple[str, ...]) -> tuple[str, ...]:
    for pattern in patterns:
        try:
            re.compile(pattern)
        except re.error as exc:
            raise ValueError(
                f"pattern {pattern!r} is not a valid regular expression: {exc}"
            ) from exc
    return patterns


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Redline(_Model):
    """The edit a rule proposes to the clause it fired on."""

    kind: Literal["replace_value", "replace_match", "append"] = Field(
        description="'replace_value': write the rule's limit in place of the offending "
        "number; 'replace_match': replace the words the pattern matched; 'append': add a "
        "sentence at the end of the clause."
    )
    text: str = Field(default="", description="The new words (replace_match, append), in English.")
    text_zh: str = Field(
        default="", description="The new words for a Chinese clause; defaults to 'text'."
    )
    value: float | None = Field(
        default=None,
        description="replace_value: the number to write; defaults to the rule's threshold.",
    )

    @model_validator(mode="after")
    def _has_words(self) -> Redline:
        if self.kind == "append" and not (self.text or self.text_zh):
            raise ValueError("an 'append' redline needs 'text' (or 'text_zh')")
        if self.kind != "replace_value" and self.value is not None:
            raise ValueError("'value' is only for a 'replace_value' redline")
        return self

    def words(self, chinese: bool) -> str:
        """The new words for a Chinese or an English clause."""
        return (self.text_zh or self.text) if chinese else (self.text or self.text_zh)


def compare(value: float, comparison: Comparison, threshold: float) -> bool:
    """Whether ``value <comparison> threshold`` holds."""
    if comparison == "lt":
        return value < threshold
    if comparison == "le":
        return value <= threshold
    if comparison == "gt":
        return value > threshold
    return value >= threshold


_COMPARISON_WORDS_ZH: dict[str, str] = {
    "lt": "不少于",
    "le": "多于",
    "gt": "不超过",
    "ge": "少于",
}

#: A number's unit in a Chinese report: 28日, 3个月, 2年.
UNIT_WORDS_ZH: dict[str, str] = {"day": "日", "month": "个月", "year": "年", "percent": "%"}


def limit_words(
    comparison: Comparison, threshold: float, unit: ValueUnit | None, language: str = "en"
) -> str:
    """The limit in words: 'at least 28 day(s)', 'at most 15%', 'less than 10% of the
    price'; in a Chinese report (``language`` 'zh') 不少于28日, 不超过15%, 少于价款的10%."""
    if language == "zh":
        if unit == "price_percent":
            return f"{_COMPARISON_WORDS_ZH[comparison]}价款的{threshold:g}%"
        named = UNIT_WORDS_ZH.get(unit or "", "")
        return f"{_COMPARISON_WORDS_ZH[comparison]}{threshold:g}{named}"
    if unit == "price_percent":
        return f"{_COMPARISON_WORDS[comparison]} {threshold:g}% of the price"
    named = f" {unit}(s)" if unit and unit != "percent" else ""
    percent = "%" if unit == "percent" else ""
    return f"{_COMPARISON_WORDS[comparison]} {threshold:g}{percent}{named}"


class FactTest(_Model):
    """A test of a fact a skill read in the clause (see
    :mod:`contract_review.review.skill_facts`): the rule fires when a fact named
    ``name`` has a value with ``value <comparison> threshold`` (in ``unit``)."""

    name: str = Field(
        pattern=IDENTIFIER_PATTERN,
        description="The fact's name, e.g. 'claim_notice_period', 'liability_cap'.",
    )
    comparison: Comparison
    threshold: float
    unit: ValueUnit | None = Field(
        default=None,
        description="Unit of the threshold; periods are converted. Without it, the fact's "
        "value as the skill gave it.",
    )

    def standard_words(self, language: str = "en") -> str:
        """The limit in words: 'at least 28 day(s)' (不少于28日 for ``language`` 'zh')."""
        return limit_words(self.comparison, self.threshold, self.unit, language)


class PlaybookRule(_Model):
    """A rule that drives review without an LLM.

    A ``present`` rule fires on a clause when a pattern matches a sentence that also
    matches one of ``requires`` (if any) and none of ``unless``, and nothing in
    ``unless_anywhere`` appears in the rule's scope. A numeric rule (``threshold``)
    reads the number nearest each match (the pattern's ``(?P<value>...)`` group, or an
    unnamed first group, else the nearest period or percentage in the sentence, in
    ``unit``) and fires when ``value <comparison> threshold`` holds. An ``absent`` rule
    fires when no pattern matches any passage of the checklist item. A pattern's
    ``(?P<party>...)`` group names the party the term is about.
    """

    rule_id: str = Field(pattern=IDENTIFIER_PATTERN, description="Unique within the playbook.")
    clause_id: str = Field(min_length=1, description="Checklist item the rule belongs to.")
    category: str = Field(
        default="",
        description="What kind of term it catches: one of KNOWN_CATEGORIES "
        "(e.g. 'short_notice_time_bar') or free text.",
    )
    description: str = Field(min_length=1, description="What the rule finds, in one sentence.")
    description_zh: str = Field(
        default="", description="'description' in Chinese, for a report in Chinese."
    )
    standard_position: str = Field(
        default="", description="Our standard position, in one or two sentences."
    )
    standard_position_zh: str = Field(
        default="", description="'standard_position' in Chinese, for a report in Chinese."
    )
    patterns: tuple[str, ...] = Field(
        default=(),
        description="Regular expressions, case-insensitive; at least one unless the rule "
        "tests a 'fact'.",
    )
    requires: tuple[str, ...] = Field(
        default=(),
        description="A match counts only if its sentence also matches one of these.",
    )
    requires_scope: Literal["sentence", "following"] = Field(
        default="sentence",
        description="Where 'requires' looks: the match's sentence, or that sentence and "
        "the two after it ('following': a time bar's consequence is often stated next).",
    )
    unless: tuple[str, ...] = Field(
        default=(),
        description="A match does not count if its sentence matches one of these (e.g. "
        "'either party may' for a one-side rule).",
    )
    unless_scope: Literal["sentence", "part", "phrase", "proviso"] = Field(
        default="sentence",
        description="Where 'unless' looks: the match's sentence, or only the part of it "
        "between semicolons and provisos ('provided that') that holds the match ('part': "
        "'甲方可随时解除本合同；乙方不得解除' — the second part does not excuse the first), or "
        "('phrase') only the part between those, Chinese commas (，) and ', and' / ', but': "
        "'结算款审核后一百八十日内支付，余款作为质量保证金' — the retention does not excuse the "
        "180 days; or ('proviso') the sentence, except that a match inside a proviso "
        "('provided that', '，但') is read from that proviso on: 'not less than the Issue "
        "Price; provided that after three years no minimum price shall apply' — the floor "
        "the proviso takes away does not excuse it.",
    )
    unless_anywhere: tuple[str, ...] = Field(
        default=(),
        description="The rule does not fire if one of these appears anywhere in its scope: "
        "the located clause, or the whole document for a document-scope rule.",
    )
    unless_in_section: tuple[str, ...] = Field(
        default=(),
        description="The rule does not fire on a section (a located clause, or a section "
        "of a document-scope rule) where one of these appears: e.g. a maximum for the "
        "delay damages the same clause sets ('the total amount due under this Sub-Clause "
        "shall not exceed 10%').",
    )
    topic: tuple[str, ...] = Field(
        default=(),
        description="A match counts only if its sentence is about this term by meaning: "
        "the term-topic classifier (contract_review.playbooks.term_topics) gives the "
        "sentence at least 'topic_min' probability for it (for a list of related topics, "
        "their probabilities added). Lets a rule match broad cue words in any order "
        "without firing on sentences about something else.",
    )
    topic_min: float = Field(
        default=0.5, gt=0, le=1, description="The least topic probability that counts."
    )
    reads_definitions: bool = Field(
        default=False,
        description="A document-scope rule also reads each definition of a definitions "
        'section (its term is often drafted into one: \'"Disclosed" means … all information '
        "in the Data Room'); other rules skip definitions (the term reader reads them for "
        "every rule).",
    )
    detector_min: float | None = Field(
        default=None,
        gt=0.5,
        le=1,
        description="A document-scope rule also fires on a section the term detector "
        "(contract_review.playbooks.term_detector) reads as holding the one-sided term of "
        "the rule's category with at least this probability, whatever its wording (a "
        "clause-scope rule, or one without a category, ignores it).",
    )
    when: Literal["present", "absent"] = Field(
        default="present",
        description="'present': the matched term is the problem; 'absent': its absence is.",
    )
    scope: RuleScope = Field(
        default="clause",
        description="'clause': the item's located passages; 'document': every section of "
        "the primary document (the finding still belongs to clause_id).",
    )
    threshold: float | None = Field(default=None, description="The limit a numeric rule checks.")
    comparison: Comparison | None = Field(
        default=None,
        description="The rule fires when value <comparison> threshold: lt, le, gt or ge.",
    )
    unit: ValueUnit | None = Field(
        default=None,
        description="Unit of the threshold. Without it, the number is the pattern's first "
        "capture group as written.",
    )
    deadline: bool = Field(
        default=False,
        description="Numeric rules: read only a number written as a time limit ('within 30 "
        "days', '30 days after', 'net 30', '30日内'), not a duration ('the first twelve "
        "months').",
    )
    one_sided: bool = Field(
        default=False,
        description="The term is a right or burden of one party: the rule does not fire "
        "when its matches name two different parties (the term is mutual).",
    )
    burdens: tuple[str, ...] = Field(
        default=("either",),
        min_length=1,
        description="The side(s) the term burdens (side ids such as 'contractor', or a list: "
        "[supplier, contractor]), or one of 'either', 'named_party' (the party the matched "
        "sentence is about, or the pattern's (?P<party>...) group) and 'other_party'.",
    )
    reader_needs: tuple[str, ...] = Field(
        default=(),
        description="Patterns one of which the passage must hold for the term reader's "
        "reading of this rule's subject to count (a list of vetoes that names related-party "
        "transactions is no vote without abstention unless it speaks of voting); without "
        "them no later rule of the subject answers for the reading either (a less likely "
        "subject still may).",
    )
    protects_minority: bool = Field(
        default=False,
        description="The term weakens a protection of the shareholder that does not control "
        "the board (a quorum needing each side's director, reserved matters, abstention "
        "on related-party dealings): where the contract shows which party appoints more "
        "directors, the term burdens the other one, whatever ``burdens`` says.",
    )
    party_verbs: tuple[str, ...] = Field(
        default=(),
        description="With burdens named_party/other_party: what follows the party the term "
        "is about (e.g. 'shall pay', 'fails to', '应支付' for a penalty); a party word that "
        "one of these follows in the matched sentence is the named party.",
    )
    counter_verbs: tuple[str, ...] = Field(
        default=(),
        description="With burdens named_party/other_party, for the term reader: what "
        "follows the party on the other side from ``party_verbs``' — the party a "
        "named_party term favours ('may at its discretion decide', '有权自主决定') or the "
        "party an other_party term binds ('shall sell', '应出售', 'shall not'). Read "
        "before ``party_verbs``: an obligation or a power of decision names its party "
        "more surely than a right does.",
    )
    risk_level: RiskLevel = RiskLevel.MEDIUM
    rationale: str = Field(default="", description="Why it matters.")
    rationale_zh: str = Field(default="", description="'rationale' in Chinese.")
    suggested_redline: str = Field(default="", description="The change we ask for, in words.")
    suggested_redline_zh: str = Field(default="", description="'suggested_redline' in Chinese.")
    redline: Redline | None = Field(default=None, description="The change as an edit.")
    fact: FactTest | None = Field(
        default=None,
        description="A fact a skill read in the clause that the rule tests when its patterns "
        "find nothing: e.g. {name: claim_notice_period, comparison: lt, threshold: 28, "
        "unit: day}. Clause-scope present rules only.",
    )
    law_refs: tuple[str, ...] = Field(
        default=(),
        description="Law articles behind the position, as 'law title#article id' "
        "(e.g. '中华人民共和国民法典#第五百八十五条').",
    )

    @field_validator(
        "patterns",
        "requires",
        "unless",
        "unless_anywhere",
        "unless_in_section",
        "party_verbs",
        "counter_verbs",
        "reader_needs",
    )
    @classmethod
    def _patterns_compile(cls, patterns: tuple[str, ...]) -> tuple[str, ...]:
        return _compiled(patterns)

    @field_validator("topic", mode="before")
    @classmethod
    def _one_or_more_topics(cls, value: Any) -> Any:
        return (value,) if isinstance(value, str) else value

    @field_validator("burdens", mode="before")
    @classmethod
    def _one_or_more_sides(cls, value: Any) -> Any:
        return (value,) if isinstance(value, str) else value

    @field_validator("burdens")
    @classmethod
    def _sides_or_one_party_word(cls, burdens: tuple[str, ...]) -> tuple[str, ...]:
        for side in burdens:
            if not is_identifier(side):
                raise ValueError(f"{side!r} is not a side id (lower-case letters, digits, _)")
        special = [side for side in burdens if side in PARTY_BURDENS]
        if special and len(burdens) > 1:
            raise ValueError(f"{special[0]!r} cannot be combined with other sides")
        return burdens

    @field_validator("law_refs")
    @classmethod
    def _law_refs_named(cls, refs: tuple[str, ...]) -> tuple[str, ...]:
        for ref in refs:
            title, _, article = ref.partition("#")
            if not title.strip() or not article.strip():
                raise ValueError(f"law reference {ref!r} is not 'law title#article id'")
        return refs

    @model_validator(mode="after")
    def _consistent(self) -> PlaybookRule:
        if not self.patterns and self.fact is None:
            raise ValueError("give at least one pattern (or a 'fact' to test)")
        if self.fact is not None and (self.when == "absent" or self.scope == "document"):
            raise ValueError("'fact' is for present rules of scope 'clause'")
        if (self.threshold is None) != (self.comparison is None):
            raise ValueError("threshold and comparison must be given together")
        if self.unit is not None and self.threshold is None:
            raise ValueError("unit is only for numeric rules (give threshold and comparison)")
        if self.deadline and self.unit not in ("day", "month", "year"):
            raise ValueError("deadline is only for numeric rules in day, month or year")
        if self.topic and self.when == "absent":
            raise ValueError("'topic' is for present and numeric rules")
        if self.detector_min is not None and self.when == "absent":
            raise ValueError("'detector_min' is for present and numeric rules")
        if self.threshold is not None and self.when == "absent":
            raise ValueError("a numeric rule (threshold) must have when='present'")
        if self.redline is not None and self.when == "absent" and self.redline.kind != "append":
            raise ValueError("an 'absent' rule matched nothing to replace: use an 'append' redline")
        replaces_value = self.redline is not None and self.redline.kind == "replace_value"
        if replaces_value and self.threshold is None:
            raise ValueError("a 'replace_value' redline needs a numeric rule (threshold)")
        return self

    @property
    def is_numeric(self) -> bool:
        """True for a rule that compares a number with its threshold."""
        return self.threshold is not None

    def standard_words(self, language: str = "en") -> str:
        """The limit in words: 'at least 28 day(s)', 'at most 56 day(s)'; 不少于28日 for
        ``language`` 'zh'."""
        if self.threshold is None or self.comparison is None:
            return self.fact.standard_words(language) if self.fact is not None else ""
        return limit_words(self.comparison, self.threshold, self.unit, language)
