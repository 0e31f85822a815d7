"""Reading the board provisions of a shareholders' agreement: the board's size, who
appoints how many directors, the quorum (and whether a director of each side must
attend), and how a deadlock is broken. English and Chinese; used by
``sha_governance_check`` (:mod:`contract_review_sha_spa.governance`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from enum import StrEnum

from pydantic import BaseModel, Field

from contract_review.documents.chinese_numerals import chinese_to_int
from contract_review.text.number_words import english_number_value

_I = re.IGNORECASE
#: A party named as agreements write it ("the Investor", "each Founder", "Series A
#: Holders"), captured as ``who``; keyword parts are case-insensitive, the name is not.
PARTY = r"(?i:the\s+|each\s+)?(?P<who>[A-Z][\w'’-]*(?:\s+(?:[A-Z][\w'’-]*|of))*)"
_BODY = re.compile(r"^(?:the\s+)?(?:board|directors|shareholders|members|company)\b", _I)
_ZH_BODY = re.compile(r"^(?:公司)?(?:股东会|股东大会|董事会|股东|全体)")


def is_corporate_body(who: str) -> bool:
    """True when ``who`` is an organ of the company (the Board, the Shareholders, 股东会),
    not a particular shareholder."""
    return bool(_BODY.match(who.strip()) or _ZH_BODY.match(who.strip()))


class AppointmentRight(BaseModel):
    """A shareholder's right to appoint directors."""

    appointer: str = Field(description="Who appoints, as written ('Investor', '投资方').")
    directors: int | None = Field(default=None, description="How many directors.")
    text: str = Field(description="The sentence that grants the right.")


class BoardComposition(BaseModel):
    """The size of the board and who appoints its members."""

    total_directors: int | None = Field(default=None, description="The board's size, if fixed.")
    appointment_rights: list[AppointmentRight] = Field(default_factory=list)
    text: str = Field(default="", description="The sentence that fixes the board's size.")

    def evenly_split(self) -> bool:
        """True when two or more appointers name the same number of directors and no one
        else does (a 50:50 board, where deadlock is likely)."""
        counts = {right.directors for right in self.appointment_rights}
        appointers = {right.appointer for right in self.appointment_rights}
        return len(appointers) >= 2 and len(counts) == 1 and None not in counts


class Quorum(BaseModel):
    """The quorum of board meetings."""

    text: str = Field(description="The quorum sentence(s).")
    directors: int | None = Field(default=None, description="Directors needed, when a count.")
    requires_each_side: bool = Field(
        default=False, description="A director appointed by each shareholder must attend."
    )
    required_appointers: list[str] = Field(
        default_factory=list,
        description="The shareholders at least one of whose directors must attend, as written.",
    )
    adjourned_fallback: bool = Field(
        default=False, description="At an adjourned meeting the quorum requirement falls away."
    )


class DeadlockMechanism(StrEnum):
    """How a deadlock is broken."""

    ESCALATION = "escalation"
    MEDIATION = "mediation"
    CASTING_VOTE = "casting_vote"
    BUY_SELL = "buy_sell"  # Russian roulette, Texas shoot-out, shotgun
    PUT_CALL_OPTION = "put_call_option"
    ARBITRATION = "arbitration"
    EXPERT = "expert"
    WINDING_UP = "winding_up"


class Deadlock(BaseModel):
    """The deadlock provisions."""

    text: str = Field(description="The sentences that provide for deadlock.")
    mechanisms: list[DeadlockMechanism] = Field(default_factory=list)


