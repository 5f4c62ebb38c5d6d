from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="InventoryItemAggregateKey")


@_attrs_define
class InventoryItemAggregateKey:
    """The grouping key of a group of inventory items: the value of each field of `group_by` and the time bucket; null for
    a key the request does not group by (or a record without a value).

        Attributes:
            allow_backorder (bool | None): Whether the item takes backorders.
            archived (bool | None): Whether the item is archived (with `archived: true`).
            below_reorder_point (bool | None): Whether the item is below its reorder point (`quantity_on_hand <
                reorder_point`).
            bucket (datetime.datetime | None): The start of the time bucket (with `bucket`), as an instant.
            bucket_label (None | str): The time bucket in the time zone of the request: `2026-11-27` (day), `2026-W48` (ISO
                week), `2026-11` (month), `2026-Q4` (quarter), `2026` (year).
            currency (None | str): The currency of the unit cost (ISO 4217); null for items without a cost.
            warehouse_id (None | str): The home warehouse.
    """

    allow_backorder: bool | None
    archived: bool | None
    below_reorder_point: bool | None
    bucket: datetime.datetime | None
    bucket_label: None | str
    currency: None | str
    warehouse_id: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        allow_backorder: bool | None
        allow_backorder = self.allow_backorder

        archived: bool | None
        archived = self.archived

        below_reorder_point: bool | None
        below_reorder_point = self.below_reorder_point

        bucket: None | str
        if isinstance(self.bucket, datetime.datetime):
            bucket = self.bucket.isoformat()
        else:
            bucket = self.bucket

        bucket_label: None | str
        bucket_label = self.bucket_label

        currency: None | str
        currency = self.currency

        warehouse_id: None | str
        warehouse_id = self.warehouse_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "allow_backorder": allow_backorder,
                "archived": archived,
                "below_reorder_point": below_reorder_point,
                "bucket": bucket,
                "bucket_label": bucket_label,
                "currency": currency,
                "warehouse_id": warehouse_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_allow_backorder(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        allow_backorder = _parse_allow_backorder(d.pop("allow_backorder"))

        def _parse_archived(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        archived = _parse_archived(d.pop("archived"))

        def _parse_below_reorder_point(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        below_reorder_point = _parse_below_reorder_point(d.pop("below_reorder_point"))

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

        def _parse_currency(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        currency = _parse_currency(d.pop("currency"))

        def _parse_warehouse_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        warehouse_id = _parse_warehouse_id(d.pop("warehouse_id"))

        inventory_item_aggregate_key = cls(
            allow_backorder=allow_backorder,
            archived=archived,
            below_reorder_point=below_reorder_point,
            bucket=bucket,
            bucket_label=bucket_label,
            currency=currency,
            warehouse_id=warehouse_id,
        )

        inventory_item_aggregate_key.additional_properties = d
        return inventory_item_aggregate_key

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
