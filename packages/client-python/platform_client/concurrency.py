"""Optimistic concurrency: ``If-Match`` values from a record's ``version`` or ``ETag``."""

from __future__ import annotations

import re

__all__ = ["etag_version", "if_match"]

_ETAG = re.compile(r'^(?:W/)?"(\d{1,15})"$')


def if_match(version: int | str) -> str:
    """The ``If-Match`` value for a record version: ``if_match(3)`` is ``'"3"'``.

    An ETag as the platform sent it (``'"3"'``) and ``"*"`` (no check) are passed through. Give it
    to a generated write as ``if_match=if_match(order.version)``: when the record has changed
    since, the write raises PlatformProblemError with status 412 and code ``precondition_failed``.
    """
    if isinstance(version, bool):
        raise TypeError("version must be an int or an ETag")
    if isinstance(version, int):
        if version < 0:
            raise ValueError("version must not be negative")
        return f'"{version}"'
    value = version.strip()
    if value == "*" or _ETAG.match(value):
        return value
    if value.isdigit():
        return f'"{value}"'
    raise ValueError(f"not a version or ETag: {version!r}")


def etag_version(etag: str | None) -> int | None:
    """The version an ``ETag`` header names (``'"3"'`` is 3), or None."""
    if etag is None:
        return None
    match = _ETAG.match(etag.strip())
    return int(match.group(1)) if match else None
