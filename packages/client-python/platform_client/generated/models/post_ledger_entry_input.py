from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.ledger_line_input import LedgerLineInput


T = TypeVar("T", bound="PostLedgerEntryInput")


@_attrs_define
class PostLedgerEntryInput:
    """A manual journal entry.

    Attributes:
        currency (str): ISO 4217 currency code, 3 upper-case letters.
        description (str): What the entry records, 1 to 500 characters.
        lines (list[LedgerLineInput]): At least 2 (at most 100) lines; total debits must equal total credits (else 422
            `unbalanced_entry`).
        posted_at (datetime.datetime | None | Unset): Accounting time; default now; not in the future.
    """

    currency: str
    description: str
    lines: list[LedgerLineInput]
    posted_at: datetime.datetime | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        currency = self.currency

        description = self.description

        lines = []
        for lines_item_data in self.lines:
            lines_item = lines_item_data.to_dict()
            lines.append(lines_item)

        posted_at: None | str | Unset
        if isinstance(self.posted_at, Unset):
            posted_at = UNSET
        elif isinstance(self.posted_at, datetime.datetime):
            posted_at = self.posted_at.isoformat()
        else:
            posted_at = self.posted_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "currency": currency,
                "description": description,
                "lines": lines,
            }
        )
        if posted_at is not UNSET:
            field_dict["posted_at"] = posted_at

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.ledger_line_input import LedgerLineInput

        d = dict(src_dict)
        currency = d.pop("currency")

        description = d.pop("description")

        lines = []
        _lines = d.pop("lines")
        for lines_item_data in _lines:
            lines_item = LedgerLineInput.from_dict(lines_item_data)

            lines.append(lines_item)

        def _parse_posted_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                posted_at_type_0 = datetime.datetime.fromisoformat(data)

                return posted_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        posted_at = _parse_posted_at(d.pop("posted_at", UNSET))

        post_ledger_entry_input = cls(
            currency=currency,
            description=description,
            lines=lines,
            posted_at=posted_at,
        )

        return post_ledger_entry_input
