"""The JSON shape of ``parse --json`` and the rich outline."""

from __future__ import annotations

import json

from rich.console import Console

from contract_review.documents.loading import parse_text
from contract_review.documents.outline import outline_label, outline_tree, section_to_json

TEXT = "AGREEMENT\n1 Scope [of] Works\nThe Contractor shall build the bridge over the river and maintain it for ten years.\n1.1 Detail\nShort.\n2 Price\n"


def test_section_to_json_keys_and_recursion() -> None:
    document = parse_text(TEXT)
    data = section_to_json(document.root)
    assert set(data) == {"id", "title", "text", "start", "end", "children"}
    assert data["title"] == "AGREEMENT"
    first = data["children"][0]
    assert set(first) == {"id", "title", "text", "start", "end", "children"}
    assert (first["id"], first["title"]) == ("1", "Scope [of] Works")
    assert first["children"][0]["id"] == "1.1"
    assert document.source[first["start"] : first["end"]].startswith("1 Scope")
    json.dumps(data)  # JSON-serialisable


def test_outline_label() -> None:
    document = parse_text(TEXT)
    scope = document.find("1")
    price = document.find("2")
    assert scope is not None and price is not None
    label = outline_label(scope, preview_chars=20)
    assert label == "1  Scope [of] Works — The Contractor shall…"
    assert outline_label(price) == "2  Price"


def test_outline_tree_renders_every_section() -> None:
    document = parse_text(TEXT)
    console = Console(width=200, record=True)
    console.print(outline_tree(document, preview_chars=30))
    output = console.export_text()
    assert output.splitlines()[0] == "AGREEMENT"
    assert "1  Scope [of] Works — The Contractor shall build the…" in output
    assert "1.1  Detail — Short." in output
    assert "2  Price" in output
