from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="UpdateWarehouseInput")


@_attrs_define
class UpdateWarehouseInput:
    """Fields to change; absent fields keep their value.

    Attributes:
        name (str | Unset): Warehouse name, 1 to 200 characters.
        version (int | Unset): The version this change is based on; a different current version refuses it with
            `version_conflict`.
    """

    name: str | Unset = UNSET
    version: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        version = self.version

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if version is not UNSET:
            field_dict["version"] = version

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name", UNSET)

        version = d.pop("version", UNSET)

        update_warehouse_input = cls(
            name=name,
            version=version,
        )

        return update_warehouse_input
