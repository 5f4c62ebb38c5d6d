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
        currency (None | str | Unset): ISO 4217 code of `unit_cost` (3 upper-case letters). Given with `unit_cost`, or
            neither.
        unit_cost (int | None | Unset): What one unit costs, in minor units of `currency`, 0 to 1000000000. Given with
            `currency`, or neither.
    """

    id: str
    name: str
    quantity_on_hand: int
    reorder_point: int
    warehouse_id: str
    allow_backorder: bool | None | Unset = UNSET
    currency: None | str | Unset = UNSET
    unit_cost: int | None | Unset = UNSET

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

        currency: None | str | Unset
        if isinstance(self.currency, Unset):
            currency = UNSET
        else:
            currency = self.currency

        unit_cost: int | None | Unset
        if isinstance(self.unit_cost, Unset):
            unit_cost = UNSET
        else:
            unit_cost = self.unit_cost

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
        if currency is not UNSET:
            field_dict["currency"] = currency
        if unit_cost is not UNSET:
            field_dict["unit_cost"] = unit_cost

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

        def _parse_currency(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        currency = _parse_currency(d.pop("currency", UNSET))

        def _parse_unit_cost(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        unit_cost = _parse_unit_cost(d.pop("unit_cost", UNSET))

        create_inventory_item_input = cls(
            id=id,
            name=name,
            quantity_on_hand=quantity_on_hand,
            reorder_point=reorder_point,
            warehouse_id=warehouse_id,
            allow_backorder=allow_backorder,
            currency=currency,
            unit_cost=unit_cost,
        )

        return create_inventory_item_input
