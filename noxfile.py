"""Developer sessions: tests, core_only, plugin-(fidic|sha_spa|generic), lint, typecheck, demo, bench.

Run ``nox -s tests`` for the whole suite. Sessions use the Python that runs nox
(3.11 or newer); virtualenvs are reused between runs, the first run creates them.
"""

from __future__ import annotations

import nox

nox.options.reuse_existing_virtualenvs = True
nox.options.sessions = ["tests"]

PLUGINS = ("fidic", "sha_spa", "generic")
PLUGIN_PATHS = tuple(f"plugins/{name}" for name in PLUGINS)
TEST_ENV = {"HYPOTHESIS_PROFILE": "ci", "PYTHONDONTWRITEBYTECODE": "1"}


#: Extras the test sessions install: dashscope so its wire format is tested against a
#: local stub server.
TEST_EXTRAS = "test,formats,dashscope"


def _install_all(session: nox.Session, extras: str = TEST_EXTRAS) -> None:
    editable = ["-e", f".[{extras}]"]
    for path in PLUGIN_PATHS:
        editable += ["-e", path]
    session.install(*editable)


@nox.session
def tests(session: nox.Session) -> None:
    """Core and all three plugins installed editable; every test folder."""
    _install_all(session)
    session.run("pytest", *session.posargs, env=TEST_ENV)


@nox.session
def core_only(session: nox.Session) -> None:
    """Core alone, no domain plugin installed: core must work without any."""
    session.install("-e", f".[{TEST_EXTRAS}]")
    session.run("pytest", "tests", *session.posargs, env=TEST_ENV)


@nox.session
@nox.parametrize("plugin", PLUGINS)
def plugin(session: nox.Session, plugin: str) -> None:
    """One plugin installed alone with core, running its own tests."""
    session.install("-e", f".[{TEST_EXTRAS}]", "-e", f"plugins/{plugin}")
    session.run("pytest", f"plugins/{plugin}/tests", *session.posargs, env=TEST_ENV)


@nox.session
def lint(session: nox.Session) -> None:
    """ruff: lint and formatting."""
    session.install("ruff>=0.6")
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")


@nox.session
def typecheck(session: nox.Session) -> None:
    """mypy --strict over core and the three plugins."""
    _install_all(session)
    session.install("mypy>=1.10")
    session.run("mypy")


@nox.session
def demo(session: nox.Session) -> None:
    """Install everything and show the bundled example contract's outline and the installed domains."""
    _install_all(session, extras="formats")
    session.run("contract-review", "parse", "examples/epc_contract.txt")
    session.run("contract-review", "plugins")


@nox.session
def bench(session: nox.Session) -> None:
    """STARD retrieval benchmark (needs ../shared/data/stard): quality, build and reopen
    time, query latency and memory, beside plain bm25s and rank-bm25; writes
    docs/benchmarks.md."""
    session.install("-e", ".", "rank-bm25>=0.2.2")
    session.run("python", "benchmarks/stard_bench.py", *session.posargs)
