from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ConfigureIdentityProviderInput")


@_attrs_define
class ConfigureIdentityProviderInput:
    """The whole configuration (it replaces any previous one; the secret is asked again).

    Attributes:
        client_id (str): The client id the provider gave the platform, 1 to 500 characters.
        client_secret (str): The client secret the provider gave the platform, 1 to 2000 characters; stored encrypted,
            never returned.
        display_name (str): Shown on the sign-in button, 1 to 100 characters.
        issuer (str): The provider’s issuer identifier (`https://login.example.com`), whose `/.well-known/openid-
            configuration` is fetched and checked when saving. HTTPS; plain HTTP only for sandbox tenants; public addresses
            only, unless the operator allowed a private network.
    """

    client_id: str
    client_secret: str
    display_name: str
    issuer: str

    def to_dict(self) -> dict[str, Any]:
        client_id = self.client_id

        client_secret = self.client_secret

        display_name = self.display_name

        issuer = self.issuer

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "client_id": client_id,
                "client_secret": client_secret,
                "display_name": display_name,
                "issuer": issuer,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        client_id = d.pop("client_id")

        client_secret = d.pop("client_secret")

        display_name = d.pop("display_name")

        issuer = d.pop("issuer")

        configure_identity_provider_input = cls(
            client_id=client_id,
            client_secret=client_secret,
            display_name=display_name,
            issuer=issuer,
        )

        return configure_identity_provider_input
