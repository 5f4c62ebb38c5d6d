from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.workflow_run_status import WorkflowRunStatus
from ..models.workflow_run_trigger import WorkflowRunTrigger

T = TypeVar("T", bound="WorkflowRunAggregateKey")


@_attrs_define
class WorkflowRunAggregateKey:
    """The grouping key of a group of workflow runs: the value of each field of `group_by` and the time bucket; null for a
    key the request does not group by (or a record without a value).

        Attributes:
            bucket (datetime.datetime | None): The start of the time bucket (with `bucket`), as an instant.
            bucket_label (None | str): The time bucket in the time zone of the request: `2026-11-27` (day), `2026-W48` (ISO
                week), `2026-11` (month), `2026-Q4` (quarter), `2026` (year).
            failed_step (None | str): The step a failed run failed at; null for other runs (and runs refused before any
                step).
            status (None | WorkflowRunStatus): Where the run is.
            trigger (None | WorkflowRunTrigger): What started the run: an event, a schedule or the API.
            workflow_id (None | str): The workflow (`wf_…`).
            workflow_version (int | None): The version of the workflow’s definition the run executes.
    """

    bucket: datetime.datetime | None
    bucket_label: None | str
    failed_step: None | str
    status: None | WorkflowRunStatus
    trigger: None | WorkflowRunTrigger
    workflow_id: None | str
    workflow_version: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        bucket: None | str
        if isinstance(self.bucket, datetime.datetime):
            bucket = self.bucket.isoformat()
        else:
            bucket = self.bucket

        bucket_label: None | str
        bucket_label = self.bucket_label

        failed_step: None | str
        failed_step = self.failed_step

        status: None | str
        if isinstance(self.status, WorkflowRunStatus):
            status = self.status.value
        else:
            status = self.status

        trigger: None | str
        if isinstance(self.trigger, WorkflowRunTrigger):
            trigger = self.trigger.value
        else:
            trigger = self.trigger

        workflow_id: None | str
        workflow_id = self.workflow_id

        workflow_version: int | None
        workflow_version = self.workflow_version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "bucket": bucket,
                "bucket_label": bucket_label,
                "failed_step": failed_step,
                "status": status,
                "trigger": trigger,
                "workflow_id": workflow_id,
                "workflow_version": workflow_version,
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

        def _parse_failed_step(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        failed_step = _parse_failed_step(d.pop("failed_step"))

        def _parse_status(data: object) -> None | WorkflowRunStatus:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                status_type_0 = WorkflowRunStatus(data)

                return status_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | WorkflowRunStatus, data)

        status = _parse_status(d.pop("status"))

        def _parse_trigger(data: object) -> None | WorkflowRunTrigger:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                trigger_type_0 = WorkflowRunTrigger(data)

                return trigger_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | WorkflowRunTrigger, data)

        trigger = _parse_trigger(d.pop("trigger"))

        def _parse_workflow_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        workflow_id = _parse_workflow_id(d.pop("workflow_id"))

        def _parse_workflow_version(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        workflow_version = _parse_workflow_version(d.pop("workflow_version"))

        workflow_run_aggregate_key = cls(
            bucket=bucket,
            bucket_label=bucket_label,
            failed_step=failed_step,
            status=status,
            trigger=trigger,
            workflow_id=workflow_id,
            workflow_version=workflow_version,
        )

        workflow_run_aggregate_key.additional_properties = d
        return workflow_run_aggregate_key

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
