"""The MCP server's resources: the reports of the store's complete reviews.

Each complete review the caller may see is listed as ``review://{review_id}/report.json``
and ``review://{review_id}/report.md`` (the templates say so too); reading one renders
the stored report with the registry's exporter for that suffix, as the HTTP service's
``GET /reviews/{id}/report.{fmt}`` does. On stdio the caller is the local user, who
sees every review; over HTTP with API keys a key sees only the reviews it started.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..errors import InputError, NotFoundError
from ..review.engine import RECORD_KIND
from ..review.report_models import ReviewReport
from ..storage.opening import open_storage
from ..storage.readable import readable_records

if TYPE_CHECKING:
    from ..config import Settings
    from ..registry import Registry
    from ..service.principals import Principal

__all__ = ["REPORT_SUFFIXES", "ReportResource", "ReviewResources", "report_uri"]

#: The report formats served as resources: suffix -> media type.
REPORT_SUFFIXES: dict[str, str] = {".json": "application/json", ".md": "text/markdown"}

_URI = re.compile(r"^review://(?P<review_id>[A-Za-z0-9._-]+)/report(?P<suffix>\.[a-z]+)$")


def report_uri(review_id: str, suffix: str) -> str:
    """The resource URI of a review's report in the format of ``suffix`` ('.json', '.md')."""
    return f"review://{review_id}/report{suffix}"


@dataclass(frozen=True)
class ReportResource:
    """One listed report."""

    uri: str
    name: str
    title: str
    media_type: str


def _owner(data: Any) -> str:
    from ..service.principals import review_owner

    return review_owner(data)


class ReviewResources:
    """The stored reports of one store.

    :param registry: Its exporters render the reports.
    :param settings: Name the store.
    """

    def __init__(self, registry: Registry, settings: Settings) -> None:
        self.registry = registry
        self.settings = settings

    def list(self, caller: Principal | None) -> list[ReportResource]:
        """The reports of the complete reviews ``caller`` may see, newest last as the
        store lists them."""
        found: list[ReportResource] = []
        with open_storage(self.settings) as storage:
            for record in readable_records(storage, RECORD_KIND):
                data = record.data
                if data.get("status") != "complete" or not isinstance(data.get("report"), dict):
                    continue
                if caller is not None and not caller.may_see(_owner(data)):
                    continue
                title = str(data["report"].get("title") or record.id)
                for suffix, media_type in REPORT_SUFFIXES.items():
                    found.append(
                        ReportResource(
                            uri=report_uri(record.id, suffix),
                            name=f"{record.id}/report{suffix}",
                            title=title,
                            media_type=media_type,
                        )
                    )
        return found

    def read(self, uri: str, caller: Principal | None) -> tuple[str, str]:
        """The text of the report ``uri`` names and its media type.

        :raises InputError: for a URI that names no report format served.
        :raises NotFoundError: for a review that is not in the store, not the caller's,
            or not complete.
        """
        match = _URI.match(uri)
        if match is None or match["suffix"] not in REPORT_SUFFIXES:
            raise InputError(
                f"{uri!r} is not a report resource; they are review://REVIEW_ID/report.json "
                "and review://REVIEW_ID/report.md"
            )
        review_id, suffix = match["review_id"], match["suffix"]
        with open_storage(self.settings) as storage:
            record = storage.load(RECORD_KIND, review_id)
        if record is None or (caller is not None and not caller.may_see(_owner(record.data))):
            raise NotFoundError(
                f"no review {review_id!r} in the store (list the resources to see the reviews)"
            )
        stored = record.data.get("report")
        if record.data.get("status") != "complete" or not isinstance(stored, dict):
            raise NotFoundError(
                f"review {review_id!r} is not complete (status {record.data.get('status')!r}); "
                "its report is served once it is"
            )
        report = ReviewReport.model_validate(stored)
        exporter = next(
            (
                registered.item
                for registered in self.registry.exporters.values()
                if registered.item.suffix == suffix and not registered.item.binary
            ),
            None,
        )
        if exporter is None:
            raise InputError(f"no installed report exporter writes {suffix} reports")
        return exporter.render(report).decode("utf-8"), REPORT_SUFFIXES[suffix]
