from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="RateLimits")


@_attrs_define
class RateLimits:
    """Requests a tenant may make; both windows apply at once. Over either: 429 `rate_limited`.

    Attributes:
        per_minute (int): Requests allowed per minute.
        per_second (int): Requests allowed per second.
    """

    per_minute: int
    per_second: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        per_minute = self.per_minute

        per_second = self.per_second

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "per_minute": per_minute,
                "per_second": per_second,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        per_minute = d.pop("per_minute")

        per_second = d.pop("per_second")

        rate_limits = cls(
            per_minute=per_minute,
            per_second=per_second,
        )

        rate_limits.additional_properties = d
        return rate_limits

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