_NUM = r"(?i:\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
_ZH_COUNT = r"[\d一二两三四五六七八九十]+"
_BOARD_SIZE = (
    re.compile(
        r"(?i:board\b[^.;]{0,60}?(?:consist|comprise|compos|made\s+up)\w*\s+of\s+"
        rf"(?:up\s+to\s+|not\s+more\s+than\s+|a\s+maximum\s+of\s+)?)(?P<n>{_NUM})\b"
    ),
    re.compile(rf"董事会(?:由|成员为|成员共)(?P<n>{_ZH_COUNT})(?:名|位|人)"),
)
_APPOINTS = (
    re.compile(
        rf"{PARTY}\s+(?i:(?:shall|may|will|is|has)\s+(?:be\s+entitled\s+to\s+|have\s+the\s+right"
        r"\s+to\s+|entitled\s+to\s+|the\s+right\s+to\s+)?(?:appoint|nominate)(?:\s+and\s+"
        rf"(?:remove|replace))?\s+(?:up\s+to\s+)?)(?P<n>{_NUM})\b"
    ),
    re.compile(
        rf"(?P<n>{_NUM})(?:\s*\(\d+\))?\s+(?i:(?:of\s+whom\s+|(?:\w+\s+)?directors?\s+)"
        rf"(?:shall|will|may)\s+be\s+(?:appointed|nominated)\s+by)\s+{PARTY}"
    ),
    re.compile(
        r"(?:其中|并|另|由)?(?P<who>[^，。；、：\s]{1,12}?)(?:有权|可以|可|应)?"
        rf"(?:委派|提名|推荐|任命)(?P<n>{_ZH_COUNT})(?:名|位|人)"
    ),
    re.compile(
        rf"(?P<n>{_ZH_COUNT})(?:名|位|人)(?:董事)?由(?P<who>[^，。；、：\s]{{1,12}}?)(?:委派|提名|推荐|任命)"
    ),
)
_ZH_WHO_PREFIX = re.compile(r"^(?:其中|并|另|由)+")
_QUORUM = re.compile(r"\bquorum|法定人数|方可(?:举行|召开)|(?:出席|参加)[^。；]{0,12}方为有效", _I)
_QUORUM_COUNT = (
    re.compile(rf"(?P<n>{_NUM})(?:\s*\(\d+\))?\s+(?i:directors?)\b"),
    re.compile(rf"(?P<n>{_ZH_COUNT})(?:名|位|人)(?:以上)?(?:的)?董事"),
)
_ONE = r"(?i:(?:including|of\s+whom)\s+(?:at\s+least\s+)?(?:one|1|an?)\s+(?:\(1\)\s+)?)"
#: Whose director must attend: "including at least one Investor Director", "of whom at
#: least one shall be appointed by the Buyer", "其中应包括至少一名投资方委派的董事".
_NAMED_DIRECTOR = (
    re.compile(
        rf"{_ONE}(?i:(?:director\s+)?(?:shall\s+be\s+|must\s+be\s+|is\s+)?(?:appointed|nominated)\s+by)\s+{PARTY}"
    ),
    re.compile(rf"{_ONE}(?P<who>[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)?)\s+Director"),
    re.compile(
        r"(?:包括|其中)(?:应|须|必须)?(?:有|包括)?(?:至少)?(?:一名|1名)?"
        r"(?P<who>[^，。；、\s]{1,10}?)(?:委派|提名|推荐)的?董事"
    ),
)
#: A director of every side must attend.
_EACH_SIDE = re.compile(
    r"director\s+(?:appointed|nominated)\s+by\s+each\s+(?:shareholder|party)|"
    r"each\s+(?:shareholder|party)['’]s\s+directors?|"
    r"各方(?:股东)?(?:各自)?(?:委派|提名)的董事(?:均|各)?(?:至少(?:一|1)名)?(?:出席|参加)",
    _I,
)
_GENERAL_MEETING = re.compile(
    r"general\s+meeting|shareholders['’]?\s+meeting|shareholders\s+present|股东(?:大)?会", _I
)
_ADJOURNED = re.compile(
    r"adjourn[^.;]{0,200}?directors\s+(?:present|attending)[^.;]{0,40}?(?:constitute|form|be)\s+a\s+quorum|"
    r"(?:延期|再次召集|重新召集)[^。]{0,60}?(?:出席的董事|即构成|不受)",
    _I,
)
_DEADLOCK = re.compile(r"deadlock|僵局", _I)
_NO_CASTING = re.compile(
    r"\b(?:not|no)\s+(?:\w+\s+){0,4}casting\s+vote|(?:无|不享有|没有)权?\S{0,4}决定票", _I
)
_MECHANISM_PATTERNS: dict[DeadlockMechanism, str] = {
    DeadlockMechanism.ESCALATION: r"refer\w*\s+(?:\w+\s+){0,4}to\s+(?:the\s+)?(?:chief\s+executive|chairm|senior|ultimate)|escalat|高层|友好协商|协商解决",
    DeadlockMechanism.MEDIATION: r"mediat|conciliat|调解",
    DeadlockMechanism.CASTING_VOTE: r"casting\s+vote|deciding\s+vote|决定票|最终决定权",
    DeadlockMechanism.BUY_SELL: r"russian\s+roulette|shot-?gun|texas\s+shoot|buy[- ]sell|sealed\s+bid|收购(?:对方|另一方)|买断|轮盘",
    DeadlockMechanism.PUT_CALL_OPTION: r"\bput\s+option|\bcall\s+option|回购|购买其(?:持有的)?(?:全部)?股权",
    DeadlockMechanism.ARBITRATION: r"arbitrat|仲裁",
    DeadlockMechanism.EXPERT: r"\bexpert|independent\s+(?:director|third)|专家|独立第三方",
    DeadlockMechanism.WINDING_UP: r"wind(?:ing)?[- ]up|liquidat|dissol|解散|清算",
}
_MECHANISMS = {m: re.compile(p, _I) for m, p in _MECHANISM_PATTERNS.items()}


