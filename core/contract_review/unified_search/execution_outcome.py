"""What running a plan produces (:class:`Outcome`), and how entities are shown in it:
all attributes in the verbose format, in the compact one only those the request
filtered or ordered on."""

from __future__ import annotations

from dataclasses import dataclass, field

from .request_models import Filter
from .response_models import Clarify, Degeneration, Entity, Subgraph, TextHit

__all__ = ["EntityView", "Outcome"]


@dataclass(slots=True)
class Outcome:
    """The results of one execution, with what it cost and what it cut."""

    entities: list[Entity] = field(default_factory=list)
    subgraph: Subgraph | None = None
    texts: list[TextHit] = field(default_factory=list)
    #: Matches before paging.
    total: int = 0
    #: Results left out as duplicates on ``dedup_fields``.
    duplicates: int = 0
    #: The relation check's answer (None when the request is none).
    exists: bool | None = None
    #: Calls made to the search backend.
    calls: int = 0
    time_window: str | None = None
    degeneration: list[Degeneration] = field(default_factory=list)
    clarify: list[Clarify] = field(default_factory=list)


class EntityView:
    """Shows entities as the request's ``response_format`` asks."""

    def __init__(self, *, verbose: bool, filters: list[Filter], order_field: str | None) -> None:
        self.verbose = verbose
        asked = [flt.field for flt in filters]
        if order_field is not None:
            asked.append(order_field)
        self.fields = list(dict.fromkeys(asked))

    def __call__(self, entity: Entity) -> Entity:
        """``entity`` with the attributes to show (None when there are none)."""
        if self.verbose or entity.attrs is None:
            return entity
        shown = {name: entity.attrs[name] for name in self.fields if name in entity.attrs}
        return entity.model_copy(update={"attrs": shown or None})
