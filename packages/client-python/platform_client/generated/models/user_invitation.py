from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="UserInvitation")


@_attrs_define
class UserInvitation:
    """An invitation link for an invited user, shown once: whoever opens it sets the user’s password. An earlier link stops
    working.

        Attributes:
            expires_at (datetime.datetime): The link works until then (7 days), once.
            invitation_url (str): The console’s page to accept the invitation (`<PUBLIC_URL>/console/accept-
                invitation#token=…`); shown only in this response.
            user_id (str): The invited user.
    """

    expires_at: datetime.datetime
    invitation_url: str
    user_id: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        expires_at = self.expires_at.isoformat()

        invitation_url = self.invitation_url

        user_id = self.user_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "expires_at": expires_at,
                "invitation_url": invitation_url,
                "user_id": user_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        expires_at = datetime.datetime.fromisoformat(d.pop("expires_at"))

        invitation_url = d.pop("invitation_url")

        user_id = d.pop("user_id")

        user_invitation = cls(
            expires_at=expires_at,
            invitation_url=invitation_url,
            user_id=user_id,
        )

        user_invitation.additional_properties = d
        return user_invitation

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
