"""Asking the plugins a review's questions without letting one failing plugin end it.

A firstresult hook called through pluggy stops at the first implementation that raises,
and the review with it: one third-party plugin whose ``locate_clauses`` fails would end
every review of every domain. :func:`first_answer` asks the implementations in pluggy's
order itself; one that raises is skipped for this review — named in the review's notes
and logged as a warning — and the next one (in the end, core's default) answers.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from typing import Any

import pluggy

from .state import ReviewState

__all__ = ["contained_call", "first_answer"]

logger = logging.getLogger(__name__)


def first_answer(pm: pluggy.PluginManager, name: str, review: ReviewState, /, **kwargs: Any) -> Any:
    """The first non-None answer to the firstresult hook ``name`` (called with
    ``kwargs``), as pluggy would give it, skipping an implementation that raises (noted
    in ``review``'s notes); None when none answers. A hook with wrapper implementations
    is called through pluggy (a wrapper sees the whole call)."""
    caller = getattr(pm.hook, name)
    implementations = caller.get_hookimpls()
    if any(impl.hookwrapper or impl.wrapper for impl in implementations):
        return caller(**kwargs)
    for impl in reversed(implementations):  # pluggy's calling order
        answer = contained_call(
            review,
            impl.plugin_name,
            name,
            functools.partial(impl.function, *(kwargs[arg] for arg in impl.argnames)),
        )
        if answer is not None:
            return answer
    return None


def contained_call(review: ReviewState, plugin: str, name: str, call: Callable[[], Any]) -> Any:
    """``call()``, made for ``plugin`` in ``name``; None when it raises (noted in
    ``review``'s notes and logged), so the next answer is used."""
    try:
        return call()
    except Exception as exc:  # a plugin may raise anything; the review goes on
        note = (
            f"The plugin {plugin!r} failed in {name} ({type(exc).__name__}: "
            f"{exc}); it was skipped for this review and the next answer used."
        )
        logger.warning("%s", note)
        if note not in review.notes:
            review.notes.append(note)
        return None
