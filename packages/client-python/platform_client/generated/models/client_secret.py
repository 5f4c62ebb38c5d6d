from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ClientSecret")


@_attrs_define
class ClientSecret:
    """A new OAuth client secret, shown once.

    Attributes:
        client_id (str): The OAuth client whose secret was rotated.
        client_secret (str): The new secret (`cs_live_…`/`cs_test_…`); shown only in this response.
        previous_secret_expires_at (datetime.datetime): Until then the previous secret still works.
    """

    client_id: str
    client_secret: str
    previous_secret_expires_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        client_id = self.client_id

        client_secret = self.client_secret

        previous_secret_expires_at = self.previous_secret_expires_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "client_id": client_id,
                "client_secret": client_secret,
                "previous_secret_expires_at": previous_secret_expires_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        client_id = d.pop("client_id")

        client_secret = d.pop("client_secret")

        previous_secret_expires_at = datetime.datetime.fromisoformat(
            d.pop("previous_secret_expires_at")
        )

        client_secret = cls(
            client_id=client_id,
            client_secret=client_secret,
            previous_secret_expires_at=previous_secret_expires_at,
        )

        client_secret.additional_properties = d
        return client_secret

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
