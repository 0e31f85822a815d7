"""Packages whose names are imported on first use: ``contract_review``, ``documents``,
``laws``, ``llm`` and ``storage`` list what they export and where it lives, and
:func:`lazy_exports` gives them the module ``__getattr__``/``__dir__`` that import it
when asked (so ``import contract_review`` stays cheap)."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any

__all__ = ["lazy_exports"]


def lazy_exports(
    package: str, exports: Mapping[str, str], names: Sequence[str]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of ``package``: ``exports`` maps each name to
    the submodule (relative to ``package``) defining it; ``names`` is the package's
    ``__all__``. An imported name is cached in the package's namespace."""

    def __getattr__(name: str) -> Any:
        module_name = exports.get(name)
        if module_name is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f".{module_name}", package), name)
        setattr(sys.modules[package], name, value)
        return value

    def __dir__() -> list[str]:
        return list(names)

    return __getattr__, __dir__
