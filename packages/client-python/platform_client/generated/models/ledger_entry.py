from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.ledger_entry_source_type import LedgerEntrySourceType

if TYPE_CHECKING:
    from ..models.ledger_line import LedgerLine


T = TypeVar("T", bound="LedgerEntry")


@_attrs_define
class LedgerEntry:
    """A double-entry journal entry: its debits equal its credits. Entries are never changed or deleted; a manual entry is
    corrected by its reversal, an invoice’s entries by voiding the invoice.

        Attributes:
            created_at (datetime.datetime): When the entry was recorded.
            currency (str): ISO 4217 currency code of every amount of the entry.
            description (str): What the entry records.
            id (str): Entry identifier (`le_…`), assigned by the platform.
            lines (list[LedgerLine]): The debit and credit lines, at least two, in the order posted.
            posted_at (datetime.datetime): Accounting time of the entry (balances `as_of` a time include entries posted at
                or before it).
            reversed_by_entry_id (None | str): The reversal of this entry, once reversed (an entry is reversed at most
                once).
            reverses_entry_id (None | str): The entry this one reverses (only for `reversal` entries).
            source_id (None | str): The invoice of `invoice`, `payment` and invoice `reversal` entries; null for manual
                entries and their reversals.
            source_type (LedgerEntrySourceType): What posted a journal entry.
    """

    created_at: datetime.datetime
    currency: str
    description: str
    id: str
    lines: list[LedgerLine]
    posted_at: datetime.datetime
    reversed_by_entry_id: None | str
    reverses_entry_id: None | str
    source_id: None | str
    source_type: LedgerEntrySourceType
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at.isoformat()

        currency = self.currency

        description = self.description

        id = self.id

        lines = []
        for lines_item_data in self.lines:
            lines_item = lines_item_data.to_dict()
            lines.append(lines_item)

        posted_at = self.posted_at.isoformat()

        reversed_by_entry_id: None | str
        reversed_by_entry_id = self.reversed_by_entry_id

        reverses_entry_id: None | str
        reverses_entry_id = self.reverses_entry_id

        source_id: None | str
        source_id = self.source_id

        source_type = self.source_type.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "currency": currency,
                "description": description,
                "id": id,
                "lines": lines,
                "posted_at": posted_at,
                "reversed_by_entry_id": reversed_by_entry_id,
                "reverses_entry_id": reverses_entry_id,
                "source_id": source_id,
                "source_type": source_type,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.ledger_line import LedgerLine

        d = dict(src_dict)
        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        currency = d.pop("currency")

        description = d.pop("description")

        id = d.pop("id")

        lines = []
        _lines = d.pop("lines")
        for lines_item_data in _lines:
            lines_item = LedgerLine.from_dict(lines_item_data)

            lines.append(lines_item)

        posted_at = datetime.datetime.fromisoformat(d.pop("posted_at"))

        def _parse_reversed_by_entry_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        reversed_by_entry_id = _parse_reversed_by_entry_id(
            d.pop("reversed_by_entry_id")
        )

        def _parse_reverses_entry_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        reverses_entry_id = _parse_reverses_entry_id(d.pop("reverses_entry_id"))

        def _parse_source_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        source_id = _parse_source_id(d.pop("source_id"))

        source_type = LedgerEntrySourceType(d.pop("source_type"))

        ledger_entry = cls(
            created_at=created_at,
            currency=currency,
            description=description,
            id=id,
            lines=lines,
            posted_at=posted_at,
            reversed_by_entry_id=reversed_by_entry_id,
            reverses_entry_id=reverses_entry_id,
            source_id=source_id,
            source_type=source_type,
        )

        ledger_entry.additional_properties = d
        return ledger_entry

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
