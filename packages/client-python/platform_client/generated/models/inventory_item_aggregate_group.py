from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.inventory_item_aggregate_distinct import (
        InventoryItemAggregateDistinct,
    )
    from ..models.inventory_item_aggregate_key import InventoryItemAggregateKey
    from ..models.money_statistics import MoneyStatistics
    from ..models.number_statistics import NumberStatistics


T = TypeVar("T", bound="InventoryItemAggregateGroup")


@_attrs_define
class InventoryItemAggregateGroup:
    """A group of inventory items: its key, how many records it holds and the statistics of their numbers and amounts.

    Attributes:
        count (int): Records in the group.
        count_distinct (InventoryItemAggregateDistinct): Counts of distinct values among the inventory items of a group.
        key (InventoryItemAggregateKey): The grouping key of a group of inventory items: the value of each field of
            `group_by` and the time bucket; null for a key the request does not group by (or a record without a value).
        quantity_on_hand (NumberStatistics): Statistics of a number over the records of a group; null when no record of
            the group has a value.
        reorder_point (NumberStatistics): Statistics of a number over the records of a group; null when no record of the
            group has a value.
        stock_value (list[MoneyStatistics]): Stock values: `quantity_on_hand` × `unit_cost` (negative while backordered;
            items without a cost are left out). One entry per currency, by currency code.
        unit_cost (list[MoneyStatistics]): Unit costs (items without a cost are left out). One entry per currency, by
            currency code.
    """

    count: int
    count_distinct: InventoryItemAggregateDistinct
    key: InventoryItemAggregateKey
    quantity_on_hand: NumberStatistics
    reorder_point: NumberStatistics
    stock_value: list[MoneyStatistics]
    unit_cost: list[MoneyStatistics]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        count = self.count

        count_distinct = self.count_distinct.to_dict()

        key = self.key.to_dict()

        quantity_on_hand = self.quantity_on_hand.to_dict()

        reorder_point = self.reorder_point.to_dict()

        stock_value = []
        for stock_value_item_data in self.stock_value:
            stock_value_item = stock_value_item_data.to_dict()
            stock_value.append(stock_value_item)

        unit_cost = []
        for unit_cost_item_data in self.unit_cost:
            unit_cost_item = unit_cost_item_data.to_dict()
            unit_cost.append(unit_cost_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "count": count,
                "count_distinct": count_distinct,
                "key": key,
                "quantity_on_hand": quantity_on_hand,
                "reorder_point": reorder_point,
                "stock_value": stock_value,
                "unit_cost": unit_cost,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.inventory_item_aggregate_distinct import (
            InventoryItemAggregateDistinct,
        )
        from ..models.inventory_item_aggregate_key import InventoryItemAggregateKey
        from ..models.money_statistics import MoneyStatistics
        from ..models.number_statistics import NumberStatistics

        d = dict(src_dict)
        count = d.pop("count")

        count_distinct = InventoryItemAggregateDistinct.from_dict(
            d.pop("count_distinct")
        )

        key = InventoryItemAggregateKey.from_dict(d.pop("key"))

        quantity_on_hand = NumberStatistics.from_dict(d.pop("quantity_on_hand"))

        reorder_point = NumberStatistics.from_dict(d.pop("reorder_point"))

        stock_value = []
        _stock_value = d.pop("stock_value")
        for stock_value_item_data in _stock_value:
            stock_value_item = MoneyStatistics.from_dict(stock_value_item_data)

            stock_value.append(stock_value_item)

        unit_cost = []
        _unit_cost = d.pop("unit_cost")
        for unit_cost_item_data in _unit_cost:
            unit_cost_item = MoneyStatistics.from_dict(unit_cost_item_data)

            unit_cost.append(unit_cost_item)

        inventory_item_aggregate_group = cls(
            count=count,
            count_distinct=count_distinct,
            key=key,
            quantity_on_hand=quantity_on_hand,
            reorder_point=reorder_point,
            stock_value=stock_value,
            unit_cost=unit_cost,
        )

        inventory_item_aggregate_group.additional_properties = d
        return inventory_item_aggregate_group

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
