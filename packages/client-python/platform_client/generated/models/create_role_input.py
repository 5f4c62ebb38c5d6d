from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.scope_name import ScopeName
from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateRoleInput")


@_attrs_define
class CreateRoleInput:
    """
    Attributes:
        name (str): 1 to 64 characters; unique per tenant regardless of case, and not a built-in role name.
        scopes (list[ScopeName]): At least one scope of the scope catalogue (`/docs/errors` lists them).
        description (None | str | Unset): Up to 500 characters.
    """

    name: str
    scopes: list[ScopeName]
    description: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        scopes = []
        for scopes_item_data in self.scopes:
            scopes_item = scopes_item_data.value
            scopes.append(scopes_item)

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "scopes": scopes,
            }
        )
        if description is not UNSET:
            field_dict["description"] = description

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name")

        scopes = []
        _scopes = d.pop("scopes")
        for scopes_item_data in _scopes:
            scopes_item = ScopeName(scopes_item_data)

            scopes.append(scopes_item)

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        create_role_input = cls(
            name=name,
            scopes=scopes,
            description=description,
        )

        return create_role_input
