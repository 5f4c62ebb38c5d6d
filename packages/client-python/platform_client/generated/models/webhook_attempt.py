from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="WebhookAttempt")


@_attrs_define
class WebhookAttempt:
    """One HTTP request of a delivery.

    Attributes:
        attempted_at (datetime.datetime): When the request was sent.
        duration_ms (int): Milliseconds from sending the request to the response (or the failure).
        error (None | str): Why no response arrived (connection refused, timeout, address refused); null when one did.
        response_excerpt (None | str): The first 1,000 bytes of the response body; null when none arrived.
        response_status (int | None): The HTTP status of the response; null when none arrived (see `error`).
    """

    attempted_at: datetime.datetime
    duration_ms: int
    error: None | str
    response_excerpt: None | str
    response_status: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        attempted_at = self.attempted_at.isoformat()

        duration_ms = self.duration_ms

        error: None | str
        error = self.error

        response_excerpt: None | str
        response_excerpt = self.response_excerpt

        response_status: int | None
        response_status = self.response_status

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "attempted_at": attempted_at,
                "duration_ms": duration_ms,
                "error": error,
                "response_excerpt": response_excerpt,
                "response_status": response_status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        attempted_at = datetime.datetime.fromisoformat(d.pop("attempted_at"))

        duration_ms = d.pop("duration_ms")

        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))

        def _parse_response_excerpt(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        response_excerpt = _parse_response_excerpt(d.pop("response_excerpt"))

        def _parse_response_status(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        response_status = _parse_response_status(d.pop("response_status"))

        webhook_attempt = cls(
            attempted_at=attempted_at,
            duration_ms=duration_ms,
            error=error,
            response_excerpt=response_excerpt,
            response_status=response_status,
        )

        webhook_attempt.additional_properties = d
        return webhook_attempt

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
