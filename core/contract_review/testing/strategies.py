"""Hypothesis strategies for testing contract_review plugins.

Every strategy returns valid, realistic values of core's models, so a plugin's tests can
say "for any checklist", "for any contract text" or "for any review of my domain"::

    from hypothesis import given, settings
    from contract_review.testing import strategies as crst

    @settings(deadline=None, max_examples=25)
    @given(state=crst.review_states(MY_DOMAIN))
    def test_time_bar_input_never_fails(state):
        model = build_time_bar_input(state, MY_DOMAIN.checklist[0])
        assert model.notice_days >= 0

What there is:

* registrations — :func:`identifiers`, :func:`clause_ids`, :func:`checklist_items`,
  :func:`checklists`, :func:`playbook_rules`, :func:`domain_specs`,
  :func:`skill_input_models`, :func:`skill_registrations`;
* documents — :func:`contract_texts` (numbered contract text in English or Chinese,
  with the clause ids a parser must find), :func:`documents` (that text parsed by
  core's parser), :func:`review_states` (a review of a given domain with a primary
  document and sometimes a reference document).

Hypothesis ignores pydantic's ``Field(pattern=...)``; the strategies here honour every
pattern core's models declare.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from hypothesis import strategies as st
from pydantic import BaseModel

from ..documents.model import Document, DocumentRole
from ..domain import (
    ChecklistItem,
    DocumentRoleSpec,
    DomainSpec,
    ParserSettings,
    PlaybookRule,
    Priority,
    RiskLevel,
)
from ..review.plan import build_default_plan
from ..review.state import ReviewState
from ..skills.registration import INTERNAL_FIELDS, SkillBackend, SkillRegistration, SkillStatus
from .contract_text import (
    STYLES,
    ContractClause,
    ContractText,
    Language,
    TextFormat,
    body_line,
    chinese_numeral,
    render_contract,
)
from .sample_skills import (
    ECHO_HANDLER_PATH,
    FIELD_DEFAULTS,
    SAMPLE_INPUT_MODELS,
    EchoOutput,
    async_echo_handler,
    echo_handler,
    make_input_model,
)
from .samples import clause_number, clause_title, domain_language, parse_document, reference_roles

__all__ = [
    "checklist_items",
    "checklists",
    "clause_ids",
    "contract_clauses",
    "contract_texts",
    "documents",
    "domain_specs",
    "identifiers",
    "playbook_rules",
    "review_states",
    "skill_input_models",
    "skill_registrations",
]

T = TypeVar("T")

# --------------------------------------------------------------------------- vocabulary

_TITLES: dict[str, tuple[str, ...]] = {
    "en": (
        "Definitions",
        "Interpretation",
        "Contract Price",
        "Advance Payment",
        "Interim Payments",
        "Time for Completion",
        "Limitation of Liability",
        "Insurance",
        "Contractor's Claims",
        "Dispute Resolution",
        "Governing Law",
        "Confidentiality",
        "Termination",
        "Force Majeure",
        "Representations and Warranties",
        "Indemnity",
        "Conditions Precedent",
        "Completion",
        "Notices",
        "Assignment",
    ),
    "zh": (
        "定义与解释",
        "文件优先顺序",
        "合同价格",
        "预付款",
        "期中付款",
        "竣工时间",
        "责任限制",
        "保险要求",
        "承包商索赔",
        "争议解决",
        "适用法律",
        "保密",
        "合同解除",
        "不可抗力",
        "陈述与保证",
        "赔偿条款",
        "先决条件",
        "交割机制",
        "通知",
        "权利义务转让",
    ),
}

_PARTIES: dict[str, tuple[str, ...]] = {
    "en": ("Employer", "Contractor", "Buyer", "Seller", "Company", "Investor", "Supplier"),
    "zh": ("发包人", "承包人", "买方", "卖方", "公司", "投资方", "供应商"),
}

_ACTIONS: dict[str, tuple[str, ...]] = {
    "en": (
        "shall pay the Contract Price to the {other}",
        "shall notify the {other} in writing",
        "may terminate this Agreement by notice to the {other}",
        "shall indemnify the {other} against all losses",
        "shall maintain insurance in the joint names of the Parties",
        "shall complete the Works",
        "shall keep the Confidential Information of the {other} confidential",
        "shall submit a fully detailed claim to the {other}",
    ),
    "zh": (
        "向{other}支付合同价款",
        "书面通知{other}",
        "解除本合同",
        "赔偿{other}的全部损失",
        "投保工程一切险",
        "完成全部工程",
        "对{other}的保密信息承担保密义务",
        "向{other}提交详细的索赔报告",
    ),
}

_TERMS: dict[str, tuple[str, ...]] = {
    "en": ("Contract Price", "Works", "Completion Date", "Confidential Information", "Losses"),
    "zh": ("合同价格", "工程", "竣工日期", "保密信息", "损失"),
}

_CATEGORIES = ("analysis", "search", "extraction", "validation")

_WORDS = st.sampled_from(
    ("notice", "payment", "liability", "claim", "insurance", "delay", "termination", "price")
)
_ZH_WORDS = st.sampled_from(("通知", "付款", "责任", "索赔", "保险", "延误", "解除", "价款"))


def _words(language: Language) -> st.SearchStrategy[str]:
    return _ZH_WORDS if language == "zh" else _WORDS


def _languages(language: Language | None) -> st.SearchStrategy[Language]:
    if language is not None:
        return st.just(language)
    choices: tuple[Language, ...] = ("en", "zh")
    return st.sampled_from(choices)


def _tuples(strategy: st.SearchStrategy[T], *, max_size: int) -> st.SearchStrategy[tuple[T, ...]]:
    return st.lists(strategy, max_size=max_size, unique=True).map(tuple)


# --------------------------------------------------------------------------- registrations


def identifiers(*, max_length: int = 24) -> st.SearchStrategy[str]:
    """Valid domain, skill and rule ids: lower-case letters, digits and underscores,
    starting with a letter (:data:`contract_review.domain.IDENTIFIER_PATTERN`).

    :param max_length: The longest id generated (at least 1).
    """
    if max_length < 1:
        raise ValueError("max_length must be at least 1")
    return st.from_regex(rf"[a-z][a-z0-9_]{{0,{max_length - 1}}}", fullmatch=True)


def clause_ids() -> st.SearchStrategy[str]:
    """Checklist clause ids as domains write them: numbers (``"14"``, ``"20.1"``,
    ``"4.12"``), Chinese articles (``"第十四条"``) and topic ids (``"governing_law"``)."""
    numbers = st.lists(st.integers(1, 40), min_size=1, max_size=3).map(
        lambda parts: ".".join(str(part) for part in parts)
    )
    articles = st.integers(1, 200).map(lambda n: f"第{chinese_numeral(n)}条")
    return st.one_of(numbers, articles, identifiers(max_length=20))


@st.composite
def _checklist_items(
    draw: st.DrawFn, skill_ids: tuple[str, ...], language: Language | None
) -> ChecklistItem:
    lang = draw(_languages(language))
    name = draw(st.sampled_from(_TITLES[lang]))
    required: tuple[str, ...] = (
        draw(_tuples(st.sampled_from(skill_ids), max_size=min(3, len(skill_ids))))
        if skill_ids
        else ()
    )
    return ChecklistItem(
        clause_id=draw(clause_ids()),
        clause_name=name,
        priority=draw(st.sampled_from(Priority)),
        required_skills=required,
        description=draw(
            st.sampled_from(
                ("", f"Check the {name} clause." if lang == "en" else f"审查{name}条款。")
            )
        ),
        keywords=draw(_tuples(_words(lang), max_size=4)),
        clause_name_en=draw(st.sampled_from(_TITLES["en"])) if lang == "zh" else "",
    )


def checklist_items(
    skill_ids: Sequence[str] = (), *, language: Language | None = None
) -> st.SearchStrategy[ChecklistItem]:
    """Checklist items whose ``required_skills`` are drawn from ``skill_ids``.

    :param skill_ids: Skill ids an item may require (none when empty).
    :param language: ``"en"`` or ``"zh"`` for the clause names; either when omitted.
    """
    return _checklist_items(tuple(skill_ids), language)


def checklists(
    skill_ids: Sequence[str] = (),
    *,
    language: Language | None = None,
    min_size: int = 1,
    max_size: int = 8,
) -> st.SearchStrategy[tuple[ChecklistItem, ...]]:
    """Checklists (tuples of :func:`checklist_items`) with unique clause ids."""
    return (
        _languages(language)
        .flatmap(
            lambda lang: st.lists(
                checklist_items(skill_ids, language=lang),
                min_size=min_size,
                max_size=max_size,
                unique_by=lambda item: item.clause_id,
            )
        )
        .map(tuple)
    )


@st.composite
def _playbook_rules(draw: st.DrawFn, clause_ids: tuple[str, ...]) -> PlaybookRule:
    numeric = draw(st.booleans())
    words = draw(st.lists(st.one_of(_WORDS, _ZH_WORDS), min_size=1, max_size=3, unique=True))
    patterns = (r"(\d+)\s*(?:days|日|天)",) if numeric else tuple(words)
    return PlaybookRule(
        rule_id=draw(identifiers(max_length=20)),
        clause_id=draw(st.sampled_from(clause_ids)),
        description=f"Looks for {', '.join(patterns)}",
        patterns=patterns,
        when="present" if numeric else draw(st.sampled_from(("present", "absent"))),
        threshold=float(draw(st.integers(1, 90))) if numeric else None,
        comparison=draw(st.sampled_from(("lt", "le", "gt", "ge"))) if numeric else None,
        risk_level=draw(st.sampled_from(RiskLevel)),
        rationale=draw(st.sampled_from(("", "Market practice differs."))),
        suggested_redline=draw(st.sampled_from(("", "Replace with the baseline wording."))),
    )


def playbook_rules(clause_ids: Sequence[str]) -> st.SearchStrategy[PlaybookRule]:
    """Playbook rules attached to one of ``clause_ids``: keyword rules (present or
    absent) and numeric threshold rules (``threshold`` and ``comparison`` always
    together, always ``when='present'``), all with patterns that compile.

    :param clause_ids: The checklist clause ids rules may belong to (at least one).
    """
    if not clause_ids:
        raise ValueError("playbook_rules needs at least one clause id")
    return _playbook_rules(tuple(clause_ids))


@st.composite
def _domain_specs(
    draw: st.DrawFn,
    domain_id: str | None,
    skill_ids: tuple[str, ...],
    language: Language | None,
    max_checklist: int,
) -> DomainSpec:
    lang = draw(_languages(language))
    checklist = draw(checklists(skill_ids, language=lang, max_size=max_checklist))
    ids = [item.clause_id for item in checklist]
    rules = draw(st.lists(playbook_rules(ids), max_size=4, unique_by=lambda rule: rule.rule_id))
    baselines = draw(st.lists(st.sampled_from(ids), max_size=3, unique=True))
    roles = [
        DocumentRoleSpec(role="primary", name="Primary contract", kind="primary", required=True)
    ]
    if draw(st.booleans()):
        roles.append(
            DocumentRoleSpec(
                role=draw(st.sampled_from(("er", "reference", "disclosure_letter"))),
                name="Reference document",
                kind="reference",
            )
        )
    name_words = draw(st.lists(_words("en"), min_size=1, max_size=3))
    return DomainSpec(
        domain_id=domain_id if domain_id is not None else draw(identifiers(max_length=16)),
        name=" ".join(word.capitalize() for word in name_words) + " contracts",
        description=draw(st.sampled_from(("", "A generated domain."))),
        checklist=checklist,
        document_roles=tuple(roles),
        parser_settings=ParserSettings(language=draw(st.sampled_from(("auto", lang)))),
        baseline_texts=dict.fromkeys(
            baselines,
            "双方应当遵守本条约定。"
            if lang == "zh"
            else "The Parties shall comply with this clause.",
        ),
        playbook_rules=tuple(rules),
    )


def domain_specs(
    *,
    domain_id: str | None = None,
    skill_ids: Sequence[str] = (),
    language: Language | None = None,
    max_checklist: int = 8,
) -> st.SearchStrategy[DomainSpec]:
    """Valid :class:`~contract_review.domain.DomainSpec` objects: a non-empty checklist
    with unique clause ids, playbook rules on checklist clauses, baseline texts, a
    primary document role and sometimes a reference role.

    :param domain_id: A fixed domain id; generated when omitted.
    :param skill_ids: Skill ids checklist items may require.
    :param language: The language of clause names; either when omitted.
    :param max_checklist: The longest checklist generated.
    """
    return _domain_specs(domain_id, tuple(skill_ids), language, max_checklist)


@st.composite
def _generated_input_models(draw: st.DrawFn) -> type[BaseModel]:
    names = draw(
        st.lists(
            identifiers(max_length=12).filter(
                lambda name: (
                    name != "clause_id"
                    and name not in INTERNAL_FIELDS
                    and name not in BaseModel.__dict__
                    and not name.startswith("model_")
                )
            ),
            max_size=4,
            unique=True,
        )
    )
    types = [draw(st.sampled_from(sorted(FIELD_DEFAULTS))) for _ in names]
    internal = draw(st.lists(st.sampled_from(sorted(INTERNAL_FIELDS)), max_size=2, unique=True))
    return make_input_model(
        "GeneratedInput", dict(zip(names, types, strict=True)), internal=tuple(internal)
    )


def skill_input_models(*, generated: bool = True) -> st.SearchStrategy[type[BaseModel]]:
    """Input models for skills: the fixed models of
    :data:`~contract_review.testing.sample_skills.SAMPLE_INPUT_MODELS` and, when
    ``generated``, new models with a required ``clause_id``, a few optional fields and
    sometimes standard internal fields (``document_structure``, ``state``, ...)."""
    fixed = st.sampled_from(SAMPLE_INPUT_MODELS)
    return st.one_of(fixed, _generated_input_models()) if generated else fixed


_HANDLERS: tuple[Callable[[BaseModel], Any] | str, ...] = (
    echo_handler,
    async_echo_handler,
    ECHO_HANDLER_PATH,
)


@st.composite
def _skill_registrations(
    draw: st.DrawFn,
    domain: str | None,
    skill_id: str | None,
    statuses: tuple[SkillStatus, ...],
    input_models: tuple[type[BaseModel], ...] | None,
    remote: bool,
) -> SkillRegistration:
    status = draw(st.sampled_from(statuses))
    model = draw(st.sampled_from(input_models) if input_models else skill_input_models())
    backend = (
        draw(st.sampled_from((SkillBackend.LOCAL, SkillBackend.REMOTE)))
        if remote
        else SkillBackend.LOCAL
    )
    handler: Callable[[BaseModel], Any] | str | None = None
    if backend is SkillBackend.LOCAL:
        choices: tuple[Callable[[BaseModel], Any] | str | None, ...] = _HANDLERS
        if status is SkillStatus.PREVIEW:
            choices = (*_HANDLERS, None)
        handler = draw(st.sampled_from(choices))
    optional_fields = sorted(
        name
        for name, info in model.model_fields.items()
        if not info.is_required() and name not in INTERNAL_FIELDS
    )
    sid = skill_id if skill_id is not None else draw(identifiers(max_length=24))
    return SkillRegistration(
        skill_id=sid,
        name=sid.replace("_", " ").capitalize(),
        description=f"Generated skill {sid} for tests.",
        input_model=model,
        output_model=draw(st.sampled_from((EchoOutput, None))),
        backend=backend,
        handler=handler,
        remote_workflow_id=f"wf-{sid}" if backend is SkillBackend.REMOTE else None,
        domain=domain
        if domain is not None
        else draw(st.one_of(st.just("*"), identifiers(max_length=16))),
        category=draw(st.sampled_from(_CATEGORIES)),
        status=status,
        timeout_s=draw(st.sampled_from((5.0, 30.0, 60.0))),
        internal_fields=frozenset(
            draw(st.lists(st.sampled_from(optional_fields), max_size=1, unique=True))
            if optional_fields
            else ()
        ),
    )


def skill_registrations(
    domain: str | None = None,
    *,
    skill_id: str | None = None,
    statuses: Sequence[SkillStatus] = (SkillStatus.ACTIVE, SkillStatus.PREVIEW),
    input_models: Sequence[type[BaseModel]] | None = None,
    remote: bool = False,
) -> st.SearchStrategy[SkillRegistration]:
    """Valid :class:`~contract_review.skills.registration.SkillRegistration` objects.

    Active LOCAL skills get a real handler (:func:`~.sample_skills.echo_handler`, its
    async twin, or its dotted path); preview skills sometimes have none. Input models
    come from :func:`skill_input_models`; some skills declare one optional field
    internal.

    :param domain: The skill's domain (``"*"`` for generic); generated when omitted.
    :param skill_id: A fixed skill id; generated when omitted.
    :param statuses: The statuses to draw from.
    :param input_models: Use only these input models.
    :param remote: Also generate REMOTE skills (with a ``remote_workflow_id``).
    """
    if not statuses:
        raise ValueError("statuses must not be empty")
    return _skill_registrations(
        domain,
        skill_id,
        tuple(statuses),
        tuple(input_models) if input_models else None,
        remote,
    )


# --------------------------------------------------------------------------- contract text


def _sentences(language: Language) -> st.SearchStrategy[str]:
    parties = _PARTIES[language]

    @st.composite
    def sentence(draw: st.DrawFn) -> str:
        party, other = draw(st.lists(st.sampled_from(parties), min_size=2, max_size=2, unique=True))
        action = draw(st.sampled_from(_ACTIONS[language])).format(other=other)
        days = draw(st.integers(1, 90))
        reference = draw(st.integers(1, 30))
        if language == "zh":
            tail = draw(
                st.sampled_from(
                    ("", f"于{days}日内", f"依照第{chinese_numeral(reference)}条的约定")
                )
            )
            return f"{party}应当{tail}{action}。"
        tail = draw(
            st.sampled_from(
                ("", f" within {days} days", f", subject to Clause {reference}", " without delay")
            )
        )
        return f"The {party} {action}{tail}."

    return sentence()


@st.composite
def _bodies(draw: st.DrawFn, language: Language, title: str) -> str:
    lines: list[str] = []
    if title in ("Definitions", "定义与解释"):
        for term in draw(
            st.lists(st.sampled_from(_TERMS[language]), min_size=1, max_size=3, unique=True)
        ):
            lines.append(
                f"“{term}”是指本合同约定的{term}。"
                if language == "zh"
                else f'"{term}" means the {term.lower()} stated in the Agreement.'
            )
    for _ in range(draw(st.integers(0 if lines else 1, 3))):
        sentences = draw(st.lists(_sentences(language), min_size=1, max_size=2))
        lines.append(("" if language == "zh" else " ").join(sentences))
    return "\n".join(body_line(line, language=language) for line in lines)


@st.composite
def _contract_clauses(
    draw: st.DrawFn,
    language: Language,
    checklist: tuple[ChecklistItem, ...],
    min_clauses: int,
    max_clauses: int,
    sub_clauses: bool,
) -> list[ContractClause]:
    clauses: dict[tuple[int, ...], ContractClause] = {}
    topics: list[ChecklistItem] = []
    for item in checklist:
        if not draw(st.booleans()):
            continue  # this clause is missing from the contract
        number = clause_number(item.clause_id)
        if number is not None and not sub_clauses:
            number = number[:1]
        title = clause_title(item, language)
        if number is None or number in clauses:
            topics.append(item)
            continue
        clauses[number] = ContractClause(
            number=number, title=title, body=draw(_bodies(language, title))
        )
    count = draw(st.integers(min_clauses, max_clauses))
    top = 1
    while sum(len(number) == 1 for number in clauses) + len(topics) < count:
        while (top,) in clauses:
            top += 1
        title = draw(st.sampled_from(_TITLES[language]))
        clauses[(top,)] = ContractClause(
            number=(top,), title=title, body=draw(_bodies(language, title))
        )
        for sub in range(1, 1 + (draw(st.integers(0, 3)) if sub_clauses else 0)):
            if (top, sub) not in clauses:
                sub_title = draw(st.sampled_from(_TITLES[language]))
                clauses[(top, sub)] = ContractClause(
                    number=(top, sub), title=sub_title, body=draw(_bodies(language, sub_title))
                )
    next_top = max((number[0] for number in clauses), default=0) + 1
    for offset, item in enumerate(topics):
        title = clause_title(item, language)
        clauses[(next_top + offset,)] = ContractClause(
            number=(next_top + offset,), title=title, body=draw(_bodies(language, title))
        )
    return list(clauses.values())


def contract_clauses(
    language: Language = "en",
    *,
    checklist: Sequence[ChecklistItem] = (),
    min_clauses: int = 1,
    max_clauses: int = 6,
    sub_clauses: bool = True,
) -> st.SearchStrategy[list[ContractClause]]:
    """The clauses of a contract (numbers, titles, bodies), before rendering.

    :param language: ``"en"`` or ``"zh"``.
    :param checklist: Each item is included or left out at random, numbered as its
        clause id says (topic ids get numbers after the others) and titled with its name.
    :param min_clauses: Fewest top-level clauses.
    :param max_clauses: Most top-level clauses besides those from ``checklist``.
    :param sub_clauses: Generate sub-clauses (``1.1``) under top-level clauses.
    """
    if not 0 <= min_clauses <= max_clauses:
        raise ValueError("need 0 <= min_clauses <= max_clauses")
    return _contract_clauses(language, tuple(checklist), min_clauses, max_clauses, sub_clauses)


@st.composite
def _contract_texts(
    draw: st.DrawFn,
    language: Language,
    format: TextFormat,
    checklist: tuple[ChecklistItem, ...],
    min_clauses: int,
    max_clauses: int,
) -> ContractText:
    style = draw(st.sampled_from(STYLES[language]))
    clauses = draw(
        contract_clauses(
            language,
            checklist=checklist,
            min_clauses=min_clauses,
            max_clauses=max_clauses,
            sub_clauses=style != "article",
        )
    )
    if language == "zh":
        title = draw(st.sampled_from(("", "建设工程施工合同", "股权转让协议", "采购合同")))
        preamble = draw(st.sampled_from(("", "甲方与乙方经友好协商，订立本合同。")))
    else:
        title = draw(st.sampled_from(("", "CONSTRUCTION CONTRACT", "Share Purchase Agreement")))
        preamble = draw(
            st.sampled_from(("", "This Agreement is made between the Buyer and the Seller."))
        )
    return render_contract(
        clauses, language=language, style=style, title=title, preamble=preamble, format=format
    )


def contract_texts(
    language: Language = "en",
    *,
    format: TextFormat = "text",
    checklist: Sequence[ChecklistItem] = (),
    min_clauses: int = 1,
    max_clauses: int = 6,
) -> st.SearchStrategy[ContractText]:
    """Plausible numbered contract text and the clause ids a parser must find in it.

    English text is numbered ``1.`` / ``1.1`` or ``Clause 1`` / ``Sub-Clause 1.1``;
    Chinese text ``第一条`` (articles only) or ``1.`` / ``1.1``. Every clause has a title
    and most have a body of one to three lines (definitions, obligations, deadlines,
    cross-references such as "subject to Clause 3" inside sentences). The result is a
    :class:`~contract_review.testing.contract_text.ContractText`: ``.text``,
    ``.clause_ids`` and ``.clauses`` (id, title, parent id).

    :param language: ``"en"`` or ``"zh"``.
    :param format: ``"text"``, or ``"markdown"`` to write headings as ``#`` lines.
    :param checklist: Checklist items that may appear in the contract (each one
        included at random).
    :param min_clauses: Fewest top-level clauses.
    :param max_clauses: Most generated top-level clauses.
    """
    return _contract_texts(language, format, tuple(checklist), min_clauses, max_clauses)


def documents(
    language: Language = "en",
    *,
    formats: Sequence[TextFormat] = ("text", "markdown"),
    role: str = DocumentRole.PRIMARY.value,
    checklist: Sequence[ChecklistItem] = (),
    parser_settings: ParserSettings | None = None,
) -> st.SearchStrategy[Document]:
    """:class:`~contract_review.documents.model.Document` objects: :func:`contract_texts`
    parsed by core's parser (:func:`contract_review.documents.loading.parse_text`), so
    they are real parser output.

    :param language: ``"en"`` or ``"zh"``.
    :param formats: Source formats to draw from.
    :param role: The document role recorded on each document.
    :param checklist: Checklist items that may appear in the text.
    :param parser_settings: A domain's parser settings to parse with.
    """
    if not formats:
        raise ValueError("formats must not be empty")

    def parse(contract: ContractText) -> Document:
        suffix = ".md" if contract.format == "markdown" else ".txt"
        return parse_document(
            contract.text,
            name=f"generated-contract{suffix}",
            language=contract.language,
            role=role,
            format=contract.format,
            settings=parser_settings,
        )

    return (
        st.sampled_from(tuple(formats))
        .flatmap(lambda fmt: contract_texts(language, format=fmt, checklist=checklist))
        .map(parse)
    )


@st.composite
def _review_states(draw: st.DrawFn, domain: DomainSpec, language: Language) -> ReviewState:
    settings = domain.parser_settings
    docs = [draw(documents(language, checklist=domain.checklist, parser_settings=settings))]
    if draw(st.booleans()):
        role = draw(st.sampled_from(reference_roles(domain)))
        if role != DocumentRole.PRIMARY.value:
            docs.append(
                draw(
                    documents(
                        language, role=role, checklist=domain.checklist, parser_settings=settings
                    )
                )
            )
    clause_choices = [item.clause_id for item in domain.checklist] or [""]
    return ReviewState(
        review_id=draw(st.sampled_from(("", "generated-review"))),
        domain_id=domain.domain_id,
        documents=docs,
        our_party=draw(st.sampled_from(("",) + _PARTIES[language])),
        language=language,
        material_type=draw(st.sampled_from(("", domain.name))),
        review_plan=build_default_plan(domain.checklist) if draw(st.booleans()) else None,
        current_clause_id=draw(st.sampled_from(clause_choices)),
    )


def review_states(
    domain: DomainSpec, *, language: Language | None = None
) -> st.SearchStrategy[ReviewState]:
    """Reviews of ``domain`` in progress: a parsed primary contract in which each
    checklist clause may or may not appear, sometimes a parsed document for one of the
    domain's other roles, a party, sometimes the default plan, and a current clause.

    :param domain: The domain under review.
    :param language: The documents' language; the domain's language
        (:func:`~contract_review.testing.samples.domain_language`) when omitted.
    """
    return _review_states(domain, language or domain_language(domain))
