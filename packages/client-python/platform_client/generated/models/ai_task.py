from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.ai_engine import AiEngine
from ..models.ai_task_status import AiTaskStatus

if TYPE_CHECKING:
    from ..models.ai_executed_operation import AiExecutedOperation
    from ..models.ai_task_error import AiTaskError
    from ..models.ai_task_plan import AiTaskPlan


T = TypeVar("T", bound="AiTask")


@_attrs_define
class AiTask:
    """A goal planned into writes over the platform’s operations and executed on the job queue, as the task: its writes
    carry the task as actor in the audit trail, with at most the scopes of the credential that created it.

        Attributes:
            cancel_requested_at (datetime.datetime | None): When cancellation was asked of a running task (it stops before
                its next step).
            created_at (datetime.datetime): When it was created (and planned).
            created_by (str): The credential that created it.
            decided_at (datetime.datetime | None): When the plan was approved or rejected.
            decided_by (None | str): The credential that approved or rejected the plan.
            decision_comment (None | str): The approver’s comment.
            engine (AiEngine): What planned the question.
            error (AiTaskError | None): A failed task: the step, code and message.
            finished_at (datetime.datetime | None): When it ended.
            goal (str): The goal as given.
            id (str): Task identifier (`ait_…`): the actor of its writes in the audit trail.
            kind (str): The plan’s kind.
            plan (AiTaskPlan): What a task will do, reviewed before it runs.
            planning_operations (list[AiExecutedOperation]): The reads run while planning, with the creator’s credential.
            require_approval (bool): Whether the plan waits for an approval before any write.
            scopes (list[str]): The scopes its writes act with: the creator’s.
            started_at (datetime.datetime | None): When its first step began.
            status (AiTaskStatus): Where a task is.
            version (int): Incremented by every change of the task.
    """

    cancel_requested_at: datetime.datetime | None
    created_at: datetime.datetime
    created_by: str
    decided_at: datetime.datetime | None
    decided_by: None | str
    decision_comment: None | str
    engine: AiEngine
    error: AiTaskError | None
    finished_at: datetime.datetime | None
    goal: str
    id: str
    kind: str
    plan: AiTaskPlan
    planning_operations: list[AiExecutedOperation]
    require_approval: bool
    scopes: list[str]
    started_at: datetime.datetime | None
    status: AiTaskStatus
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.ai_task_error import AiTaskError

        cancel_requested_at: None | str
        if isinstance(self.cancel_requested_at, datetime.datetime):
            cancel_requested_at = self.cancel_requested_at.isoformat()
        else:
            cancel_requested_at = self.cancel_requested_at

        created_at = self.created_at.isoformat()

        created_by = self.created_by

        decided_at: None | str
        if isinstance(self.decided_at, datetime.datetime):
            decided_at = self.decided_at.isoformat()
        else:
            decided_at = self.decided_at

        decided_by: None | str
        decided_by = self.decided_by

        decision_comment: None | str
        decision_comment = self.decision_comment

        engine = self.engine.value

        error: dict[str, Any] | None
        if isinstance(self.error, AiTaskError):
            error = self.error.to_dict()
        else:
            error = self.error

        finished_at: None | str
        if isinstance(self.finished_at, datetime.datetime):
            finished_at = self.finished_at.isoformat()
        else:
            finished_at = self.finished_at

        goal = self.goal

        id = self.id

        kind = self.kind

        plan = self.plan.to_dict()

        planning_operations = []
        for planning_operations_item_data in self.planning_operations:
            planning_operations_item = planning_operations_item_data.to_dict()
            planning_operations.append(planning_operations_item)

        require_approval = self.require_approval

        scopes = self.scopes

        started_at: None | str
        if isinstance(self.started_at, datetime.datetime):
            started_at = self.started_at.isoformat()
        else:
            started_at = self.started_at

        status = self.status.value

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "cancel_requested_at": cancel_requested_at,
                "created_at": created_at,
                "created_by": created_by,
                "decided_at": decided_at,
                "decided_by": decided_by,
                "decision_comment": decision_comment,
                "engine": engine,
                "error": error,
                "finished_at": finished_at,
                "goal": goal,
                "id": id,
                "kind": kind,
                "plan": plan,
                "planning_operations": planning_operations,
                "require_approval": require_approval,
                "scopes": scopes,
                "started_at": started_at,
                "status": status,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.ai_executed_operation import AiExecutedOperation
        from ..models.ai_task_error import AiTaskError
        from ..models.ai_task_plan import AiTaskPlan

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

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        created_by = d.pop("created_by")

        def _parse_decided_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                decided_at_type_0 = datetime.datetime.fromisoformat(data)

                return decided_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        decided_at = _parse_decided_at(d.pop("decided_at"))

        def _parse_decided_by(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        decided_by = _parse_decided_by(d.pop("decided_by"))

        def _parse_decision_comment(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        decision_comment = _parse_decision_comment(d.pop("decision_comment"))

        engine = AiEngine(d.pop("engine"))

        def _parse_error(data: object) -> AiTaskError | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                error_type_0 = AiTaskError.from_dict(data)

                return error_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AiTaskError | None, data)

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

        goal = d.pop("goal")

        id = d.pop("id")

        kind = d.pop("kind")

        plan = AiTaskPlan.from_dict(d.pop("plan"))

        planning_operations = []
        _planning_operations = d.pop("planning_operations")
        for planning_operations_item_data in _planning_operations:
            planning_operations_item = AiExecutedOperation.from_dict(
                planning_operations_item_data
            )

            planning_operations.append(planning_operations_item)

        require_approval = d.pop("require_approval")

        scopes = cast(list[str], d.pop("scopes"))

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

        status = AiTaskStatus(d.pop("status"))

        version = d.pop("version")

        ai_task = cls(
            cancel_requested_at=cancel_requested_at,
            created_at=created_at,
            created_by=created_by,
            decided_at=decided_at,
            decided_by=decided_by,
            decision_comment=decision_comment,
            engine=engine,
            error=error,
            finished_at=finished_at,
            goal=goal,
            id=id,
            kind=kind,
            plan=plan,
            planning_operations=planning_operations,
            require_approval=require_approval,
            scopes=scopes,
            started_at=started_at,
            status=status,
            version=version,
        )

        ai_task.additional_properties = d
        return ai_task

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
