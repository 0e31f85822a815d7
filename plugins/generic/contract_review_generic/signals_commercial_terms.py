"""Signal table, part 2: law, intellectual property, insurance, audit, damages,
warranty, term and renewal, commitments, and the topics CUAD does not label
(indemnification, confidentiality, disputes, payment) — see :mod:`contract_review.locator.signals`."""

from __future__ import annotations

from contract_review.locator.signals import MONEY, PERIOD, ZH_PERIOD, TopicSignals, topic_signals

__all__ = ["COMMERCIAL_TERMS_SIGNALS"]

COMMERCIAL_TERMS_SIGNALS: tuple[TopicSignals, ...] = (
    topic_signals(
        "governing_law",
        r"\b(?:governing|applicable|choice of|proper) laws?\b|\blaws? and (?:jurisdiction|venue)\b|适用法律|法律适用|管辖法律|准据法",
        (
            r"\b(?:governed|construed|interpreted|enforced|determined|performed)\b[^.;]{0,80}\b(?:in accordance with|under|by|pursuant to)\b[^.;]{0,60}\blaws?\b",
            r"\blaws? of (?:the )?[^.;]{1,60}\b(?:shall|will) (?:govern|apply|be applied|control)",
            r"\bgoverning laws?\b",
            r"\bwithout (?:regard|reference|giving effect) to\b[^.;]{0,60}\b(?:conflicts?|choice) of laws?\b",
            r"适用[^。；]{0,20}法律|受[^。；]{0,20}法律管辖|依[^。；]{0,10}法律[^。；]{0,10}解释",
        ),
        support=(r"\blaws? of\b", r"\bjurisdiction\b", r"\bconstrued\b", r"法律"),
        trigger=("law", "法律"),
    ),
    topic_signals(
        "ip_ownership_assignment",
        r"\bownership\b|\bintellectual property\b|\binventions?\b|\bwork product\b|\bproprietary rights\b|\bworks? (?:made )?for hire\b|\bassignment of (?:rights|inventions|intellectual property)\b|知识产权|归属|所有权",
        (
            r"\bhereby (?:irrevocably )?(?:assigns?|transfers?|conveys?)\b",
            r"\b(?:shall|will) (?:be|become|vest in)\b[^.]{0,20}\b(?:the )?(?:sole |exclusive |sole and exclusive |absolute )?property of\b",
            r"\bworks? (?:made )?for hire\b",
            r"\b(?:shall|will) (?:solely |exclusively )?own\b[^.]{0,120}\b(?:inventions?|intellectual property|work product|improvements?|results|data|developments?|deliverables|materials|rights|copyrights?|patents?)\b",
            r"\ball (?:of (?:its|their|[a-z]+'s) )?(?:right|rights),? title,? and interest\b",
            r"\b(?:shall|will|agrees? to)\s(?:assign|transfer|convey)\w*\b[^.]{0,100}\b(?:intellectual property|inventions?|patents?|copyrights?|work product|trademarks?|know-how|rights)\b",
            r"\b(?:owned|ownership|title)\b[^.]{0,40}\b(?:by|of|to|in)\b[^.]{0,40}\b(?:intellectual property|inventions?|improvements?|work product|developments?)\b[^.]{0,80}\b(?:vest|belong|own|property)",
            r"知识产权[^。；]{0,30}(?:归|属于)|(?:归|属于)[^。；]{0,15}所有|职务作品|(?:转让|让与)给",
        ),
        support=(
            r"\bintellectual property\b",
            r"\binvent\w*",
            r"\bpatent\w*",
            r"\bcopyright\w*",
            r"\bown\w*",
            r"知识产权",
        ),
        against=(
            r"\blicen[cs]e[sd]?\b[^.]{0,40}\bto use\b",
            r"\bassignment for the benefit of creditors\b",
            r"\bconfidential information\b[^.]{0,60}\b(?:remain|property)",
            r"\b(?:retain|reserve)s?\b[^.]{0,40}\ball (?:of its )?(?:right|rights),? title\b|\b(?:owns?|will continue to own)\b[^.]{0,20}\ball (?:right|rights),? title\b|\beach party shall (?:retain|own)\b",
            # what stays with its owner is not assigned
            r"\b(?:is|are|shall|will)\s+(?:continue\s+to\s+)?(?:be\s+and\s+)?remain\s+(?:the\s+)?(?:sole\s+|exclusive\s+)?(?:and\s+\w+\s+)?property\s+of\b|\bdoes\s+not\s+(?:provide|grant|give|transfer|convey)\b[^.]{0,60}\b(?:title|ownership)\b|\beach\s+party\s+(?:shall|will)\s+(?:exclusively\s+|solely\s+)?(?:own|retain)\b|\bas\s+between\s+(?:the\s+parties|[a-z]+\s+and\s+[a-z]+)\b[^.]{0,80}\bretains?\b",
        ),
        trigger=(
            " own",
            "property of",
            "assign",
            "hire",
            "title",
            "vest",
            "transfer",
            "convey",
            "知识产权",
            "归",
            "所有",
            "转让",
        ),
    ),
    topic_signals(
        "insurance",
        r"\binsurance\b|保险",
        (
            r"\b(?:maintain|carry|obtain|procure|purchase|keep)\b[^.]{0,100}\binsurance\b",
            r"\binsurance\b[^.]{0,150}\b(?:coverage|policy|policies|limits?|amount|insurer|carrier|underwriter)\b",
            r"\b(?:general|product|products|professional|public|comprehensive|umbrella|excess) liability (?:insurance|coverage|policy)\b",
            r"\badditional(?:ly)? insured\b|\bloss payee\b",
            r"\bcertificates? of insurance\b",
            r"\bworkers'? compensation\b|\berrors and omissions\b",
            r"\b(?:per occurrence|each occurrence|in the aggregate)\b",
            r"(?:投保|购买|办理|维持)[^。；]{0,20}保险|保险(?:单|金额|责任|费)",
        ),
        support=(r"\binsur\w*", r"\bcoverage\b", r"\bpolic(?:y|ies)\b", r"保险"),
        against=(r"\binsurance compan(?:y|ies)\b[^.]{0,40}\b(?:organized|duly|licensed)\b",),
        trigger=("insur", "保险"),
    ),
    topic_signals(
        "audit_rights",
        r"\baudits?\b|\baudit rights\b|\binspections?\b|\b(?:books and )?records\b|审计|查账|账簿",
        (
            r"\b(?:audit|inspect|examine|review|copy)\w*\b[^.]{0,150}\b(?:books|records|accounts|facilities|premises|operations|plants?|sites?)\b",
            r"\b(?:books|records|accounts)\b[^.]{0,150}\b(?:audit|inspect|examin)\w*",
            r"\bindependent (?:certified )?(?:public )?(?:accountant|auditor)s?\b",
            r"\bright to (?:audit|inspect)\b|\baudit rights?\b",
            r"\b(?:during|upon)\b[^.]{0,40}\b(?:normal|regular|reasonable) business hours\b",
            r"审计|查账|(?:查阅|检查)[^。；]{0,10}(?:账簿|记录|账目)",
        ),
        support=(r"\baudit\w*", r"\brecords\b", r"\binspect\w*", r"\baccount\w*"),
        trigger=("audit", "inspect", "examin", "records", "books", "审计", "查账", "账簿", "检查"),
    ),
    topic_signals(
        "liquidated_damages",
        r"\bliquidated damages\b|\btermination (?:fee|payment)s?\b|\bpenalt(?:y|ies)\b|\bbreak(?:-| )?up fee\b|\blate (?:delivery )?(?:charges?|fees?)\b|违约金",
        (
            r"\bliquidated damages\b",
            r"\bnot (?:as )?a penalty\b",
            r"\b(?:early )?termination (?:fee|charge|payment|penalty)\b|\bbreak(?:-| )?up fee\b",
            r"\b(?:pay|payable)\b[^.]{0,120}\b(?:per day|for each day|per week|for each week|per month)\b[^.]{0,60}\b(?:delay|late|failure|breach)",
            r"\b(?:reasonable|genuine) (?:estimate|pre-estimate)\b",
            r"\b(?:upon|in the event of|following|after)\b[^.]{0,60}\bterminat\w*\b[^.]{0,120}\b(?:shall|will) pay\b[^.]{0,80}\b(?:amount equal|sum of|fee|percent|%|times)\b",
            r"违约金|滞纳金|(?:每日|每天|按日)[^。；]{0,20}(?:支付|赔偿)",
        ),
        support=(r"\bdamages\b", r"\bpenalt\w*", r"\bfee\b", r"违约"),
        trigger=(
            "liquidated",
            "penalt",
            "fee",
            "per day",
            "each day",
            "per week",
            "estimate",
            "terminat",
            "违约金",
            "滞纳金",
            "每日",
            "每天",
            "按日",
        ),
    ),
    topic_signals(
        "warranty_duration",
        r"\bwarrant(?:y|ies)\b|\bguarantee period\b|\bdefects?\b|质保|保修|质量保证",
        (
            r"\bwarranty period\b|\bperiod of (?:the )?warranty\b",
            r"\bwarrant\w*\b[^.]{0,200}\b(?:for a period of|for|period of|within|during)\b[^.]{0,20}\b"
            + PERIOD,
            r"\b"
            + PERIOD
            + r"\b[^.]{0,100}\b(?:from|after|following|of) (?:the )?(?:date of )?(?:delivery|shipment|acceptance|installation|purchase|receipt|sale)\b",
            r"\bwarrant\w*\b[^.]{0,60}\b(?:expire|expiration|terminates?|lasts?|survive)\b",
            # "a six-month limited warranty", "the first year limited warranty"
            r"\b(?:"
            + PERIOD
            + r"|(?:first|second|third) year)\s+(?:\w+\s+){0,2}?warrant(?:y|ies)\b",
            # "free from defects ... for the period from the date of manufacture to ..."
            r"\bwarrant\w*\b[^.]{0,300}\bfor (?:a|the) period (?:from|commencing|beginning|ending|until|of)\b",
            r"\b(?:free from|free of)\b[^.]{0,60}\bdefects?\b[^.]{0,150}\b" + PERIOD,
            r"\b(?:inspect|test|examin)\w*\b[^.]{0,150}\bwithin\b[^.]{0,30}\b(?:"
            + PERIOD
            + r"|\[\*+\])[^.]{0,150}\b(?:defect|non-?conform|reject|notify)\w*",
            r"\bwithin\b[^.]{0,20}\b(?:"
            + PERIOD
            + r"|\[\*+\])[^.]{0,60}\b(?:after|of|following|upon) (?:the )?(?:receipt|delivery)\b[^.]{0,150}\b(?:defect|non-?conform|reject|notify)\w*",
            r"(?:质保期|保修期|质量保证期)[^。；]{0,20}"
            + ZH_PERIOD
            + "|"
            + ZH_PERIOD
            + r"[^。；]{0,10}(?:质保|保修)",
        ),
        support=(r"\bwarrant\w*", r"\bdefect\w*", r"\bmonths?\b|\byears?\b", r"质保|保修"),
        against=(
            r"\b(?:represents and warrants|hereby represents)\b[^.]{0,60}\b(?:duly organized|authority|validly)\b",
            r"\bwarrants? (?:of|to purchase)\b|\bwarranty of attachment\b",
        ),
        trigger=(
            "warrant",
            "defect",
            "guarantee",
            "nonconform",
            "non-conform",
            "reject",
            "inspect",
            "质保",
            "保修",
            "质量保证",
        ),
    ),
    topic_signals(
        "renewal_term",
        r"\brenewals?\b|\bterm of (?:the )?agreement\b|^\W*(?:\d+(?:\.\d+)*\.?\s+)?(?:initial )?term\b|\bduration\b|\bextensions?\b|续约|续期|期限",
        (
            r"\bautomatic(?:ally)?\b[^.]{0,30}\b(?:renew|extend|extension|continu)\w*|\b(?:renew|extend|continu)\w*\b[^.]{0,20}\bautomatic(?:ally)?\b|\bauto-?renew\w*",
            r"\brenew\w*\b[^.]{0,100}\b(?:successive|additional|further|consecutive|subsequent|another)\b[^.]{0,40}\b(?:terms?|periods?|years?|months?)\b",
            r"\b(?:successive|additional|consecutive|further|subsequent)\b[^.]{0,20}"
            + PERIOD
            + r"[^.]{0,20}\b(?:terms?|periods?|renewals?)\b",
            r"\brenewal (?:term|period)s?\b|\b(?:extension|additional) (?:term|period)s?\b",
            r"\b(?:option|right) to (?:renew|extend)\b|\bmay (?:be )?(?:renew|extend)\w*\b",
            r"\b(?:extended|renewed)\b[^.]{0,30}\bfor\b[^.]{0,20}" + PERIOD,
            r"\b(?:continue|remain) in (?:full )?(?:force|effect)\b[^.]{0,60}\b(?:thereafter|from year to year|year to year|until terminated)\b",
            r"自动(?:续展|续期|延长|续约|顺延)|续约|续期|期满[^。；]{0,20}(?:延长|顺延)",
        ),
        support=(r"\brenew\w*", r"\bterm\b", r"\bexpir\w*", r"续|期满"),
        against=(r"\brenewal (?:fee|franchise)s?\b",),
        trigger=(
            "renew",
            "extend",
            "extension",
            "continu",
            "successive",
            "year to year",
            "续",
            "延长",
            "顺延",
        ),
    ),
    topic_signals(
        "notice_period_to_terminate_renewal",
        r"\brenewals?\b|\bnon-?renewal\b|^\W*(?:\d+(?:\.\d+)*\.?\s+)?(?:initial )?term\b|\bterm of (?:the )?agreement\b|续约|期限",
        (
            r"\b(?:notice|notif\w+)\b[^.]{0,100}\b(?:non-?renewal|not to renew|intention not to|intent not to|election not to|decision not to|to terminate)\b",
            r"\b(?:non-?renewal|not to renew|not renew)\b[^.]{0,100}\b(?:notice|notif\w+)\b",
            r"\b"
            + PERIOD
            + r"\b[^.]{0,80}\b(?:prior to|before|in advance of|preceding)\b[^.]{0,40}\b(?:expiration|end|expiry|anniversary|renewal|termination date|conclusion)\b",
            r"\bunless\b[^.]{0,60}\b(?:notice|notif\w+)\b[^.]{0,120}\b(?:renew|expir|end of)",
            r"\b(?:automatic(?:ally)?|successive|renew\w*|extension)\b[^.]{0,200}\b"
            + PERIOD
            + r"[^.]{0,40}\bnotice\b",
            r"\b(?:thereafter|from year to year|until terminated)\b[^.]{0,80}\b(?:by|upon|on)\b[^.]{0,60}\b"
            + PERIOD
            + r"[^.]{0,40}\bnotice\b",
            r"期满前[^。；]{0,20}"
            + ZH_PERIOD
            + "|"
            + ZH_PERIOD
            + r"[^。；]{0,20}(?:书面)?通知[^。；]{0,20}(?:不再续|不续)",
        ),
        support=(r"\brenew\w*", r"\bnotice\b", r"\bexpir\w*", r"续约|通知"),
        trigger=(
            "renew",
            "extend",
            "extension",
            "expir",
            "anniversary",
            "successive",
            "续",
            "期满",
            "延长",
        ),
    ),
    topic_signals(
        "minimum_commitment",
        r"\bminimum (?:purchase|order|quantit\w+|volume|commitment|requirement|royalt\w+|sales|payment|fee)s?\b|\bpurchase commitments?\b|\bpurchase (?:obligation|requirement)s?\b|\bforecasts?\b|最低|采购承诺",
        (
            r"\bminimum (?:annual |monthly |quarterly |yearly )?(?:purchase|order|quantit\w+|volume|commitment|requirement|royalt\w+|fee|payment|sales|amount|number|revenue|spend|guarantee|units)s?\b",
            r"\b(?:shall|will|agrees? to|must)\s(?:purchase|order|buy|acquire|take|spend|invest|commit)\b[^.]{0,100}\b(?:at least|not less than|a minimum of|no less than)\b",
            r"\b(?:at least|not less than|no less than|a minimum of)\b[^.]{0,60}\b(?:units|orders?|purchases?|per (?:year|month|quarter|calendar)|annually|each (?:year|month|quarter|calendar))\b",
            r"\btake[- ]or[- ]pay\b|\bshortfall\b",
            r"\b(?:minimum|at least|not less than|no less than)\b[^.]{0,40}" + MONEY,
            r"\b(?:commit|obligat)\w*\b[^.]{0,60}\b(?:purchase|order|buy|fund|spend)\w*\b[^.]{0,80}\b(?:at least|not less than|minimum)\b",
            r"最低(?:采购|订购|订货|购买|销售)(?:量|额|金额|数量)?|采购承诺|(?:采购|订购|购买)[^。；]{0,20}不(?:低|少)于",
        ),
        support=(r"\bminimum\b", r"\bpurchase\w*", r"\bforecast\w*", r"最低|采购"),
        against=(
            r"\binsurance\b",
            r"\bmeet\w*\b[^.]{0,40}\bat least\b",
            r"\bminimum (?:wage|age)\b",
            # a minimum denied, or a standard of care ("at least those measures it
            # takes to protect its own information"), or a count of copies or
            # directors: no commitment to buy or pay
            r"\bno minimum\b|\bnot (?:be )?(?:subject to|bound by|obliged to meet) (?:any )?minimum\b",
            r"\bat least (?:those|the same|such) measures\b|\bat a minimum,? (?:those )?measures\b|\b(?:degree|standard) of care\b",
            r"\bminimum number of (?:copies|directors|members|persons|people|pixels)\b",
        ),
        trigger=(
            "minimum",
            "at least",
            "not less than",
            "no less than",
            "shortfall",
            "take or pay",
            "take-or-pay",
            "最低",
            "采购承诺",
            "不低于",
            "不少于",
        ),
    ),
    topic_signals(
        "indemnification",
        r"\bindemnif\w*|\bhold harmless\b|赔偿|补偿",
        (
            r"\b(?:shall|will|agrees? to)\s(?:defend,?\s)?(?:indemnify|hold harmless)\b",
            r"\bindemnify,? defend,? and hold\b|\bdefend,? indemnify\b",
            r"\bindemnified part(?:y|ies)\b|\bindemnifying part(?:y|ies)\b",
            r"\bthird[- ]party claims?\b[^.]{0,100}\b(?:arising|resulting)\b",
            r"(?:赔偿|补偿)[^。；]{0,30}(?:损失|损害)|使[^。；]{0,10}免受[^。；]{0,10}损害",
        ),
        support=(r"\bindemn\w*", r"\bclaims?\b", r"\blosses\b", r"赔偿"),
        trigger=("indemn", "harmless", "赔偿", "补偿", "免受"),
    ),
    topic_signals(
        "confidentiality",
        r"\bconfidential\w*|\bnon-?disclosure\b|保密",
        (
            r"\bconfidential information\b",
            r"\b(?:shall|will)\s(?:not|hold|keep|maintain)\b[^.]{0,80}\b(?:disclose|confiden\w+|secret)\b",
            r"\b(?:keep|hold|maintain|treat)\b[^.]{0,40}\b(?:in )?(?:strict )?confiden\w+",
            r"\bproprietary information\b|\btrade secrets?\b",
            r"保密(?:信息|义务)?|商业秘密|不得[^。；]{0,20}(?:披露|泄露)",
        ),
        support=(r"\bconfiden\w*", r"\bdisclos\w*", r"保密"),
        trigger=("confiden", "disclos", "secret", "proprietary", "保密", "秘密", "披露", "泄露"),
    ),
    topic_signals(
        "dispute_resolution",
        r"\bdisputes?\b|\barbitration\b|\bjurisdiction\b|\bvenue\b|争议|仲裁|管辖",
        (
            r"\b(?:settled|resolved|determined)\b[^.]{0,60}\b(?:by|through|in) (?:binding )?arbitration\b",
            r"\barbitrat\w*\b[^.]{0,120}\b(?:rules|administered|seat|tribunal|award)\b",
            r"\b(?:exclusive|non-exclusive)? ?jurisdiction of the courts?\b|\bsubmit\w*\b[^.]{0,40}\bjurisdiction\b",
            r"\bdisputes?\b[^.]{0,100}\barising (?:out of|under|from|in connection with)\b",
            r"(?:提交|提请)[^。；]{0,30}仲裁|人民法院[^。；]{0,10}(?:起诉|管辖)|协商[^。；]{0,10}解决",
        ),
        support=(r"\bdisputes?\b", r"\bcourts?\b", r"\barbitrat\w*", r"争议"),
        trigger=(
            "dispute",
            "arbitra",
            "court",
            "jurisdiction",
            "venue",
            "争议",
            "仲裁",
            "法院",
            "管辖",
            "协商",
        ),
    ),
    topic_signals(
        "payment_terms",
        r"\bpayment\w*|\bfees?\b|\bcompensation\b|\binvoic\w*|\bprice\b|付款|支付|价款|结算",
        (
            r"\b(?:pay|paid|payable)\b[^.]{0,80}\bwithin\b[^.]{0,20}" + PERIOD,
            r"\binvoice\w*\b[^.]{0,120}\b(?:due|payable|pay)\b",
            r"\blate payments?\b|\binterest\b[^.]{0,40}\b(?:per annum|per month|rate)\b",
            r"\bnet (?:30|45|60|90|thirty|sixty)\b",
            r"(?:收到|开具)[^。；]{0,20}发票[^。；]{0,30}(?:支付|付款)|(?:支付|付款)[^。；]{0,30}"
            + ZH_PERIOD,
        ),
        support=(r"\bpay\w*", r"\binvoice\w*", r"\bfees?\b", r"付款|支付"),
        trigger=(
            "pay",
            "invoice",
            "fee",
            "price",
            "interest",
            "net ",
            "付款",
            "支付",
            "发票",
            "价款",
            "结算",
        ),
    ),
)
