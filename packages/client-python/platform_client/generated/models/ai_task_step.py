from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="AiTaskStep")


@_attrs_define
class AiTaskStep:
    """A step of a task as it executed.

    Attributes:
        duration_ms (int): How long it took.
        error (Any): `{ code, message }` of a failed step.
        finished_at (datetime.datetime): When it ended.
        operation (str): The mutation it ran.
        output (Any): The operation’s `data`.
        position (int): Its place in the plan, from 0.
        started_at (datetime.datetime): When it started.
        status (str): `succeeded` or `failed`.
        step_id (str): The plan’s step (`step_1`).
    """

    duration_ms: int
    error: Any
    finished_at: datetime.datetime
    operation: str
    output: Any
    position: int
    started_at: datetime.datetime
    status: str
    step_id: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        duration_ms = self.duration_ms

        error = self.error

        finished_at = self.finished_at.isoformat()

        operation = self.operation

        output = self.output

        position = self.position

        started_at = self.started_at.isoformat()

        status = self.status

        step_id = self.step_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "duration_ms": duration_ms,
                "error": error,
                "finished_at": finished_at,
                "operation": operation,
                "output": output,
                "position": position,
                "started_at": started_at,
                "status": status,
                "step_id": step_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        duration_ms = d.pop("duration_ms")

        error = d.pop("error")

        finished_at = datetime.datetime.fromisoformat(d.pop("finished_at"))

        operation = d.pop("operation")

        output = d.pop("output")

        position = d.pop("position")

        started_at = datetime.datetime.fromisoformat(d.pop("started_at"))

        status = d.pop("status")

        step_id = d.pop("step_id")

        ai_task_step = cls(
            duration_ms=duration_ms,
            error=error,
            finished_at=finished_at,
            operation=operation,
            output=output,
            position=position,
            started_at=started_at,
            status=status,
            step_id=step_id,
        )

        ai_task_step.additional_properties = d
        return ai_task_step

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
