"""The full offline review of the generic domain as a CUAD prediction function.

Each contract is written to a temporary folder and reviewed by
:class:`~contract_review.review.engine.ReviewEngine` exactly as ``contract-review review
FILE --domain generic --llm none`` does (locator, playbook, skills, checkpoints in a
temporary store); every *found* finding of a CUAD checklist item, and every item the
report lists as checked and in order, is a prediction, at the span of the clause it
quotes. "Missing" findings predict nothing.
"""

from __future__ import annotations

import re
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

from cuad_labels import CUAD_TOPICS

from contract_review import load_registry, load_settings
from contract_review.review.engine import ReviewEngine
from contract_review.review.engine_request import DocumentInput, ReviewRequest
from contract_review.review.findings import FindingStatus
from contract_review.storage.sqlite_backend import SqliteStorage

Span = tuple[int, int]
Predict = Callable[[str, str], dict[str, list[Span]]]

_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


def review_predict(topics: Sequence[str] = CUAD_TOPICS) -> Predict:
    """``predict(name, text)`` backed by the review engine (offline, no LLM)."""
    folder = Path(tempfile.mkdtemp(prefix="cuad-review-"))
    settings = load_settings(data_dir=folder / "data", llm_provider="none", use_orchestrator=False)
    registry = load_registry(settings=settings)
    engine = ReviewEngine(
        registry, settings=settings, storage=SqliteStorage(folder / "reviews.sqlite3"), llm=None
    )
    wanted = set(topics)

    def predict(name: str, text: str) -> dict[str, list[Span]]:
        path = folder / f"{_UNSAFE.sub('_', Path(name).stem)[:80]}.txt"
        path.write_text(text, encoding="utf-8")
        state = engine.start(
            ReviewRequest(domain_id="generic", documents=[DocumentInput(path=str(path))])
        )
        if state.primary is None or state.primary.source != text:
            raise ValueError(f"{name}: the parser changed the text; offsets would not match")
        spans: dict[str, list[Span]] = {topic: [] for topic in topics}
        for finding in state.findings:
            if finding.status is not FindingStatus.FOUND or finding.checklist_item_id not in wanted:
                continue
            quote = next(
                (e for e in finding.evidence if e.kind == "clause" and e.start is not None), None
            )
            if quote is not None and quote.end is not None:
                spans[finding.checklist_item_id].append((quote.start or 0, quote.end))
        for item in state.checked:
            if item.checklist_item_id not in wanted:
                continue
            quote = next(
                (e for e in item.evidence if e.kind == "clause" and e.start is not None), None
            )
            if quote is not None and quote.end is not None:
                spans[item.checklist_item_id].append((quote.start or 0, quote.end))
        return spans

    return predict
