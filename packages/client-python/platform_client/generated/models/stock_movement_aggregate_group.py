from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.number_statistics import NumberStatistics
    from ..models.stock_movement_aggregate_distinct import (
        StockMovementAggregateDistinct,
    )
    from ..models.stock_movement_aggregate_key import StockMovementAggregateKey


T = TypeVar("T", bound="StockMovementAggregateGroup")


@_attrs_define
class StockMovementAggregateGroup:
    """A group of stock movements: its key, how many records it holds and the statistics of their numbers and amounts.

    Attributes:
        count (int): Records in the group.
        count_distinct (StockMovementAggregateDistinct): Counts of distinct values among the stock movements of a group.
        key (StockMovementAggregateKey): The grouping key of a group of stock movements: the value of each field of
            `group_by` and the time bucket; null for a key the request does not group by (or a record without a value).
        quantity (NumberStatistics): Statistics of a number over the records of a group; null when no record of the
            group has a value.
    """

    count: int
    count_distinct: StockMovementAggregateDistinct
    key: StockMovementAggregateKey
    quantity: NumberStatistics
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        count = self.count

        count_distinct = self.count_distinct.to_dict()

        key = self.key.to_dict()

        quantity = self.quantity.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "count": count,
                "count_distinct": count_distinct,
                "key": key,
                "quantity": quantity,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.number_statistics import NumberStatistics
        from ..models.stock_movement_aggregate_distinct import (
            StockMovementAggregateDistinct,
        )
        from ..models.stock_movement_aggregate_key import StockMovementAggregateKey

        d = dict(src_dict)
        count = d.pop("count")

        count_distinct = StockMovementAggregateDistinct.from_dict(
            d.pop("count_distinct")
        )

        key = StockMovementAggregateKey.from_dict(d.pop("key"))

        quantity = NumberStatistics.from_dict(d.pop("quantity"))

        stock_movement_aggregate_group = cls(
            count=count,
            count_distinct=count_distinct,
            key=key,
            quantity=quantity,
        )

        stock_movement_aggregate_group.additional_properties = d
        return stock_movement_aggregate_group

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
