from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.decide_ai_task_input_decision import DecideAiTaskInputDecision
from ..types import UNSET, Unset

T = TypeVar("T", bound="DecideAiTaskInput")


@_attrs_define
class DecideAiTaskInput:
    """The decision on a task’s plan.

    Attributes:
        decision (DecideAiTaskInputDecision): `approved` (it runs) or `rejected` (nothing runs; the task ends
            `rejected`).
        comment (None | str | Unset): Why, up to 2000 characters.
    """

    decision: DecideAiTaskInputDecision
    comment: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        decision = self.decision.value

        comment: None | str | Unset
        if isinstance(self.comment, Unset):
            comment = UNSET
        else:
            comment = self.comment

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "decision": decision,
            }
        )
        if comment is not UNSET:
            field_dict["comment"] = comment

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        decision = DecideAiTaskInputDecision(d.pop("decision"))

        def _parse_comment(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        comment = _parse_comment(d.pop("comment", UNSET))

        decide_ai_task_input = cls(
            decision=decision,
            comment=comment,
        )

        return decide_ai_task_input
