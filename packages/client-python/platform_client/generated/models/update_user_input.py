from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="UpdateUserInput")


@_attrs_define
class UpdateUserInput:
    """Fields to change; absent fields keep their value.

    Attributes:
        name (str | Unset): The person’s name, 1 to 200 characters.
        role_id (str | Unset): A built-in or custom role; you can give only roles whose scopes your credential holds.
    """

    name: str | Unset = UNSET
    role_id: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        role_id = self.role_id

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if role_id is not UNSET:
            field_dict["role_id"] = role_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name", UNSET)

        role_id = d.pop("role_id", UNSET)

        update_user_input = cls(
            name=name,
            role_id=role_id,
        )

        return update_user_input
