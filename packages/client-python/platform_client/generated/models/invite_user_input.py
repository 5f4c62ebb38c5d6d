from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="InviteUserInput")


@_attrs_define
class InviteUserInput:
    """
    Attributes:
        email (str): Email address; stored lower-cased, unique per tenant.
        role_id (str): A built-in role id (`role_owner`, `role_admin`, `role_developer`, `role_analyst`, `role_viewer`)
            or a custom role id.
        name (None | str | Unset): 1 to 200 characters.
    """

    email: str
    role_id: str
    name: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        email = self.email

        role_id = self.role_id

        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "email": email,
                "role_id": role_id,
            }
        )
        if name is not UNSET:
            field_dict["name"] = name

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        email = d.pop("email")

        role_id = d.pop("role_id")

        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))

        invite_user_input = cls(
            email=email,
            role_id=role_id,
            name=name,
        )

        return invite_user_input
