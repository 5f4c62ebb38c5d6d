from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.sync_job_direction import SyncJobDirection
from ..models.sync_job_state import SyncJobState
from ..models.sync_job_trigger import SyncJobTrigger

T = TypeVar("T", bound="SyncJob")


@_attrs_define
class SyncJob:
    """One run of a connector (or a replay of failed records): its state, its counters (updated page by page while it runs)
    and its outcome.

        Attributes:
            attempts (int): Attempts started.
            cancel_requested_at (datetime.datetime | None): When cancellation was asked.
            connector_id (str): The connector (`con_…`).
            created_at (datetime.datetime): When it was started.
            direction (SyncJobDirection): Which way a job moves records.
            finished_at (datetime.datetime | None): When it ended (succeeded, partially failed, failed or cancelled).
            full (bool): Whether it reads the source from the beginning rather than from where the last sync ended.
            id (str): Sync job identifier (`sync_…`).
            last_error (None | str): Why the last attempt failed (never a secret).
            mapping_version (int): The mapping version it uses (the connector’s current one when it was started).
            max_attempts (int): Attempts its retry policy allows in all.
            next_attempt_at (datetime.datetime | None): When the next attempt is due after a failed one; null otherwise.
            records_created (int): Records that created a platform record.
            records_failed (int): Records that could not be written: see the job’s failed records.
            records_seen (int): Records read so far.
            records_unchanged (int): Records already written as they are (or skipped by the mapping’s filter).
            records_updated (int): Records that changed the platform record they had created.
            replay_failure_id (None | str): A replay of one failed record: that record.
            replay_of_job_id (None | str): A replay: the job whose failed records it writes again.
            since (datetime.datetime | None): A re-run of a window: it reads the records changed since this instant.
            started_at (datetime.datetime | None): When its first attempt began.
            state (SyncJobState): Where a sync job is.
            trigger (SyncJobTrigger): What started a job.
            upload_id (None | str): A CSV import: the uploaded file it reads (`upl_…`).
            version (int): Incremented by every change of the job (each page it writes too).
    """

    attempts: int
    cancel_requested_at: datetime.datetime | None
    connector_id: str
    created_at: datetime.datetime
    direction: SyncJobDirection
    finished_at: datetime.datetime | None
    full: bool
    id: str
    last_error: None | str
    mapping_version: int
    max_attempts: int
    next_attempt_at: datetime.datetime | None
    records_created: int
    records_failed: int
    records_seen: int
    records_unchanged: int
    records_updated: int
    replay_failure_id: None | str
    replay_of_job_id: None | str
    since: datetime.datetime | None
    started_at: datetime.datetime | None
    state: SyncJobState
    trigger: SyncJobTrigger
    upload_id: None | str
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        attempts = self.attempts

        cancel_requested_at: None | str
        if isinstance(self.cancel_requested_at, datetime.datetime):
            cancel_requested_at = self.cancel_requested_at.isoformat()
        else:
            cancel_requested_at = self.cancel_requested_at

        connector_id = self.connector_id

        created_at = self.created_at.isoformat()

        direction = self.direction.value

        finished_at: None | str
        if isinstance(self.finished_at, datetime.datetime):
            finished_at = self.finished_at.isoformat()
        else:
            finished_at = self.finished_at

        full = self.full

        id = self.id

        last_error: None | str
        last_error = self.last_error

        mapping_version = self.mapping_version

        max_attempts = self.max_attempts

        next_attempt_at: None | str
        if isinstance(self.next_attempt_at, datetime.datetime):
            next_attempt_at = self.next_attempt_at.isoformat()
        else:
            next_attempt_at = self.next_attempt_at

        records_created = self.records_created

        records_failed = self.records_failed

        records_seen = self.records_seen

        records_unchanged = self.records_unchanged

        records_updated = self.records_updated

        replay_failure_id: None | str
        replay_failure_id = self.replay_failure_id

        replay_of_job_id: None | str
        replay_of_job_id = self.replay_of_job_id

        since: None | str
        if isinstance(self.since, datetime.datetime):
            since = self.since.isoformat()
        else:
            since = self.since

        started_at: None | str
        if isinstance(self.started_at, datetime.datetime):
            started_at = self.started_at.isoformat()
        else:
            started_at = self.started_at

        state = self.state.value

        trigger = self.trigger.value

        upload_id: None | str
        upload_id = self.upload_id

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "attempts": attempts,
                "cancel_requested_at": cancel_requested_at,
                "connector_id": connector_id,
                "created_at": created_at,
                "direction": direction,
                "finished_at": finished_at,
                "full": full,
                "id": id,
                "last_error": last_error,
                "mapping_version": mapping_version,
                "max_attempts": max_attempts,
                "next_attempt_at": next_attempt_at,
                "records_created": records_created,
                "records_failed": records_failed,
                "records_seen": records_seen,
                "records_unchanged": records_unchanged,
                "records_updated": records_updated,
                "replay_failure_id": replay_failure_id,
                "replay_of_job_id": replay_of_job_id,
                "since": since,
                "started_at": started_at,
                "state": state,
                "trigger": trigger,
                "upload_id": upload_id,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        attempts = d.pop("attempts")

        def _parse_cancel_requested_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                cancel_requested_at_type_0 = datetime.datetime.fromisoformat(data)

                return cancel_requested_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        cancel_requested_at = _parse_cancel_requested_at(d.pop("cancel_requested_at"))

        connector_id = d.pop("connector_id")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        direction = SyncJobDirection(d.pop("direction"))

        def _parse_finished_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                finished_at_type_0 = datetime.datetime.fromisoformat(data)

                return finished_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        finished_at = _parse_finished_at(d.pop("finished_at"))

        full = d.pop("full")

        id = d.pop("id")

        def _parse_last_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_error = _parse_last_error(d.pop("last_error"))

        mapping_version = d.pop("mapping_version")

        max_attempts = d.pop("max_attempts")

        def _parse_next_attempt_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                next_attempt_at_type_0 = datetime.datetime.fromisoformat(data)

                return next_attempt_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        next_attempt_at = _parse_next_attempt_at(d.pop("next_attempt_at"))

        records_created = d.pop("records_created")

        records_failed = d.pop("records_failed")

        records_seen = d.pop("records_seen")

        records_unchanged = d.pop("records_unchanged")

        records_updated = d.pop("records_updated")

        def _parse_replay_failure_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        replay_failure_id = _parse_replay_failure_id(d.pop("replay_failure_id"))

        def _parse_replay_of_job_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        replay_of_job_id = _parse_replay_of_job_id(d.pop("replay_of_job_id"))

        def _parse_since(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                since_type_0 = datetime.datetime.fromisoformat(data)

                return since_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        since = _parse_since(d.pop("since"))

        def _parse_started_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                started_at_type_0 = datetime.datetime.fromisoformat(data)

                return started_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        started_at = _parse_started_at(d.pop("started_at"))

        state = SyncJobState(d.pop("state"))

        trigger = SyncJobTrigger(d.pop("trigger"))

        def _parse_upload_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        upload_id = _parse_upload_id(d.pop("upload_id"))

        version = d.pop("version")

        sync_job = cls(
            attempts=attempts,
            cancel_requested_at=cancel_requested_at,
            connector_id=connector_id,
            created_at=created_at,
            direction=direction,
            finished_at=finished_at,
            full=full,
            id=id,
            last_error=last_error,
            mapping_version=mapping_version,
            max_attempts=max_attempts,
            next_attempt_at=next_attempt_at,
            records_created=records_created,
            records_failed=records_failed,
            records_seen=records_seen,
            records_unchanged=records_unchanged,
            records_updated=records_updated,
            replay_failure_id=replay_failure_id,
            replay_of_job_id=replay_of_job_id,
            since=since,
            started_at=started_at,
            state=state,
            trigger=trigger,
            upload_id=upload_id,
            version=version,
        )

        sync_job.additional_properties = d
        return sync_job

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
