from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateAiTaskInput")


@_attrs_define
class CreateAiTaskInput:
    """A goal for an agent task.

    Attributes:
        goal (str): What to achieve, up to 500 characters. Without a language model the offline planner knows: “Restock
            everything below its reorder point from its usual supplier”; “Send reminders for invoices overdue by 30 days”;
            “Find SKUs with stock but no sales in 90 days and archive them”.
        require_approval (bool | None | Unset): Default true: the plan waits for an approval before any write. `false`:
            it runs at once.
    """

    goal: str
    require_approval: bool | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        goal = self.goal

        require_approval: bool | None | Unset
        if isinstance(self.require_approval, Unset):
            require_approval = UNSET
        else:
            require_approval = self.require_approval

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "goal": goal,
            }
        )
        if require_approval is not UNSET:
            field_dict["require_approval"] = require_approval

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        goal = d.pop("goal")

        def _parse_require_approval(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        require_approval = _parse_require_approval(d.pop("require_approval", UNSET))

        create_ai_task_input = cls(
            goal=goal,
            require_approval=require_approval,
        )

        return create_ai_task_input
