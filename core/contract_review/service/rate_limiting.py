"""Sliding-window rate limiting per client (seed 002 P3 ``RateLimiter``).

Each client (an API key, or the client's address when it sends none) may make at most
``per_minute`` requests in any 60 seconds and ``per_hour`` in any hour. A request over
either limit is refused with the seconds until the oldest request in the full window
leaves it, which the service sends as ``Retry-After``. Refused requests do not count.
Clients idle for an hour are forgotten, so memory stays bounded.

One service process counts in its memory (:class:`SlidingWindowRateLimiter`). Several
processes — ``serve --workers N``, or several hosts on one PostgreSQL store — count in
the store they share (:class:`SharedRateLimiter`), so a limit holds across all of them:
100 requests a minute means 100 in all, not 100 per process.
"""

from __future__ import annotations

import hashlib
import math
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

from pydantic import BaseModel, ConfigDict, Field

if TYPE_CHECKING:
    from ..storage.backend import StorageBackend

__all__ = ["RateDecision", "RateLimiter", "SharedRateLimiter", "SlidingWindowRateLimiter"]

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


class RateLimiter(Protocol):
    """What the service asks of a rate limiter."""

    @property
    def enabled(self) -> bool:
        """Whether any limit is set."""
        ...

    def check(self, client: str) -> RateDecision:
        """Count a request of ``client`` if it is within the limits."""
        ...


def judge(times: Sequence[float], now: float, per_minute: int, per_hour: int) -> RateDecision:
    """Whether one more request at ``now`` fits, given the client's earlier requests in
    the last hour (``times``, oldest first); the limit and what is left count it."""
    for window, limit, span in (("minute", per_minute, _MINUTE), ("hour", per_hour, _HOUR)):
        if limit <= 0:
            continue
        in_window = _count_since(times, now - span)
        if in_window >= limit:
            # The request that must leave the window before one more fits.
            oldest = times[len(times) - limit]
            wait = max(1, math.ceil(oldest + span - now))
            return RateDecision(
                allowed=False, limit=limit, remaining=0, retry_after_s=wait, window=window
            )
    options = []
    if per_minute > 0:
        options.append((per_minute, _count_since(times, now - _MINUTE) + 1))
    if per_hour > 0:
        options.append((per_hour, _count_since(times, now - _HOUR) + 1))
    limit, used = min(options, key=lambda pair: pair[0] - pair[1])
    return RateDecision(allowed=True, limit=limit, remaining=max(0, limit - used))


def _count_since(times: Sequence[float], start: float) -> int:
    count = 0
    for moment in reversed(times):
        if moment <= start:
            break
        count += 1
    return count


class SharedRateLimiter:
    """The same limits, counted in the store every service process shares.

    Each client's requests are kept under a hash of its name (an API key is never
    stored); counting is one short transaction of the store, atomic across processes.

    :param clock: Seconds since the epoch (every process must share it: wall time).
    """

    def __init__(
        self,
        storage: StorageBackend,
        per_minute: int,
        per_hour: int,
        *,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.storage = storage
        self.per_minute = per_minute
        self.per_hour = per_hour
        self._clock = clock

    @property
    def enabled(self) -> bool:
        """Whether any limit is set."""
        return self.per_minute > 0 or self.per_hour > 0

    def check(self, client: str) -> RateDecision:
        """Count a request of ``client`` if it is within the limits."""
        if not self.enabled:
            return RateDecision(allowed=True, limit=0, remaining=0)
        now = self._clock()
        decisions: list[RateDecision] = []

        def decide(times: list[float]) -> bool:
            decisions.append(judge(times, now, self.per_minute, self.per_hour))
            return decisions[-1].allowed

        bucket = "rate-" + hashlib.sha256(client.encode("utf-8")).hexdigest()[:40]
        horizon = _HOUR if self.per_hour > 0 else _MINUTE
        self.storage.take_rate_slot(bucket, now=now, horizon_s=horizon, decide=decide)
        return decisions[-1]


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
            decision = judge(times, now, self.per_minute, self.per_hour)
            if decision.allowed:
                times.append(now)
            return decision

    def _sweep(self, now: float) -> None:
        if now - self._last_sweep < _MINUTE:
            return
        self._last_sweep = now
        for client in [c for c, t in self._seen.items() if not t or t[-1] <= now - _HOUR]:
            del self._seen[client]
