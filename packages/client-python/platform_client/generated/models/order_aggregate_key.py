from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.order_kind import OrderKind
from ..models.order_status import OrderStatus

T = TypeVar("T", bound="OrderAggregateKey")


@_attrs_define
class OrderAggregateKey:
    """The grouping key of a group of orders: the value of each field of `group_by` and the time bucket; null for a key the
    request does not group by (or a record without a value).

        Attributes:
            bucket (datetime.datetime | None): The start of the time bucket (with `bucket`), as an instant.
            bucket_label (None | str): The time bucket in the time zone of the request: `2026-11-27` (day), `2026-W48` (ISO
                week), `2026-11` (month), `2026-Q4` (quarter), `2026` (year).
            channel (None | str): The channel that created the order (`api` or a connector id).
            currency (None | str): The currency (ISO 4217).
            customer_id (None | str): The customer.
            kind (None | OrderKind): The order kind.
            status (None | OrderStatus): The order status.
    """

    bucket: datetime.datetime | None
    bucket_label: None | str
    channel: None | str
    currency: None | str
    customer_id: None | str
    kind: None | OrderKind
    status: None | OrderStatus
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        bucket: None | str
        if isinstance(self.bucket, datetime.datetime):
            bucket = self.bucket.isoformat()
        else:
            bucket = self.bucket

        bucket_label: None | str
        bucket_label = self.bucket_label

        channel: None | str
        channel = self.channel

        currency: None | str
        currency = self.currency

        customer_id: None | str
        customer_id = self.customer_id

        kind: None | str
        if isinstance(self.kind, OrderKind):
            kind = self.kind.value
        else:
            kind = self.kind

        status: None | str
        if isinstance(self.status, OrderStatus):
            status = self.status.value
        else:
            status = self.status

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "bucket": bucket,
                "bucket_label": bucket_label,
                "channel": channel,
                "currency": currency,
                "customer_id": customer_id,
                "kind": kind,
                "status": status,
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

        def _parse_channel(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        channel = _parse_channel(d.pop("channel"))

        def _parse_currency(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        currency = _parse_currency(d.pop("currency"))

        def _parse_customer_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        customer_id = _parse_customer_id(d.pop("customer_id"))

        def _parse_kind(data: object) -> None | OrderKind:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                kind_type_0 = OrderKind(data)

                return kind_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | OrderKind, data)

        kind = _parse_kind(d.pop("kind"))

        def _parse_status(data: object) -> None | OrderStatus:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                status_type_0 = OrderStatus(data)

                return status_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | OrderStatus, data)

        status = _parse_status(d.pop("status"))

        order_aggregate_key = cls(
            bucket=bucket,
            bucket_label=bucket_label,
            channel=channel,
            currency=currency,
            customer_id=customer_id,
            kind=kind,
            status=status,
        )

        order_aggregate_key.additional_properties = d
        return order_aggregate_key

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
