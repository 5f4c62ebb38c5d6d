from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.money_amount import MoneyAmount


T = TypeVar("T", bound="Warehouse")


@_attrs_define
class Warehouse:
    """A place where stock is held. Archived warehouses take no more stock and leave the warehouse list unless
    `archived=true`.

        Attributes:
            archived_at (datetime.datetime | None): When the warehouse was archived; null while it is active.
            created_at (datetime.datetime): When the warehouse was created.
            id (str): Warehouse identifier, assigned by the platform (`wh_…`).
            name (str): Warehouse name, 1 to 200 characters.
            stock_value (list[MoneyAmount]): The value of the stock held here, per currency: each stock level’s quantity ×
                its item’s `unit_cost`, summed per `currency` (amounts in different currencies are never added). Items without a
                `unit_cost` are left out; negative levels (backorders) count negatively. Ordered by currency; empty when nothing
                here has a cost.
            updated_at (datetime.datetime): When the warehouse last changed.
            version (int): Incremented by every change; send it back as `version` (or REST `If-Match: "<version>"`) to
                refuse a change based on an older read.
    """

    archived_at: datetime.datetime | None
    created_at: datetime.datetime
    id: str
    name: str
    stock_value: list[MoneyAmount]
    updated_at: datetime.datetime
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        archived_at: None | str
        if isinstance(self.archived_at, datetime.datetime):
            archived_at = self.archived_at.isoformat()
        else:
            archived_at = self.archived_at

        created_at = self.created_at.isoformat()

        id = self.id

        name = self.name

        stock_value = []
        for stock_value_item_data in self.stock_value:
            stock_value_item = stock_value_item_data.to_dict()
            stock_value.append(stock_value_item)

        updated_at = self.updated_at.isoformat()

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "archived_at": archived_at,
                "created_at": created_at,
                "id": id,
                "name": name,
                "stock_value": stock_value,
                "updated_at": updated_at,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.money_amount import MoneyAmount

        d = dict(src_dict)

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

        id = d.pop("id")

        name = d.pop("name")

        stock_value = []
        _stock_value = d.pop("stock_value")
        for stock_value_item_data in _stock_value:
            stock_value_item = MoneyAmount.from_dict(stock_value_item_data)

            stock_value.append(stock_value_item)

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        version = d.pop("version")

        warehouse = cls(
            archived_at=archived_at,
            created_at=created_at,
            id=id,
            name=name,
            stock_value=stock_value,
            updated_at=updated_at,
            version=version,
        )

        warehouse.additional_properties = d
        return warehouse

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
