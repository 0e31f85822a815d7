"""A signal locator's fitted parameters: unit scoring weights and flag thresholds.

A unit's score for a topic is a logistic model over :data:`.features.FEATURE_NAMES`:
``sigmoid(x · (shared_weights + topic.weights) + intercept + topic.bias)``. The shared
weights hold what every topic has in common (a heading naming the topic, the
topic's characteristic phrasings); a topic's own weights and bias adjust them. A
contract is judged to hold the topic when its best unit scores at least the topic's
``threshold``; a second unit is reported too when it also reaches the threshold and
``extra_ratio`` of the best score (the topic's own ratio when it has one: second
findings are mostly wrong for some topics).

A domain ships its parameters as a JSON file in its package
(:class:`PackagedParameters` names it); the generic domain's are fitted on the CUAD
dev contracts by ``benchmarks/cuad_bench.py --refit`` (the fitting is
``benchmarks/locator_fitting.py`` in the repository, not part of any package: a
domain only reads the file). A topic the file does not list (one of the checklist's
topics the training data does not label, or a topic a playbook adds) uses
``default``: the shared weights, the mean topic bias and the median threshold.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from importlib import resources
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from contract_review.errors import InputError

from .features import FEATURE_NAMES

__all__ = [
    "LocatorParameters",
    "PackagedParameters",
    "TopicParameters",
    "read_parameters",
    "reported_count",
    "write_parameters",
]


class TopicParameters(BaseModel):
    """One topic's adjustment of the shared model and its flag threshold."""

    model_config = ConfigDict(frozen=True)

    weights: tuple[float, ...] = Field(description="Added to the shared weights.")
    bias: float = Field(description="Added to the intercept.")
    threshold: float = Field(
        ge=0.0, le=1.01, description="Best unit's probability needed to report the topic."
    )
    extra_ratio: float | None = Field(
        default=None,
        ge=0.0,
        le=1.01,
        description="The topic's own share of the best score a second unit needs (above 1: "
        "never a second unit); None: the common ``extra_ratio``.",
    )


class LocatorParameters(BaseModel):
    """Everything the locator learned (see the module docstring)."""

    model_config = ConfigDict(frozen=True)

    feature_names: tuple[str, ...] = Field(description="The features the weights are for.")
    shared_weights: tuple[float, ...]
    intercept: float
    topics: dict[str, TopicParameters]
    default: TopicParameters = Field(description="For topics not in ``topics``.")
    extra_ratio: float = Field(
        ge=0.0,
        description="A unit after the best is reported when it scores this share of the "
        "best score (and reaches the threshold).",
    )
    max_findings: int = Field(ge=1, description="Units reported per topic at most.")
    fitted_on: str = Field(default="", description="What the parameters were fitted on.")

    @model_validator(mode="after")
    def _sizes(self) -> LocatorParameters:
        size = len(self.feature_names)
        wrong = [
            name
            for name, topic in [*self.topics.items(), ("default", self.default)]
            if len(topic.weights) != size
        ]
        if len(self.shared_weights) != size or wrong:
            raise ValueError(
                f"weights must have one value per feature ({size}); wrong for: "
                f"{', '.join(wrong) or 'shared_weights'}"
            )
        return self

    def for_topic(self, topic: str) -> TopicParameters:
        """The topic's parameters, or ``default``."""
        return self.topics.get(topic, self.default)

    def extra_ratio_for(self, topic: str) -> float:
        """The share of the best score a second unit of ``topic`` needs."""
        own = self.for_topic(topic).extra_ratio
        return self.extra_ratio if own is None else own

    def compatible(self) -> bool:
        """Whether the weights are for the features this version computes."""
        return self.feature_names == FEATURE_NAMES


def reported_count(
    best_first: Sequence[float], threshold: float, extra_ratio: float, max_findings: int
) -> int:
    """How many of the probabilities (sorted best first) the locator reports."""
    if not best_first or best_first[0] < threshold:
        return 0
    if extra_ratio > 1:  # no second unit can reach more than the best one
        return 1
    count = 1
    for probability in best_first[1:max_findings]:
        if probability < threshold or probability < extra_ratio * best_first[0]:
            break
        count += 1
    return count


def read_parameters(path: Path) -> LocatorParameters:
    """Parameters from a JSON file.

    :raises InputError: when the file is missing, not JSON, or not locator parameters
        for the features this version computes.
    """
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        parameters = LocatorParameters.model_validate(data)
    except OSError as exc:
        raise InputError(f"cannot read locator parameters {path}: {exc.strerror}") from None
    except json.JSONDecodeError as exc:
        raise InputError(f"locator parameters {path} are not JSON: {exc.msg}") from None
    except ValidationError as exc:
        raise InputError(
            f"locator parameters {path} are invalid: {exc.errors()[0]['msg']}"
        ) from None
    if not parameters.compatible():
        raise InputError(
            f"locator parameters {path} are for features {', '.join(parameters.feature_names)}; "
            f"this version computes {', '.join(FEATURE_NAMES)} (refit them)"
        )
    return parameters


def write_parameters(parameters: LocatorParameters, path: Path) -> None:
    """Write ``parameters`` as indented JSON."""
    path.write_text(parameters.model_dump_json(indent=1) + "\n", encoding="utf-8")


class PackagedParameters(BaseModel):
    """Parameters shipped as a JSON file inside a package, read once on first use."""

    model_config = ConfigDict(frozen=True)

    package: str = Field(min_length=1, description="The package holding the file.")
    filename: str = Field(min_length=1, description="The file's name in the package.")

    def load(self) -> LocatorParameters:
        """The parameters (read once per package and file).

        :raises InputError: as :func:`read_parameters` does.
        """
        return _packaged(self.package, self.filename)

    def reload(self) -> None:
        """Read the file again on next use (after it was rewritten, e.g. refitted)."""
        _packaged.cache_clear()

    def path(self) -> Path:
        """Where the file is (a package installed from a wheel keeps it on disk)."""
        return Path(str(resources.files(self.package).joinpath(self.filename)))


@cache
def _packaged(package: str, filename: str) -> LocatorParameters:
    source = resources.files(package).joinpath(filename)
    with resources.as_file(source) as path:
        return read_parameters(path)
