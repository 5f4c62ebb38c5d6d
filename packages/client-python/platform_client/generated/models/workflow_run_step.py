from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.workflow_step_status import WorkflowStepStatus

T = TypeVar("T", bound="WorkflowRunStep")


@_attrs_define
class WorkflowRunStep:
    """A step of a run as it executed: its input (its expressions evaluated), output or error, attempts and timings.

    Attributes:
        attempts (int): Attempts made.
        duration_ms (int | None): From its first attempt’s start to its end (retries and waits included).
        error (Any): `{ code, message }` of the last failed attempt.
        finished_at (datetime.datetime | None): When it succeeded or failed for good.
        input_ (Any): Its expressions’ values: a graphql step’s `variables`, an http step’s `body`, a condition’s `if`,
            …
        key (str): The step’s place in the run: its id, prefixed by the for_each iterations around it
            (`lines[2].reserve`).
        kind (str): `condition`, `graphql`, `emit`, `http`, `wait`, `approval` or `for_each`.
        max_attempts (int): Attempts its retry policy allows in all.
        next_attempt_at (datetime.datetime | None): While `retrying`: when the next attempt is due.
        output (Any): Its outcome: an operation’s `data`, an HTTP answer’s `{ status, body }`, a condition’s `{ result
            }`, a for_each’s `{ items }`, an approval’s `{ decision, comment, decided_by, decided_at }`.
        started_at (datetime.datetime): When its first attempt started.
        status (WorkflowStepStatus): Where a step of a run is.
        step_id (str): The step’s id in the definition.
        wake_at (datetime.datetime | None): A wait: when it ends; an approval: its deadline.
    """

    attempts: int
    duration_ms: int | None
    error: Any
    finished_at: datetime.datetime | None
    input_: Any
    key: str
    kind: str
    max_attempts: int
    next_attempt_at: datetime.datetime | None
    output: Any
    started_at: datetime.datetime
    status: WorkflowStepStatus
    step_id: str
    wake_at: datetime.datetime | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        attempts = self.attempts

        duration_ms: int | None
        duration_ms = self.duration_ms

        error = self.error

        finished_at: None | str
        if isinstance(self.finished_at, datetime.datetime):
            finished_at = self.finished_at.isoformat()
        else:
            finished_at = self.finished_at

        input_ = self.input_

        key = self.key

        kind = self.kind

        max_attempts = self.max_attempts

        next_attempt_at: None | str
        if isinstance(self.next_attempt_at, datetime.datetime):
            next_attempt_at = self.next_attempt_at.isoformat()
        else:
            next_attempt_at = self.next_attempt_at

        output = self.output

        started_at = self.started_at.isoformat()

        status = self.status.value

        step_id = self.step_id

        wake_at: None | str
        if isinstance(self.wake_at, datetime.datetime):
            wake_at = self.wake_at.isoformat()
        else:
            wake_at = self.wake_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "attempts": attempts,
                "duration_ms": duration_ms,
                "error": error,
                "finished_at": finished_at,
                "input": input_,
                "key": key,
                "kind": kind,
                "max_attempts": max_attempts,
                "next_attempt_at": next_attempt_at,
                "output": output,
                "started_at": started_at,
                "status": status,
                "step_id": step_id,
                "wake_at": wake_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        attempts = d.pop("attempts")

        def _parse_duration_ms(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        duration_ms = _parse_duration_ms(d.pop("duration_ms"))

        error = d.pop("error")

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

        input_ = d.pop("input")

        key = d.pop("key")

        kind = d.pop("kind")

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

        output = d.pop("output")

        started_at = datetime.datetime.fromisoformat(d.pop("started_at"))

        status = WorkflowStepStatus(d.pop("status"))

        step_id = d.pop("step_id")

        def _parse_wake_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                wake_at_type_0 = datetime.datetime.fromisoformat(data)

                return wake_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        wake_at = _parse_wake_at(d.pop("wake_at"))

        workflow_run_step = cls(
            attempts=attempts,
            duration_ms=duration_ms,
            error=error,
            finished_at=finished_at,
            input_=input_,
            key=key,
            kind=kind,
            max_attempts=max_attempts,
            next_attempt_at=next_attempt_at,
            output=output,
            started_at=started_at,
            status=status,
            step_id=step_id,
            wake_at=wake_at,
        )

        workflow_run_step.additional_properties = d
        return workflow_run_step

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
