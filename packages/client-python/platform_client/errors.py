"""Typed errors: every problem answer (RFC 9457) of the platform becomes a PlatformProblemError."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import httpx

from ._retry import parse_retry_after

__all__ = ["FieldError", "PlatformProblemError"]


@dataclass(frozen=True, slots=True)
class FieldError:
    """One parameter or body field at fault (`errors[]` of a problem)."""

    field: str
    """Dotted path of the field (``lines.0.quantity``); empty for the body as a whole."""
    message: str


class PlatformProblemError(Exception):
    """The platform answered with an error status (after any retries).

    ``code`` is the stable machine-readable code (``precondition_failed``, ``invalid_transition``,
    ``rate_limited``, …): branch on it, not on ``title`` or ``detail``. ``problem`` is the whole
    answer body, with its extension members (``current_version``, ``allowed_actions``, …).
    """

    status: int
    code: str | None
    title: str | None
    detail: str | None
    request_id: str | None
    errors: list[FieldError]
    problem: dict[str, Any]
    type: str | None
    instance: str | None
    headers: httpx.Headers
    method: str | None
    url: str | None

    def __init__(
        self,
        status: int,
        *,
        code: str | None = None,
        title: str | None = None,
        detail: str | None = None,
        request_id: str | None = None,
        errors: list[FieldError] | None = None,
        problem: Mapping[str, Any] | None = None,
        type: str | None = None,  # noqa: A002 - the RFC 9457 member's name
        instance: str | None = None,
        headers: httpx.Headers | Mapping[str, str] | None = None,
        method: str | None = None,
        url: str | None = None,
    ) -> None:
        self.status = status
        self.code = code
        self.title = title
        self.detail = detail
        self.request_id = request_id
        self.errors = list(errors or [])
        self.problem = dict(problem or {})
        self.type = type
        self.instance = instance
        self.headers = httpx.Headers(headers or {})
        self.method = method
        self.url = url
        super().__init__(self._message())

    def _message(self) -> str:
        parts = [f"{self.status} {self.code or self.title or 'error'}"]
        if self.detail:
            parts.append(f": {self.detail}")
        if self.errors:
            parts.append(" (" + "; ".join(f"{e.field or '<body>'}: {e.message}" for e in self.errors) + ")")
        if self.method and self.url:
            parts.append(f" [{self.method} {self.url}]")
        if self.request_id:
            parts.append(f" request_id={self.request_id}")
        return "".join(parts)

    @property
    def retry_after(self) -> float | None:
        """Seconds the platform asked to wait (``Retry-After``), if it did."""
        return parse_retry_after(self.headers.get("retry-after"))

    @property
    def current_version(self) -> int | None:
        """With ``precondition_failed`` and ``version_conflict``: the record's current version."""
        value = self.problem.get("current_version")
        return value if isinstance(value, int) else None

    def __getitem__(self, member: str) -> Any:
        """An extension member of the problem: ``error["allowed_actions"]``."""
        return self.problem[member]

    @classmethod
    def from_response(
        cls, response: httpx.Response, *, method: str | None = None, url: str | None = None
    ) -> PlatformProblemError:
        """Builds the error from a (read) error answer: a problem, an OAuth error or anything else."""
        body: Any = None
        try:
            body = json.loads(response.content) if response.content else None
        except ValueError:
            body = None
        headers = response.headers
        header_request_id = headers.get("x-request-id")
        if not isinstance(body, dict):
            text = response.content.decode("utf-8", "replace").strip()
            return cls(
                response.status_code,
                title=response.reason_phrase or None,
                detail=text[:500] or None,
                request_id=header_request_id,
                headers=headers,
                method=method,
                url=url,
            )
        if "error" in body and "code" not in body:
            # RFC 6749 error of the token endpoint: {"error", "error_description"}.
            return cls(
                response.status_code,
                code=_str(body.get("error")),
                title=_str(body.get("error")),
                detail=_str(body.get("error_description")),
                request_id=header_request_id,
                problem=body,
                headers=headers,
                method=method,
                url=url,
            )
        raw_errors = body.get("errors")
        field_errors = [
            FieldError(field=str(item.get("field", "")), message=str(item.get("message", "")))
            for item in (raw_errors if isinstance(raw_errors, list) else [])
            if isinstance(item, dict)
        ]
        return cls(
            response.status_code,
            code=_str(body.get("code")),
            title=_str(body.get("title")),
            detail=_str(body.get("detail")),
            request_id=_str(body.get("request_id")) or header_request_id,
            errors=field_errors,
            problem=body,
            type=_str(body.get("type")),
            instance=_str(body.get("instance")),
            headers=headers,
            method=method,
            url=url,
        )


def _str(value: Any) -> str | None:
    return value if isinstance(value, str) else None
