from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="RotateWebhookEndpointSecretInput")


@_attrs_define
class RotateWebhookEndpointSecretInput:
    """How to rotate the signing secret.

    Attributes:
        expire_previous_in_seconds (int | None | Unset): How long the previous secret keeps signing beside the new one,
            0 to 604800 (7 days). Default 86400 (24 hours). 0 stops it at once.
        version (int | None | Unset): The version the action is based on; if it is no longer current the action is
            refused with `version_conflict` and nothing changes. REST clients may send `If-Match: "<version>"` instead.
    """

    expire_previous_in_seconds: int | None | Unset = UNSET
    version: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        expire_previous_in_seconds: int | None | Unset
        if isinstance(self.expire_previous_in_seconds, Unset):
            expire_previous_in_seconds = UNSET
        else:
            expire_previous_in_seconds = self.expire_previous_in_seconds

        version: int | None | Unset
        if isinstance(self.version, Unset):
            version = UNSET
        else:
            version = self.version

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if expire_previous_in_seconds is not UNSET:
            field_dict["expire_previous_in_seconds"] = expire_previous_in_seconds
        if version is not UNSET:
            field_dict["version"] = version

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_expire_previous_in_seconds(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        expire_previous_in_seconds = _parse_expire_previous_in_seconds(
            d.pop("expire_previous_in_seconds", UNSET)
        )

        def _parse_version(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        version = _parse_version(d.pop("version", UNSET))

        rotate_webhook_endpoint_secret_input = cls(
            expire_previous_in_seconds=expire_previous_in_seconds,
            version=version,
        )

        return rotate_webhook_endpoint_secret_input
