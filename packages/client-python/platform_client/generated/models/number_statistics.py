from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="NumberStatistics")


@_attrs_define
class NumberStatistics:
    """Statistics of a number over the records of a group; null when no record of the group has a value.

    Attributes:
        avg (float | None): Average.
        max_ (float | None): Largest value.
        min_ (float | None): Smallest value.
        sum_ (float | None): Sum.
    """

    avg: float | None
    max_: float | None
    min_: float | None
    sum_: float | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        avg: float | None
        avg = self.avg

        max_: float | None
        max_ = self.max_

        min_: float | None
        min_ = self.min_

        sum_: float | None
        sum_ = self.sum_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "avg": avg,
                "max": max_,
                "min": min_,
                "sum": sum_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_avg(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        avg = _parse_avg(d.pop("avg"))

        def _parse_max_(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        max_ = _parse_max_(d.pop("max"))

        def _parse_min_(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        min_ = _parse_min_(d.pop("min"))

        def _parse_sum_(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        sum_ = _parse_sum_(d.pop("sum"))

        number_statistics = cls(
            avg=avg,
            max_=max_,
            min_=min_,
            sum_=sum_,
        )

        number_statistics.additional_properties = d
        return number_statistics

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
