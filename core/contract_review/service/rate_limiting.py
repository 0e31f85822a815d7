"""Sliding-window rate limiting per client (seed 002 P3 ``RateLimiter``).

Each client (an API key, or the client's address when it sends none) may make at most
``per_minute`` requests in any 60 seconds and ``per_hour`` in any hour. A request over
either limit is refused with the seconds until the oldest request in the full window
leaves it, which the service sends as ``Retry-After``. Refused requests do not count.
Clients idle for an hour are forgotten, so memory stays bounded.
"""

from __future__ import annotations

import math
import threading
import time
from collections import deque
from collections.abc import Callable

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["RateDecision", "SlidingWindowRateLimiter"]

_MINUTE = 60.0
_HOUR = 3600.0


class RateDecision(BaseModel):
    """Whether one request may go ahead, and what is left."""

    model_config = ConfigDict(frozen=True)

    allowed: bool
    limit: int = Field(description="The limit of the tightest window (0: unlimited).")
    remaining: int = Field(description="Requests left in that window after this one.")
    retry_after_s: int = Field(default=0, description="Seconds to wait when refused.")
    window: str = Field(default="", description="'minute' or 'hour': the window exceeded.")


class SlidingWindowRateLimiter:
    """Counts each client's requests over the last minute and the last hour.

    :param per_minute: Requests allowed in any 60 s; 0 for no per-minute limit.
    :param per_hour: Requests allowed in any hour; 0 for no per-hour limit.
    :param clock: Monotonic seconds (tests pass their own).
    """

    def __init__(
        self,
        per_minute: int,
        per_hour: int,
        *,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.per_minute = per_minute
        self.per_hour = per_hour
        self._clock = clock
        self._lock = threading.Lock()
        self._seen: dict[str, deque[float]] = {}
        self._last_sweep = clock()

    @property
    def enabled(self) -> bool:
        """Whether any limit is set."""
        return self.per_minute > 0 or self.per_hour > 0

    def check(self, client: str) -> RateDecision:
        """Count a request of ``client`` if it is within the limits."""
        if not self.enabled:
            return RateDecision(allowed=True, limit=0, remaining=0)
        now = self._clock()
        with self._lock:
            self._sweep(now)
            times = self._seen.setdefault(client, deque())
            while times and times[0] <= now - _HOUR:
                times.popleft()
            for window, limit, span in (
                ("minute", self.per_minute, _MINUTE),
                ("hour", self.per_hour, _HOUR),
            ):
                if limit <= 0:
                    continue
                in_window = self._count_since(times, now - span)
                if in_window >= limit:
                    # The request that must leave the window before one more fits.
                    oldest = times[len(times) - limit]
                    wait = max(1, math.ceil(oldest + span - now))
                    return RateDecision(
                        allowed=False, limit=limit, remaining=0, retry_after_s=wait, window=window
                    )
            times.append(now)
            limit, used = self._tightest(times, now)
            return RateDecision(allowed=True, limit=limit, remaining=max(0, limit - used))

    def _tightest(self, times: deque[float], now: float) -> tuple[int, int]:
        options = []
        if self.per_minute > 0:
            options.append((self.per_minute, self._count_since(times, now - _MINUTE)))
        if self.per_hour > 0:
            options.append((self.per_hour, len(times)))
        return min(options, key=lambda pair: pair[0] - pair[1])

    @staticmethod
    def _count_since(times: deque[float], start: float) -> int:
        count = 0
        for moment in reversed(times):
            if moment <= start:
                break
            count += 1
        return count

    def _sweep(self, now: float) -> None:
        if now - self._last_sweep < _MINUTE:
            return
        self._last_sweep = now
        for client in [c for c, t in self._seen.items() if not t or t[-1] <= now - _HOUR]:
            del self._seen[client]
