from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.order_line_input import OrderLineInput


T = TypeVar("T", bound="UpdateOrderInput")


@_attrs_define
class UpdateOrderInput:
    """Fields to change on a draft order; absent fields keep their value. `lines`, when given, replace every line.

    Attributes:
        currency (str | Unset): ISO 4217 code.
        customer_id (str | Unset): Another existing, non-archived customer.
        external_reference (str | Unset): Your own identifier; unique per tenant and kind; empty clears it.
        lines (list[OrderLineInput] | Unset): Replaces every line; totals are recomputed.
        notes (str | Unset): Free-form notes; empty clears them.
        version (int | Unset): The version the change is based on; if it is no longer current the change is refused with
            `version_conflict`.
    """

    currency: str | Unset = UNSET
    customer_id: str | Unset = UNSET
    external_reference: str | Unset = UNSET
    lines: list[OrderLineInput] | Unset = UNSET
    notes: str | Unset = UNSET
    version: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        currency = self.currency

        customer_id = self.customer_id

        external_reference = self.external_reference

        lines: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.lines, Unset):
            lines = []
            for lines_item_data in self.lines:
                lines_item = lines_item_data.to_dict()
                lines.append(lines_item)

        notes = self.notes

        version = self.version

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if currency is not UNSET:
            field_dict["currency"] = currency
        if customer_id is not UNSET:
            field_dict["customer_id"] = customer_id
        if external_reference is not UNSET:
            field_dict["external_reference"] = external_reference
        if lines is not UNSET:
            field_dict["lines"] = lines
        if notes is not UNSET:
            field_dict["notes"] = notes
        if version is not UNSET:
            field_dict["version"] = version

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.order_line_input import OrderLineInput

        d = dict(src_dict)
        currency = d.pop("currency", UNSET)

        customer_id = d.pop("customer_id", UNSET)

        external_reference = d.pop("external_reference", UNSET)

        _lines = d.pop("lines", UNSET)
        lines: list[OrderLineInput] | Unset = UNSET
        if _lines is not UNSET:
            lines = []
            for lines_item_data in _lines:
                lines_item = OrderLineInput.from_dict(lines_item_data)

                lines.append(lines_item)

        notes = d.pop("notes", UNSET)

        version = d.pop("version", UNSET)

        update_order_input = cls(
            currency=currency,
            customer_id=customer_id,
            external_reference=external_reference,
            lines=lines,
            notes=notes,
            version=version,
        )

        return update_order_input
