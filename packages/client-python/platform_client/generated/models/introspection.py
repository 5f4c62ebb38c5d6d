from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="Introspection")


@_attrs_define
class Introspection:
    """`{ "active": false }` for anything not active in this tenant; otherwise the credential's claims (RFC 7662 section
    2.2).

        Attributes:
            active (bool): Whether the credential authenticates requests now.
            aud (list[str] | str | Unset): Access tokens: the audience.
            client_id (str | Unset): Access tokens: the OAuth client the token was issued to.
            exp (int | Unset): When the credential expires, in seconds since the epoch; absent when it does not.
            iat (int | Unset): When the credential was issued, in seconds since the epoch.
            iss (str | Unset): Access tokens: the issuer (the platform's public URL).
            jti (str | Unset): Access tokens: the token's id.
            key_id (str | Unset): API keys: the key's id (`key_…`).
            scope (str | Unset): Space-separated scopes the credential holds.
            sub (str | Unset): Access tokens: the subject (the client id).
            tenant_id (str | Unset): The tenant the credential belongs to.
            token_type (str | Unset): `Bearer` for access tokens, `api_key` for API keys.
    """

    active: bool
    aud: list[str] | str | Unset = UNSET
    client_id: str | Unset = UNSET
    exp: int | Unset = UNSET
    iat: int | Unset = UNSET
    iss: str | Unset = UNSET
    jti: str | Unset = UNSET
    key_id: str | Unset = UNSET
    scope: str | Unset = UNSET
    sub: str | Unset = UNSET
    tenant_id: str | Unset = UNSET
    token_type: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        active = self.active

        aud: list[str] | str | Unset
        if isinstance(self.aud, Unset):
            aud = UNSET
        elif isinstance(self.aud, list):
            aud = self.aud

        else:
            aud = self.aud

        client_id = self.client_id

        exp = self.exp

        iat = self.iat

        iss = self.iss

        jti = self.jti

        key_id = self.key_id

        scope = self.scope

        sub = self.sub

        tenant_id = self.tenant_id

        token_type = self.token_type

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "active": active,
            }
        )
        if aud is not UNSET:
            field_dict["aud"] = aud
        if client_id is not UNSET:
            field_dict["client_id"] = client_id
        if exp is not UNSET:
            field_dict["exp"] = exp
        if iat is not UNSET:
            field_dict["iat"] = iat
        if iss is not UNSET:
            field_dict["iss"] = iss
        if jti is not UNSET:
            field_dict["jti"] = jti
        if key_id is not UNSET:
            field_dict["key_id"] = key_id
        if scope is not UNSET:
            field_dict["scope"] = scope
        if sub is not UNSET:
            field_dict["sub"] = sub
        if tenant_id is not UNSET:
            field_dict["tenant_id"] = tenant_id
        if token_type is not UNSET:
            field_dict["token_type"] = token_type

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        active = d.pop("active")

        def _parse_aud(data: object) -> list[str] | str | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                aud_type_1 = cast(list[str], data)

                return aud_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | str | Unset, data)

        aud = _parse_aud(d.pop("aud", UNSET))

        client_id = d.pop("client_id", UNSET)

        exp = d.pop("exp", UNSET)

        iat = d.pop("iat", UNSET)

        iss = d.pop("iss", UNSET)

        jti = d.pop("jti", UNSET)

        key_id = d.pop("key_id", UNSET)

        scope = d.pop("scope", UNSET)

        sub = d.pop("sub", UNSET)

        tenant_id = d.pop("tenant_id", UNSET)

        token_type = d.pop("token_type", UNSET)

        introspection = cls(
            active=active,
            aud=aud,
            client_id=client_id,
            exp=exp,
            iat=iat,
            iss=iss,
            jti=jti,
            key_id=key_id,
            scope=scope,
            sub=sub,
            tenant_id=tenant_id,
            token_type=token_type,
        )

        introspection.additional_properties = d
        return introspection

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
