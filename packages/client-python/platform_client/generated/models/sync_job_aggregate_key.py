from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.sync_job_direction import SyncJobDirection
from ..models.sync_job_state import SyncJobState
from ..models.sync_job_trigger import SyncJobTrigger

T = TypeVar("T", bound="SyncJobAggregateKey")


@_attrs_define
class SyncJobAggregateKey:
    """The grouping key of a group of sync jobs: the value of each field of `group_by` and the time bucket; null for a key
    the request does not group by (or a record without a value).

        Attributes:
            bucket (datetime.datetime | None): The start of the time bucket (with `bucket`), as an instant.
            bucket_label (None | str): The time bucket in the time zone of the request: `2026-11-27` (day), `2026-W48` (ISO
                week), `2026-11` (month), `2026-Q4` (quarter), `2026` (year).
            connector_id (None | str): The connector (`con_…`).
            direction (None | SyncJobDirection): `inbound` (read from the connector’s system) or `outbound` (a push).
            full (bool | None): Whether the job read from the beginning rather than from the connector’s cursor.
            state (None | SyncJobState): Where the job is.
            trigger (None | SyncJobTrigger): What started the job.
    """

    bucket: datetime.datetime | None
    bucket_label: None | str
    connector_id: None | str
    direction: None | SyncJobDirection
    full: bool | None
    state: None | SyncJobState
    trigger: None | SyncJobTrigger
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        bucket: None | str
        if isinstance(self.bucket, datetime.datetime):
            bucket = self.bucket.isoformat()
        else:
            bucket = self.bucket

        bucket_label: None | str
        bucket_label = self.bucket_label

        connector_id: None | str
        connector_id = self.connector_id

        direction: None | str
        if isinstance(self.direction, SyncJobDirection):
            direction = self.direction.value
        else:
            direction = self.direction

        full: bool | None
        full = self.full

        state: None | str
        if isinstance(self.state, SyncJobState):
            state = self.state.value
        else:
            state = self.state

        trigger: None | str
        if isinstance(self.trigger, SyncJobTrigger):
            trigger = self.trigger.value
        else:
            trigger = self.trigger

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "bucket": bucket,
                "bucket_label": bucket_label,
                "connector_id": connector_id,
                "direction": direction,
                "full": full,
                "state": state,
                "trigger": trigger,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

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

        def _parse_connector_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        connector_id = _parse_connector_id(d.pop("connector_id"))

        def _parse_direction(data: object) -> None | SyncJobDirection:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                direction_type_0 = SyncJobDirection(data)

                return direction_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SyncJobDirection, data)

        direction = _parse_direction(d.pop("direction"))

        def _parse_full(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        full = _parse_full(d.pop("full"))

        def _parse_state(data: object) -> None | SyncJobState:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                state_type_0 = SyncJobState(data)

                return state_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SyncJobState, data)

        state = _parse_state(d.pop("state"))

        def _parse_trigger(data: object) -> None | SyncJobTrigger:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                trigger_type_0 = SyncJobTrigger(data)

                return trigger_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SyncJobTrigger, data)

        trigger = _parse_trigger(d.pop("trigger"))

        sync_job_aggregate_key = cls(
            bucket=bucket,
            bucket_label=bucket_label,
            connector_id=connector_id,
            direction=direction,
            full=full,
            state=state,
            trigger=trigger,
        )

        sync_job_aggregate_key.additional_properties = d
        return sync_job_aggregate_key

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
