from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="DeleteSavedOperationBody")


@_attrs_define
class DeleteSavedOperationBody:
    """
    Attributes:
        version (int | None | Unset): The version the action is based on; if it is no longer current the action is
            refused with `version_conflict` and nothing changes. REST clients may send `If-Match: "<version>"` instead.
    """

    version: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        version: int | None | Unset
        if isinstance(self.version, Unset):
            version = UNSET
        else:
            version = self.version

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if version is not UNSET:
            field_dict["version"] = version

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_version(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        version = _parse_version(d.pop("version", UNSET))

        delete_saved_operation_body = cls(
            version=version,
        )

        return delete_saved_operation_body
