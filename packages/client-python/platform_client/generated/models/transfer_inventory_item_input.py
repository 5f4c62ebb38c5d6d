from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="TransferInventoryItemInput")


@_attrs_define
class TransferInventoryItemInput:
    """Stock moved from one warehouse to another: a `transfer_out` and a `transfer_in` movement sharing a `transfer_id`.
    The item total does not change.

        Attributes:
            from_warehouse_id (str): The warehouse the stock leaves.
            quantity (int): Units moved, 1 to 1000000000.
            to_warehouse_id (str): The warehouse the stock arrives in; different from `from_warehouse_id`.
            reason (None | str | Unset): Free text kept on both movements, up to 500 characters.
            version (int | None | Unset): The item version this change is based on; a different current version refuses it
                with `version_conflict`.
    """

    from_warehouse_id: str
    quantity: int
    to_warehouse_id: str
    reason: None | str | Unset = UNSET
    version: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from_warehouse_id = self.from_warehouse_id

        quantity = self.quantity

        to_warehouse_id = self.to_warehouse_id

        reason: None | str | Unset
        if isinstance(self.reason, Unset):
            reason = UNSET
        else:
            reason = self.reason

        version: int | None | Unset
        if isinstance(self.version, Unset):
            version = UNSET
        else:
            version = self.version

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "from_warehouse_id": from_warehouse_id,
                "quantity": quantity,
                "to_warehouse_id": to_warehouse_id,
            }
        )
        if reason is not UNSET:
            field_dict["reason"] = reason
        if version is not UNSET:
            field_dict["version"] = version

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        from_warehouse_id = d.pop("from_warehouse_id")

        quantity = d.pop("quantity")

        to_warehouse_id = d.pop("to_warehouse_id")

        def _parse_reason(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        reason = _parse_reason(d.pop("reason", UNSET))

        def _parse_version(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        version = _parse_version(d.pop("version", UNSET))

        transfer_inventory_item_input = cls(
            from_warehouse_id=from_warehouse_id,
            quantity=quantity,
            to_warehouse_id=to_warehouse_id,
            reason=reason,
            version=version,
        )

        return transfer_inventory_item_input
