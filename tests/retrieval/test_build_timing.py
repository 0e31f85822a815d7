"""Timing the phases of an index build."""

from __future__ import annotations

import pytest

from contract_review.retrieval import build_timing
from contract_review.retrieval.build_timing import PhaseTimer, describe_phases


def _clock(monkeypatch: pytest.MonkeyPatch, times: list[float]) -> None:
    ticks = iter(times)
    monkeypatch.setattr(build_timing.time, "perf_counter", lambda: next(ticks))


def test_laps_add_up_under_their_names(monkeypatch: pytest.MonkeyPatch) -> None:
    _clock(monkeypatch, [0.0, 1.5, 4.0, 4.5])
    timer = PhaseTimer()
    assert timer.lap("read") == 1.5
    timer.lap("embed")
    timer.lap("read")
    assert timer.laps == {"read": 2.0, "embed": 2.5}
    assert describe_phases(timer.laps) == "read 2.0 s, embed 2.5 s (total 4.5 s)"


def test_parts_timed_inside_a_lap_are_listed_after_its_own_rest(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _clock(monkeypatch, [0.0, 10.0, 20.0])
    timer = PhaseTimer()
    timer.lap("add", parts={"tokenize": 3.0, "embed": 6.0})
    assert list(timer.laps.items()) == [("add", 1.0), ("tokenize", 3.0), ("embed", 6.0)]
    timer.lap("build", parts={"embed": 9.99})  # its own 0.01 s is not worth a mention
    assert timer.laps == {"add": 1.0, "tokenize": 3.0, "embed": 15.99}
