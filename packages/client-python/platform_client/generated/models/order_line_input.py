from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="OrderLineInput")


@_attrs_define
class OrderLineInput:
    """A line of an order.

    Attributes:
        item_id (str): The SKU; must exist in inventory.
        quantity (int): Units, an integer greater than 0.
        unit_price (int): Price of one unit in minor units of the order’s currency, 0 or more.
        description (None | str | Unset): Text shown on the order, up to 500 characters. Default: the SKU.
    """

    item_id: str
    quantity: int
    unit_price: int
    description: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        item_id = self.item_id

        quantity = self.quantity

        unit_price = self.unit_price

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "item_id": item_id,
                "quantity": quantity,
                "unit_price": unit_price,
            }
        )
        if description is not UNSET:
            field_dict["description"] = description

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        item_id = d.pop("item_id")

        quantity = d.pop("quantity")

        unit_price = d.pop("unit_price")

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        order_line_input = cls(
            item_id=item_id,
            quantity=quantity,
            unit_price=unit_price,
            description=description,
        )

        return order_line_input
