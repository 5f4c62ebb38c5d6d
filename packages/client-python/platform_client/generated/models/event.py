from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.event_resource import EventResource
    from ..models.event_source_info import EventSourceInfo


T = TypeVar("T", bound="Event")


@_attrs_define
class Event:
    """Something that happened in a tenant: a platform event (`order.created`, `inventory.stock.low`, …) or a custom event
    a client published (`custom.…`). The same envelope is the REST record, the body of every webhook delivery and the
    payload of the `events` subscription. Events are immutable and kept in an append-only log.

        Attributes:
            data (Any): For a platform event, the record as the REST API showed it at the time of the event (an
                `order.created` carries the order); for a custom event, the JSON object its publisher sent.
            id (str): Event identifier (`evt_…`). Also the `webhook-id` header of every delivery of the event, retries and
                resends included: deduplicate by it.
            occurred_at (datetime.datetime): When the event was recorded, in the transaction of the change that caused it.
            resource (EventResource | None): The record the event is about; null for custom events.
            source (EventSourceInfo): What produced an event.
            tenant_id (str): The tenant the event belongs to (`ten_…`).
            type_ (str): The event type: a platform type such as `order.created`, or `custom.…` for events clients publish.
    """

    data: Any
    id: str
    occurred_at: datetime.datetime
    resource: EventResource | None
    source: EventSourceInfo
    tenant_id: str
    type_: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.event_resource import EventResource

        data = self.data

        id = self.id

        occurred_at = self.occurred_at.isoformat()

        resource: dict[str, Any] | None
        if isinstance(self.resource, EventResource):
            resource = self.resource.to_dict()
        else:
            resource = self.resource

        source = self.source.to_dict()

        tenant_id = self.tenant_id

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "data": data,
                "id": id,
                "occurred_at": occurred_at,
                "resource": resource,
                "source": source,
                "tenant_id": tenant_id,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.event_resource import EventResource
        from ..models.event_source_info import EventSourceInfo

        d = dict(src_dict)
        data = d.pop("data")

        id = d.pop("id")

        occurred_at = datetime.datetime.fromisoformat(d.pop("occurred_at"))

        def _parse_resource(data: object) -> EventResource | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                resource_type_0 = EventResource.from_dict(data)

                return resource_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EventResource | None, data)

        resource = _parse_resource(d.pop("resource"))

        source = EventSourceInfo.from_dict(d.pop("source"))

        tenant_id = d.pop("tenant_id")

        type_ = d.pop("type")

        event = cls(
            data=data,
            id=id,
            occurred_at=occurred_at,
            resource=resource,
            source=source,
            tenant_id=tenant_id,
            type_=type_,
        )

        event.additional_properties = d
        return event

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
