"""Developer sessions: tests, core_only, plugin-(fidic|sha_spa|generic), lint, typecheck, demo, bench,
train_topics, train_detector, train_reader.

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


#: Extras the test sessions install: dashscope so the Dashscope LLM client's wire format
#: is tested against a local stub server, server for the HTTP service's tests, ray for
#: folder reviews on a local Ray cluster, mcp for the MCP server's, postgres for the
#: PostgreSQL store (its tests start a throwaway server, or skip when none can start).
TEST_EXTRAS = "test,formats,dashscope,server,ray,mcp,postgres,ann"


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
    session.install("mypy>=1.10", "types-PyYAML>=6.0")
    session.run("mypy")


@nox.session
def demo(session: nox.Session) -> None:
    """Install everything and review the bundled FIDIC example offline (no LLM, no key,
    no server): report.json, report.md, report.html and redline.docx (the Particular
    Conditions in Word with tracked changes and comments) land in review-out/."""
    _install_all(session, extras="formats")
    session.run(
        "contract-review",
        "review",
        "examples/fidic/particular_conditions.txt",
        "--domain",
        "fidic",
        "--reference",
        "examples/fidic/general_conditions.txt",
        "--role",
        "baseline",
        "--reference",
        "examples/fidic/employers_requirements.txt",
        "--role",
        "er",
        "--llm",
        "none",
        "--out",
        "review-out",
        *("--format", "json", "--format", "markdown", "--format", "html", "--format", "docx"),
    )


@nox.session
def bench(session: nox.Session) -> None:
    """STARD retrieval benchmark (needs ../shared/data/stard): quality, build and reopen
    time, query latency and memory, beside plain bm25s and rank-bm25; writes
    docs/benchmarks.md. Then the CUAD review benchmark (needs ../shared/data/cuad): the
    generic domain's full offline review of each contract, per-category and macro P/R/F1
    of its findings (and the locator cross-validated), review throughput and memory;
    writes its section of docs/benchmarks.md (after the STARD run, which rewrites the
    page). Last, the HTTP service's bounded load test on loopback (needs ../shared/data
    laws and stard): p50/p99 latency of search, unified search and ask, and the
    intended 429s of a client over its rate limit, with one server process and two
    (requests/s side by side). Then ask's citations on STARD dev
    against plain search (needs ../shared/data/stard). Then parse and review time of
    hostile text by size, 8 K to 1 M characters (benchmarks/adversarial.py). Last, a
    folder review of CUAD dev with 1 and 2 worker processes and on a local Ray cluster of
    2 CPUs, through the CLI: contracts/s, speed-up, peak memory per worker, reports equal
    (benchmarks/folder_bench.py)."""
    session.install(
        "-e", ".[server,ray,ann]", "-e", "plugins/generic", "rank-bm25>=0.2.2", "httpx>=0.27"
    )
    session.run("python", "benchmarks/stard_bench.py", *session.posargs)
    session.run("python", "benchmarks/cuad_bench.py")
    session.run("python", "benchmarks/service_load.py")
    session.run("python", "benchmarks/ask_bench.py")
    session.run("python", "benchmarks/adversarial.py")
    session.run("python", "benchmarks/folder_bench.py", "--ray")


@nox.session
def train_topics(session: nox.Session) -> None:
    """Fit the term-topic classifier again (core/contract_review/playbooks/term_topics.npz)
    from the labelled contracts under tests/review/fixtures. Pass sets to use after --,
    e.g. `nox -s train_topics -- --sets examples,unseen`."""
    _install_all(session)
    session.run("python", "tools/train_term_topics.py", *session.posargs)


@nox.session
def train_detector(session: nox.Session) -> None:
    """Fit the term detector again (core/contract_review/playbooks/term_detector.npz) from
    the labelled contracts under tests/review/fixtures; `-- --leave-one-out` measures it
    instead, each set scored by a detector fitted on the others."""
    _install_all(session)
    session.run("python", "tools/train_term_detector.py", *session.posargs)


@nox.session
def train_reader(session: nox.Session) -> None:
    """Fit the SHA/SPA term reader again (its two weight files in the plugin package)
    from the M&A labelled sets; `-- --leave-one-out` measures it instead, each set read
    by a reader fitted on the others."""
    _install_all(session)
    session.run("python", "tools/train_term_reader.py", *session.posargs)
