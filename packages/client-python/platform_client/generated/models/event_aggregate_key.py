from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.event_source_type import EventSourceType

T = TypeVar("T", bound="EventAggregateKey")


@_attrs_define
class EventAggregateKey:
    """The grouping key of a group of events: the value of each field of `group_by` and the time bucket; null for a key the
    request does not group by (or a record without a value).

        Attributes:
            bucket (datetime.datetime | None): The start of the time bucket (with `bucket`), as an instant.
            bucket_label (None | str): The time bucket in the time zone of the request: `2026-11-27` (day), `2026-W48` (ISO
                week), `2026-11` (month), `2026-Q4` (quarter), `2026` (year).
            resource_type (None | str): The kind of record the event is about (`order`, `inventory_item`, …); null for
                custom events.
            source_type (EventSourceType | None): What produced the event: `api`, `platform`, `connector`, `workflow` or
                `ai_task`.
            type_ (None | str): The event type (`order.created`, `custom.…`).
    """

    bucket: datetime.datetime | None
    bucket_label: None | str
    resource_type: None | str
    source_type: EventSourceType | None
    type_: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        bucket: None | str
        if isinstance(self.bucket, datetime.datetime):
            bucket = self.bucket.isoformat()
        else:
            bucket = self.bucket

        bucket_label: None | str
        bucket_label = self.bucket_label

        resource_type: None | str
        resource_type = self.resource_type

        source_type: None | str
        if isinstance(self.source_type, EventSourceType):
            source_type = self.source_type.value
        else:
            source_type = self.source_type

        type_: None | str
        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "bucket": bucket,
                "bucket_label": bucket_label,
                "resource_type": resource_type,
                "source_type": source_type,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_bucket(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                bucket_type_0 = datetime.datetime.fromisoformat(data)

                return bucket_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        bucket = _parse_bucket(d.pop("bucket"))

        def _parse_bucket_label(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        bucket_label = _parse_bucket_label(d.pop("bucket_label"))

        def _parse_resource_type(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        resource_type = _parse_resource_type(d.pop("resource_type"))

        def _parse_source_type(data: object) -> EventSourceType | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                source_type_type_0 = EventSourceType(data)

                return source_type_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EventSourceType | None, data)

        source_type = _parse_source_type(d.pop("source_type"))

        def _parse_type_(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        type_ = _parse_type_(d.pop("type"))

        event_aggregate_key = cls(
            bucket=bucket,
            bucket_label=bucket_label,
            resource_type=resource_type,
            source_type=source_type,
            type_=type_,
        )

        event_aggregate_key.additional_properties = d
        return event_aggregate_key

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
