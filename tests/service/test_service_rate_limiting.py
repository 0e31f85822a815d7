"""The sliding-window rate limiter: no window ever holds more than its limit, a refused
request may go ahead exactly when Retry-After says, and clients are counted apart."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from contract_review.service.rate_limiting import SlidingWindowRateLimiter


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@settings(max_examples=200)
@given(
    per_minute=st.integers(min_value=1, max_value=8),
    per_hour=st.integers(min_value=0, max_value=20),
    gaps=st.lists(st.floats(min_value=0, max_value=90, allow_nan=False), max_size=60),
)
def test_no_window_ever_holds_more_than_its_limit(
    per_minute: int, per_hour: int, gaps: list[float]
) -> None:
    clock = Clock()
    limiter = SlidingWindowRateLimiter(per_minute, per_hour, clock=clock)
    allowed: list[float] = []
    for gap in gaps:
        clock.now += gap
        decision = limiter.check("client")
        if decision.allowed:
            allowed.append(clock.now)
        else:
            assert decision.retry_after_s >= 1
            assert decision.window in {"minute", "hour"}
    for moment in allowed:
        assert sum(1 for t in allowed if moment - 60 < t <= moment) <= per_minute
        if per_hour:
            assert sum(1 for t in allowed if moment - 3600 < t <= moment) <= per_hour


@given(per_minute=st.integers(min_value=1, max_value=10), spread=st.floats(0, 59))
def test_retry_after_is_when_the_next_request_fits(per_minute: int, spread: float) -> None:
    clock = Clock()
    limiter = SlidingWindowRateLimiter(per_minute, 0, clock=clock)
    for _ in range(per_minute):
        assert limiter.check("c").allowed
        clock.now += spread / per_minute
    refused = limiter.check("c")
    assert not refused.allowed
    clock.now += refused.retry_after_s - 1.001
    assert not limiter.check("c").allowed or refused.retry_after_s == 1
    clock.now += 1.002
    assert limiter.check("c").allowed


def test_clients_are_counted_apart_and_zero_means_no_limit() -> None:
    clock = Clock()
    limiter = SlidingWindowRateLimiter(2, 0, clock=clock)
    assert [limiter.check("a").allowed for _ in range(3)] == [True, True, False]
    assert limiter.check("b").allowed
    unlimited = SlidingWindowRateLimiter(0, 0, clock=clock)
    assert all(unlimited.check("a").allowed for _ in range(500))
    assert not unlimited.enabled


def test_remaining_counts_down() -> None:
    clock = Clock()
    limiter = SlidingWindowRateLimiter(3, 100, clock=clock)
    assert [limiter.check("a").remaining for _ in range(3)] == [2, 1, 0]
