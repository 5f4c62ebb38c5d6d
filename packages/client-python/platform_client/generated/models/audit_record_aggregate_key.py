from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.audit_actor_type import AuditActorType
from ..models.audit_surface import AuditSurface

T = TypeVar("T", bound="AuditRecordAggregateKey")


@_attrs_define
class AuditRecordAggregateKey:
    """The grouping key of a group of audit records: the value of each field of `group_by` and the time bucket; null for a
    key the request does not group by (or a record without a value).

        Attributes:
            action (None | str): What was done: `GET /v1/inventory/items`, `graphql query ListItems`,
                `inventory_item.create`.
            actor_id (None | str): The OAuth client, API key, user or connector; null when anonymous.
            actor_type (AuditActorType | None): Who acted: an OAuth client, an API key, a user, a connector, a workflow, an
                agent task, or nobody identified.
            bucket (datetime.datetime | None): The start of the time bucket (with `bucket`), as an instant.
            bucket_label (None | str): The time bucket in the time zone of the request: `2026-11-27` (day), `2026-W48` (ISO
                week), `2026-11` (month), `2026-Q4` (quarter), `2026` (year).
            resource_type (None | str): For a data change, the kind of record it changed (`inventory_item` of
                `inventory_item.create`); null for requests.
            status (int | None): The HTTP status of the response; null for data changes.
            status_class (None | str): The class of the HTTP status (`2xx`, `4xx`, `5xx`); null for data changes.
            surface (AuditSurface | None): Where the request came in: REST, GraphQL, a subscription or the OAuth endpoints.
    """

    action: None | str
    actor_id: None | str
    actor_type: AuditActorType | None
    bucket: datetime.datetime | None
    bucket_label: None | str
    resource_type: None | str
    status: int | None
    status_class: None | str
    surface: AuditSurface | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        action: None | str
        action = self.action

        actor_id: None | str
        actor_id = self.actor_id

        actor_type: None | str
        if isinstance(self.actor_type, AuditActorType):
            actor_type = self.actor_type.value
        else:
            actor_type = self.actor_type

        bucket: None | str
        if isinstance(self.bucket, datetime.datetime):
            bucket = self.bucket.isoformat()
        else:
            bucket = self.bucket

        bucket_label: None | str
        bucket_label = self.bucket_label

        resource_type: None | str
        resource_type = self.resource_type

        status: int | None
        status = self.status

        status_class: None | str
        status_class = self.status_class

        surface: None | str
        if isinstance(self.surface, AuditSurface):
            surface = self.surface.value
        else:
            surface = self.surface

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "action": action,
                "actor_id": actor_id,
                "actor_type": actor_type,
                "bucket": bucket,
                "bucket_label": bucket_label,
                "resource_type": resource_type,
                "status": status,
                "status_class": status_class,
                "surface": surface,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_action(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        action = _parse_action(d.pop("action"))

        def _parse_actor_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        actor_id = _parse_actor_id(d.pop("actor_id"))

        def _parse_actor_type(data: object) -> AuditActorType | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                actor_type_type_0 = AuditActorType(data)

                return actor_type_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AuditActorType | None, data)

        actor_type = _parse_actor_type(d.pop("actor_type"))

        def _parse_bucket(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                bucket_type_0 = datetime.datetime.fromisoformat(data)

                return bucket_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        bucket = _parse_bucket(d.pop("bucket"))

        def _parse_bucket_label(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        bucket_label = _parse_bucket_label(d.pop("bucket_label"))

        def _parse_resource_type(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        resource_type = _parse_resource_type(d.pop("resource_type"))

        def _parse_status(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        status = _parse_status(d.pop("status"))

        def _parse_status_class(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        status_class = _parse_status_class(d.pop("status_class"))

        def _parse_surface(data: object) -> AuditSurface | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                surface_type_0 = AuditSurface(data)

                return surface_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AuditSurface | None, data)

        surface = _parse_surface(d.pop("surface"))

        audit_record_aggregate_key = cls(
            action=action,
            actor_id=actor_id,
            actor_type=actor_type,
            bucket=bucket,
            bucket_label=bucket_label,
            resource_type=resource_type,
            status=status,
            status_class=status_class,
            surface=surface,
        )

        audit_record_aggregate_key.additional_properties = d
        return audit_record_aggregate_key

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
