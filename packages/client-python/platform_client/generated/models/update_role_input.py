from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.scope_name import ScopeName
from ..types import UNSET, Unset

T = TypeVar("T", bound="UpdateRoleInput")


@_attrs_define
class UpdateRoleInput:
    """Fields to change; absent fields keep their value. An empty `description` clears it.

    Attributes:
        description (str | Unset): Up to 500 characters; an empty string clears it.
        name (str | Unset): 1 to 64 characters; unique per tenant regardless of case, and not a built-in role name.
        scopes (list[ScopeName] | Unset): Replaces the role’s scopes.
    """

    description: str | Unset = UNSET
    name: str | Unset = UNSET
    scopes: list[ScopeName] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        description = self.description

        name = self.name

        scopes: list[str] | Unset = UNSET
        if not isinstance(self.scopes, Unset):
            scopes = []
            for scopes_item_data in self.scopes:
                scopes_item = scopes_item_data.value
                scopes.append(scopes_item)

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if description is not UNSET:
            field_dict["description"] = description
        if name is not UNSET:
            field_dict["name"] = name
        if scopes is not UNSET:
            field_dict["scopes"] = scopes

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        description = d.pop("description", UNSET)

        name = d.pop("name", UNSET)

        _scopes = d.pop("scopes", UNSET)
        scopes: list[ScopeName] | Unset = UNSET
        if _scopes is not UNSET:
            scopes = []
            for scopes_item_data in _scopes:
                scopes_item = ScopeName(scopes_item_data)

                scopes.append(scopes_item)

        update_role_input = cls(
            description=description,
            name=name,
            scopes=scopes,
        )

        return update_role_input
