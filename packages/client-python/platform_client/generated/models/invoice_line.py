from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="InvoiceLine")


@_attrs_define
class InvoiceLine:
    """One line of an invoice. `subtotal`, `tax` and `total` are computed by the server.

    Attributes:
        description (str): What is billed, as the customer sees it.
        id (str): Line identifier (`inl_…`), assigned by the platform; lines replaced by an update get new ids.
        item_id (None | str): The SKU billed, if any (lines copied from an order carry the order line’s SKU).
        quantity (int): Number of units, greater than 0.
        subtotal (int): `quantity × unit_price`.
        tax (int): `subtotal × tax_rate / 10000`, rounded half up to a whole minor unit, per line.
        tax_rate (int): Tax rate in basis points, 0 to 10000 (2000 = 20 %).
        total (int): `subtotal + tax`.
        unit_price (int): Price of one unit before tax, in minor units of the invoice currency; 0 or more.
    """

    description: str
    id: str
    item_id: None | str
    quantity: int
    subtotal: int
    tax: int
    tax_rate: int
    total: int
    unit_price: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        description = self.description

        id = self.id

        item_id: None | str
        item_id = self.item_id

        quantity = self.quantity

        subtotal = self.subtotal

        tax = self.tax

        tax_rate = self.tax_rate

        total = self.total

        unit_price = self.unit_price

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "description": description,
                "id": id,
                "item_id": item_id,
                "quantity": quantity,
                "subtotal": subtotal,
                "tax": tax,
                "tax_rate": tax_rate,
                "total": total,
                "unit_price": unit_price,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        description = d.pop("description")

        id = d.pop("id")

        def _parse_item_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        item_id = _parse_item_id(d.pop("item_id"))

        quantity = d.pop("quantity")

        subtotal = d.pop("subtotal")

        tax = d.pop("tax")

        tax_rate = d.pop("tax_rate")

        total = d.pop("total")

        unit_price = d.pop("unit_price")

        invoice_line = cls(
            description=description,
            id=id,
            item_id=item_id,
            quantity=quantity,
            subtotal=subtotal,
            tax=tax,
            tax_rate=tax_rate,
            total=total,
            unit_price=unit_price,
        )

        invoice_line.additional_properties = d
        return invoice_line

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
