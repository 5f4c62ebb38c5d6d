from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.event_aggregate_distinct import EventAggregateDistinct
    from ..models.event_aggregate_key import EventAggregateKey


T = TypeVar("T", bound="EventAggregateGroup")


@_attrs_define
class EventAggregateGroup:
    """A group of events: its key, how many records it holds and the statistics of their numbers and amounts.

    Attributes:
        count (int): Records in the group.
        count_distinct (EventAggregateDistinct): Counts of distinct values among the events of a group.
        key (EventAggregateKey): The grouping key of a group of events: the value of each field of `group_by` and the
            time bucket; null for a key the request does not group by (or a record without a value).
    """

    count: int
    count_distinct: EventAggregateDistinct
    key: EventAggregateKey
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        count = self.count

        count_distinct = self.count_distinct.to_dict()

        key = self.key.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "count": count,
                "count_distinct": count_distinct,
                "key": key,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.event_aggregate_distinct import EventAggregateDistinct
        from ..models.event_aggregate_key import EventAggregateKey

        d = dict(src_dict)
        count = d.pop("count")

        count_distinct = EventAggregateDistinct.from_dict(d.pop("count_distinct"))

        key = EventAggregateKey.from_dict(d.pop("key"))

        event_aggregate_group = cls(
            count=count,
            count_distinct=count_distinct,
            key=key,
        )

        event_aggregate_group.additional_properties = d
        return event_aggregate_group

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
