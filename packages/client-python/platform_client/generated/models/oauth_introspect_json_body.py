from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="OauthIntrospectJsonBody")


@_attrs_define
class OauthIntrospectJsonBody:
    """
    Attributes:
        client_id (str): The client id (`cli_…`); or send it with the secret as HTTP Basic.
        client_secret (str): The client secret (`cs_live_…` / `cs_test_…`).
        token (str): The access token or API key.
    """

    client_id: str
    client_secret: str
    token: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        client_id = self.client_id

        client_secret = self.client_secret

        token = self.token

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "client_id": client_id,
                "client_secret": client_secret,
                "token": token,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        client_id = d.pop("client_id")

        client_secret = d.pop("client_secret")

        token = d.pop("token")

        oauth_introspect_json_body = cls(
            client_id=client_id,
            client_secret=client_secret,
            token=token,
        )

        oauth_introspect_json_body.additional_properties = d
        return oauth_introspect_json_body

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
