"""The ReAct worker's prompts, in English and Chinese (chosen by the task's language).

The system prompt says what the worker is and how to answer; the user prompt carries
the clause (checklist item, plan, party, playbook position and rules, the located
passages). The remaining texts are the follow-ups of the loop: the request for the
final answer when the tool budget is used up, the repair request after an answer that
is not usable JSON, and the body of a tool message reporting an error.
"""

from __future__ import annotations

import json

from pydantic import BaseModel, ConfigDict

from .react_models import ClauseTask

__all__ = ["PASSAGE_CHARS", "ReactPrompts", "prompts_for", "truncate", "user_prompt"]

#: Longest passage text put into the user prompt; longer passages are cut (the model can
#: read the whole clause with a tool).
PASSAGE_CHARS = 6000

_ANSWER_SHAPE = {
    "findings": [
        {
            "clause_id": "14.1",
            "risk_level": "critical | high | medium | low",
            "title": "...",
            "description": "...",
            "rationale": "...",
            "revised_text": "... or null",
            "quotes": ["..."],
        }
    ]
}


class ReactPrompts(BaseModel):
    """The texts of one language."""

    model_config = ConfigDict(frozen=True)

    system: str
    labels: dict[str, str]
    final_request: str
    repair_request: str
    tool_error_hint: str
    truncated: str
    no_party: str
    prc_law: str
    foreign_law: str
    no_law: str


_EN = ReactPrompts(
    system=(
        "You are a senior lawyer reviewing one clause of a contract for your client. "
        "You may call the tools offered to read the clause in context, resolve defined "
        "terms, extract amounts and time limits, compare with the baseline or search the "
        "reference documents. Call a tool only when it helps; a tool that fails tells you "
        "why, and you may call it again with other arguments. When you know enough, stop "
        "calling tools and answer.\n"
        "Your final answer is one JSON object and nothing else, of this shape: "
        f"{json.dumps(_ANSWER_SHAPE)}\n"
        "One finding per distinct risk to the party we act for; an empty list when the "
        "clause raises no concern. clause_id names one of the passages shown. quotes are "
        "copied exactly from the passage. revised_text is the whole passage as you "
        "propose it, or null when you propose no change."
    ),
    labels={
        "domain": "Domain",
        "item": "Checklist item",
        "priority": "priority",
        "check": "What to check",
        "depth": "Analysis depth",
        "tools": "Suggested tools",
        "party": "We act for",
        "law": "Governing law",
        "position": "Standard position",
        "rules": "Playbook rules",
        "passages": "The clause as located in the contract",
        "none_found": "(no passage was located; use the tools to find the clause)",
    },
    final_request=(
        "You have used all your tool calls. Answer now with the JSON object of findings, "
        "without calling any tool."
    ),
    repair_request=(
        "That answer could not be used: {error}. Answer again with only the JSON object "
        "of findings described above."
    ),
    tool_error_hint="Fix the arguments and call the tool again, or answer without it.",
    truncated="[... {count} more characters cut]",
    no_party="no party (a neutral review)",
    prc_law="Cite PRC law (statute and article) only where you are sure of the article.",
    foreign_law=(
        "PRC law does not govern this contract: do not cite PRC law (no PRC statute, article "
        "or regulation, no 'PRC law'); reason from the contract and general principles."
    ),
    no_law=(
        "The contract chooses no governing law: do not cite PRC law or any other statute; "
        "reason from the contract itself."
    ),
)

