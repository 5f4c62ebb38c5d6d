from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="UpdateInventoryItemInput")


@_attrs_define
class UpdateInventoryItemInput:
    """Fields to change; absent fields keep their value.

    Attributes:
        allow_backorder (bool | Unset): Whether stock may fall below zero. Turning it off leaves negative levels as they
            are but refuses further decreases below zero.
        currency (str | Unset): ISO 4217 code of `unit_cost`. An item without a cost needs `unit_cost` with it; a cost
            cannot be removed, only changed.
        name (str | Unset): Item name, 1 to 200 characters.
        quantity_on_hand (int | Unset): The new total stock (0 or more). Kept for compatibility: the difference is
            recorded as an `adjustment` in the home warehouse as it was before this change; prefer the `adjust` action.
        reorder_point (int | Unset): Reorder threshold, 0 or more.
        unit_cost (int | Unset): What one unit costs, in minor units of `currency`, 0 to 1000000000. An item without a
            cost needs `currency` with it.
        version (int | Unset): The version this change is based on; a different current version refuses it with
            `version_conflict`.
        warehouse_id (str | Unset): New home warehouse (existing and active). Moves no stock: use `transfer` for that.
    """

    allow_backorder: bool | Unset = UNSET
    currency: str | Unset = UNSET
    name: str | Unset = UNSET
    quantity_on_hand: int | Unset = UNSET
    reorder_point: int | Unset = UNSET
    unit_cost: int | Unset = UNSET
    version: int | Unset = UNSET
    warehouse_id: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        allow_backorder = self.allow_backorder

        currency = self.currency

        name = self.name

        quantity_on_hand = self.quantity_on_hand

        reorder_point = self.reorder_point

        unit_cost = self.unit_cost

        version = self.version

        warehouse_id = self.warehouse_id

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if allow_backorder is not UNSET:
            field_dict["allow_backorder"] = allow_backorder
        if currency is not UNSET:
            field_dict["currency"] = currency
        if name is not UNSET:
            field_dict["name"] = name
        if quantity_on_hand is not UNSET:
            field_dict["quantity_on_hand"] = quantity_on_hand
        if reorder_point is not UNSET:
            field_dict["reorder_point"] = reorder_point
        if unit_cost is not UNSET:
            field_dict["unit_cost"] = unit_cost
        if version is not UNSET:
            field_dict["version"] = version
        if warehouse_id is not UNSET:
            field_dict["warehouse_id"] = warehouse_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        allow_backorder = d.pop("allow_backorder", UNSET)

        currency = d.pop("currency", UNSET)

        name = d.pop("name", UNSET)

        quantity_on_hand = d.pop("quantity_on_hand", UNSET)

        reorder_point = d.pop("reorder_point", UNSET)

        unit_cost = d.pop("unit_cost", UNSET)

        version = d.pop("version", UNSET)

        warehouse_id = d.pop("warehouse_id", UNSET)

        update_inventory_item_input = cls(
            allow_backorder=allow_backorder,
            currency=currency,
            name=name,
            quantity_on_hand=quantity_on_hand,
            reorder_point=reorder_point,
            unit_cost=unit_cost,
            version=version,
            warehouse_id=warehouse_id,
        )

        return update_inventory_item_input
