"""When and how long clients of remote services (the LLM clients, the Dashscope
embedder) wait before trying a request again.

Throttling (HTTP 429), server errors (5xx), timeouts and network failures are retried
with exponential back-off; a ``Retry-After`` the service sends is honoured when it asks
for longer. Other refusals (400, 401, 403, 404, ...) are never retried: sending the same
request again would get the same answer.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime

import attrs

logger = logging.getLogger(__name__)

#: The longest wait between two attempts, whatever the back-off or Retry-After says.
MAX_WAIT_S = 60.0


def is_retryable_status(status: int) -> bool:
    """True for throttling (429) and server errors (5xx)."""
    return status == 429 or 500 <= status <= 599


def parse_retry_after(value: object) -> float | None:
    """Seconds to wait from a ``Retry-After`` value: a number of seconds or an HTTP date.

    None when absent or unreadable.
    """
    if value is None:
        return None
    text = str(value).strip()
    if not text:
        return None
    try:
        return max(0.0, float(text))
    except ValueError:
        pass
    try:
        when = parsedate_to_datetime(text)
    except (TypeError, ValueError, IndexError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return max(0.0, (when - datetime.now(UTC)).total_seconds())


@attrs.frozen
class RetryPolicy:
    """How often and how long to wait between attempts.

    :param max_retries: Retries after the first attempt (0: never retry).
    :param backoff_s: The first wait; it doubles with each retry.
    :param max_wait_s: No single wait is longer than this.
    :param sleep: How to wait (tests pass a function that records instead).
    """

    max_retries: int = attrs.field(default=3)
    backoff_s: float = 1.0
    max_wait_s: float = MAX_WAIT_S
    sleep: Callable[[float], None] = time.sleep

    @max_retries.validator
    def _check_retries(self, _attribute: object, value: int) -> None:
        if value < 0:
            raise ValueError(f"max_retries must be 0 or more, got {value}")

    def can_retry(self, attempt: int) -> bool:
        """Whether attempt number ``attempt`` (0 = the first) may be followed by another."""
        return attempt < self.max_retries

    def delay(self, attempt: int, retry_after: float | None = None) -> float:
        """The wait after failed attempt ``attempt``: the back-off, or the service's
        ``Retry-After`` when longer, capped at ``max_wait_s``."""
        wait = float(self.backoff_s * 2.0**attempt)
        if retry_after is not None:
            wait = max(wait, retry_after)
        return min(wait, self.max_wait_s)

    def wait(
        self, attempt: int, *, who: str, reason: str, retry_after: float | None = None
    ) -> None:
        """Log why and wait before retry number ``attempt + 1``."""
        wait = self.delay(attempt, retry_after)
        logger.warning(
            "%s: %s; retrying in %.1f s (retry %d of %d)",
            who,
            reason,
            wait,
            attempt + 1,
            self.max_retries,
        )
        self.sleep(wait)


__all__ = ["MAX_WAIT_S", "RetryPolicy", "is_retryable_status", "parse_retry_after"]
