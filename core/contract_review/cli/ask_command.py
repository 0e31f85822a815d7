"""``contract-review ask``: answer a question from the law library (or about a reviewed
contract) with citations that quote the law exactly; print the answer and its citations,
or the answer as JSON."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import click

from .context import echo_json, stdout_console
from .retrieval_options import offline_option

if TYPE_CHECKING:
    from ..ask.answer_models import AskAnswer, AskRequest
    from ..config import Settings
    from ..laws.law_index import LawIndex
    from ..llm.client_types import LLMClient

__all__ = ["answer_question", "ask", "ask_request"]


def ask_request(
    question: str,
    review_id: str | None,
    conversation_id: str | None,
    top_k: int,
    mode: str,
    language: str,
) -> AskRequest:
    """The request of ``ask`` with these options.

    :raises InputError: naming what does not validate (an empty question...).
    """
    from pydantic import ValidationError

    from ..ask.answer_models import AskRequest
    from ..errors import InputError, describe_validation_error

    try:
        return AskRequest.model_validate(
            {
                "query": question,
                "review_id": review_id,
                "conversation_id": conversation_id,
                "top_k": top_k,
                "options": {"mode": mode, "language": language},
            }
        )
    except ValidationError as exc:
        raise InputError(describe_validation_error(exc, root="question")) from None


def _llm(mode: str, name: str | None, settings: Settings, offline: bool | None) -> LLMClient | None:
    if mode == "extractive":
        return None
    from ..llm.llm_choice import choose_llm, llm_notice

    client = choose_llm(name, settings=settings, offline=offline)
    if client is not None:
        click.echo(llm_notice(client.info, what="The question and the passages found"), err=True)
    return client


def _print(answer: AskAnswer) -> None:
    from rich.table import Table

    console = stdout_console()
    console.print(answer.answer)
    if answer.citations:
        table = Table(title="Citations", title_justify="left", show_lines=True)
        table.add_column("#", justify="right")
        table.add_column("Cited")
        table.add_column("Quote", overflow="fold")
        table.add_column("Score", justify="right")
        for number, citation in enumerate(answer.citations, start=1):
            table.add_row(
                str(number),
                f"{citation.label}\n{citation.id}",
                citation.quote,
                f"{citation.score:.3f}",
            )
        console.print()
        console.print(table)
    console.print(
        f"Confidence {answer.confidence:.2f} · {answer.mode} answer · {answer.intent}"
        + (f" · conversation {answer.conversation_id}" if answer.conversation_id else "")
    )
    for note in answer.notes:
        console.print(f"Note: {note}")


def answer_question(
    request: AskRequest,
    *,
    settings: Settings,
    law_index_dir: Path | None = None,
    opened: Callable[[Path], LawIndex] | None = None,
    llm_name: str | None = None,
    offline: bool | None = None,
    new_conversation: bool = False,
) -> AskAnswer:
    """Answer ``request`` as ``contract-review ask`` does: from the law index
    (``law_index_dir``, else the configured one) or, with a review id, from the store;
    by the configured LLM unless the mode is extractive (said on stderr first).
    ``opened`` opens the law index (default: read it now, saying on stderr first when
    its embedder sends the question elsewhere); a server passes one that keeps it open.

    :raises InputError: when there is no law index and no review id (saying how to
        build one), or the request cannot be answered (see :func:`~..ask.asking.ask`).
    """
    from ..ask.asking import NO_LAW_INDEX_MESSAGE
    from ..ask.asking import ask as ask_question
    from ..ask.conversations import ConversationStore
    from ..errors import InputError
    from ..laws.law_tools import configured_law_index_dir
    from ..storage.opening import open_storage
    from .retrieval_options import open_law_index_announced

    law_index = None
    if request.review_id is None:
        directory = configured_law_index_dir(settings, law_index_dir)
        if directory is None:
            raise InputError(NO_LAW_INDEX_MESSAGE)
        law_index = (
            opened(directory)
            if opened is not None
            else open_law_index_announced(
                directory, offline=offline, what="The question", settings=settings
            )
        )
    llm = _llm(request.options.mode, llm_name, settings, offline)
    if request.review_id is None and request.conversation_id is None and not new_conversation:
        return ask_question(request, law_index=law_index, llm=llm)
    with (
        open_storage(settings) as storage,
        ConversationStore.from_settings(storage, settings) as conversations,
    ):
        if new_conversation:
            created = conversations.create(metadata={"started_by": "cli"})
            request = request.model_copy(update={"conversation_id": created.id})
        return ask_question(
            request, law_index=law_index, storage=storage, llm=llm, conversations=conversations
        )


@click.command("ask")
@click.argument("question")
@click.option(
    "--law-index",
    "law_index_dir",
    type=click.Path(path_type=Path, file_okay=False),
    default=None,
    help="The law index to answer from (default: the law_index setting, "
    "CONTRACT_REVIEW_LAW_INDEX). Build one with 'contract-review law index'.",
)
@click.option(
    "--review", "review_id", metavar="ID", help="Answer from this review's documents instead."
)
@click.option(
    "--conversation",
    "conversation_id",
    metavar="ID",
    help="Add the question and the answer to this conversation; a short follow-up "
    "question is read with its earlier questions.",
)
@click.option(
    "--new-conversation",
    is_flag=True,
    help="Start a conversation for this question (its id is printed; continue it with "
    "--conversation ID).",
)
@click.option("--top-k", type=click.IntRange(1, 20), default=5, show_default=True)
@click.option(
    "--mode",
    type=click.Choice(["auto", "extractive", "llm"]),
    default="auto",
    show_default=True,
    help="extractive: quote the best sentences; llm: an LLM writes the answer from them; "
    "auto: the LLM when one is configured.",
)
@click.option(
    "--llm",
    "llm_name",
    metavar="NAME",
    default=None,
    help="none, openai, dashscope, or a plugin's client (default: the llm_provider setting).",
)
@click.option(
    "--language",
    type=click.Choice(["auto", "zh", "en"]),
    default="auto",
    show_default=True,
    help="The language of the answer (auto: the question's).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the answer as JSON.")
@offline_option
def ask(
    question: str,
    law_index_dir: Path | None,
    review_id: str | None,
    conversation_id: str | None,
    new_conversation: bool,
    top_k: int,
    mode: str,
    llm_name: str | None,
    language: str,
    as_json: bool,
    offline: bool | None,
) -> None:
    """Answer QUESTION with citations quoting the law library (or, with --review, the
    reviewed contract).

    \b
    Examples:
      contract-review ask "试用期内用人单位可以随意解除劳动合同吗" --law-index law-index
      contract-review ask "Who bears the risk of unforeseeable ground conditions?" \\
        --review rv-20261122-101500-a1b2c3
    """
    if new_conversation and conversation_id is not None:
        raise click.UsageError("choose one of --conversation and --new-conversation")
    from ..config import load_settings

    settings = load_settings()
    request = ask_request(question, review_id, conversation_id, top_k, mode, language)
    answer = answer_question(
        request,
        settings=settings,
        law_index_dir=law_index_dir,
        llm_name=llm_name,
        offline=offline,
        new_conversation=new_conversation,
    )
    if as_json:
        echo_json(answer.model_dump(mode="json"))
    else:
        _print(answer)
