from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.decide_workflow_approval_input_decision import (
    DecideWorkflowApprovalInputDecision,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="DecideWorkflowApprovalInput")


@_attrs_define
class DecideWorkflowApprovalInput:
    """The decision on the approval a run waits for.

    Attributes:
        decision (DecideWorkflowApprovalInputDecision): `approved` (the run goes on) or `rejected` (the run fails with
            `approval_rejected`, or goes on if the step says `on_reject: continue`).
        comment (None | str | Unset): Why, up to 2000 characters (the step’s output keeps it).
    """

    decision: DecideWorkflowApprovalInputDecision
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
        decision = DecideWorkflowApprovalInputDecision(d.pop("decision"))

        def _parse_comment(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        comment = _parse_comment(d.pop("comment", UNSET))

        decide_workflow_approval_input = cls(
            decision=decision,
            comment=comment,
        )

        return decide_workflow_approval_input
