"""Timing the phases of an index build (reading, tokenizing, embedding, saving), so
``index build -v`` and ``law index -v`` can say where the time went."""

from __future__ import annotations

import time

#: A phase's own time left beside its timed parts is listed only from this many seconds.
MIN_SHOWN_S = 0.05


class PhaseTimer:
    """Seconds per phase: :meth:`lap` ends the current phase under a name (a name
    used twice adds up)."""

    def __init__(self) -> None:
        self._last = time.perf_counter()
        #: Phase name → seconds, in the order the phases first ended.
        self.laps: dict[str, float] = {}

    def lap(self, name: str, *, parts: dict[str, float] | None = None) -> float:
        """End the phase running since the last lap (or the start) as ``name``;
        returns its seconds. ``parts`` are phases timed inside it (by
        :attr:`.HybridIndex.build_timings`): they are listed under their own names
        after ``name``, which keeps the rest of the time (listed when it is at least
        :data:`MIN_SHOWN_S`)."""
        now = time.perf_counter()
        seconds = now - self._last
        self._last = now
        inner = dict(parts or {})
        rest = max(0.0, seconds - sum(inner.values()))
        if rest >= MIN_SHOWN_S or not inner:
            self.laps[name] = self.laps.get(name, 0.0) + rest
        for part, part_seconds in inner.items():
            self.laps[part] = self.laps.get(part, 0.0) + part_seconds
        return seconds


def describe_phases(laps: dict[str, float]) -> str:
    """``"read 0.9 s, embed 80.2 s, save 2.1 s (total 83.2 s)"``."""
    parts = ", ".join(f"{name} {seconds:.1f} s" for name, seconds in laps.items())
    return f"{parts} (total {sum(laps.values()):.1f} s)"


__all__ = ["PhaseTimer", "describe_phases"]
