"""Our labelled contract sets, read for the training tools.

Each manifest ``tests/review/fixtures/<set>_expected.json`` lists, per contract, the
clauses that hold a one-sided term (with its category) and balanced clauses on the same
subjects. :func:`labelled_sections` yields every section of every contract of the given
sets with those labels.
"""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from contract_review.documents import parse_file
from contract_review.documents.definitions import definition_spans

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "review" / "fixtures"
#: Every labelled set, oldest first. A set held back to measure generalisation stays
#: out of a model's training until it has been measured.
ALL_SETS = (
    "examples",
    "unseen",
    "heldout",
    "fresh",
    "blind",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
    "eleventh",
    "twelfth",
    "thirteenth",
    "fourteenth",
    "fifteenth",
    "sixteenth",
    "seventeenth",
    "eighteenth",
    "nineteenth",
    "twentieth",
)
#: The M&A (SHA/SPA) sets, oldest first, that the SHA/SPA term reader learns from.
SHA_SPA_SETS = (
    "twentythird",
    "twentyfourth",
    "twentyfifth",
    "twentysixth",
    "twentyseventh",
    "twentyeighth",
    "twentyninth",
    "thirtieth",
    "thirtyfirst",
    "thirtysecond",
    "thirtythird",
    "thirtyfourth",
    "thirtyfifth",
    "thirtysixth",
    "thirtyseventh",
    "thirtyeighth",
    "thirtyninth",
    "fortieth",
    "fortyfirst",
    "fortysecond",
    "fortythird",
    "fortyfourth",
    "fortyfifth",
    "fortysixth",
    "fortyseventh",
    "fortyeighth",
    "fortyninth",
    "fiftieth",
    "fiftyfirst",
    "fiftysecond",
    "fiftythird",
    "fiftyfourth",
    "fiftyfifth",
    "fiftysixth",
    "fiftyseventh",
    "fiftyeighth",
    "fiftyninth",
    "sixtieth",
    "sixtyfirst",
    "sixtysecond",
    "sixtythird",
    "sixtyfourth",
    "sixtyfifth",
    "sixtysixth",
)

