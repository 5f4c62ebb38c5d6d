from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.oauth_token_data_body_grant_type import OauthTokenDataBodyGrantType
from ..types import UNSET, Unset

T = TypeVar("T", bound="OauthTokenDataBody")


@_attrs_define
class OauthTokenDataBody:
    """
    Attributes:
        client_id (str): The client id (`cli_…`); or send it with the secret as HTTP Basic.
        client_secret (str): The client secret (`cs_live_…` / `cs_test_…`).
        grant_type (OauthTokenDataBodyGrantType):
        scope (str | Unset): Space-separated scopes; default: every scope the client is allowed.
    """

    client_id: str
    client_secret: str
    grant_type: OauthTokenDataBodyGrantType
    scope: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        client_id = self.client_id

        client_secret = self.client_secret

        grant_type = self.grant_type.value

        scope = self.scope

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "client_id": client_id,
                "client_secret": client_secret,
                "grant_type": grant_type,
            }
        )
        if scope is not UNSET:
            field_dict["scope"] = scope

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        client_id = d.pop("client_id")

        client_secret = d.pop("client_secret")

        grant_type = OauthTokenDataBodyGrantType(d.pop("grant_type"))

        scope = d.pop("scope", UNSET)

        oauth_token_data_body = cls(
            client_id=client_id,
            client_secret=client_secret,
            grant_type=grant_type,
            scope=scope,
        )

        oauth_token_data_body.additional_properties = d
        return oauth_token_data_body

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
