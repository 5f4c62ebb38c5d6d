from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.create_webhook_endpoint_input_event_types_item_type_0 import (
    CreateWebhookEndpointInputEventTypesItemType0,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateWebhookEndpointInput")


@_attrs_define
class CreateWebhookEndpointInput:
    """A new webhook endpoint; it starts `enabled` with a new signing secret.

    Attributes:
        event_types (list[CreateWebhookEndpointInputEventTypesItemType0 | str]): Event types to deliver, 1 to 50, no
            duplicates: platform types (`order.created`, `inventory.stock.low`, `invoice.paid`, …) and custom types
            (`custom.…`). The credential must hold the scope that receives each (`order.created`: `crm:read`; `invoice.*`:
            `finance:read`; custom types: `events:read`).
        url (str): Where to POST deliveries: an absolute URL to a public address (not a private, loopback or link-local
            network), HTTPS for production tenants, at most 2048 characters, without credentials.
        description (None | str | Unset): Your note on the endpoint, up to 500 characters.
    """

    event_types: list[CreateWebhookEndpointInputEventTypesItemType0 | str]
    url: str
    description: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        event_types = []
        for event_types_item_data in self.event_types:
            event_types_item: str
            if isinstance(
                event_types_item_data, CreateWebhookEndpointInputEventTypesItemType0
            ):
                event_types_item = event_types_item_data.value
            else:
                event_types_item = event_types_item_data
            event_types.append(event_types_item)

        url = self.url

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "event_types": event_types,
                "url": url,
            }
        )
        if description is not UNSET:
            field_dict["description"] = description

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        event_types = []
        _event_types = d.pop("event_types")
        for event_types_item_data in _event_types:

            def _parse_event_types_item(
                data: object,
            ) -> CreateWebhookEndpointInputEventTypesItemType0 | str:
                try:
                    if not isinstance(data, str):
                        raise TypeError()
                    event_types_item_type_0 = (
                        CreateWebhookEndpointInputEventTypesItemType0(data)
                    )

                    return event_types_item_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                return cast(CreateWebhookEndpointInputEventTypesItemType0 | str, data)

            event_types_item = _parse_event_types_item(event_types_item_data)

            event_types.append(event_types_item)

        url = d.pop("url")

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        create_webhook_endpoint_input = cls(
            event_types=event_types,
            url=url,
            description=description,
        )

        return create_webhook_endpoint_input
