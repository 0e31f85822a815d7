"""Reading the JSON an LLM was asked for out of the reply it actually wrote.

Models wrap JSON in ```` ```json ```` fences, put a sentence before or after it, stop
half-way, or write Python instead of JSON. :func:`extract_json` finds the value:

1. the whole reply, when it is JSON;
2. else the first fenced block that is JSON (an unclosed fence runs to the end);
3. else the longest JSON object or array in the text, prose and trailing text ignored.

Control characters (a raw newline) inside strings are accepted.

Where a candidate is not strict JSON, a few repairs are tried that cannot change what a
valid document means: trailing commas before ``}``/``]`` removed, single-quoted strings
turned into double-quoted ones, and bare ``True``/``False``/``None`` turned into
``true``/``false``/``null`` (outside strings only). :func:`parse_json_reply` then
validates the value into a pydantic model. Failures raise :class:`JSONReplyError`
saying what was wrong and quoting the start of the reply.
"""

from __future__ import annotations

import json
import re
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ValidationError

from ..errors import LLMError, describe_validation_error

M = TypeVar("M", bound=BaseModel)

#: What kind of JSON value is wanted.
Expect = Literal["object", "array", "any"]

_FENCE_RE = re.compile(r"```[ \t]*([A-Za-z0-9_+-]*)[^\n`]*\n?(.*?)(?:```|\Z)", re.DOTALL)
_JSON_LANGUAGES = frozenset({"", "json", "json5", "jsonc", "javascript", "js"})
_PYTHON_LITERALS = {"True": "true", "False": "false", "None": "null"}
#: At most this many opening brackets are tried in a long reply.
_MAX_STARTS = 500
_PREVIEW_CHARS = 200
#: "No value found" (None is a JSON value).
_MISSING: Any = object()


class JSONReplyError(LLMError):
    """An LLM's reply holds no usable JSON, or JSON of the wrong shape."""


def extract_json(text: str, *, expect: Expect = "any") -> Any:
    """The JSON value in an LLM reply (see the module docs for where it is looked for).

    :param text: The reply.
    :param expect: ``"object"`` or ``"array"`` to accept only that kind of value.
    :raises JSONReplyError: when the reply holds no such value; the message says whether
        the JSON looks cut off and quotes the start of the reply.
    """
    stripped = text.strip().lstrip("\ufeff")
    value = _decode_whole(stripped, expect)
    if value is not _MISSING:
        return value
    for match in _FENCE_RE.finditer(stripped):
        if match.group(1).lower() not in _JSON_LANGUAGES:
            continue
        value = _decode_whole(match.group(2).strip(), expect)
        if value is not _MISSING:
            return value
    value = _longest_in(stripped, expect)
    if value is not _MISSING:
        return value
    raise JSONReplyError(_failure(stripped, expect))


def parse_json_reply(text: str, model: type[M], *, expect: Expect = "any") -> M:
    """The JSON in an LLM reply, validated into ``model``.

    :raises JSONReplyError: when the reply holds no JSON, or JSON that does not fit
        ``model`` (the message lists each field's problem).
    """
    value = extract_json(text, expect=expect)
    try:
        return model.model_validate(value)
    except ValidationError as exc:
        problems = describe_validation_error(exc, root=model.__name__)
        raise JSONReplyError(
            f"the LLM's reply does not fit {model.__name__}: {problems}; "
            f"the reply began: {_preview(text)!r}"
        ) from None


# ---------------------------------------------------------------------- search


def _wanted(value: Any, expect: Expect) -> bool:
    if expect == "object":
        return isinstance(value, dict)
    if expect == "array":
        return isinstance(value, list)
    return isinstance(value, dict | list)


def _decode_whole(text: str, expect: Expect) -> Any:
    """``text`` as one JSON value (strictly, then repaired), or ``_MISSING``."""
    if not text or text[0] not in "{[":
        return _MISSING
    for candidate in (text, _repaired(text)):
        if candidate is None:
            continue
        try:
            value = json.loads(candidate, strict=False)
        except ValueError:
            continue
        if _wanted(value, expect):
            return value
    return _MISSING


