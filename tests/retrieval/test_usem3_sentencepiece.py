"""The usem3 tokenizer through the ``sentencepiece`` library: exactly the package
tokenizer's ids (runs of unknown characters split again), its fallback for texts it
cannot line up, and its refusal when it disagrees on the probe texts."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from contract_review.retrieval.embedders import usem3_forward as forward
from contract_review.retrieval.embedders import usem3_sentencepiece as piece_ids
from contract_review.retrieval.embedders.usem3_sentencepiece import (
    SentencePieceIds,
    expand_unknowns,
    load_sentencepiece_ids,
)
from contract_review.retrieval.embedders.usem3_tokenizer_cache import (
    load_tokenizer,
    resource_path,
)

pytest.importorskip("sentencepiece")

#: Characters the model knows, characters it does not (惩 缔 豁 贿 赂 猥 亵 and a rare
#: ideograph), spaces of several kinds and punctuation: runs of unknowns are common.
ALPHABET = "的一是了不人在有这个上中法律合同条款第" + "惩缔豁贿赂猥亵𠀀" + " \u3000\t\n,.，。!a1Ａ①"


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The package's own (pure-Python) tokenizer."""
    return load_tokenizer(tmp_path_factory.mktemp("usem3-cache"))


def _package_ids(package: Any, text: str) -> list[int]:
    return list(package.encode(text, out_type=int, add_bos=True, add_eos=True))


@pytest.fixture(scope="module")
def tokenize(package: Any) -> SentencePieceIds:
    def fallback() -> Any:
        raise AssertionError("every test text should line up without the fallback")

    found = load_sentencepiece_ids(resource_path("sp.model"), fallback)
    assert found is not None, "the installed sentencepiece should agree on the probes"
    return found


def test_probe_ids_are_the_package_tokenizers(package: Any) -> None:
    for text, ids in piece_ids.PROBE_IDS:
        assert tuple(_package_ids(package, text)) == ids


@pytest.mark.parametrize(
    "text",
    [
        "贪污贿赂犯罪",  # a run of two unknown characters
        "贿赂",  # nothing but unknowns
        "为了惩罚犯罪，缔结条约",
        "猥亵",
        "  贿赂  ",
        "",
        "\n",
        "第十二条 买方应于2024年3月1日前支付合同总价款的30%。",
        "The Contractor shall notify the Engineer 贿赂 within 28 days.",
    ],
)
def test_the_package_ids_for_known_texts(
    tokenize: SentencePieceIds, package: Any, text: str
) -> None:
    assert list(tokenize(text)) == _package_ids(package, text)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=ALPHABET, max_size=60))
def test_the_package_ids_for_any_text(tokenize: SentencePieceIds, package: Any, text: str) -> None:
    assert list(tokenize(text)) == _package_ids(package, text)


def test_expand_unknowns_splits_a_run_per_character() -> None:
    pieces = ["<unk>", "<s>", "</s>", "▁", "犯罪", "贪污"]
    assert expand_unknowns([3, 5, 0, 4], "▁贪污贿赂犯罪", pieces, 0) == [3, 5, 0, 0, 4]
    assert expand_unknowns([3, 0], "▁贿赂", pieces, 0) == [3, 0, 0]


@pytest.mark.parametrize(
    ("ids", "normalized"),
    [
        ([3, 5, 4], "▁贪污犯"),  # a piece the text does not hold
        ([3, 0, 0, 4], "▁贿赂犯罪"),  # two unknown pieces in a row
        ([3, 0, 4], "▁犯罪"),  # an unknown piece covering nothing
        ([3, 5], "▁贪污犯罪"),  # text left over
    ],
)
def test_expand_unknowns_refuses_pieces_that_do_not_line_up(
    ids: Sequence[int], normalized: str
) -> None:
    pieces = ["<unk>", "<s>", "</s>", "▁", "犯罪", "贪污"]
    assert expand_unknowns(ids, normalized, pieces, 0) is None


def test_texts_that_do_not_line_up_go_to_the_package_tokenizer(
    package: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    built: list[int] = []

    def fallback() -> Any:
        built.append(1)
        return lambda text: _package_ids(package, text)

    tokenize = load_sentencepiece_ids(resource_path("sp.model"), fallback)
    assert tokenize is not None
    monkeypatch.setattr(piece_ids, "expand_unknowns", lambda *args: None)
    for text in ("贪污贿赂犯罪", "猥亵", "合同"):
        assert list(tokenize(text)) == _package_ids(package, text)
    assert built == [1]  # built once, for the texts with unknowns only


def test_a_library_that_disagrees_on_the_probes_is_not_used(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(piece_ids, "PROBE_IDS", (("合同", (1, 2, 3)),))
    assert load_sentencepiece_ids(resource_path("sp.model"), lambda: len) is None
    assert load_sentencepiece_ids(None, lambda: len) is None
    assert load_sentencepiece_ids(Path("no-such-model"), lambda: len) is None


def test_the_fast_pass_tokenizes_with_the_library(tmp_path: Path) -> None:
    encoder = forward.load_encoder(1, tmp_path)
    assert isinstance(encoder, forward.FastEncoder)
    assert isinstance(encoder.tokenize, SentencePieceIds)
    cached = forward.load_encoder(1, tmp_path)  # the weights from the cache
    assert isinstance(cached, forward.FastEncoder)
    assert isinstance(cached.tokenize, SentencePieceIds)
