from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.money_amount import MoneyAmount


T = TypeVar("T", bound="InventoryItem")


@_attrs_define
class InventoryItem:
    """A stock-keeping unit. Its stock is held per warehouse (`stock_levels`); `warehouse_id` is its home warehouse.

    Attributes:
        allow_backorder (bool): When true, stock may fall below zero (orders are taken for stock not yet received); when
            false, such changes are refused with `insufficient_stock`.
        archived_at (datetime.datetime | None): When the item was archived; null while it is active. Archived items only
            take adjustments.
        created_at (datetime.datetime): When the item was created.
        currency (None | str): ISO 4217 code of `unit_cost`; null exactly when `unit_cost` is.
        id (str): SKU identifier, chosen by the client; unique per tenant.
        last_synced_at (datetime.datetime): Time of the last synchronisation of this record (its creation or last change
            through the API, or a connector sync).
        name (str): Item name.
        quantity_on_hand (int): Current stock quantity: the sum of the item’s stock levels over all warehouses.
        reorder_point (int): Threshold used by the `inventory.stock.low` event: stock is low when `quantity_on_hand <
            reorder_point`.
        stock_value (MoneyAmount | None): The value of the item’s stock: `quantity_on_hand` × `unit_cost`, in `currency`
            (negative while backordered); null when the item has no `unit_cost`.
        unit_cost (int | None): What one unit costs, in minor units of `currency` (0 to 1000000000); null when not
            known.
        updated_at (datetime.datetime): When the item last changed.
        version (int): Incremented by every change (stock changes included); send it back as `version` (or REST `If-
            Match: "<version>"`) to refuse a change based on an older read.
        warehouse_id (str): Home warehouse of the item: where receipts, fulfilments and adjustments go unless they name
            another warehouse. Stock may also be held elsewhere (see `stock_levels`).
    """

    allow_backorder: bool
    archived_at: datetime.datetime | None
    created_at: datetime.datetime
    currency: None | str
    id: str
    last_synced_at: datetime.datetime
    name: str
    quantity_on_hand: int
    reorder_point: int
    stock_value: MoneyAmount | None
    unit_cost: int | None
    updated_at: datetime.datetime
    version: int
    warehouse_id: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.money_amount import MoneyAmount

        allow_backorder = self.allow_backorder

        archived_at: None | str
        if isinstance(self.archived_at, datetime.datetime):
            archived_at = self.archived_at.isoformat()
        else:
            archived_at = self.archived_at

        created_at = self.created_at.isoformat()

        currency: None | str
        currency = self.currency

        id = self.id

        last_synced_at = self.last_synced_at.isoformat()

        name = self.name

        quantity_on_hand = self.quantity_on_hand

        reorder_point = self.reorder_point

        stock_value: dict[str, Any] | None
        if isinstance(self.stock_value, MoneyAmount):
            stock_value = self.stock_value.to_dict()
        else:
            stock_value = self.stock_value

        unit_cost: int | None
        unit_cost = self.unit_cost

        updated_at = self.updated_at.isoformat()

        version = self.version

        warehouse_id = self.warehouse_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "allow_backorder": allow_backorder,
                "archived_at": archived_at,
                "created_at": created_at,
                "currency": currency,
                "id": id,
                "last_synced_at": last_synced_at,
                "name": name,
                "quantity_on_hand": quantity_on_hand,
                "reorder_point": reorder_point,
                "stock_value": stock_value,
                "unit_cost": unit_cost,
                "updated_at": updated_at,
                "version": version,
                "warehouse_id": warehouse_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.money_amount import MoneyAmount

        d = dict(src_dict)
        allow_backorder = d.pop("allow_backorder")

        def _parse_archived_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                archived_at_type_0 = datetime.datetime.fromisoformat(data)

                return archived_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        archived_at = _parse_archived_at(d.pop("archived_at"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_currency(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        currency = _parse_currency(d.pop("currency"))

        id = d.pop("id")

        last_synced_at = datetime.datetime.fromisoformat(d.pop("last_synced_at"))

        name = d.pop("name")

        quantity_on_hand = d.pop("quantity_on_hand")

        reorder_point = d.pop("reorder_point")

        def _parse_stock_value(data: object) -> MoneyAmount | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                stock_value_type_0 = MoneyAmount.from_dict(data)

                return stock_value_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(MoneyAmount | None, data)

        stock_value = _parse_stock_value(d.pop("stock_value"))

        def _parse_unit_cost(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        unit_cost = _parse_unit_cost(d.pop("unit_cost"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        version = d.pop("version")

        warehouse_id = d.pop("warehouse_id")

        inventory_item = cls(
            allow_backorder=allow_backorder,
            archived_at=archived_at,
            created_at=created_at,
            currency=currency,
            id=id,
            last_synced_at=last_synced_at,
            name=name,
            quantity_on_hand=quantity_on_hand,
            reorder_point=reorder_point,
            stock_value=stock_value,
            unit_cost=unit_cost,
            updated_at=updated_at,
            version=version,
            warehouse_id=warehouse_id,
        )

        inventory_item.additional_properties = d
        return inventory_item

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
