from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.money_statistics import MoneyStatistics
    from ..models.number_statistics import NumberStatistics
    from ..models.order_line_aggregate_distinct import OrderLineAggregateDistinct
    from ..models.order_line_aggregate_key import OrderLineAggregateKey


T = TypeVar("T", bound="OrderLineAggregateGroup")


@_attrs_define
class OrderLineAggregateGroup:
    """A group of order lines: its key, how many records it holds and the statistics of their numbers and amounts.

    Attributes:
        count (int): Records in the group.
        count_distinct (OrderLineAggregateDistinct): Counts of distinct values among the order lines of a group.
        key (OrderLineAggregateKey): The grouping key of a group of order lines: the value of each field of `group_by`
            and the time bucket; null for a key the request does not group by (or a record without a value).
        quantity (NumberStatistics): Statistics of a number over the records of a group; null when no record of the
            group has a value.
        total (list[MoneyStatistics]): Line totals (quantity × unit price). One entry per currency, by currency code.
        unit_price (list[MoneyStatistics]): Unit prices. One entry per currency, by currency code.
    """

    count: int
    count_distinct: OrderLineAggregateDistinct
    key: OrderLineAggregateKey
    quantity: NumberStatistics
    total: list[MoneyStatistics]
    unit_price: list[MoneyStatistics]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        count = self.count

        count_distinct = self.count_distinct.to_dict()

        key = self.key.to_dict()

        quantity = self.quantity.to_dict()

        total = []
        for total_item_data in self.total:
            total_item = total_item_data.to_dict()
            total.append(total_item)

        unit_price = []
        for unit_price_item_data in self.unit_price:
            unit_price_item = unit_price_item_data.to_dict()
            unit_price.append(unit_price_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "count": count,
                "count_distinct": count_distinct,
                "key": key,
                "quantity": quantity,
                "total": total,
                "unit_price": unit_price,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.money_statistics import MoneyStatistics
        from ..models.number_statistics import NumberStatistics
        from ..models.order_line_aggregate_distinct import OrderLineAggregateDistinct
        from ..models.order_line_aggregate_key import OrderLineAggregateKey

        d = dict(src_dict)
        count = d.pop("count")

        count_distinct = OrderLineAggregateDistinct.from_dict(d.pop("count_distinct"))

        key = OrderLineAggregateKey.from_dict(d.pop("key"))

        quantity = NumberStatistics.from_dict(d.pop("quantity"))

        total = []
        _total = d.pop("total")
        for total_item_data in _total:
            total_item = MoneyStatistics.from_dict(total_item_data)

            total.append(total_item)

        unit_price = []
        _unit_price = d.pop("unit_price")
        for unit_price_item_data in _unit_price:
            unit_price_item = MoneyStatistics.from_dict(unit_price_item_data)

            unit_price.append(unit_price_item)

        order_line_aggregate_group = cls(
            count=count,
            count_distinct=count_distinct,
            key=key,
            quantity=quantity,
            total=total,
            unit_price=unit_price,
        )

        order_line_aggregate_group.additional_properties = d
        return order_line_aggregate_group

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