#: The M&A sets' writers name each term in their own words ("seller_cap_too_low",
#: "founder_cap_too_low", "company_liability_cap_low"); a model learns a subject only
#: from its examples together. Each pattern (searched in the writer's category, first
#: match wins) gives the playbook category of that subject; a term no pattern names is
#: left out of training (it is neither that category nor "no term"). Balanced clauses
#: map the same way, to ``balanced:<category>``.
SHA_SPA_CATEGORIES: tuple[tuple[str, str], ...] = (
    (r"minority_discount", "forced_sale_below_value"),
    (r"before_non_recurring|non_recurring_(?:gains|included)", "earn_out_metric_inflated"),
    (r"deemed_achieved", "earn_out_acceleration"),
    (r"joint_and_several", "joint_and_several_liability"),
    (r"set_?off|holdback_discretionary", "set_off_unagreed_claims"),
    (r"qualified_(?:ipo|listing)", "qualified_listing_too_wide"),
    (r"deemed_(?:consent|approv)", "consent_deemed_given"),
    (r"dividend", "dividends_decided_by_one_side"),
    (r"fair_value_definition|call_option_price", "forced_sale_below_value"),
    (r"loss(?:es)?_definition|definition_of_loss", "loss_definition"),
    (r"materiality_scrape", "materiality_scrape"),
    (r"exclusive_remedy", "exclusive_remedy_low"),
    (r"registration_rights_cut_?back", "registration_rights_cut_back"),
    (r"improvements", "improvements_taken"),
    (r"transitional_(?:period_)?pnl", "interim_period_one_sided"),
    (
        r"conduct_of_business|interim_(?:conduct|covenants)|pre_completion_conduct",
        "interim_conduct_unrestricted",
    ),
    (r"profit_distribution", "dividends_decided_by_one_side"),
    (r"leakage_definition", "leakage_defined_too_wide"),
    (
        r"performance_compensation_(?:cap_|capped|weak|inadequate|threshold)|"
        r"valuation_adjustment_capped",
        "performance_compensation_limited",
    ),
    (r"recourse_company_only|founder_liability_limited", "warranty_recourse_company_only"),
    (r"specific_indemnity", "specific_indemnity_limited"),
    (r"deferred_consideration_subordinated", "deferred_consideration_at_risk"),
    (r"ma[ce]_(?:condition|definition)_(?:too_broad|without_carve_outs)", "mac_too_broad"),
    (r"default_forfeiture|forfeit(?:ed)?_on_default", "penalty_excessive"),
    (r"(?:survival|claim)_period_too_long", "warranty_survival_long_or_unlimited"),
    (r"closing_extension|long_stop_extension", "closing_extended_by_one_side"),
    (r"earn_?out_(?:ebitda|metric|revenue)", "earn_out_metric_loaded"),
    (r"earn_?out_leaver|leaver_forfeit", "earn_out_forfeited_on_leaving"),
    (
        r"anti_dilution_carve_out|exempt(?:ed)?_(?:issu|securities)|pre_emption_carve_out|"
        r"pre_emption_excluded_issues",
        "exempted_issues_too_wide",
    ),
    (
        r"anti_dilution_(?:\d+pct_)?(?:threshold|high_threshold|weak|narrow)|no_anti_dilution",
        "anti_dilution_weak",
    ),
    (r"retention.*(?:pending|claims)|retention_released", "retention_released_despite_claims"),
    (
        r"(?:payment|paid|price)_(?:before|prior)|prepayment|upfront_payment|payment_without_cond",
        "price_paid_before_completion",
    ),
    (r"escrow|retention|holdback", "escrow_excessive"),
    (r"permitted_leakage|leakage_permitted", "leakage_permitted_too_broad"),
    (
        r"redemption_(?:weak|company_only|at_company|discretion|right_illusory|limited_recourse)",
        "redemption_weak",
    ),
    (r"drag", "drag_along_without_price_floor"),
    (r"tag_along", "tag_along_narrow"),
    (r"disclos|data_room", "general_disclosure"),
    (r"pro_sandbag", "pro_sandbagging"),
    (r"sandbag|knowledge_bar", "anti_sandbagging"),
    (r"knowledge", "knowledge_qualifier"),
    (r"repeat|repetition|bring_down", "warranties_not_repeated"),
    (
        r"founder.*(?:personal|guarantee|uncapped|unlimited)|personal.*(?:redemption|liab)",
        "founder_personal_liability",
    ),
    (r"limited_to_refund|refund_only", "liability_limited_to_refund"),
    (r"uncapped|unlimited|cap_too_high|cap_excessive|cap_at_price", "indemnity_no_cap"),
    (r"cap(?:_|$)", "seller_cap_too_low"),
    (r"leakage_claim_period", "leakage_claim_period_short"),
    (r"^founder_warranty_liability$", "founder_personal_liability"),
    (
        r"call_option_(?:trigger|change_of_control)|change_of_control_(?:call|trigger)"
        r"|^change_of_control$",
        "change_of_control_too_wide",
    ),
    (r"^rofr$|transfer_rofr|investor_free_transfer", "asymmetric_restriction"),
    (r"claim_period_too_long|survival_too_long", "warranty_survival_long_or_unlimited"),
    (r"claim_period|survival|claim_time|time_limit", "short_claim_period"),
    (r"ratchet|anti_dilution", "full_ratchet_anti_dilution"),
    (r"de_minimis|basket|deductible|threshold$", "de_minimis_too_high"),
    (r"w_?i_|w_and_i|insurance", "w_and_i_gap"),
    (
        r"asymmetric_non_compete|free_to_compete|one_way_non_compete|non_compete_one_way|"
        r"non_compete_minority_only",
        "asymmetric_restriction",
    ),
    (r"non_compete|restraint|restrictive_covenant", "restrictive_covenant_too_wide"),
    (r"lock_up|transfer_restriction", "investor_lock_up"),
    (r"punitive_dilution|dilution_on_(?:funding_)?default", "punitive_dilution"),
    (r"pre_?empti|new_issue", "pre_emption_excluded"),
    (r"casting", "casting_vote"),
    (r"quorum", "quorum_without_minority"),
    (
        r"veto_over_ordinary|veto_overbroad|veto_scope_excessive|operational_veto|"
        r"reserved_matters_overbroad|protective_provisions_overbroad|veto_rights_overbroad",
        "reserved_matters_overbroad",
    ),
    (
        r"reserved_matter|veto_rights|related_party|protective_matters|"
        r"consent_matters|unanimous|veto_right_overridden",
        "reserved_matters_missing_or_simple_majority",
    ),
    (r"information|inspection|audit_rights", "information_rights_inadequate"),
    (r"forum|jurisdiction|arbitration|dispute_resolution", "forum_of_one_party"),
    (r"determines_disputes|expert_determination", "dispute_decided_by_one_party"),
    (
        r"liquidation_preference_(?:\d|2x|high|multiple|participating)",
        "liquidation_preference_high",
    ),
    (r"liquidation|deemed_liquidation", "liquidation_preference_narrow"),
    (r"bad_leaver|leaver", "bad_leaver_overbroad"),
    (
        r"deadlock_(?:buyout|call)|call_option_(?:book|at_discount)|book_value|exit_on_breach",
        "forced_sale_below_value",
    ),
    (r"interim_(?:period_)?(?:profit|pnl|loss)|transition_period", "interim_period_one_sided"),
    (r"penalty|liquidated_damages|breach_liability", "penalty_excessive"),
    (r"walk|discretionary_termination|buyer_termination_right", "buyer_walk_right"),
    (r"break_fee|deposit", "break_fee"),
    (r"assumed_liabilit|pre_completion_liab", "pre_completion_liabilities_assumed"),
    (r"earn_?out.*acceler", "earn_out_acceleration"),
    (r"earn_?out", "earn_out_control"),
    (r"mac", "mac_too_narrow"),
    (r"may_waive|conditions_waiver|waiv", "conditions_waivable_by_one_side"),
    (r"long_stop", "no_long_stop_date"),
    (r"^deadlock$|^call_option$", "forced_sale_below_value"),
)

