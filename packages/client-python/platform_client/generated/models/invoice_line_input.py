from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="InvoiceLineInput")


@_attrs_define
class InvoiceLineInput:
    """One line of an invoice; the server computes its subtotal, tax and total.

    Attributes:
        description (str): What is billed, 1 to 500 characters.
        quantity (int): Number of units, greater than 0.
        unit_price (int): Price of one unit before tax, in minor units; 0 or more.
        item_id (None | str | Unset): The SKU billed, if any: 1 to 64 letters, digits, `.`, `_`, `:` or `-`.
        tax_rate (int | None | Unset): Tax rate in basis points, 0 to 10000 (2000 = 20 %). Default 0.
    """

    description: str
    quantity: int
    unit_price: int
    item_id: None | str | Unset = UNSET
    tax_rate: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        description = self.description

        quantity = self.quantity

        unit_price = self.unit_price

        item_id: None | str | Unset
        if isinstance(self.item_id, Unset):
            item_id = UNSET
        else:
            item_id = self.item_id

        tax_rate: int | None | Unset
        if isinstance(self.tax_rate, Unset):
            tax_rate = UNSET
        else:
            tax_rate = self.tax_rate

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "description": description,
                "quantity": quantity,
                "unit_price": unit_price,
            }
        )
        if item_id is not UNSET:
            field_dict["item_id"] = item_id
        if tax_rate is not UNSET:
            field_dict["tax_rate"] = tax_rate

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        description = d.pop("description")

        quantity = d.pop("quantity")

        unit_price = d.pop("unit_price")

        def _parse_item_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        item_id = _parse_item_id(d.pop("item_id", UNSET))

        def _parse_tax_rate(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        tax_rate = _parse_tax_rate(d.pop("tax_rate", UNSET))

        invoice_line_input = cls(
            description=description,
            quantity=quantity,
            unit_price=unit_price,
            item_id=item_id,
            tax_rate=tax_rate,
        )

        return invoice_line_input
