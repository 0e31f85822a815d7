"""Signal table, part 1: liability, termination, assignment and control, restrictive
covenants (see :mod:`contract_review.locator.signals` for what each field means)."""

from __future__ import annotations

from contract_review.locator.signals import PERIOD, TopicSignals, topic_signals

__all__ = ["LIABILITY_CONTROL_SIGNALS"]

LIABILITY_CONTROL_SIGNALS: tuple[TopicSignals, ...] = (
    topic_signals(
        "anti_assignment",
        r"\bassign(?:ment|ability|ments)?\b|\btransfer(?:s|ability)? of (?:this )?agreement\b|\bsuccessors and assigns\b|\bdelegation\b|转让",
        (
            r"\b(?:shall|may|will|can|could)\s?not\b[^.;]{0,100}\b(?:assign|transfer|delegat|sub-?licen[cs]e|novat|subcontract)\w*",
            r"\b(?:neither|no) party\b[^.;]{0,60}\b(?:assign|transfer|delegat)\w*",
            r"\b(?:assign|transfer|delegat)\w*\b[^.;]{0,150}\b(?:without|except with|unless|subject to)\b[^.;]{0,60}\bconsent\b",
            r"\bconsent\b[^.;]{0,40}\b(?:to|for|of)\b[^.;]{0,30}\b(?:assign|transfer)\w*",
            r"\bnot (?:be )?(?:assignable|transferable)\b|\bnon-?(?:assignable|transferable)\b",
            r"\b(?:any )?(?:purported|attempted) (?:assignment|transfer|delegation)\b|\b(?:assignment|transfer)\b[^.;]{0,100}\b(?:null and void|void|of no (?:force|effect))\b",
            r"未经[^。；]{0,30}(?:同意|许可)[^。；]{0,40}(?:转让|让与|转包)|不得[^。；]{0,20}(?:转让|让与|转包)",
        ),
        support=(r"\bassign\w*", r"\bsuccessors\b", r"\bwritten consent\b", r"转让"),
        against=(
            r"\bassignment for the benefit of creditors\b",
            r"\bhereby assigns?\b[^.;]{0,80}\b(?:right,? title|intellectual property|inventions?)",
        ),
        trigger=("assign", "transfer", "delegat", "转让", "让与", "转包"),
    ),
    topic_signals(
        "change_of_control",
        r"\bchange (?:of|in) control\b|\bchange of ownership\b|\bmerger\b|\bacquisition of (?:a )?party\b|控制权",
        (
            r"\bchange (?:of|in) (?:the )?(?:control|ownership)\b",
            r"\b(?:merger|consolidation|amalgamation|reorgani[sz]ation)\b[^.;]{0,120}\b(?:assign|transfer|terminat|consent|notice|successor|acquir)\w*",
            r"\b(?:assign|transfer|terminat)\w*\b[^.;]{0,120}\b(?:merger|consolidation|amalgamation)\b",
            r"\b(?:sale|transfer|disposition)\b[^.;]{0,20}\b(?:all|substantially all)\b[^.;]{0,30}\b(?:assets|business|stock|shares)\b",
            r"\b(?:majority|more than fifty percent|more than 50%|fifty percent \(50%\) or more|controlling interest)\b[^.;]{0,60}\b(?:voting|equity|shares|stock|securities|ownership|interest)\b",
            r"\b(?:acquir|acquisition)\w*\b[^.;]{0,60}\b(?:control|majority|all or substantially all)\b",
            r"控制权[^。；]{0,10}(?:变更|变化|转移)|实际控制人[^。；]{0,10}(?:变更|变化)|(?:合并|分立|被收购)[^。；]{0,30}(?:通知|同意|解除|终止)",
        ),
        support=(
            r"\bcontrol\b",
            r"\bmerger\b",
            r"\bacqui\w+",
            r"\bassign\w*",
            r"\bterminat\w*",
            r"\bby operation of law\b",
        ),
        against=(
            # a merger as a free exception to the assignment clause: no consent, notice
            # or termination right turns on the change of control
            r"\bwithout\b[^.;]{0,40}\bconsent\b[^.;]{0,150}\b(?:merger|acqui\w+|substantially all|reorgani[sz]ation)",
            r"\b(?:merger|acqui\w+|substantially all)\b[^.;]{0,150}\bwithout\b[^.;]{0,20}\b(?:the )?(?:prior )?(?:written )?consent\b",
            r"^\W{0,3}(?:\(\w+\)\s*)?(?:\d+(?:\.\d+)*\.?\s+)?[\"“'][^\"”']{1,60}[\"”']\s*(?:shall )?mean",
            r"\bcontrols?, (?:is )?controlled by\b",
        ),
        trigger=(
            "control",
            "merg",
            "consolidat",
            "amalgamat",
            "acqui",
            "substantially all",
            "operation of law",
            "voting",
            "ownership",
            "控制",
            "合并",
            "分立",
            "收购",
        ),
    ),
    topic_signals(
        "cap_on_liability",
        r"\blimitations? (?:of|on) (?:liability|damages|remedies|actions?)\b|\blimited liability\b|\bliability (?:cap|limit)|\bcap on liability\b|\bexclusion of (?:certain )?(?:damages|liability)|\bconsequential damages\b|\bdisclaimer of (?:liability|damages)\b|责任限制|责任上限|赔偿限额",
        (
            r"\b(?:in no event|under no circumstances)\b[^.]{0,250}\b(?:liab\w*|damages)\b",
            r"\b(?:shall|will|be)\s(?:not|in no event)\s(?:be )?(?:liable|responsible)\b[^.]{0,250}\b(?:indirect|incidental|consequential|special|punitive|exemplary|lost profits|loss of profits?|lost revenues?)\b",
            r"\b(?:neither|no|none of)\b[^.]{0,120}\b(?:shall|will|may)\b[^.]{0,40}\b(?:be liable|have any liability|be responsible)\b[^.]{0,250}\b(?:indirect|incidental|consequential|special|punitive|exemplary|lost profits|loss of profits?|lost revenues?|damages)\b",
            r"\b(?:aggregate|total|maximum|cumulative|entire|collective)\b[^.]{0,60}\bliabilit\w*\b[^.]{0,250}\b(?:exceed|limited to|not to exceed|in excess of|greater than)\b",
            r"\bliabilit\w*\b[^.]{0,150}\b(?:shall|will)\s(?:not|in no event)\s(?:exceed|be greater)\b|\bliabilit\w*\b[^.]{0,60}\b(?:is|are|shall be|will be) limited to\b",
            r"\b(?:exceed|limited to)\b[^.]{0,100}\b(?:fees|amounts?|sums?|price|compensation|royalt\w+)\b[^.]{0,60}\b(?:paid|payable)\b",
            r"\bno (?:action|claim|suit)\b[^.]{0,150}\bmore than\b[^.]{0,60}\b(?:years?|months?|\[\*+\])[^.]{0,40}\bafter\b",
            r"\b(?:disclaims?|waives?)\b[^.]{0,120}\b(?:indirect|incidental|consequential|special|punitive)\b[^.]{0,40}\bdamages\b",
            r"\bsole (?:and exclusive )?(?:remedy|liability|obligation)\b",
            r"赔偿[^。；]{0,20}(?:总额|责任)[^。；]{0,20}不(?:应|得)?超过|责任[^。；]{0,20}以[^。；]{0,30}为限|不承担[^。；]{0,30}(?:间接|后果性|预期利润|利润损失)",
        ),
        support=(
            r"\bliab\w*",
            r"\bdamages\b",
            r"\bconsequential\b",
            r"\bexceed\b",
            r"责任",
            r"损失",
        ),
        against=(
            r"\bindemnify\b[^.]{0,60}\bhold harmless\b",
            r"\b(?:maintain|carry|obtain)\b[^.]{0,60}\binsurance\b",
        ),
        trigger=("liab", "damages", "responsib", "remed", "claim", "责任", "损失", "赔偿"),
    ),
    topic_signals(
        "uncapped_liability",
        r"\bunlimited liability\b|\bexceptions? to (?:the )?limitations?\b|\bexclusions? from (?:the )?limitations?\b|无限责任",
        (
            r"\b(?:except|excluding|other than|save)\b[^.]{0,200}\b(?:indemnif\w*|confidential\w*|gross negligence|wil(?:l)?ful|fraud\w*|infring\w*|breach of (?:section|article|clause|its|their)|(?:section|article|clause)s? \d)[^.]{0,250}\b(?:in no event|under no circumstances|(?:shall|will)\s(?:not\s)?(?:in any event\s)?(?:be liable|have any liability)|liabilit\w*\b[^.]{0,80}\b(?:exceed|limited))",
            r"\bnothing in this (?:section|article|clause|agreement)\b[^.]{0,100}\b(?:limit|restrict|exclude)\w*\b[^.]{0,100}\b(?:indemnif\w*|liabilit\w*|obligations?)\b",
            r"\b(?:in no event|shall not be liable|will not be liable|limitation\w*|liabilit\w*[^.]{0,60}(?:exceed|limited to))\b[^.]{0,300}\b(?:except|excluding|other than|save|provided,? however|shall not apply|does not apply|will not apply)\b[^.]{0,120}\b(?:indemnif\w*|confidential\w*|gross negligence|wil(?:l)?ful|fraud\w*|infring\w*|breach of (?:section|article|clause)|(?:section|article|clause)s? \d)",
            r"\b(?:limitations?|cap|exclusions?)\b[^.]{0,120}\b(?:shall|will|do|does)\s?not (?:apply|limit)\b",
            r"\bunlimited liability\b|\bliability\b[^.]{0,40}\bunlimited\b|\bwithout limit(?:ation)? (?:as to|of) amount\b",
            r"不受[^。；]{0,10}(?:限制|上限)|(?:上述|前述)?(?:责任)?限制不适用于|无限(?:连带)?责任",
        ),
        support=(
            r"\bliab\w*",
            r"\bexcept\b",
            r"\bindemnif\w*",
            r"\bconfidential\w*",
            r"\bgross negligence\b",
            r"责任",
        ),
        trigger=("liab", "damages", "责任"),
    ),
    topic_signals(
        "termination_for_convenience",
        r"\btermination (?:for convenience|without cause|at will|by (?:either party|[a-z]+) (?:for convenience|without cause))\b|\bfor convenience\b|\bwithout cause\b|任意解除|单方解除",
        (
            r"\bterminat\w*\b[^.]{0,150}\b(?:for convenience|without cause|for any reason|for no reason|with or without cause|in its (?:sole )?discretion|at its (?:sole )?(?:option|discretion)|at will|without (?:any )?(?:liability|penalty))\b",
            r"\b(?:for convenience|without cause|for any reason|for no reason|at will|at any time)\b[^.]{0,150}\bterminat\w*",
            r"\bterminat\w*\b[^.]{0,60}\bat any time\b|\b(?:may|right to)\b[^.]{0,20}\b(?:withdraw|terminate)\b[^.]{0,80}\bat any time\b",
            r"\b(?:either party|each party|the parties|any party)\b[^.]{0,30}\bmay terminate\b[^.]{0,80}\b(?:upon|by giving|with|on)\b[^.]{0,40}\bnotice\b",
            r"\bterminat\w*\b[^.]{0,100}\b(?:upon|on|by giving|with|after|by providing)\b[^.]{0,30}\b(?:at least )?"
            + PERIOD
            + r"[^.]{0,40}\bnotice\b",
            r"\b"
            + PERIOD
            + r"[^.]{0,30}\b(?:prior |advance )?(?:written )?notice\b[^.]{0,60}\bterminat\w*",
            r"(?:任何一方|甲方|乙方|双方)[^。；]{0,15}(?:可|有权|可以)[^。；]{0,30}(?:随时|提前|无需理由|无理由)[^。；]{0,30}(?:解除|终止)|无需[^。；]{0,5}理由",
        ),
        support=(r"\bterminat\w*", r"\bnotice\b", r"解除|终止"),
        against=(
            r"\b(?:breach|default|insolven\w*|bankrupt\w*|fails? to (?:pay|perform|cure)|failure to (?:pay|perform|cure)|material(?:ly)? breach)",
            r"\b(?:non-?renewal|not to renew|prior to the (?:expiration|end) of|automatic\w*|renew\w*|thereafter)\b",
            r"\bfor cause\b|\b(?:in the event|if|upon)\b[^.]{0,60}\b(?:convicted|breach|defaults?|fails?|insolv\w*|bankrupt\w*|change (?:of|in) control|ceases?)\b",
            r"违约|破产",
            # the consequences of ending the contract, whatever the reason
            r"\b(?:expiration|expiry|termination)\b[^.]{0,60}\bfor any reason\b|\b(?:is|are|be|been)\s(?:so )?terminated\b[^.]{0,20}\bfor any reason\b",
            r"\bforce majeure\b",
        ),
        trigger=("terminat", "cancel", "withdraw", "解除", "终止"),
    ),
    topic_signals(
        "non_compete",
        r"\bnon-?compet\w*|\bcompetition\b|\bcompetitive (?:activities|products?|business)\b|\bcompeting (?:products?|business)\b|\brestrictive covenants?\b|\bcovenants? not to compete\b|\brestrictions? on (?:competition|activities)\b|竞业|同业竞争",
        (
            r"\bnot\b[^.]{0,40}\b(?:directly or indirectly\s)?(?:compete|engage|participate|carry on|be (?:engaged|concerned|interested))\b[^.]{0,150}\b(?:compet\w+|similar|same|business|products?)\b",
            r"\b(?:compete|competing|competitive|competitor)\b[^.]{0,100}\b(?:products?|business|services?|activit\w+)\b",
            r"\bnon-?compet\w*|\bcovenants? not to compete\b",
            r"\b(?:shall|will|may|agrees? (?:that it )?(?:shall|will)?)\s?not\b[^.]{0,120}\b(?:develop|market|sell|distribute|commerciali[sz]e|manufacture|research|offer|promote|own|operate)\w*\b[^.]{0,100}\b(?:compet\w+|similar|same|identical)\b",
            r"\b(?:neither|nor)\b[^.]{0,60}\b(?:nor any of its|its) affiliates\b[^.]{0,60}\b(?:shall|will|may)\b[^.]{0,40}\b(?:develop|market|sell|distribute|commerciali[sz]e|manufacture|research|discover)\w*",
            r"\b(?:during the term|for a period of\b[^.]{0,40}\b(?:after|following) (?:the )?(?:termination|expiration))\b[^.]{0,200}\b(?:compet\w*|engage in|similar business)",
            r"竞业(?:限制|禁止)|同业竞争|不得[^。；]{0,30}(?:从事|经营|生产|销售)[^。；]{0,30}(?:相同|类似|竞争)",
        ),
        support=(r"\bcompet\w*", r"\bterritory\b", r"\bdirectly or indirectly\b", r"竞争"),
        against=(
            r"\bnon-?solicit\w*|\bsolicit\w*\b[^.]{0,40}\bemployees?\b",
            r"\bcompetitive (?:bid|pric|rate)\w*",
        ),
        trigger=("compet", "engage", "similar", "commerciali", "restrict", "竞", "相同", "类似"),
    ),
    topic_signals(
        "exclusivity",
        r"\bexclusivity\b|\bexclusive (?:dealing|rights?|appointment|distribut\w+|supply|purchas\w+|territory|relationship|licen[cs]e)\b|\bappointment\b|独家|排他|独占",
        (
            r"\bexclusive (?:[a-z-]+ ){0,2}(?:distributor|dealer|agent|reseller|supplier|provider|sponsor|partner|licensee|manufacturer|marketer|seller|purchaser|source|vendor|advertiser|representative)s?\b",
            r"\bexclusive (?:rights?|licen[cs]e|basis|distribution|marketing|promotion|relationship|arrangement|territory|dealing|field)\b",
            r"\b(?:on an|on a) (?:sole and )?exclusive basis\b|\bexclusivity (?:period|obligation|right|provision)s?\b",
            r"\bexclusive \([^)]{0,80}\)\s*,?\s*(?:[a-z-]+,? ){0,3}(?:licen[cs]e|rights?)\b",
            r"\bonly [a-z]+(?: [a-z]+)? (?:will|shall|may) (?:be )?(?:market|sell|distribut|suppl|provid|promot)\w*",
            r"\b(?:shall|will)\s?not\b[^.]{0,80}\b(?:operate|grant|appoint|license|franchise)\w*\b[^.]{0,60}\b(?:anyone else|any other person|others)\b",
            r"\b(?:sole|exclusive) (?:and exclusive )?(?:source|supplier|distributor|provider|manufacturer|reseller)\b",
            r"\b(?:shall|will|agrees? (?:that it )?(?:shall|will)?)\s?not\b[^.]{0,80}\b(?:appoint|grant|licen[cs]e|sell|supply|purchase|buy|distribute|contract with|engage|partner|collaborate|enable|enter into|place)\w*\b[^.]{0,100}\b(?:any )?(?:other|third part\w*|another|competitor)",
            r"\b(?:all|one hundred percent|100%) of (?:its|their|the|[a-z]+'s) (?:requirements|needs|purchases)\b",
            r"\b(?:purchase|buy|obtain|source|order|acquire)\w*\b[^.]{0,60}\b(?:exclusively|solely|only) from\b",
            r"\b(?:sell|distribute|market|supply|provide|license)\w*\b[^.]{0,60}\b(?:exclusively|solely|only) (?:to|through|for|by)\b",
            r"独家|排他|独占|唯一(?:供应商|经销商|代理)",
        ),
        support=(r"\bexclusiv\w*", r"\bterritory\b", r"\bthird part\w*"),
        against=(
            r"\bsole and exclusive remed\w*|\bexclusive remed\w*",
            r"\bexclusive of\b",
            r"\bexclusive (?:jurisdiction|venue|forum)\b",
            r"\bnon-?exclusive\b",
            r"\bexclusive right,? (?:but not the obligation,? )?(?:to )?(?:prosecute|defend|bring|enforce|control|file|settle|maintain|prepare|institute)",
            r"\b(?:sole|sole and exclusive|absolute) discretion\b",
            r"\b(?:solely and )?exclusively responsible\b|\bsolely responsible\b",
            r"\bexclusive property\b",
        ),
        trigger=(
            "exclusiv",
            "sole ",
            "solely",
            "only ",
            "requirements",
            "third part",
            "anyone else",
            "独家",
            "排他",
            "独占",
            "唯一",
        ),
    ),
)
