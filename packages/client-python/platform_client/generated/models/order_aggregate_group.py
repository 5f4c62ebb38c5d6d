from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.money_statistics import MoneyStatistics
    from ..models.order_aggregate_distinct import OrderAggregateDistinct
    from ..models.order_aggregate_key import OrderAggregateKey


T = TypeVar("T", bound="OrderAggregateGroup")


@_attrs_define
class OrderAggregateGroup:
    """A group of orders: its key, how many records it holds and the statistics of their numbers and amounts.

    Attributes:
        count (int): Records in the group.
        count_distinct (OrderAggregateDistinct): Counts of distinct values among the orders of a group.
        key (OrderAggregateKey): The grouping key of a group of orders: the value of each field of `group_by` and the
            time bucket; null for a key the request does not group by (or a record without a value).
        total (list[MoneyStatistics]): Order totals. One entry per currency, by currency code.
    """

    count: int
    count_distinct: OrderAggregateDistinct
    key: OrderAggregateKey
    total: list[MoneyStatistics]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        count = self.count

        count_distinct = self.count_distinct.to_dict()

        key = self.key.to_dict()

        total = []
        for total_item_data in self.total:
            total_item = total_item_data.to_dict()
            total.append(total_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "count": count,
                "count_distinct": count_distinct,
                "key": key,
                "total": total,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.money_statistics import MoneyStatistics
        from ..models.order_aggregate_distinct import OrderAggregateDistinct
        from ..models.order_aggregate_key import OrderAggregateKey

        d = dict(src_dict)
        count = d.pop("count")

        count_distinct = OrderAggregateDistinct.from_dict(d.pop("count_distinct"))

        key = OrderAggregateKey.from_dict(d.pop("key"))

        total = []
        _total = d.pop("total")
        for total_item_data in _total:
            total_item = MoneyStatistics.from_dict(total_item_data)

            total.append(total_item)

        order_aggregate_group = cls(
            count=count,
            count_distinct=count_distinct,
            key=key,
            total=total,
        )

        order_aggregate_group.additional_properties = d
        return order_aggregate_group

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
