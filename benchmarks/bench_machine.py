"""What a benchmark's numbers were measured on."""

from __future__ import annotations

import os
import platform
from pathlib import Path

__all__ = ["machine", "machine_line"]


def machine() -> dict[str, str]:
    """What the numbers were measured on."""
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    memory = "?"
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal"):
                memory = f"{int(line.split()[1]) / 1024 / 1024:.0f} GB"
                break
    except OSError:
        pass
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return {
        "cpu": cpu,
        "cores": str(cores),
        "memory": memory,
        "os": f"{platform.system()} {platform.release()}",
        "python": platform.python_version(),
    }


def machine_line() -> str:
    """The machine in one line: CPU, cores, memory, OS and Python."""
    m = machine()
    return f"{m['cpu']}, {m['cores']} cores, {m['memory']} RAM, {m['os']}, Python {m['python']}"
