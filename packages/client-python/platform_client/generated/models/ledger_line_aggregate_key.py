from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.ledger_entry_source_type import LedgerEntrySourceType

T = TypeVar("T", bound="LedgerLineAggregateKey")


@_attrs_define
class LedgerLineAggregateKey:
    """The grouping key of a group of journal entry lines: the value of each field of `group_by` and the time bucket; null
    for a key the request does not group by (or a record without a value).

        Attributes:
            account (None | str): The account of the line.
            bucket (datetime.datetime | None): The start of the time bucket (with `bucket`), as an instant.
            bucket_label (None | str): The time bucket in the time zone of the request: `2026-11-27` (day), `2026-W48` (ISO
                week), `2026-11` (month), `2026-Q4` (quarter), `2026` (year).
            currency (None | str): The currency (ISO 4217).
            source_type (LedgerEntrySourceType | None): What posted the entry.
    """

    account: None | str
    bucket: datetime.datetime | None
    bucket_label: None | str
    currency: None | str
    source_type: LedgerEntrySourceType | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        account: None | str
        account = self.account

        bucket: None | str
        if isinstance(self.bucket, datetime.datetime):
            bucket = self.bucket.isoformat()
        else:
            bucket = self.bucket

        bucket_label: None | str
        bucket_label = self.bucket_label

        currency: None | str
        currency = self.currency

        source_type: None | str
        if isinstance(self.source_type, LedgerEntrySourceType):
            source_type = self.source_type.value
        else:
            source_type = self.source_type

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "account": account,
                "bucket": bucket,
                "bucket_label": bucket_label,
                "currency": currency,
                "source_type": source_type,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_account(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        account = _parse_account(d.pop("account"))

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

        def _parse_source_type(data: object) -> LedgerEntrySourceType | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                source_type_type_0 = LedgerEntrySourceType(data)

                return source_type_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LedgerEntrySourceType | None, data)

        source_type = _parse_source_type(d.pop("source_type"))

        ledger_line_aggregate_key = cls(
            account=account,
            bucket=bucket,
            bucket_label=bucket_label,
            currency=currency,
            source_type=source_type,
        )

        ledger_line_aggregate_key.additional_properties = d
        return ledger_line_aggregate_key

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
