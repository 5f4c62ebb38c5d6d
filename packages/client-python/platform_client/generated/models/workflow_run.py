from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.workflow_run_status import WorkflowRunStatus
from ..models.workflow_run_trigger import WorkflowRunTrigger

if TYPE_CHECKING:
    from ..models.workflow_run_error import WorkflowRunError
    from ..models.workflow_run_waiting import WorkflowRunWaiting


T = TypeVar("T", bound="WorkflowRun")


@_attrs_define
class WorkflowRun:
    """One execution of a workflow, with the definition version it started with, its input, status, and outcome.

    Attributes:
        cancel_requested_at (datetime.datetime | None): When cancellation was asked of a running run (it stops before
            its next step).
        caused_by_run_id (None | str): The run whose event (or operation) started this one.
        chain_depth (int): 1 for a run the API, a schedule or an event no run produced started; one more for each run
            before it in a chain of runs triggering runs (at most 5).
        created_at (datetime.datetime): When it was started.
        definition_version (int): The definition version it executes (the current one when it started).
        error (None | WorkflowRunError): A failed run: the step, code and message.
        finished_at (datetime.datetime | None): When it ended.
        id (str): Run identifier (`wfr_…`).
        input_ (Any): What its expressions read as `input`: the triggering event (as webhooks receive it), `{
            scheduled_for }`, or the input given to the API.
        output (Any): A succeeded run: the definition’s `output`, or every step’s output by step id.
        scheduled_for (datetime.datetime | None): A schedule trigger: the scheduled time.
        started_at (datetime.datetime | None): When its first step began.
        started_by (None | str): A manual run: the credential that started it.
        status (WorkflowRunStatus): Where a run is.
        timeout_at (datetime.datetime): When it fails with `run_timed_out` if still not over.
        trigger (WorkflowRunTrigger): What started a run.
        trigger_event_id (None | str): An event trigger: the event (`evt_…`).
        version (int): Incremented by every change of the run.
        waiting_for (None | WorkflowRunWaiting): A waiting run: the step and what it waits for.
        workflow_id (str): The workflow (`wf_…`).
    """

    cancel_requested_at: datetime.datetime | None
    caused_by_run_id: None | str
    chain_depth: int
    created_at: datetime.datetime
    definition_version: int
    error: None | WorkflowRunError
    finished_at: datetime.datetime | None
    id: str
    input_: Any
    output: Any
    scheduled_for: datetime.datetime | None
    started_at: datetime.datetime | None
    started_by: None | str
    status: WorkflowRunStatus
    timeout_at: datetime.datetime
    trigger: WorkflowRunTrigger
    trigger_event_id: None | str
    version: int
    waiting_for: None | WorkflowRunWaiting
    workflow_id: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.workflow_run_error import WorkflowRunError
        from ..models.workflow_run_waiting import WorkflowRunWaiting

        cancel_requested_at: None | str
        if isinstance(self.cancel_requested_at, datetime.datetime):
            cancel_requested_at = self.cancel_requested_at.isoformat()
        else:
            cancel_requested_at = self.cancel_requested_at

        caused_by_run_id: None | str
        caused_by_run_id = self.caused_by_run_id

        chain_depth = self.chain_depth

        created_at = self.created_at.isoformat()

        definition_version = self.definition_version

        error: dict[str, Any] | None
        if isinstance(self.error, WorkflowRunError):
            error = self.error.to_dict()
        else:
            error = self.error

        finished_at: None | str
        if isinstance(self.finished_at, datetime.datetime):
            finished_at = self.finished_at.isoformat()
        else:
            finished_at = self.finished_at

        id = self.id

        input_ = self.input_

        output = self.output

        scheduled_for: None | str
        if isinstance(self.scheduled_for, datetime.datetime):
            scheduled_for = self.scheduled_for.isoformat()
        else:
            scheduled_for = self.scheduled_for

        started_at: None | str
        if isinstance(self.started_at, datetime.datetime):
            started_at = self.started_at.isoformat()
        else:
            started_at = self.started_at

        started_by: None | str
        started_by = self.started_by

        status = self.status.value

        timeout_at = self.timeout_at.isoformat()

        trigger = self.trigger.value

        trigger_event_id: None | str
        trigger_event_id = self.trigger_event_id

        version = self.version

        waiting_for: dict[str, Any] | None
        if isinstance(self.waiting_for, WorkflowRunWaiting):
            waiting_for = self.waiting_for.to_dict()
        else:
            waiting_for = self.waiting_for

        workflow_id = self.workflow_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "cancel_requested_at": cancel_requested_at,
                "caused_by_run_id": caused_by_run_id,
                "chain_depth": chain_depth,
                "created_at": created_at,
                "definition_version": definition_version,
                "error": error,
                "finished_at": finished_at,
                "id": id,
                "input": input_,
                "output": output,
                "scheduled_for": scheduled_for,
                "started_at": started_at,
                "started_by": started_by,
                "status": status,
                "timeout_at": timeout_at,
                "trigger": trigger,
                "trigger_event_id": trigger_event_id,
                "version": version,
                "waiting_for": waiting_for,
                "workflow_id": workflow_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.workflow_run_error import WorkflowRunError
        from ..models.workflow_run_waiting import WorkflowRunWaiting

        d = dict(src_dict)

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

        def _parse_caused_by_run_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        caused_by_run_id = _parse_caused_by_run_id(d.pop("caused_by_run_id"))

        chain_depth = d.pop("chain_depth")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        definition_version = d.pop("definition_version")

        def _parse_error(data: object) -> None | WorkflowRunError:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                error_type_0 = WorkflowRunError.from_dict(data)

                return error_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | WorkflowRunError, data)

        error = _parse_error(d.pop("error"))

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

        id = d.pop("id")

        input_ = d.pop("input")

        output = d.pop("output")

        def _parse_scheduled_for(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                scheduled_for_type_0 = datetime.datetime.fromisoformat(data)

                return scheduled_for_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        scheduled_for = _parse_scheduled_for(d.pop("scheduled_for"))

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

        def _parse_started_by(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        started_by = _parse_started_by(d.pop("started_by"))

        status = WorkflowRunStatus(d.pop("status"))

        timeout_at = datetime.datetime.fromisoformat(d.pop("timeout_at"))

        trigger = WorkflowRunTrigger(d.pop("trigger"))

        def _parse_trigger_event_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        trigger_event_id = _parse_trigger_event_id(d.pop("trigger_event_id"))

        version = d.pop("version")

        def _parse_waiting_for(data: object) -> None | WorkflowRunWaiting:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                waiting_for_type_0 = WorkflowRunWaiting.from_dict(data)

                return waiting_for_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | WorkflowRunWaiting, data)

        waiting_for = _parse_waiting_for(d.pop("waiting_for"))

        workflow_id = d.pop("workflow_id")

        workflow_run = cls(
            cancel_requested_at=cancel_requested_at,
            caused_by_run_id=caused_by_run_id,
            chain_depth=chain_depth,
            created_at=created_at,
            definition_version=definition_version,
            error=error,
            finished_at=finished_at,
            id=id,
            input_=input_,
            output=output,
            scheduled_for=scheduled_for,
            started_at=started_at,
            started_by=started_by,
            status=status,
            timeout_at=timeout_at,
            trigger=trigger,
            trigger_event_id=trigger_event_id,
            version=version,
            waiting_for=waiting_for,
            workflow_id=workflow_id,
        )

        workflow_run.additional_properties = d
        return workflow_run

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
