from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.invoice_status import InvoiceStatus

if TYPE_CHECKING:
    from ..models.invoice_line import InvoiceLine


T = TypeVar("T", bound="Invoice")


@_attrs_define
class Invoice:
    """A bill to a customer (accounts receivable). Amounts are in minor units of `currency` and computed by the server from
    the lines. Issuing posts Dr accounts_receivable / Cr revenue and tax_payable; each payment posts Dr cash / Cr
    accounts_receivable.

        Attributes:
            amount_due (int): `total - amount_paid`. 0 once paid.
            amount_paid (int): Sum of the payments recorded.
            created_at (datetime.datetime): When the invoice was created.
            currency (str): ISO 4217 currency code of every amount of the invoice (3 upper-case letters).
            customer_id (str): The CRM customer billed.
            due_date (None | str): Date payment is due, `YYYY-MM-DD`. When not given it is set on issue to the issue date
                (UTC) plus `payment_terms_days`; null for drafts without one.
            id (str): Invoice identifier (`inv_…`), assigned by the platform.
            issued_at (datetime.datetime | None): When the invoice was issued.
            lines (list[InvoiceLine]): The lines, in order.
            memo (None | str): A note shown on the invoice.
            number (None | str): Invoice number, `INV-000001`: assigned when the invoice is issued, in issue order without
                gaps per tenant; null for drafts.
            order_id (None | str): The CRM sales order the invoice was drawn up from, if any.
            paid_at (datetime.datetime | None): When the last payment settled the invoice.
            payment_terms_days (int): Days from the issue date to the due date when no `due_date` is given. Default 30.
            status (InvoiceStatus): Where an invoice is in its lifecycle: `draft` → `issued` → `paid`; `void` from `draft`,
                or from `issued` before any payment.
            subtotal (int): Sum of the lines’ `subtotal`.
            tax_total (int): Sum of the lines’ `tax`.
            total (int): `subtotal + tax_total`: what the customer owes in all.
            updated_at (datetime.datetime): When the invoice last changed.
            version (int): Incremented by every change and action; send it back as `version` (or `If-Match: "<version>"`) to
                refuse a change based on a stale copy.
            voided_at (datetime.datetime | None): When the invoice was voided.
    """

    amount_due: int
    amount_paid: int
    created_at: datetime.datetime
    currency: str
    customer_id: str
    due_date: None | str
    id: str
    issued_at: datetime.datetime | None
    lines: list[InvoiceLine]
    memo: None | str
    number: None | str
    order_id: None | str
    paid_at: datetime.datetime | None
    payment_terms_days: int
    status: InvoiceStatus
    subtotal: int
    tax_total: int
    total: int
    updated_at: datetime.datetime
    version: int
    voided_at: datetime.datetime | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        amount_due = self.amount_due

        amount_paid = self.amount_paid

        created_at = self.created_at.isoformat()

        currency = self.currency

        customer_id = self.customer_id

        due_date: None | str
        due_date = self.due_date

        id = self.id

        issued_at: None | str
        if isinstance(self.issued_at, datetime.datetime):
            issued_at = self.issued_at.isoformat()
        else:
            issued_at = self.issued_at

        lines = []
        for lines_item_data in self.lines:
            lines_item = lines_item_data.to_dict()
            lines.append(lines_item)

        memo: None | str
        memo = self.memo

        number: None | str
        number = self.number

        order_id: None | str
        order_id = self.order_id

        paid_at: None | str
        if isinstance(self.paid_at, datetime.datetime):
            paid_at = self.paid_at.isoformat()
        else:
            paid_at = self.paid_at

        payment_terms_days = self.payment_terms_days

        status = self.status.value

        subtotal = self.subtotal

        tax_total = self.tax_total

        total = self.total

        updated_at = self.updated_at.isoformat()

        version = self.version

        voided_at: None | str
        if isinstance(self.voided_at, datetime.datetime):
            voided_at = self.voided_at.isoformat()
        else:
            voided_at = self.voided_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "amount_due": amount_due,
                "amount_paid": amount_paid,
                "created_at": created_at,
                "currency": currency,
                "customer_id": customer_id,
                "due_date": due_date,
                "id": id,
                "issued_at": issued_at,
                "lines": lines,
                "memo": memo,
                "number": number,
                "order_id": order_id,
                "paid_at": paid_at,
                "payment_terms_days": payment_terms_days,
                "status": status,
                "subtotal": subtotal,
                "tax_total": tax_total,
                "total": total,
                "updated_at": updated_at,
                "version": version,
                "voided_at": voided_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.invoice_line import InvoiceLine

        d = dict(src_dict)
        amount_due = d.pop("amount_due")

        amount_paid = d.pop("amount_paid")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        currency = d.pop("currency")

        customer_id = d.pop("customer_id")

        def _parse_due_date(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        due_date = _parse_due_date(d.pop("due_date"))

        id = d.pop("id")

        def _parse_issued_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                issued_at_type_0 = datetime.datetime.fromisoformat(data)

                return issued_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        issued_at = _parse_issued_at(d.pop("issued_at"))

        lines = []
        _lines = d.pop("lines")
        for lines_item_data in _lines:
            lines_item = InvoiceLine.from_dict(lines_item_data)

            lines.append(lines_item)

        def _parse_memo(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        memo = _parse_memo(d.pop("memo"))

        def _parse_number(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        number = _parse_number(d.pop("number"))

        def _parse_order_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        order_id = _parse_order_id(d.pop("order_id"))

        def _parse_paid_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                paid_at_type_0 = datetime.datetime.fromisoformat(data)

                return paid_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        paid_at = _parse_paid_at(d.pop("paid_at"))

        payment_terms_days = d.pop("payment_terms_days")

        status = InvoiceStatus(d.pop("status"))

        subtotal = d.pop("subtotal")

        tax_total = d.pop("tax_total")

        total = d.pop("total")

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        version = d.pop("version")

        def _parse_voided_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                voided_at_type_0 = datetime.datetime.fromisoformat(data)

                return voided_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        voided_at = _parse_voided_at(d.pop("voided_at"))

        invoice = cls(
            amount_due=amount_due,
            amount_paid=amount_paid,
            created_at=created_at,
            currency=currency,
            customer_id=customer_id,
            due_date=due_date,
            id=id,
            issued_at=issued_at,
            lines=lines,
            memo=memo,
            number=number,
            order_id=order_id,
            paid_at=paid_at,
            payment_terms_days=payment_terms_days,
            status=status,
            subtotal=subtotal,
            tax_total=tax_total,
            total=total,
            updated_at=updated_at,
            version=version,
            voided_at=voided_at,
        )

        invoice.additional_properties = d
        return invoice

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
