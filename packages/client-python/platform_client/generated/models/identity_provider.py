from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="IdentityProvider")


@_attrs_define
class IdentityProvider:
    """The OpenID Connect provider people of the tenant sign in to the console with. The client secret is never returned.

    Attributes:
        client_id (str): The platform’s client id at the provider.
        created_at (datetime.datetime): When the provider was first configured.
        display_name (str): Shown on the console’s sign-in button (“Sign in with …”).
        issuer (str): The issuer identifier, as the provider’s discovery document spells it.
        redirect_uri (str): The redirect URI to register for the client at the provider:
            `<PUBLIC_URL>/auth/oidc/callback`.
        updated_at (datetime.datetime): When the configuration last changed.
    """

    client_id: str
    created_at: datetime.datetime
    display_name: str
    issuer: str
    redirect_uri: str
    updated_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        client_id = self.client_id

        created_at = self.created_at.isoformat()

        display_name = self.display_name

        issuer = self.issuer

        redirect_uri = self.redirect_uri

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "client_id": client_id,
                "created_at": created_at,
                "display_name": display_name,
                "issuer": issuer,
                "redirect_uri": redirect_uri,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        client_id = d.pop("client_id")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        display_name = d.pop("display_name")

        issuer = d.pop("issuer")

        redirect_uri = d.pop("redirect_uri")

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        identity_provider = cls(
            client_id=client_id,
            created_at=created_at,
            display_name=display_name,
            issuer=issuer,
            redirect_uri=redirect_uri,
            updated_at=updated_at,
        )

        identity_provider.additional_properties = d
        return identity_provider

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
