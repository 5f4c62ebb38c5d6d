from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.webhook_delivery_status import WebhookDeliveryStatus
from ..models.webhook_delivery_trigger import WebhookDeliveryTrigger

T = TypeVar("T", bound="WebhookDeliveryAggregateKey")


@_attrs_define
class WebhookDeliveryAggregateKey:
    """The grouping key of a group of webhook deliveries: the value of each field of `group_by` and the time bucket; null
    for a key the request does not group by (or a record without a value).

        Attributes:
            bucket (datetime.datetime | None): The start of the time bucket (with `bucket`), as an instant.
            bucket_label (None | str): The time bucket in the time zone of the request: `2026-11-27` (day), `2026-W48` (ISO
                week), `2026-11` (month), `2026-Q4` (quarter), `2026` (year).
            endpoint_id (None | str): The endpoint (`we_…`).
            response_class (None | str): The class of the status of the last attempt’s response (`2xx`, `4xx`, `5xx`, …);
                null before any attempt or when no response arrived.
            status (None | WebhookDeliveryStatus): `pending`, `succeeded` or `failed`.
            trigger (None | WebhookDeliveryTrigger): `event`, `resend` or `replay`.
    """

    bucket: datetime.datetime | None
    bucket_label: None | str
    endpoint_id: None | str
    response_class: None | str
    status: None | WebhookDeliveryStatus
    trigger: None | WebhookDeliveryTrigger
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        bucket: None | str
        if isinstance(self.bucket, datetime.datetime):
            bucket = self.bucket.isoformat()
        else:
            bucket = self.bucket

        bucket_label: None | str
        bucket_label = self.bucket_label

        endpoint_id: None | str
        endpoint_id = self.endpoint_id

        response_class: None | str
        response_class = self.response_class

        status: None | str
        if isinstance(self.status, WebhookDeliveryStatus):
            status = self.status.value
        else:
            status = self.status

        trigger: None | str
        if isinstance(self.trigger, WebhookDeliveryTrigger):
            trigger = self.trigger.value
        else:
            trigger = self.trigger

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "bucket": bucket,
                "bucket_label": bucket_label,
                "endpoint_id": endpoint_id,
                "response_class": response_class,
                "status": status,
                "trigger": trigger,
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

        def _parse_endpoint_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        endpoint_id = _parse_endpoint_id(d.pop("endpoint_id"))

        def _parse_response_class(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        response_class = _parse_response_class(d.pop("response_class"))

        def _parse_status(data: object) -> None | WebhookDeliveryStatus:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                status_type_0 = WebhookDeliveryStatus(data)

                return status_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | WebhookDeliveryStatus, data)

        status = _parse_status(d.pop("status"))

        def _parse_trigger(data: object) -> None | WebhookDeliveryTrigger:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                trigger_type_0 = WebhookDeliveryTrigger(data)

                return trigger_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | WebhookDeliveryTrigger, data)

        trigger = _parse_trigger(d.pop("trigger"))

        webhook_delivery_aggregate_key = cls(
            bucket=bucket,
            bucket_label=bucket_label,
            endpoint_id=endpoint_id,
            response_class=response_class,
            status=status,
            trigger=trigger,
        )

        webhook_delivery_aggregate_key.additional_properties = d
        return webhook_delivery_aggregate_key

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
