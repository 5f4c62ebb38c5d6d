from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.oauth_revoke_data_body_token_type_hint import (
    OauthRevokeDataBodyTokenTypeHint,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="OauthRevokeDataBody")


@_attrs_define
class OauthRevokeDataBody:
    """
    Attributes:
        client_id (str): The client id (`cli_…`); or send it with the secret as HTTP Basic.
        client_secret (str): The client secret (`cs_live_…` / `cs_test_…`).
        token (str): The access token.
        token_type_hint (OauthRevokeDataBodyTokenTypeHint | Unset):
    """

    client_id: str
    client_secret: str
    token: str
    token_type_hint: OauthRevokeDataBodyTokenTypeHint | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        client_id = self.client_id

        client_secret = self.client_secret

        token = self.token

        token_type_hint: str | Unset = UNSET
        if not isinstance(self.token_type_hint, Unset):
            token_type_hint = self.token_type_hint.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "client_id": client_id,
                "client_secret": client_secret,
                "token": token,
            }
        )
        if token_type_hint is not UNSET:
            field_dict["token_type_hint"] = token_type_hint

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        client_id = d.pop("client_id")

        client_secret = d.pop("client_secret")

        token = d.pop("token")

        _token_type_hint = d.pop("token_type_hint", UNSET)
        token_type_hint: OauthRevokeDataBodyTokenTypeHint | Unset
        if isinstance(_token_type_hint, Unset):
            token_type_hint = UNSET
        else:
            token_type_hint = OauthRevokeDataBodyTokenTypeHint(_token_type_hint)

        oauth_revoke_data_body = cls(
            client_id=client_id,
            client_secret=client_secret,
            token=token,
            token_type_hint=token_type_hint,
        )

        oauth_revoke_data_body.additional_properties = d
        return oauth_revoke_data_body

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
