from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.order_kind import OrderKind
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.order_line_input import OrderLineInput


T = TypeVar("T", bound="CreateOrderInput")


@_attrs_define
class CreateOrderInput:
    """A new order; it starts as `draft` with the next number of its kind.

    Attributes:
        customer_id (str): An existing, non-archived customer: the buyer (sales) or the supplier (purchase).
        kind (OrderKind): Which way goods move.
        currency (None | str | Unset): ISO 4217 code. Default: the customer’s `currency`; required when the customer has
            none.
        external_reference (None | str | Unset): Your own identifier of the order, up to 100 characters; unique per
            tenant and kind.
        lines (list[OrderLineInput] | None | Unset): Lines, at most 500. A draft may have none; confirming needs at
            least one.
        notes (None | str | Unset): Free-form notes, up to 5000 characters.
    """

    customer_id: str
    kind: OrderKind
    currency: None | str | Unset = UNSET
    external_reference: None | str | Unset = UNSET
    lines: list[OrderLineInput] | None | Unset = UNSET
    notes: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        customer_id = self.customer_id

        kind = self.kind.value

        currency: None | str | Unset
        if isinstance(self.currency, Unset):
            currency = UNSET
        else:
            currency = self.currency

        external_reference: None | str | Unset
        if isinstance(self.external_reference, Unset):
            external_reference = UNSET
        else:
            external_reference = self.external_reference

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

        notes: None | str | Unset
        if isinstance(self.notes, Unset):
            notes = UNSET
        else:
            notes = self.notes

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "customer_id": customer_id,
                "kind": kind,
            }
        )
        if currency is not UNSET:
            field_dict["currency"] = currency
        if external_reference is not UNSET:
            field_dict["external_reference"] = external_reference
        if lines is not UNSET:
            field_dict["lines"] = lines
        if notes is not UNSET:
            field_dict["notes"] = notes

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.order_line_input import OrderLineInput

        d = dict(src_dict)
        customer_id = d.pop("customer_id")

        kind = OrderKind(d.pop("kind"))

        def _parse_currency(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        currency = _parse_currency(d.pop("currency", UNSET))

        def _parse_external_reference(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        external_reference = _parse_external_reference(
            d.pop("external_reference", UNSET)
        )

        def _parse_lines(data: object) -> list[OrderLineInput] | None | Unset:
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
                    lines_type_0_item = OrderLineInput.from_dict(lines_type_0_item_data)

                    lines_type_0.append(lines_type_0_item)

                return lines_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[OrderLineInput] | None | Unset, data)

        lines = _parse_lines(d.pop("lines", UNSET))

        def _parse_notes(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        notes = _parse_notes(d.pop("notes", UNSET))

        create_order_input = cls(
            customer_id=customer_id,
            kind=kind,
            currency=currency,
            external_reference=external_reference,
            lines=lines,
            notes=notes,
        )

        return create_order_input
