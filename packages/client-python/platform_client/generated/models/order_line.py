from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="OrderLine")


@_attrs_define
class OrderLine:
    """One line of an order: a quantity of an inventory SKU at a unit price.

    Attributes:
        description (str): Text shown on the order; defaults to the SKU.
        id (str): Line identifier (`oln_…`), assigned by the platform. Replacing the lines of a draft assigns new ids.
        item_id (str): The SKU (inventory item id). It existed in inventory when the line was written.
        quantity (int): Units ordered; an integer greater than 0.
        total (int): `quantity × unit_price`, computed by the platform.
        unit_price (int): Price of one unit in minor units of the order’s `currency`, 0 or more.
    """

    description: str
    id: str
    item_id: str
    quantity: int
    total: int
    unit_price: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        description = self.description

        id = self.id

        item_id = self.item_id

        quantity = self.quantity

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

        item_id = d.pop("item_id")

        quantity = d.pop("quantity")

        total = d.pop("total")

        unit_price = d.pop("unit_price")

        order_line = cls(
            description=description,
            id=id,
            item_id=item_id,
            quantity=quantity,
            total=total,
            unit_price=unit_price,
        )

        order_line.additional_properties = d
        return order_line

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
