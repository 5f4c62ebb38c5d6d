from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.webhook_endpoint_status import WebhookEndpointStatus

T = TypeVar("T", bound="WebhookEndpointWithSecret")


@_attrs_define
class WebhookEndpointWithSecret:
    """A webhook endpoint with its signing secret: the answer of creating an endpoint and of rotating its secret, the only
    times the secret is shown. Store it; it cannot be read again.

        Attributes:
            created_at (datetime.datetime): When the endpoint was registered.
            description (None | str): Your note on the endpoint, up to 500 characters.
            disabled_at (datetime.datetime | None): When the endpoint was disabled; null while enabled.
            disabled_reason (None | str): Why the endpoint is disabled: `Disabled through the API.`, or the platform’s
                reason (a 410 Gone, or deliveries that failed every attempt, with the last outcome). Null while enabled.
            event_types (list[str]): The event types delivered to it: platform types (`order.created`) and custom types
                (`custom.…`).
            id (str): Endpoint identifier (`we_…`), assigned by the platform.
            previous_secret_expires_at (datetime.datetime | None): After a secret rotation, until when the previous secret
                still signs deliveries beside the new one (two signatures in `webhook-signature`); null when only one secret
                signs.
            secret (str): The signing secret (`whsec_…`, Standard Webhooks form). Verify deliveries with it, e.g. `new
                Webhook(secret).verify(body, headers)` of the `standardwebhooks` package.
            status (WebhookEndpointStatus): Whether an endpoint receives deliveries.
            updated_at (datetime.datetime): When the endpoint last changed.
            url (str): Where deliveries are POSTed: a public HTTPS URL (HTTP is allowed for sandbox tenants).
            version (int): Incremented by every change and action (the platform disabling it too); send it back as `version`
                (or REST `If-Match`) to refuse a change based on a stale read.
    """

    created_at: datetime.datetime
    description: None | str
    disabled_at: datetime.datetime | None
    disabled_reason: None | str
    event_types: list[str]
    id: str
    previous_secret_expires_at: datetime.datetime | None
    secret: str
    status: WebhookEndpointStatus
    updated_at: datetime.datetime
    url: str
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at.isoformat()

        description: None | str
        description = self.description

        disabled_at: None | str
        if isinstance(self.disabled_at, datetime.datetime):
            disabled_at = self.disabled_at.isoformat()
        else:
            disabled_at = self.disabled_at

        disabled_reason: None | str
        disabled_reason = self.disabled_reason

        event_types = self.event_types

        id = self.id

        previous_secret_expires_at: None | str
        if isinstance(self.previous_secret_expires_at, datetime.datetime):
            previous_secret_expires_at = self.previous_secret_expires_at.isoformat()
        else:
            previous_secret_expires_at = self.previous_secret_expires_at

        secret = self.secret

        status = self.status.value

        updated_at = self.updated_at.isoformat()

        url = self.url

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "description": description,
                "disabled_at": disabled_at,
                "disabled_reason": disabled_reason,
                "event_types": event_types,
                "id": id,
                "previous_secret_expires_at": previous_secret_expires_at,
                "secret": secret,
                "status": status,
                "updated_at": updated_at,
                "url": url,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        def _parse_disabled_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                disabled_at_type_0 = datetime.datetime.fromisoformat(data)

                return disabled_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        disabled_at = _parse_disabled_at(d.pop("disabled_at"))

        def _parse_disabled_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        disabled_reason = _parse_disabled_reason(d.pop("disabled_reason"))

        event_types = cast(list[str], d.pop("event_types"))

        id = d.pop("id")

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

        secret = d.pop("secret")

        status = WebhookEndpointStatus(d.pop("status"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        url = d.pop("url")

        version = d.pop("version")

        webhook_endpoint_with_secret = cls(
            created_at=created_at,
            description=description,
            disabled_at=disabled_at,
            disabled_reason=disabled_reason,
            event_types=event_types,
            id=id,
            previous_secret_expires_at=previous_secret_expires_at,
            secret=secret,
            status=status,
            updated_at=updated_at,
            url=url,
            version=version,
        )

        webhook_endpoint_with_secret.additional_properties = d
        return webhook_endpoint_with_secret

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
