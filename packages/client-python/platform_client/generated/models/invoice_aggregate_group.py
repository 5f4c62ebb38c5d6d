from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.invoice_aggregate_distinct import InvoiceAggregateDistinct
    from ..models.invoice_aggregate_key import InvoiceAggregateKey
    from ..models.money_statistics import MoneyStatistics
    from ..models.number_statistics import NumberStatistics


T = TypeVar("T", bound="InvoiceAggregateGroup")


@_attrs_define
class InvoiceAggregateGroup:
    """A group of invoices: its key, how many records it holds and the statistics of their numbers and amounts.

    Attributes:
        amount_due (list[MoneyStatistics]): Amounts due (`total - amount_paid`): with `status: issued`, the open
            balance. One entry per currency, by currency code.
        amount_paid (list[MoneyStatistics]): Amounts paid. One entry per currency, by currency code.
        count (int): Records in the group.
        count_distinct (InvoiceAggregateDistinct): Counts of distinct values among the invoices of a group.
        days_to_payment (NumberStatistics): Statistics of a number over the records of a group; null when no record of
            the group has a value.
        key (InvoiceAggregateKey): The grouping key of a group of invoices: the value of each field of `group_by` and
            the time bucket; null for a key the request does not group by (or a record without a value).
        subtotal (list[MoneyStatistics]): Subtotals (before taxes). One entry per currency, by currency code.
        tax_total (list[MoneyStatistics]): Taxes. One entry per currency, by currency code.
        total (list[MoneyStatistics]): Totals (taxes included). One entry per currency, by currency code.
    """

    amount_due: list[MoneyStatistics]
    amount_paid: list[MoneyStatistics]
    count: int
    count_distinct: InvoiceAggregateDistinct
    days_to_payment: NumberStatistics
    key: InvoiceAggregateKey
    subtotal: list[MoneyStatistics]
    tax_total: list[MoneyStatistics]
    total: list[MoneyStatistics]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        amount_due = []
        for amount_due_item_data in self.amount_due:
            amount_due_item = amount_due_item_data.to_dict()
            amount_due.append(amount_due_item)

        amount_paid = []
        for amount_paid_item_data in self.amount_paid:
            amount_paid_item = amount_paid_item_data.to_dict()
            amount_paid.append(amount_paid_item)

        count = self.count

        count_distinct = self.count_distinct.to_dict()

        days_to_payment = self.days_to_payment.to_dict()

        key = self.key.to_dict()

        subtotal = []
        for subtotal_item_data in self.subtotal:
            subtotal_item = subtotal_item_data.to_dict()
            subtotal.append(subtotal_item)

        tax_total = []
        for tax_total_item_data in self.tax_total:
            tax_total_item = tax_total_item_data.to_dict()
            tax_total.append(tax_total_item)

        total = []
        for total_item_data in self.total:
            total_item = total_item_data.to_dict()
            total.append(total_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "amount_due": amount_due,
                "amount_paid": amount_paid,
                "count": count,
                "count_distinct": count_distinct,
                "days_to_payment": days_to_payment,
                "key": key,
                "subtotal": subtotal,
                "tax_total": tax_total,
                "total": total,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.invoice_aggregate_distinct import InvoiceAggregateDistinct
        from ..models.invoice_aggregate_key import InvoiceAggregateKey
        from ..models.money_statistics import MoneyStatistics
        from ..models.number_statistics import NumberStatistics

        d = dict(src_dict)
        amount_due = []
        _amount_due = d.pop("amount_due")
        for amount_due_item_data in _amount_due:
            amount_due_item = MoneyStatistics.from_dict(amount_due_item_data)

            amount_due.append(amount_due_item)

        amount_paid = []
        _amount_paid = d.pop("amount_paid")
        for amount_paid_item_data in _amount_paid:
            amount_paid_item = MoneyStatistics.from_dict(amount_paid_item_data)

            amount_paid.append(amount_paid_item)

        count = d.pop("count")

        count_distinct = InvoiceAggregateDistinct.from_dict(d.pop("count_distinct"))

        days_to_payment = NumberStatistics.from_dict(d.pop("days_to_payment"))

        key = InvoiceAggregateKey.from_dict(d.pop("key"))

        subtotal = []
        _subtotal = d.pop("subtotal")
        for subtotal_item_data in _subtotal:
            subtotal_item = MoneyStatistics.from_dict(subtotal_item_data)

            subtotal.append(subtotal_item)

        tax_total = []
        _tax_total = d.pop("tax_total")
        for tax_total_item_data in _tax_total:
            tax_total_item = MoneyStatistics.from_dict(tax_total_item_data)

            tax_total.append(tax_total_item)

        total = []
        _total = d.pop("total")
        for total_item_data in _total:
            total_item = MoneyStatistics.from_dict(total_item_data)

            total.append(total_item)

        invoice_aggregate_group = cls(
            amount_due=amount_due,
            amount_paid=amount_paid,
            count=count,
            count_distinct=count_distinct,
            days_to_payment=days_to_payment,
            key=key,
            subtotal=subtotal,
            tax_total=tax_total,
            total=total,
        )

        invoice_aggregate_group.additional_properties = d
        return invoice_aggregate_group

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
