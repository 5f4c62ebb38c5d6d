from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.invoice_line_input import InvoiceLineInput


T = TypeVar("T", bound="CreateInvoiceInput")


@_attrs_define
class CreateInvoiceInput:
    """A new draft invoice: either `customer_id`, `currency` and `lines`, or `order_id` (the order’s customer, currency and
    lines are copied).

        Attributes:
            currency (None | str | Unset): ISO 4217 code, 3 upper-case letters. Required unless `order_id` is given.
            customer_id (None | str | Unset): An existing CRM customer. Required unless `order_id` is given.
            due_date (None | str | Unset): Due date, `YYYY-MM-DD`. Default: the issue date plus `payment_terms_days`.
            lines (list[InvoiceLineInput] | None | Unset): Up to 500 lines. Default none (add them before issuing).
            memo (None | str | Unset): A note shown on the invoice, up to 2000 characters.
            order_id (None | str | Unset): A confirmed or fulfilled CRM sales order to invoice; its customer, currency and
                lines are copied (then omit `customer_id`, `currency` and `lines`).
            payment_terms_days (int | None | Unset): Days from issue to due date when no `due_date` is given, 0 to 3650.
                Default 30.
            tax_rate (int | None | Unset): With `order_id` only: the tax rate (basis points) given to every line copied from
                the order. Default 0.
    """

    currency: None | str | Unset = UNSET
    customer_id: None | str | Unset = UNSET
    due_date: None | str | Unset = UNSET
    lines: list[InvoiceLineInput] | None | Unset = UNSET
    memo: None | str | Unset = UNSET
    order_id: None | str | Unset = UNSET
    payment_terms_days: int | None | Unset = UNSET
    tax_rate: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        currency: None | str | Unset
        if isinstance(self.currency, Unset):
            currency = UNSET
        else:
            currency = self.currency

        customer_id: None | str | Unset
        if isinstance(self.customer_id, Unset):
            customer_id = UNSET
        else:
            customer_id = self.customer_id

        due_date: None | str | Unset
        if isinstance(self.due_date, Unset):
            due_date = UNSET
        else:
            due_date = self.due_date

        lines: list[dict[str, Any]] | None | Unset
        if isinstance(self.lines, Unset):
            lines = UNSET
        elif isinstance(self.lines, list):
            lines = []
            for lines_type_0_item_data in self.lines:
                lines_type_0_item = lines_type_0_item_data.to_dict()
                lines.append(lines_type_0_item)

        else:
            lines = self.lines

        memo: None | str | Unset
        if isinstance(self.memo, Unset):
            memo = UNSET
        else:
            memo = self.memo

        order_id: None | str | Unset
        if isinstance(self.order_id, Unset):
            order_id = UNSET
        else:
            order_id = self.order_id

        payment_terms_days: int | None | Unset
        if isinstance(self.payment_terms_days, Unset):
            payment_terms_days = UNSET
        else:
            payment_terms_days = self.payment_terms_days

        tax_rate: int | None | Unset
        if isinstance(self.tax_rate, Unset):
            tax_rate = UNSET
        else:
            tax_rate = self.tax_rate

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
        if order_id is not UNSET:
            field_dict["order_id"] = order_id
        if payment_terms_days is not UNSET:
            field_dict["payment_terms_days"] = payment_terms_days
        if tax_rate is not UNSET:
            field_dict["tax_rate"] = tax_rate

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.invoice_line_input import InvoiceLineInput

        d = dict(src_dict)

        def _parse_currency(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        currency = _parse_currency(d.pop("currency", UNSET))

        def _parse_customer_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        customer_id = _parse_customer_id(d.pop("customer_id", UNSET))

        def _parse_due_date(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        due_date = _parse_due_date(d.pop("due_date", UNSET))

        def _parse_lines(data: object) -> list[InvoiceLineInput] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                lines_type_0 = []
                _lines_type_0 = data
                for lines_type_0_item_data in _lines_type_0:
                    lines_type_0_item = InvoiceLineInput.from_dict(
                        lines_type_0_item_data
                    )

                    lines_type_0.append(lines_type_0_item)

                return lines_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[InvoiceLineInput] | None | Unset, data)

        lines = _parse_lines(d.pop("lines", UNSET))

        def _parse_memo(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        memo = _parse_memo(d.pop("memo", UNSET))

        def _parse_order_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        order_id = _parse_order_id(d.pop("order_id", UNSET))

        def _parse_payment_terms_days(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        payment_terms_days = _parse_payment_terms_days(
            d.pop("payment_terms_days", UNSET)
        )

        def _parse_tax_rate(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        tax_rate = _parse_tax_rate(d.pop("tax_rate", UNSET))

        create_invoice_input = cls(
            currency=currency,
            customer_id=customer_id,
            due_date=due_date,
            lines=lines,
            memo=memo,
            order_id=order_id,
            payment_terms_days=payment_terms_days,
            tax_rate=tax_rate,
        )

        return create_invoice_input
