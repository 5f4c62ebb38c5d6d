from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="AdjustInventoryItemInput")


@_attrs_define
class AdjustInventoryItemInput:
    """A correction of the stock in one warehouse (a count, damage, loss).

    Attributes:
        quantity (int): Signed, non-zero change: positive adds stock, negative removes it. At most 1000000000 either
            way.
        reason (None | str | Unset): Free text kept on the movement, up to 500 characters.
        version (int | None | Unset): The item version this change is based on; a different current version refuses it
            with `version_conflict`.
        warehouse_id (None | str | Unset): The warehouse whose stock changes. Default: the item’s home warehouse.
    """

    quantity: int
    reason: None | str | Unset = UNSET
    version: int | None | Unset = UNSET
    warehouse_id: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        quantity = self.quantity

        reason: None | str | Unset
        if isinstance(self.reason, Unset):
            reason = UNSET
        else:
            reason = self.reason

        version: int | None | Unset
        if isinstance(self.version, Unset):
            version = UNSET
        else:
            version = self.version

        warehouse_id: None | str | Unset
        if isinstance(self.warehouse_id, Unset):
            warehouse_id = UNSET
        else:
            warehouse_id = self.warehouse_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "quantity": quantity,
            }
        )
        if reason is not UNSET:
            field_dict["reason"] = reason
        if version is not UNSET:
            field_dict["version"] = version
        if warehouse_id is not UNSET:
            field_dict["warehouse_id"] = warehouse_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        quantity = d.pop("quantity")

        def _parse_reason(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        reason = _parse_reason(d.pop("reason", UNSET))

        def _parse_version(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        version = _parse_version(d.pop("version", UNSET))

        def _parse_warehouse_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        warehouse_id = _parse_warehouse_id(d.pop("warehouse_id", UNSET))

        adjust_inventory_item_input = cls(
            quantity=quantity,
            reason=reason,
            version=version,
            warehouse_id=warehouse_id,
        )

        return adjust_inventory_item_input
