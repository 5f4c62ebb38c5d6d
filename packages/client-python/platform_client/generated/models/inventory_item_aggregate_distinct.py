from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="InventoryItemAggregateDistinct")


@_attrs_define
class InventoryItemAggregateDistinct:
    """Counts of distinct values among the inventory items of a group.

    Attributes:
        currency (int): Currencies of unit costs.
        warehouse_id (int): Home warehouses.
    """

    currency: int
    warehouse_id: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        currency = self.currency

        warehouse_id = self.warehouse_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "currency": currency,
                "warehouse_id": warehouse_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        currency = d.pop("currency")

        warehouse_id = d.pop("warehouse_id")

        inventory_item_aggregate_distinct = cls(
            currency=currency,
            warehouse_id=warehouse_id,
        )

        inventory_item_aggregate_distinct.additional_properties = d
        return inventory_item_aggregate_distinct

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
