from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.o_auth_client_status import OAuthClientStatus

T = TypeVar("T", bound="OAuthClient")


@_attrs_define
class OAuthClient:
    """An OAuth 2.0 client of the tenant (client-credentials grant). Its secret is shown only when it is created or
    rotated.

        Attributes:
            created_at (datetime.datetime): When the client was created.
            id (str): The client_id (`cli_…`), assigned by the platform.
            name (str): A name to recognise the client by, 1 to 100 characters.
            previous_secret_expires_at (datetime.datetime | None): After a secret rotation, until when the previous secret
                still works; null when the client was never rotated.
            revoked_at (datetime.datetime | None): When the client was revoked; null while active.
            scopes (list[str]): The scopes the client may ask for in a token request.
            status (OAuthClientStatus): `active`: gets access tokens at `POST /v1/oauth/token`; `revoked`: refused there,
                and its access tokens are refused too.
    """

    created_at: datetime.datetime
    id: str
    name: str
    previous_secret_expires_at: datetime.datetime | None
    revoked_at: datetime.datetime | None
    scopes: list[str]
    status: OAuthClientStatus
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at.isoformat()

        id = self.id

        name = self.name

        previous_secret_expires_at: None | str
        if isinstance(self.previous_secret_expires_at, datetime.datetime):
            previous_secret_expires_at = self.previous_secret_expires_at.isoformat()
        else:
            previous_secret_expires_at = self.previous_secret_expires_at

        revoked_at: None | str
        if isinstance(self.revoked_at, datetime.datetime):
            revoked_at = self.revoked_at.isoformat()
        else:
            revoked_at = self.revoked_at

        scopes = self.scopes

        status = self.status.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "id": id,
                "name": name,
                "previous_secret_expires_at": previous_secret_expires_at,
                "revoked_at": revoked_at,
                "scopes": scopes,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        id = d.pop("id")

        name = d.pop("name")

        def _parse_previous_secret_expires_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                previous_secret_expires_at_type_0 = datetime.datetime.fromisoformat(
                    data
                )

                return previous_secret_expires_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        previous_secret_expires_at = _parse_previous_secret_expires_at(
            d.pop("previous_secret_expires_at")
        )

        def _parse_revoked_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                revoked_at_type_0 = datetime.datetime.fromisoformat(data)

                return revoked_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        revoked_at = _parse_revoked_at(d.pop("revoked_at"))

        scopes = cast(list[str], d.pop("scopes"))

        status = OAuthClientStatus(d.pop("status"))

        o_auth_client = cls(
            created_at=created_at,
            id=id,
            name=name,
            previous_secret_expires_at=previous_secret_expires_at,
            revoked_at=revoked_at,
            scopes=scopes,
            status=status,
        )

        o_auth_client.additional_properties = d
        return o_auth_client

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
