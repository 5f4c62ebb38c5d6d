from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.api_key_status import ApiKeyStatus

T = TypeVar("T", bound="ApiKey")


@_attrs_define
class ApiKey:
    """A scoped API key, presented as `Authorization: Bearer <secret>`.

    Attributes:
        created_at (datetime.datetime): When the key was created.
        expires_at (datetime.datetime | None): When the key stops working; null: it does not expire.
        id (str): API key identifier (`key_…`), assigned by the platform.
        last_used_at (datetime.datetime | None): Last time the key authenticated a request (updated at most once a
            minute).
        name (str): A name to recognise the key by, 1 to 200 characters.
        prefix (str): The first characters of the secret, to recognise the key.
        revoked_at (datetime.datetime | None): When the key was revoked (or stops working after a rotation); null while
            active.
        rotated_from_id (None | str): The key this one replaced by rotation.
        scopes (list[str]): The scopes requests made with the key hold.
        secret (None | str): The secret: present only in the response that creates it (creation or rotation), never
            again.
        status (ApiKeyStatus): `active`: authenticates requests; `expired`: past `expires_at`; `revoked`: revoked (or
            replaced by rotation and past its overlap).
    """

    created_at: datetime.datetime
    expires_at: datetime.datetime | None
    id: str
    last_used_at: datetime.datetime | None
    name: str
    prefix: str
    revoked_at: datetime.datetime | None
    rotated_from_id: None | str
    scopes: list[str]
    secret: None | str
    status: ApiKeyStatus
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at.isoformat()

        expires_at: None | str
        if isinstance(self.expires_at, datetime.datetime):
            expires_at = self.expires_at.isoformat()
        else:
            expires_at = self.expires_at

        id = self.id

        last_used_at: None | str
        if isinstance(self.last_used_at, datetime.datetime):
            last_used_at = self.last_used_at.isoformat()
        else:
            last_used_at = self.last_used_at

        name = self.name

        prefix = self.prefix

        revoked_at: None | str
        if isinstance(self.revoked_at, datetime.datetime):
            revoked_at = self.revoked_at.isoformat()
        else:
            revoked_at = self.revoked_at

        rotated_from_id: None | str
        rotated_from_id = self.rotated_from_id

        scopes = self.scopes

        secret: None | str
        secret = self.secret

        status = self.status.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "expires_at": expires_at,
                "id": id,
                "last_used_at": last_used_at,
                "name": name,
                "prefix": prefix,
                "revoked_at": revoked_at,
                "rotated_from_id": rotated_from_id,
                "scopes": scopes,
                "secret": secret,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_expires_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                expires_at_type_0 = datetime.datetime.fromisoformat(data)

                return expires_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        expires_at = _parse_expires_at(d.pop("expires_at"))

        id = d.pop("id")

        def _parse_last_used_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_used_at_type_0 = datetime.datetime.fromisoformat(data)

                return last_used_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        last_used_at = _parse_last_used_at(d.pop("last_used_at"))

        name = d.pop("name")

        prefix = d.pop("prefix")

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

        def _parse_rotated_from_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        rotated_from_id = _parse_rotated_from_id(d.pop("rotated_from_id"))

        scopes = cast(list[str], d.pop("scopes"))

        def _parse_secret(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        secret = _parse_secret(d.pop("secret"))

        status = ApiKeyStatus(d.pop("status"))

        api_key = cls(
            created_at=created_at,
            expires_at=expires_at,
            id=id,
            last_used_at=last_used_at,
            name=name,
            prefix=prefix,
            revoked_at=revoked_at,
            rotated_from_id=rotated_from_id,
            scopes=scopes,
            secret=secret,
            status=status,
        )

        api_key.additional_properties = d
        return api_key

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
