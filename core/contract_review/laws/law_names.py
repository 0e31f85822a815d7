"""The names a law goes by in questions: its title, its short title (劳动合同法 for
中华人民共和国劳动合同法) and, for a Supreme People's Court interpretation, the name
practitioners give it: 最高人民法院关于审理民间借贷案件适用法律若干问题的规定 →
民间借贷司法解释, 最高人民法院关于适用《中华人民共和国合同法》若干问题的解释（一） →
合同法司法解释.

The law index keeps them with every article (``law_names``), so a query naming a law
any of these ways finds it (:mod:`contract_review.retrieval.mentions`).
"""

from __future__ import annotations

import re

from .law_library import COUNTRY_PREFIX, short_title

__all__ = ["law_names"]

_INTERPRETATION = re.compile(
    r"^最高人民法院(?:[、\s]*最高人民检察院)?关于(?:审理|办理|适用)?(?P<subject>[^，]+?)"
    r"(?:案件)?(?:中)?(?:适用法律|具体应用法律)?(?:若干|有关|几个)?问题的(?:规定|解释)"
)


def _interpretation_name(title: str) -> str | None:
    match = _INTERPRETATION.match(title)
    if match is None:
        return None
    subject = match["subject"].replace("《", "").replace("》", "").replace(COUNTRY_PREFIX, "")
    return f"{subject}司法解释" if subject else None


def law_names(title: str) -> list[str]:
    """``title``, its short title and its common name (each once, in that order)."""
    names = [title]
    for name in (short_title(title), _interpretation_name(title)):
        if name and name not in names:
            names.append(name)
    return names
