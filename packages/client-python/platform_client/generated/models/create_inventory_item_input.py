from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateInventoryItemInput")


@_attrs_define
class CreateInventoryItemInput:
    """A new item. Its initial `quantity_on_hand` is recorded as a `receipt` movement into its home warehouse.

    Attributes:
        id (str): The SKU: 1 to 64 letters, digits, ".", "_", ":" or "-".
        name (str): Item name, 1 to 200 characters.
        quantity_on_hand (int): Initial stock in the home warehouse, 0 to 1000000000.
        reorder_point (int): Reorder threshold, 0 or more.
        warehouse_id (str): Home warehouse: an existing, active warehouse of the tenant.
        allow_backorder (bool | None | Unset): Whether stock may fall below zero. Default false.
    """

    id: str
    name: str
    quantity_on_hand: int
    reorder_point: int
    warehouse_id: str
    allow_backorder: bool | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        quantity_on_hand = self.quantity_on_hand

        reorder_point = self.reorder_point

        warehouse_id = self.warehouse_id

        allow_backorder: bool | None | Unset
        if isinstance(self.allow_backorder, Unset):
            allow_backorder = UNSET
        else:
            allow_backorder = self.allow_backorder

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "quantity_on_hand": quantity_on_hand,
                "reorder_point": reorder_point,
                "warehouse_id": warehouse_id,
            }
        )
        if allow_backorder is not UNSET:
            field_dict["allow_backorder"] = allow_backorder

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        quantity_on_hand = d.pop("quantity_on_hand")

        reorder_point = d.pop("reorder_point")

        warehouse_id = d.pop("warehouse_id")

        def _parse_allow_backorder(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        allow_backorder = _parse_allow_backorder(d.pop("allow_backorder", UNSET))

        create_inventory_item_input = cls(
            id=id,
            name=name,
            quantity_on_hand=quantity_on_hand,
            reorder_point=reorder_point,
            warehouse_id=warehouse_id,
            allow_backorder=allow_backorder,
        )

        return create_inventory_item_input
