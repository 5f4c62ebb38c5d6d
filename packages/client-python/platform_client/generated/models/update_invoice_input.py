from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.invoice_line_input import InvoiceLineInput


T = TypeVar("T", bound="UpdateInvoiceInput")


@_attrs_define
class UpdateInvoiceInput:
    """Changes to a draft invoice; absent fields keep their value, `lines` replaces every line, an empty `memo` clears it.

    Attributes:
        currency (str | Unset): ISO 4217 code, 3 upper-case letters.
        customer_id (str | Unset): An existing CRM customer.
        due_date (str | Unset): Due date, `YYYY-MM-DD`.
        lines (list[InvoiceLineInput] | Unset): The new lines, replacing all current ones.
        memo (str | Unset): A note, up to 2000 characters; empty to clear it.
        payment_terms_days (int | Unset): Days from issue to due date, 0 to 3650.
        version (int | None | Unset): The version the change is based on; a different current version refuses the change
            (409 `version_conflict`).
    """

    currency: str | Unset = UNSET
    customer_id: str | Unset = UNSET
    due_date: str | Unset = UNSET
    lines: list[InvoiceLineInput] | Unset = UNSET
    memo: str | Unset = UNSET
    payment_terms_days: int | Unset = UNSET
    version: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        currency = self.currency

        customer_id = self.customer_id

        due_date = self.due_date

        lines: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.lines, Unset):
            lines = []
            for lines_item_data in self.lines:
                lines_item = lines_item_data.to_dict()
                lines.append(lines_item)

        memo = self.memo

        payment_terms_days = self.payment_terms_days

        version: int | None | Unset
        if isinstance(self.version, Unset):
            version = UNSET
        else:
            version = self.version

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if currency is not UNSET:
            field_dict["currency"] = currency
        if customer_id is not UNSET:
            field_dict["customer_id"] = customer_id
        if due_date is not UNSET:
            field_dict["due_date"] = due_date
        if lines is not UNSET:
            field_dict["lines"] = lines
        if memo is not UNSET:
            field_dict["memo"] = memo
        if payment_terms_days is not UNSET:
            field_dict["payment_terms_days"] = payment_terms_days
        if version is not UNSET:
            field_dict["version"] = version

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.invoice_line_input import InvoiceLineInput

        d = dict(src_dict)
        currency = d.pop("currency", UNSET)

        customer_id = d.pop("customer_id", UNSET)

        due_date = d.pop("due_date", UNSET)

        _lines = d.pop("lines", UNSET)
        lines: list[InvoiceLineInput] | Unset = UNSET
        if _lines is not UNSET:
            lines = []
            for lines_item_data in _lines:
                lines_item = InvoiceLineInput.from_dict(lines_item_data)

                lines.append(lines_item)

        memo = d.pop("memo", UNSET)

        payment_terms_days = d.pop("payment_terms_days", UNSET)

        def _parse_version(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        version = _parse_version(d.pop("version", UNSET))

        update_invoice_input = cls(
            currency=currency,
            customer_id=customer_id,
            due_date=due_date,
            lines=lines,
            memo=memo,
            payment_terms_days=payment_terms_days,
            version=version,
        )

        return update_invoice_input
