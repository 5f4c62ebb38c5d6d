from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="MoneyStatistics")


@_attrs_define
class MoneyStatistics:
    """Statistics of an amount of money over the records of a group in one currency: amounts in different currencies are
    never added or compared.

        Attributes:
            avg (float): Average, in minor units (not rounded).
            count (int): Records with an amount in this currency.
            currency (str): ISO 4217 currency code.
            max_ (int): Largest amount, in minor units.
            min_ (int): Smallest amount, in minor units.
            sum_ (int): Sum, in minor units.
    """

    avg: float
    count: int
    currency: str
    max_: int
    min_: int
    sum_: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        avg = self.avg

        count = self.count

        currency = self.currency

        max_ = self.max_

        min_ = self.min_

        sum_ = self.sum_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "avg": avg,
                "count": count,
                "currency": currency,
                "max": max_,
                "min": min_,
                "sum": sum_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        avg = d.pop("avg")

        count = d.pop("count")

        currency = d.pop("currency")

        max_ = d.pop("max")

        min_ = d.pop("min")

        sum_ = d.pop("sum")

        money_statistics = cls(
            avg=avg,
            count=count,
            currency=currency,
            max_=max_,
            min_=min_,
            sum_=sum_,
        )

        money_statistics.additional_properties = d
        return money_statistics

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
