from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.o_auth_client import OAuthClient


T = TypeVar("T", bound="CreatedOAuthClient")


@_attrs_define
class CreatedOAuthClient:
    """A new OAuth client and its secret, shown this once.

    Attributes:
        client (OAuthClient): An OAuth 2.0 client of the tenant (client-credentials grant). Its secret is shown only
            when it is created or rotated.
        client_secret (str): The secret (`cs_live_…` in production, `cs_test_…` in sandbox); shown only in this
            response, stored hashed.
    """

    client: OAuthClient
    client_secret: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        client = self.client.to_dict()

        client_secret = self.client_secret

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "client": client,
                "client_secret": client_secret,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.o_auth_client import OAuthClient

        d = dict(src_dict)
        client = OAuthClient.from_dict(d.pop("client"))

        client_secret = d.pop("client_secret")

        created_o_auth_client = cls(
            client=client,
            client_secret=client_secret,
        )

        created_o_auth_client.additional_properties = d
        return created_o_auth_client

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
