from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.stock_movement_kind import StockMovementKind

T = TypeVar("T", bound="StockMovementAggregateKey")


@_attrs_define
class StockMovementAggregateKey:
    """The grouping key of a group of stock movements: the value of each field of `group_by` and the time bucket; null for
    a key the request does not group by (or a record without a value).

        Attributes:
            bucket (datetime.datetime | None): The start of the time bucket (with `bucket`), as an instant.
            bucket_label (None | str): The time bucket in the time zone of the request: `2026-11-27` (day), `2026-W48` (ISO
                week), `2026-11` (month), `2026-Q4` (quarter), `2026` (year).
            item_id (None | str): The SKU.
            kind (None | StockMovementKind): Why the stock changed.
            source_type (None | str): What caused the movement (`sales_order`, `purchase_order`); null for changes made
                through the inventory API.
            warehouse_id (None | str): The warehouse whose stock changed.
    """

    bucket: datetime.datetime | None
    bucket_label: None | str
    item_id: None | str
    kind: None | StockMovementKind
    source_type: None | str
    warehouse_id: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        bucket: None | str
        if isinstance(self.bucket, datetime.datetime):
            bucket = self.bucket.isoformat()
        else:
            bucket = self.bucket

        bucket_label: None | str
        bucket_label = self.bucket_label

        item_id: None | str
        item_id = self.item_id

        kind: None | str
        if isinstance(self.kind, StockMovementKind):
            kind = self.kind.value
        else:
            kind = self.kind

        source_type: None | str
        source_type = self.source_type

        warehouse_id: None | str
        warehouse_id = self.warehouse_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "bucket": bucket,
                "bucket_label": bucket_label,
                "item_id": item_id,
                "kind": kind,
                "source_type": source_type,
                "warehouse_id": warehouse_id,
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

        def _parse_item_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        item_id = _parse_item_id(d.pop("item_id"))

        def _parse_kind(data: object) -> None | StockMovementKind:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                kind_type_0 = StockMovementKind(data)

                return kind_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | StockMovementKind, data)

        kind = _parse_kind(d.pop("kind"))

        def _parse_source_type(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        source_type = _parse_source_type(d.pop("source_type"))

        def _parse_warehouse_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        warehouse_id = _parse_warehouse_id(d.pop("warehouse_id"))

        stock_movement_aggregate_key = cls(
            bucket=bucket,
            bucket_label=bucket_label,
            item_id=item_id,
            kind=kind,
            source_type=source_type,
            warehouse_id=warehouse_id,
        )

        stock_movement_aggregate_key.additional_properties = d
        return stock_movement_aggregate_key

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
