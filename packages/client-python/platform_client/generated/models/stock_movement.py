from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.stock_movement_kind import StockMovementKind

T = TypeVar("T", bound="StockMovement")


@_attrs_define
class StockMovement:
    """One change of one stock level. The history is append-only: movements are never changed or deleted.

    Attributes:
        created_at (datetime.datetime): When the movement was recorded.
        id (str): Movement identifier, assigned by the platform (`mov_…`).
        item_id (str): The SKU whose stock changed.
        kind (StockMovementKind): Why stock changed.
        quantity (int): Signed change: positive adds stock, negative takes it out.
        quantity_after (int): The stock level of the item in this warehouse right after this movement.
        reason (None | str): Free text given with the change; null when none was given.
        source_id (None | str): The id of the order that caused the movement; null when `source_type` is.
        source_line_id (None | str): The order line that caused the movement, when known.
        source_type (None | str): What caused the movement: `sales_order` or `purchase_order`; null for changes made
            through the inventory API.
        transfer_id (None | str): Shared by the two movements of one transfer (`trf_…`); null for other kinds.
        warehouse_id (str): The warehouse whose stock level changed.
    """

    created_at: datetime.datetime
    id: str
    item_id: str
    kind: StockMovementKind
    quantity: int
    quantity_after: int
    reason: None | str
    source_id: None | str
    source_line_id: None | str
    source_type: None | str
    transfer_id: None | str
    warehouse_id: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at.isoformat()

        id = self.id

        item_id = self.item_id

        kind = self.kind.value

        quantity = self.quantity

        quantity_after = self.quantity_after

        reason: None | str
        reason = self.reason

        source_id: None | str
        source_id = self.source_id

        source_line_id: None | str
        source_line_id = self.source_line_id

        source_type: None | str
        source_type = self.source_type

        transfer_id: None | str
        transfer_id = self.transfer_id

        warehouse_id = self.warehouse_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "id": id,
                "item_id": item_id,
                "kind": kind,
                "quantity": quantity,
                "quantity_after": quantity_after,
                "reason": reason,
                "source_id": source_id,
                "source_line_id": source_line_id,
                "source_type": source_type,
                "transfer_id": transfer_id,
                "warehouse_id": warehouse_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        id = d.pop("id")

        item_id = d.pop("item_id")

        kind = StockMovementKind(d.pop("kind"))

        quantity = d.pop("quantity")

        quantity_after = d.pop("quantity_after")

        def _parse_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        reason = _parse_reason(d.pop("reason"))

        def _parse_source_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        source_id = _parse_source_id(d.pop("source_id"))

        def _parse_source_line_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        source_line_id = _parse_source_line_id(d.pop("source_line_id"))

        def _parse_source_type(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        source_type = _parse_source_type(d.pop("source_type"))

        def _parse_transfer_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        transfer_id = _parse_transfer_id(d.pop("transfer_id"))

        warehouse_id = d.pop("warehouse_id")

        stock_movement = cls(
            created_at=created_at,
            id=id,
            item_id=item_id,
            kind=kind,
            quantity=quantity,
            quantity_after=quantity_after,
            reason=reason,
            source_id=source_id,
            source_line_id=source_line_id,
            source_type=source_type,
            transfer_id=transfer_id,
            warehouse_id=warehouse_id,
        )

        stock_movement.additional_properties = d
        return stock_movement

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
