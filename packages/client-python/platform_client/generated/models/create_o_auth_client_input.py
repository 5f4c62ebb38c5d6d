from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.scope_name import ScopeName

T = TypeVar("T", bound="CreateOAuthClientInput")


@_attrs_define
class CreateOAuthClientInput:
    """
    Attributes:
        name (str): What the client is for, 1 to 100 characters.
        scopes (list[ScopeName]): Scopes the client may ask for; each must be held by the credential creating it.
    """

    name: str
    scopes: list[ScopeName]

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        scopes = []
        for scopes_item_data in self.scopes:
            scopes_item = scopes_item_data.value
            scopes.append(scopes_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "scopes": scopes,
            }
        )

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

        create_o_auth_client_input = cls(
            name=name,
            scopes=scopes,
        )

        return create_o_auth_client_input