#: Some writers name a subject only by its mechanism ("redemption", "performance_
#: compensation"), whose one-sided side depends on the party reviewed for: for an
#: investor the term is a redemption or compensation cut down, for a founder one made
#: heavier. (party pattern, category pattern, playbook category), searched first.
SHA_SPA_SIDE_CATEGORIES: tuple[tuple[str, str, str], ...] = (
    (r"^(?:investor|投资方)$", r"^(?:redemption|buyback)", "redemption_weak"),
    (
        r"^(?:investor|投资方|收购方)$",
        r"^(?:performance_compensation|valuation_adjustment)",
        "performance_compensation_limited",
    ),
    (r"^(?:founders?|创始人)$", r"^(?:redemption|buyback|put_option)", "buy_back_at_high_return"),
    (r"^(?:founders?|创始人)$", r"qualified_(?:ipo|listing)", "qualified_listing_too_narrow"),
    # knowledge that does not bar the buyer's claims burdens the seller; a cap the seller
    # or founder finds too high (not one cut away, not none at all) is the opposite
    # subject of the buyer's cap too low
    (r"^(?:sellers?|vendors?|转让方|卖方)$", r"sandbag(?!.*(?:anti|bar))", "pro_sandbagging"),
    (
        r"^(?:founders?|创始人|转让方)$",
        r"^(?:performance_compensation|valuation_adjustment)$",
        "indemnity_no_cap",
    ),
    (
        r"^(?:sellers?|vendors?|founders?|转让方|卖方|创始人)$",
        r"^(?!.*(?:uncapped|unlimited|falls_away|carve|disappl))(?:.*_)?cap(?:_|$)",
        "seller_cap_too_high",
    ),
)


def canonical_category(domain: str, category: str, party: str = "") -> str | None:
    """The category a model learns for a writer's ``category`` of ``domain`` in a
    contract reviewed for ``party``: the M&A sets' through
    :data:`SHA_SPA_SIDE_CATEGORIES` and :data:`SHA_SPA_CATEGORIES` (None where none
    names it), the others' as written."""
    if domain != "sha_spa":
        return category
    for side, pattern, canonical in SHA_SPA_SIDE_CATEGORIES:
        if re.search(side, party) and re.search(pattern, category):
            return canonical
    for pattern, canonical in SHA_SPA_CATEGORIES:
        if re.search(pattern, category):
            return canonical
    return None


#: The category of a term (or balanced clause) no model category names.
UNNAMED = "unnamed"