def count_value(token: str) -> int | None:
    """The value of a count as written: "3", "three", "a", "三", "两"; None otherwise."""
    token = token.strip().lower()
    if token.isdigit():
        return int(token)
    if token in ("a", "an"):
        return 1
    value = english_number_value(token)
    if value is not None:
        return value
    try:
        return chinese_to_int(token)
    except ValueError:
        return None


def read_board(sentences: Sequence[str]) -> BoardComposition | None:
    """The board's size and appointment rights; None when the text has neither."""
    total: int | None = None
    size_text = ""
    rights: list[AppointmentRight] = []
    for sentence in sentences:
        for pattern in _BOARD_SIZE:
            match = pattern.search(sentence)
            if total is None and match is not None:
                total, size_text = count_value(match.group("n")), sentence
        for pattern in _APPOINTS:
            for match in pattern.finditer(sentence):
                who = _ZH_WHO_PREFIX.sub("", match.group("who")).strip()
                directors = count_value(match.group("n"))
                known = any(r.appointer == who and r.text == sentence for r in rights)
                if directors is None or not who or is_corporate_body(who) or known:
                    continue
                rights.append(AppointmentRight(appointer=who, directors=directors, text=sentence))
    if total is None and not rights:
        return None
    return BoardComposition(total_directors=total, appointment_rights=rights, text=size_text)


def read_quorum(sentences: Sequence[str]) -> Quorum | None:
    """The quorum of board meetings; None when the text sets none."""
    found = [s for s in sentences if _QUORUM.search(s) and not _GENERAL_MEETING.search(s)]
    if not found:
        return None
    directors: int | None = None
    for pattern in _QUORUM_COUNT:
        match = pattern.search(found[0])
        if match is not None and directors is None:
            directors = count_value(match.group("n"))
    appointers: list[str] = []
    for sentence in found:
        for pattern in _NAMED_DIRECTOR:
            for match in pattern.finditer(sentence):
                who = _ZH_WHO_PREFIX.sub("", match.group("who")).strip()
                if who and who not in appointers:
                    appointers.append(who)
    joined = " ".join(found)
    return Quorum(
        text=joined,
        directors=directors,
        requires_each_side=bool(_EACH_SIDE.search(joined)),
        required_appointers=appointers,
        adjourned_fallback=bool(_ADJOURNED.search(joined)),
    )


def read_deadlock(sentences: Sequence[str]) -> Deadlock | None:
    """The deadlock provisions: the sentences that name a deadlock and those right after
    them that say how it is broken, plus a chairman's casting vote anywhere; None when
    there are none."""
    chosen: list[str] = []
    following = False
    for sentence in sentences:
        mechanisms = [m for m, p in _MECHANISMS.items() if p.search(sentence)]
        if _DEADLOCK.search(sentence) or (following and mechanisms):
            chosen.append(sentence)
            following = True
        else:
            following = False
            if DeadlockMechanism.CASTING_VOTE in mechanisms and not _NO_CASTING.search(sentence):
                chosen.append(sentence)
    if not chosen:
        return None
    found = [
        mechanism
        for mechanism, pattern in _MECHANISMS.items()
        if any(pattern.search(s) for s in chosen)
        and not (
            mechanism is DeadlockMechanism.CASTING_VOTE
            and all(_NO_CASTING.search(s) for s in chosen if pattern.search(s))
        )
    ]
    return Deadlock(text=" ".join(chosen), mechanisms=found)
