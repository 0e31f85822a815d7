"""The party sides core knows, and the words contracts use for them.

A side is a role across the table (contractor/employer, buyer/seller, 甲方/乙方...).
A playbook lists the sides of its domain (:class:`~.playbook_models.SideSpec`) and may
add words; core's table below gives the common English and Chinese ones, so
``--party 承包人`` and ``--party Contractor`` mean the same side.
"""

from __future__ import annotations

from collections.abc import Iterable

from .playbook_models import SideSpec

__all__ = [
    "KINDRED_SIDES",
    "KNOWN_SIDES",
    "kindred",
    "merged_sides",
    "side_labels",
    "side_of_label",
]

#: Sides every playbook may name, with the words contracts use for them.
KNOWN_SIDES: tuple[SideSpec, ...] = (
    SideSpec(
        id="contractor",
        opposite="employer",
        labels=(
            "Contractor",
            "EPC Contractor",
            "Main Contractor",
            "Design-Builder",
            "Design Builder",
            "Builder",
            "承包商",
            "承包人",
            "承包方",
            "施工方",
            "施工单位",
            "总承包商",
            "总承包人",
            "总包方",
        ),
    ),
    SideSpec(
        id="employer",
        opposite="contractor",
        labels=(
            "Employer",
            "Owner",
            "发包人",
            "发包方",
            "业主",
            "业主方",
            "雇主",
            "雇主代表",
            "业主代表",
            "发包人代表",
            "建设单位",
        ),
    ),
    SideSpec(
        id="buyer",
        opposite="seller",
        labels=(
            "Buyer",
            "Purchaser",
            "Acquirer",
            "Acquiror",
            "买方",
            "买受人",
            "购买方",
            "采购方",
            "购货方",
            "受让方",
            "收购方",
            "收购人",
        ),
    ),
    SideSpec(
        id="seller",
        opposite="buyer",
        labels=("Seller", "Vendor", "卖方", "出卖人", "出售方", "销售方", "售货方", "转让方"),
    ),
    SideSpec(
        id="supplier",
        opposite="customer",
        labels=(
            "Supplier",
            "Service Provider",
            "Provider",
            "Consultant",
            "Manufacturer",
            "供应商",
            "供方",
            "供货方",
            "服务方",
            "服务提供方",
            "服务商",
            "受托方",
            "受托开发方",
            "研究开发方",
            "开发方",
            "加工方",
            "承揽方",
            "承揽人",
        ),
    ),
    SideSpec(
        id="customer",
        opposite="supplier",
        labels=(
            "Customer",
            "Client",
            "Service Recipient",
            "客户",
            "需方",
            "委托方",
            "委托人",
            "委托开发方",
            "采购人",
            "定作方",
            "定作人",
        ),
    ),
    SideSpec(id="licensor", opposite="licensee", labels=("Licensor", "许可方", "许可人", "授权方")),
    SideSpec(
        id="licensee", opposite="licensor", labels=("Licensee", "被许可方", "被许可人", "被授权方")
    ),
    SideSpec(
        id="investor", opposite="founder", labels=("Investor", "Investors", "投资方", "投资人")
    ),
    SideSpec(
        id="founder",
        opposite="investor",
        labels=("Founder", "Founders", "创始人", "创始股东", "原股东", "实际控制人"),
    ),
    SideSpec(
        id="distributor",
        opposite="supplier",
        labels=("Distributor", "Reseller", "经销商", "分销商"),
    ),
    SideSpec(id="lessor", opposite="lessee", labels=("Lessor", "Landlord", "出租人", "出租方")),
    SideSpec(id="lessee", opposite="lessor", labels=("Lessee", "Tenant", "承租人", "承租方")),
    SideSpec(id="party_a", opposite="party_b", labels=("Party A", "甲方")),
    SideSpec(id="party_b", opposite="party_a", labels=("Party B", "乙方")),
    # the two sides of a Sino-foreign joint venture
    SideSpec(
        id="chinese_party", opposite="foreign_party", labels=("Chinese Party", "中方", "中方股东")
    ),
    SideSpec(
        id="foreign_party", opposite="chinese_party", labels=("Foreign Party", "外方", "外方股东")
    ),
)

#: Sides that only say which party signs first; a role word (买方, Contractor) says more.
POSITIONAL_SIDES = frozenset({"party_a", "party_b"})

#: Sides on the same side of the table: the one who supplies the goods, works or rights,
#: and the one who pays for them. ``--party supplier`` on a contract between a Buyer and
#: a Seller means the Seller.
KINDRED_SIDES: tuple[frozenset[str], ...] = (
    frozenset({"supplier", "seller", "contractor", "licensor", "lessor"}),
    frozenset({"customer", "buyer", "employer", "licensee", "lessee", "distributor"}),
)


def kindred(side: str) -> frozenset[str]:
    """The sides on the same side of the table as ``side`` (itself included)."""
    return next((group for group in KINDRED_SIDES if side in group), frozenset({side}))


def merged_sides(extra: Iterable[SideSpec] = ()) -> tuple[SideSpec, ...]:
    """Core's sides with a playbook's added: words joined, a playbook's opposite wins."""
    merged: dict[str, SideSpec] = {side.id: side for side in KNOWN_SIDES}
    for side in extra:
        known = merged.get(side.id)
        if known is None:
            merged[side.id] = side
            continue
        labels = tuple(dict.fromkeys((*known.labels, *side.labels)))
        merged[side.id] = SideSpec(
            id=side.id, labels=labels, opposite=side.opposite or known.opposite
        )
    return tuple(merged.values())


def side_labels(side_id: str, sides: Iterable[SideSpec] = KNOWN_SIDES) -> tuple[str, ...]:
    """The words for ``side_id`` (with the id itself, underscores as spaces)."""
    for side in sides:
        if side.id == side_id:
            return (side_id.replace("_", " "), *side.labels)
    return (side_id.replace("_", " "),)


def side_of_label(label: str, sides: Iterable[SideSpec] = KNOWN_SIDES) -> str | None:
    """The side a word names ('Purchaser' → buyer, '乙方' → party_b, 'buyer' → buyer),
    compared without case; None when no side uses it."""
    wanted = " ".join(label.casefold().removeprefix("the ").split())
    for side in sides:
        if wanted in {side.id, side.id.replace("_", " ")} | {x.casefold() for x in side.labels}:
            return side.id
    return None