@dataclass(frozen=True)
class LabelledSection:
    """One section's own text (heading and sub-sections apart) and its labels."""

    set_name: str
    path: str
    domain: str
    clause_id: str
    text: str
    terms: frozenset[str]
    balanced: frozenset[str]
    party: str = ""


def manifest(name: str) -> dict[str, dict[str, object]]:
    """The manifest of set ``name``: contract path → domain, terms and balanced clauses."""
    data: dict[str, dict[str, object]] = json.loads(
        (FIXTURES / f"{name}_expected.json").read_text("utf-8")
    )
    return data


def labelled_sections(
    sets: Sequence[str], *, split_definitions: bool = False
) -> Iterator[LabelledSection]:
    """Every section with text of every contract in ``sets``, with its labels. With
    ``split_definitions``, a definitions section is one example per definition (as the
    review's term reader reads it), each labelled by the quotes that fall in it; a
    section with a label that quotes nothing stays whole."""
    for name in sets:
        for path, expected in manifest(name).items():
            document = parse_file(ROOT / path)
            # clause id -> (category, where its quote starts in the document or -1)
            terms: dict[str, list[tuple[str, int]]] = {}
            balanced: dict[str, list[tuple[str, int]]] = {}
            for entry, into in (
                (expected["terms"], terms),
                (expected.get("balanced", []), balanced),
            ):
                for label in entry:  # type: ignore[attr-defined]
                    category = canonical_category(
                        str(expected["domain"]),
                        label["category"],
                        str(expected.get("party") or ""),
                    )
                    quote = str(label.get("quote") or "")
                    at = document.source.find(quote) if quote else -1
                    into.setdefault(label["clause_id"], []).append((category or UNNAMED, at))
            for section in document.sections():
                text = document.source[section.text_start : section.text_end]
                if not text.strip():
                    continue
                labels = terms.get(section.id, []) + balanced.get(section.id, [])
                spans = (
                    definition_spans(text)
                    if split_definitions
                    and section.is_definitions
                    and all(at >= 0 for _, at in labels)
                    else []
                ) or [(0, len(text))]
                for start, end in spans:
                    within = None
                    if len(spans) > 1:
                        within = (section.text_start + start, section.text_start + end)
                    yield LabelledSection(
                        set_name=name,
                        path=path,
                        domain=str(expected["domain"]),
                        clause_id=section.id,
                        text=text[start:end],
                        terms=_labels_in(terms.get(section.id, []), within),
                        balanced=_labels_in(balanced.get(section.id, []), within),
                        party=str(expected.get("party") or ""),
                    )


def _labels_in(labels: list[tuple[str, int]], within: tuple[int, int] | None) -> frozenset[str]:
    """The categories of ``labels`` whose quote starts ``within`` (all where None)."""
    return frozenset(
        category for category, at in labels if within is None or within[0] <= at < within[1]
    )


def share(probabilities: Sequence[float], at: float) -> str:
    """``'12/40 (30.0%)'``: how many of ``probabilities`` reach ``at``, of all."""
    hits = sum(p >= at for p in probabilities)
    return f"{hits}/{len(probabilities)} ({hits / max(1, len(probabilities)):.1%})"


@dataclass(frozen=True)
class TrainingRun:
    """What a training tool was asked: the sets, their sections, where to write, and
    whether to measure leaving each set out instead."""

    sets: list[str]
    sections: list[LabelledSection]
    out: Path
    leave_one_out: bool


def training_run(
    argv: Sequence[str] | None,
    *,
    description: str,
    default_sets: Sequence[str],
    out: Path,
    split_definitions: bool = False,
) -> TrainingRun:
    """A training tool's command line (``--sets a,b``, ``--out PATH``,
    ``--leave-one-out``), read, with the sets' labelled sections (see
    :func:`labelled_sections` for ``split_definitions``)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--sets", default=",".join(default_sets))
    parser.add_argument("--out", type=Path, default=out)
    parser.add_argument("--leave-one-out", action="store_true")
    args = parser.parse_args(argv)
    sets = [name for name in args.sets.split(",") if name]
    sections = list(labelled_sections(sets, split_definitions=split_definitions))
    return TrainingRun(sets, sections, args.out, args.leave_one_out)
