from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="CreateWarehouseInput")


@_attrs_define
class CreateWarehouseInput:
    """A new warehouse; the platform assigns its id.

    Attributes:
        name (str): Warehouse name, 1 to 200 characters.
    """

    name: str

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name")

        create_warehouse_input = cls(
            name=name,
        )

        return create_warehouse_input
