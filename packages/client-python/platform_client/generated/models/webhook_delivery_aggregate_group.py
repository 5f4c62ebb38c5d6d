from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.number_statistics import NumberStatistics
    from ..models.webhook_delivery_aggregate_distinct import (
        WebhookDeliveryAggregateDistinct,
    )
    from ..models.webhook_delivery_aggregate_key import WebhookDeliveryAggregateKey


T = TypeVar("T", bound="WebhookDeliveryAggregateGroup")


@_attrs_define
class WebhookDeliveryAggregateGroup:
    """A group of webhook deliveries: its key, how many records it holds and the statistics of their numbers and amounts.

    Attributes:
        attempts (NumberStatistics): Statistics of a number over the records of a group; null when no record of the
            group has a value.
        attempts_duration_ms (NumberStatistics): Statistics of a number over the records of a group; null when no record
            of the group has a value.
        completion_ms (NumberStatistics): Statistics of a number over the records of a group; null when no record of the
            group has a value.
        count (int): Records in the group.
        count_distinct (WebhookDeliveryAggregateDistinct): Counts of distinct values among the webhook deliveries of a
            group.
        key (WebhookDeliveryAggregateKey): The grouping key of a group of webhook deliveries: the value of each field of
            `group_by` and the time bucket; null for a key the request does not group by (or a record without a value).
    """

    attempts: NumberStatistics
    attempts_duration_ms: NumberStatistics
    completion_ms: NumberStatistics
    count: int
    count_distinct: WebhookDeliveryAggregateDistinct
    key: WebhookDeliveryAggregateKey
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        attempts = self.attempts.to_dict()

        attempts_duration_ms = self.attempts_duration_ms.to_dict()

        completion_ms = self.completion_ms.to_dict()

        count = self.count

        count_distinct = self.count_distinct.to_dict()

        key = self.key.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "attempts": attempts,
                "attempts_duration_ms": attempts_duration_ms,
                "completion_ms": completion_ms,
                "count": count,
                "count_distinct": count_distinct,
                "key": key,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.number_statistics import NumberStatistics
        from ..models.webhook_delivery_aggregate_distinct import (
            WebhookDeliveryAggregateDistinct,
        )
        from ..models.webhook_delivery_aggregate_key import WebhookDeliveryAggregateKey

        d = dict(src_dict)
        attempts = NumberStatistics.from_dict(d.pop("attempts"))

        attempts_duration_ms = NumberStatistics.from_dict(d.pop("attempts_duration_ms"))

        completion_ms = NumberStatistics.from_dict(d.pop("completion_ms"))

        count = d.pop("count")

        count_distinct = WebhookDeliveryAggregateDistinct.from_dict(
            d.pop("count_distinct")
        )

        key = WebhookDeliveryAggregateKey.from_dict(d.pop("key"))

        webhook_delivery_aggregate_group = cls(
            attempts=attempts,
            attempts_duration_ms=attempts_duration_ms,
            completion_ms=completion_ms,
            count=count,
            count_distinct=count_distinct,
            key=key,
        )

        webhook_delivery_aggregate_group.additional_properties = d
        return webhook_delivery_aggregate_group

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
