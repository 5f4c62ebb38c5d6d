from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.update_webhook_endpoint_input_event_types_item_type_0 import (
    UpdateWebhookEndpointInputEventTypesItemType0,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="UpdateWebhookEndpointInput")


@_attrs_define
class UpdateWebhookEndpointInput:
    """Fields to change; absent fields keep their value.

    Attributes:
        description (str | Unset): A new note; empty clears it.
        event_types (list[str | UpdateWebhookEndpointInputEventTypesItemType0] | Unset): Replaces the event types. Event
            types to deliver, 1 to 50, no duplicates: platform types (`order.created`, `inventory.stock.low`,
            `invoice.paid`, …) and custom types (`custom.…`). The credential must hold the scope that receives each
            (`order.created`: `crm:read`; `invoice.*`: `finance:read`; custom types: `events:read`).
        url (str | Unset): A new URL, under the same rules as at registration.
        version (int | Unset): The version the change is based on; if it is no longer current the change is refused with
            `version_conflict`.
    """

    description: str | Unset = UNSET
    event_types: list[str | UpdateWebhookEndpointInputEventTypesItemType0] | Unset = (
        UNSET
    )
    url: str | Unset = UNSET
    version: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        description = self.description

        event_types: list[str] | Unset = UNSET
        if not isinstance(self.event_types, Unset):
            event_types = []
            for event_types_item_data in self.event_types:
                event_types_item: str
                if isinstance(
                    event_types_item_data, UpdateWebhookEndpointInputEventTypesItemType0
                ):
                    event_types_item = event_types_item_data.value
                else:
                    event_types_item = event_types_item_data
                event_types.append(event_types_item)

        url = self.url

        version = self.version

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if description is not UNSET:
            field_dict["description"] = description
        if event_types is not UNSET:
            field_dict["event_types"] = event_types
        if url is not UNSET:
            field_dict["url"] = url
        if version is not UNSET:
            field_dict["version"] = version

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        description = d.pop("description", UNSET)

        _event_types = d.pop("event_types", UNSET)
        event_types: (
            list[str | UpdateWebhookEndpointInputEventTypesItemType0] | Unset
        ) = UNSET
        if _event_types is not UNSET:
            event_types = []
            for event_types_item_data in _event_types:

                def _parse_event_types_item(
                    data: object,
                ) -> str | UpdateWebhookEndpointInputEventTypesItemType0:
                    try:
                        if not isinstance(data, str):
                            raise TypeError()
                        event_types_item_type_0 = (
                            UpdateWebhookEndpointInputEventTypesItemType0(data)
                        )

                        return event_types_item_type_0
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    return cast(
                        str | UpdateWebhookEndpointInputEventTypesItemType0, data
                    )

                event_types_item = _parse_event_types_item(event_types_item_data)

                event_types.append(event_types_item)

        url = d.pop("url", UNSET)

        version = d.pop("version", UNSET)

        update_webhook_endpoint_input = cls(
            description=description,
            event_types=event_types,
            url=url,
            version=version,
        )

        return update_webhook_endpoint_input
