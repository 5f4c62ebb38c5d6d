from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="StockMovementAggregateDistinct")


@_attrs_define
class StockMovementAggregateDistinct:
    """Counts of distinct values among the stock movements of a group.

    Attributes:
        item_id (int): SKUs.
        source_id (int): Orders that caused movements.
        warehouse_id (int): Warehouses.
    """

    item_id: int
    source_id: int
    warehouse_id: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        item_id = self.item_id

        source_id = self.source_id

        warehouse_id = self.warehouse_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "item_id": item_id,
                "source_id": source_id,
                "warehouse_id": warehouse_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        item_id = d.pop("item_id")

        source_id = d.pop("source_id")

        warehouse_id = d.pop("warehouse_id")

        stock_movement_aggregate_distinct = cls(
            item_id=item_id,
            source_id=source_id,
            warehouse_id=warehouse_id,
        )

        stock_movement_aggregate_distinct.additional_properties = d
        return stock_movement_aggregate_distinct

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
