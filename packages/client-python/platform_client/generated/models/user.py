from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.user_status import UserStatus

T = TypeVar("T", bound="User")


@_attrs_define
class User:
    """A person of the tenant who uses the operations console.

    Attributes:
        activated_at (datetime.datetime | None): When the user first signed in; null until then.
        created_at (datetime.datetime): When the record was created (the invitation).
        deactivated_at (datetime.datetime | None): When the user was deactivated; null otherwise.
        email (str): Lower-cased; unique per tenant.
        id (str): User identifier (`usr_…`), assigned by the platform.
        invited_at (datetime.datetime): When the user was invited.
        name (None | str): The person’s name; null when the invitation gave none.
        role_id (str): A built-in role (`role_owner`, …) or a custom role of the tenant.
        status (UserStatus): `invited`: created by an invitation, not signed in yet; `active`: has signed in;
            `deactivated`: kept for history, can no longer act.
        updated_at (datetime.datetime): When the record last changed.
    """

    activated_at: datetime.datetime | None
    created_at: datetime.datetime
    deactivated_at: datetime.datetime | None
    email: str
    id: str
    invited_at: datetime.datetime
    name: None | str
    role_id: str
    status: UserStatus
    updated_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        activated_at: None | str
        if isinstance(self.activated_at, datetime.datetime):
            activated_at = self.activated_at.isoformat()
        else:
            activated_at = self.activated_at

        created_at = self.created_at.isoformat()

        deactivated_at: None | str
        if isinstance(self.deactivated_at, datetime.datetime):
            deactivated_at = self.deactivated_at.isoformat()
        else:
            deactivated_at = self.deactivated_at

        email = self.email

        id = self.id

        invited_at = self.invited_at.isoformat()

        name: None | str
        name = self.name

        role_id = self.role_id

        status = self.status.value

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "activated_at": activated_at,
                "created_at": created_at,
                "deactivated_at": deactivated_at,
                "email": email,
                "id": id,
                "invited_at": invited_at,
                "name": name,
                "role_id": role_id,
                "status": status,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_activated_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                activated_at_type_0 = datetime.datetime.fromisoformat(data)

                return activated_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        activated_at = _parse_activated_at(d.pop("activated_at"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_deactivated_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                deactivated_at_type_0 = datetime.datetime.fromisoformat(data)

                return deactivated_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        deactivated_at = _parse_deactivated_at(d.pop("deactivated_at"))

        email = d.pop("email")

        id = d.pop("id")

        invited_at = datetime.datetime.fromisoformat(d.pop("invited_at"))

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))

        role_id = d.pop("role_id")

        status = UserStatus(d.pop("status"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        user = cls(
            activated_at=activated_at,
            created_at=created_at,
            deactivated_at=deactivated_at,
            email=email,
            id=id,
            invited_at=invited_at,
            name=name,
            role_id=role_id,
            status=status,
            updated_at=updated_at,
        )

        user.additional_properties = d
        return user

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
