from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.connector_kind import ConnectorKind

T = TypeVar("T", bound="Connector")


@_attrs_define
class Connector:
    """A connection to another system. Its credentials are sealed when saved and never returned; `config` holds everything
    else.

        Attributes:
            config (Any): The settings of its kind (see the API reference of each kind); never a secret.
            created_at (datetime.datetime): When the connector was created.
            has_credentials (bool): Whether credentials are stored (they are never shown).
            id (str): Connector identifier (`con_…`): also the `channel` of the orders it creates and the actor of its
                writes in the audit trail.
            kind (ConnectorKind): The protocol a connector speaks.
            mapping_version (int): The field mapping version new sync jobs use; 0 while no mapping is saved.
            name (str): Your name for it, 1 to 200 characters.
            next_scheduled_sync_at (datetime.datetime | None): When the schedule next starts a sync; null without a
                schedule.
            push_cursor (None | str): A connector with `push` rules (REST): the `occurred_at` of the last event its last
                push read; the next push sends the events after it. Set to the time push rules were first saved (older events
                are sent by a push with `full`). Null for a connector that never pushed.
            retry_delay_seconds (int): Seconds before the second attempt, doubled before each later one; default 60.
            retry_max_attempts (int): Attempts a sync job makes in all before it fails (1 to 10); default 3.
            schedule_cron (None | str): A cron expression (minute hour day-of-month month day-of-week): a sync job starts at
                each of its times in `schedule_time_zone`, unless one of the connector’s jobs is under way then (that time is
                skipped). Null: no schedule.
            schedule_time_zone (str): The IANA time zone of the schedule’s times (daylight saving included); default UTC.
            streams (list[str]): The streams it reads: what a field mapping maps.
            updated_at (datetime.datetime): When it last changed.
            version (int): Incremented by every change; send it back as `version` (or REST `If-Match`) to refuse a change
                based on a stale read.
    """

    config: Any
    created_at: datetime.datetime
    has_credentials: bool
    id: str
    kind: ConnectorKind
    mapping_version: int
    name: str
    next_scheduled_sync_at: datetime.datetime | None
    push_cursor: None | str
    retry_delay_seconds: int
    retry_max_attempts: int
    schedule_cron: None | str
    schedule_time_zone: str
    streams: list[str]
    updated_at: datetime.datetime
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        config = self.config

        created_at = self.created_at.isoformat()

        has_credentials = self.has_credentials

        id = self.id

        kind = self.kind.value

        mapping_version = self.mapping_version

        name = self.name

        next_scheduled_sync_at: None | str
        if isinstance(self.next_scheduled_sync_at, datetime.datetime):
            next_scheduled_sync_at = self.next_scheduled_sync_at.isoformat()
        else:
            next_scheduled_sync_at = self.next_scheduled_sync_at

        push_cursor: None | str
        push_cursor = self.push_cursor

        retry_delay_seconds = self.retry_delay_seconds

        retry_max_attempts = self.retry_max_attempts

        schedule_cron: None | str
        schedule_cron = self.schedule_cron

        schedule_time_zone = self.schedule_time_zone

        streams = self.streams

        updated_at = self.updated_at.isoformat()

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "config": config,
                "created_at": created_at,
                "has_credentials": has_credentials,
                "id": id,
                "kind": kind,
                "mapping_version": mapping_version,
                "name": name,
                "next_scheduled_sync_at": next_scheduled_sync_at,
                "push_cursor": push_cursor,
                "retry_delay_seconds": retry_delay_seconds,
                "retry_max_attempts": retry_max_attempts,
                "schedule_cron": schedule_cron,
                "schedule_time_zone": schedule_time_zone,
                "streams": streams,
                "updated_at": updated_at,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        config = d.pop("config")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        has_credentials = d.pop("has_credentials")

        id = d.pop("id")

        kind = ConnectorKind(d.pop("kind"))

        mapping_version = d.pop("mapping_version")

        name = d.pop("name")

        def _parse_next_scheduled_sync_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                next_scheduled_sync_at_type_0 = datetime.datetime.fromisoformat(data)

                return next_scheduled_sync_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        next_scheduled_sync_at = _parse_next_scheduled_sync_at(
            d.pop("next_scheduled_sync_at")
        )

        def _parse_push_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        push_cursor = _parse_push_cursor(d.pop("push_cursor"))

        retry_delay_seconds = d.pop("retry_delay_seconds")

        retry_max_attempts = d.pop("retry_max_attempts")

        def _parse_schedule_cron(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        schedule_cron = _parse_schedule_cron(d.pop("schedule_cron"))

        schedule_time_zone = d.pop("schedule_time_zone")

        streams = cast(list[str], d.pop("streams"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        version = d.pop("version")

        connector = cls(
            config=config,
            created_at=created_at,
            has_credentials=has_credentials,
            id=id,
            kind=kind,
            mapping_version=mapping_version,
            name=name,
            next_scheduled_sync_at=next_scheduled_sync_at,
            push_cursor=push_cursor,
            retry_delay_seconds=retry_delay_seconds,
            retry_max_attempts=retry_max_attempts,
            schedule_cron=schedule_cron,
            schedule_time_zone=schedule_time_zone,
            streams=streams,
            updated_at=updated_at,
            version=version,
        )

        connector.additional_properties = d
        return connector

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
