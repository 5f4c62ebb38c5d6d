from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.customer_aggregate_key import CustomerAggregateKey


T = TypeVar("T", bound="CustomerAggregateGroup")


@_attrs_define
class CustomerAggregateGroup:
    """A group of customers: its key, how many records it holds and the statistics of their numbers and amounts.

    Attributes:
        count (int): Records in the group.
        key (CustomerAggregateKey): The grouping key of a group of customers: the value of each field of `group_by` and
            the time bucket; null for a key the request does not group by (or a record without a value).
    """

    count: int
    key: CustomerAggregateKey
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        count = self.count

        key = self.key.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "count": count,
                "key": key,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.customer_aggregate_key import CustomerAggregateKey

        d = dict(src_dict)
        count = d.pop("count")

        key = CustomerAggregateKey.from_dict(d.pop("key"))

        customer_aggregate_group = cls(
            count=count,
            key=key,
        )

        customer_aggregate_group.additional_properties = d
        return customer_aggregate_group

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
