from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Role")


@_attrs_define
class Role:
    """A named set of scopes given to users. Built-in roles: `owner` (every scope), `admin` (every scope except
    `tenants:write`), `developer` (inventory, CRM and API keys, read and write; `tenants:read`), `analyst` (every read
    scope) and `viewer` (`tenants:read`, `inventory:read`, `crm:read`).

        Attributes:
            built_in (bool): `true` for the built-in roles, which cannot be changed or deleted.
            created_at (datetime.datetime | None): Null for built-in roles.
            description (None | str): What the role is for, up to 500 characters.
            id (str): `role_<name>` for built-in roles, `role_<hex>` for custom ones.
            name (str): Unique per tenant, regardless of case; never a built-in role name.
            scopes (list[str]): Scopes the role grants, in the order of the scope catalogue.
            updated_at (datetime.datetime | None): Null for built-in roles.
    """

    built_in: bool
    created_at: datetime.datetime | None
    description: None | str
    id: str
    name: str
    scopes: list[str]
    updated_at: datetime.datetime | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        built_in = self.built_in

        created_at: None | str
        if isinstance(self.created_at, datetime.datetime):
            created_at = self.created_at.isoformat()
        else:
            created_at = self.created_at

        description: None | str
        description = self.description

        id = self.id

        name = self.name

        scopes = self.scopes

        updated_at: None | str
        if isinstance(self.updated_at, datetime.datetime):
            updated_at = self.updated_at.isoformat()
        else:
            updated_at = self.updated_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "built_in": built_in,
                "created_at": created_at,
                "description": description,
                "id": id,
                "name": name,
                "scopes": scopes,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        built_in = d.pop("built_in")

        def _parse_created_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                created_at_type_0 = datetime.datetime.fromisoformat(data)

                return created_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        created_at = _parse_created_at(d.pop("created_at"))

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        id = d.pop("id")

        name = d.pop("name")

        scopes = cast(list[str], d.pop("scopes"))

        def _parse_updated_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                updated_at_type_0 = datetime.datetime.fromisoformat(data)

                return updated_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        updated_at = _parse_updated_at(d.pop("updated_at"))

        role = cls(
            built_in=built_in,
            created_at=created_at,
            description=description,
            id=id,
            name=name,
            scopes=scopes,
            updated_at=updated_at,
        )

        role.additional_properties = d
        return role

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