_ZH = ReactPrompts(
    system=(
        "你是一位资深律师，正在为委托方审查合同中的一个条款。你可以调用所提供的工具："
        "查看条款上下文、解释定义术语、提取金额和期限、与基准文本比较、检索参考文件。"
        "只在有帮助时调用工具；工具失败时会告诉你原因，你可以换参数再调用。"
        "信息足够后，停止调用工具并给出答案。\n"
        "最终答案只输出一个 JSON 对象，不要输出其他内容，格式如下："
        f"{json.dumps(_ANSWER_SHAPE, ensure_ascii=False)}\n"
        "每个对我方不利的独立风险写一条 finding；条款没有问题时返回空列表。"
        "clause_id 取所给段落之一的编号；quotes 必须逐字摘自该段落；"
        "revised_text 是你建议修改后的完整段落，不建议修改时为 null。"
        "risk_level 只能是 critical、high、medium、low 之一。"
    ),
    labels={
        "domain": "领域",
        "item": "审查要点",
        "priority": "优先级",
        "check": "审查内容",
        "depth": "审查深度",
        "tools": "建议工具",
        "party": "我方",
        "law": "适用法律",
        "position": "标准立场",
        "rules": "审查规则",
        "passages": "合同中定位到的条款",
        "none_found": "（未定位到条款，请用工具查找）",
    },
    final_request="工具调用次数已用完。请立即给出 findings 的 JSON 对象，不要再调用任何工具。",
    repair_request="该答案无法使用：{error}。请只输出上面要求的 findings JSON 对象，重新回答。",
    tool_error_hint="请修正参数后重新调用该工具，或不用该工具直接回答。",
    truncated="[……其余 {count} 个字符已截去]",
    no_party="不代表任何一方（中立审查）",
    prc_law="可以引用中华人民共和国法律（法律名称及条文），但只引用你确定的条文。",
    foreign_law=(
        "本合同不适用中华人民共和国法律：不得引用中华人民共和国法律（任何法律、条文或法规）；"
        "请依据合同条款和一般法律原则分析。"
    ),
    no_law="合同未约定适用法律：不得引用中华人民共和国法律或其他法律条文；请依据合同条款本身分析。",
)


def prompts_for(language: str) -> ReactPrompts:
    """The Chinese texts for ``"zh"``, else the English ones."""
    return _ZH if language == "zh" else _EN


#: Where the report's language is not the contract's: the revised text goes into the
#: contract, so it is written in the contract's language (by report, then contract language).
_REVISED_IN: dict[str, dict[str, str]] = {
    "en": {
        "zh": "Write the findings in English, but revised_text in Chinese, the contract's language."
    },
    "zh": {"en": "审查意见用中文撰写，但 revised_text 用合同的语言（英文）撰写。"},
}


def truncate(text: str, limit: int, prompts: ReactPrompts) -> str:
    """``text`` cut to ``limit`` characters, with a note saying how much was cut."""
    if len(text) <= limit:
        return text
    return text[:limit] + " " + prompts.truncated.format(count=len(text) - limit)


def user_prompt(task: ClauseTask) -> str:
    """The clause to analyse, in the task's language."""
    texts = prompts_for(task.language)
    label = texts.labels
    item = task.item
    name = item.clause_name
    if item.clause_name_en and item.clause_name_en != name:
        name = f"{name} ({item.clause_name_en})"
    lines = [
        f"{label['domain']}: {task.domain}",
        f"{label['item']}: {item.clause_id} {name} ({label['priority']}: {item.priority.value})",
    ]
    if item.description:
        lines.append(f"{label['check']}: {item.description}")
    lines.append(f"{label['depth']}: {task.plan.analysis_depth.value}")
    if task.plan.suggested_tools:
        lines.append(f"{label['tools']}: {', '.join(task.plan.suggested_tools)}")
    lines.append(f"{label['party']}: {task.our_party or texts.no_party}")
    if task.governing_law is not None:
        law = task.governing_law
        advice = texts.prc_law if law.is_prc else texts.foreign_law
        if law.basis == "not_stated":
            advice = texts.no_law
        stop = "。" if task.language == "zh" else ". "
        lines.append(f"{label['law']}: {law.label(task.language)}{stop}{advice}")
    if task.standard_position:
        lines.append(f"{label['position']}: {task.standard_position}")
    if task.rules:
        lines.append(f"{label['rules']}:")
        lines.extend(f"- {rule}" for rule in task.rules)
    if task.contract_language and task.contract_language != task.language:
        lines.append(_REVISED_IN[task.language][task.contract_language])
    lines.append("")
    lines.append(f"{label['passages']}:")
    if not task.passages:
        lines.append(label["none_found"])
    for passage in task.passages:
        lines.append(f"[{passage.clause_id}]")
        lines.append(truncate(passage.text, PASSAGE_CHARS, texts))
    return "\n".join(lines)
