from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.ai_task_planned_step import AiTaskPlannedStep


T = TypeVar("T", bound="AiTaskPlan")


@_attrs_define
class AiTaskPlan:
    """What a task will do, reviewed before it runs.

    Attributes:
        kind (str): A kind the offline planner knows (`restock_below_reorder_point`, `invoice_reminders`,
            `archive_dormant_skus`) or `free_form` (planned by the language model).
        steps (list[AiTaskPlannedStep]): The writes, in the order they run.
        summary (str): What the plan does, in a sentence, with what it left out and why.
    """

    kind: str
    steps: list[AiTaskPlannedStep]
    summary: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        steps = []
        for steps_item_data in self.steps:
            steps_item = steps_item_data.to_dict()
            steps.append(steps_item)

        summary = self.summary

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "kind": kind,
                "steps": steps,
                "summary": summary,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.ai_task_planned_step import AiTaskPlannedStep

        d = dict(src_dict)
        kind = d.pop("kind")

        steps = []
        _steps = d.pop("steps")
        for steps_item_data in _steps:
            steps_item = AiTaskPlannedStep.from_dict(steps_item_data)

            steps.append(steps_item)

        summary = d.pop("summary")

        ai_task_plan = cls(
            kind=kind,
            steps=steps,
            summary=summary,
        )

        ai_task_plan.additional_properties = d
        return ai_task_plan

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