def _longest_in(text: str, expect: Expect) -> Any:
    """The longest wanted JSON value that starts at an opening bracket of ``text``.

    Brackets inside a value already decoded are not tried again (a fragment of a larger
    value is never the answer), and the scan stops at JSON that is cut off.
    """
    decoder = json.JSONDecoder(strict=False)
    best: Any = _MISSING
    best_length = -1
    resume = 0
    for tried, match in enumerate(re.finditer(r"[\[{]", text)):
        if tried >= _MAX_STARTS:
            break
        start = match.start()
        if start < resume:
            continue
        try:
            value, end = decoder.raw_decode(text, start)
        except ValueError:
            closing = _balanced_end(text, start)
            if closing is None:
                if _starts_like_json(text, start):
                    break  # cut off: what follows is inside it
                continue
            value, end = _decode_whole(text[start:closing], "any"), closing
            if value is _MISSING:
                continue
        resume = end
        if _wanted(value, expect) and end - start > best_length:
            best, best_length = value, end - start
    return best


_JSON_START_RE = re.compile(r"""\{\s*["'}]|\[\s*[-\d"'{\[\]tfn]""")


def _starts_like_json(text: str, start: int) -> bool:
    """Whether the bracket at ``start`` opens what looks like JSON rather than prose
    (``{"``, ``{}``, ``[1``, ``[{``, ...)."""
    return _JSON_START_RE.match(text, start) is not None


def _balanced_end(text: str, start: int) -> int | None:
    """The index after the bracket closing the one at ``start``, skipping quoted
    strings (single or double quotes); None when it never closes."""
    depth = 0
    quote: str | None = None
    escaped = False
    for index in range(start, len(text)):
        char = text[index]
        if quote is not None:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == quote:
                quote = None
        elif char in "\"'":
            quote = char
        elif char in "{[":
            depth += 1
        elif char in "}]":
            depth -= 1
            if depth == 0:
                return index + 1
    return None


# ---------------------------------------------------------------------- repairs


def _repaired(text: str) -> str | None:
    """``text`` with the safe repairs applied, or None when nothing changed."""
    out: list[str] = []
    index = 0
    while index < len(text):
        char = text[index]
        if char in "\"'":
            string, index = _string_at(text, index)
            if string is None:
                return None
            out.append(string)
            continue
        if char == ",":
            rest = text[index + 1 :].lstrip()
            if rest[:1] in ("}", "]"):  # trailing comma
                index += 1
                continue
        if char.isalpha():
            word = re.match(r"[A-Za-z_]+", text[index:])
            token = word.group(0) if word else char
            out.append(_PYTHON_LITERALS.get(token, token))
            index += len(token)
            continue
        out.append(char)
        index += 1
    repaired = "".join(out)
    return repaired if repaired != text else None


def _string_at(text: str, start: int) -> tuple[str | None, int]:
    """The quoted string starting at ``start`` as a JSON string, and the index after it."""
    quote = text[start]
    chars: list[str] = []
    index = start + 1
    while index < len(text):
        char = text[index]
        if char == "\\" and index + 1 < len(text):
            following = text[index + 1]
            if following == "'":  # \' is not a JSON escape
                chars.append("'")
            else:
                chars.append(char + following)
            index += 2
            continue
        if char == quote:
            return '"' + "".join(chars) + '"', index + 1
        chars.append('\\"' if char == '"' else char)
        index += 1
    return None, index


# ---------------------------------------------------------------------- messages


def _failure(text: str, expect: Expect) -> str:
    kind = {"object": "JSON object", "array": "JSON array", "any": "JSON object or array"}[expect]
    if not text:
        return f"the LLM's reply is empty; a {kind} was expected"
    first = next(
        (m.start() for m in re.finditer(r"[\[{]", text) if _starts_like_json(text, m.start())),
        None,
    )
    if first is not None and _balanced_end(text, first) is None:
        return (
            f"the LLM's reply holds a {kind} that is cut off before its end (the reply may "
            f"have hit the length limit); the reply began: {_preview(text)!r}"
        )
    return f"the LLM's reply holds no {kind}; the reply began: {_preview(text)!r}"


def _preview(text: str) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= _PREVIEW_CHARS else flat[:_PREVIEW_CHARS] + "…"


__all__ = ["Expect", "JSONReplyError", "extract_json", "parse_json_reply"]
