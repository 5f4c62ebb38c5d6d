from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.number_statistics import NumberStatistics
    from ..models.workflow_run_aggregate_distinct import WorkflowRunAggregateDistinct
    from ..models.workflow_run_aggregate_key import WorkflowRunAggregateKey


T = TypeVar("T", bound="WorkflowRunAggregateGroup")


@_attrs_define
class WorkflowRunAggregateGroup:
    """A group of workflow runs: its key, how many records it holds and the statistics of their numbers and amounts.

    Attributes:
        chain_depth (NumberStatistics): Statistics of a number over the records of a group; null when no record of the
            group has a value.
        count (int): Records in the group.
        count_distinct (WorkflowRunAggregateDistinct): Counts of distinct values among the workflow runs of a group.
        duration_ms (NumberStatistics): Statistics of a number over the records of a group; null when no record of the
            group has a value.
        key (WorkflowRunAggregateKey): The grouping key of a group of workflow runs: the value of each field of
            `group_by` and the time bucket; null for a key the request does not group by (or a record without a value).
        steps (NumberStatistics): Statistics of a number over the records of a group; null when no record of the group
            has a value.
    """

    chain_depth: NumberStatistics
    count: int
    count_distinct: WorkflowRunAggregateDistinct
    duration_ms: NumberStatistics
    key: WorkflowRunAggregateKey
    steps: NumberStatistics
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        chain_depth = self.chain_depth.to_dict()

        count = self.count

        count_distinct = self.count_distinct.to_dict()

        duration_ms = self.duration_ms.to_dict()

        key = self.key.to_dict()

        steps = self.steps.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "chain_depth": chain_depth,
                "count": count,
                "count_distinct": count_distinct,
                "duration_ms": duration_ms,
                "key": key,
                "steps": steps,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.number_statistics import NumberStatistics
        from ..models.workflow_run_aggregate_distinct import (
            WorkflowRunAggregateDistinct,
        )
        from ..models.workflow_run_aggregate_key import WorkflowRunAggregateKey

        d = dict(src_dict)
        chain_depth = NumberStatistics.from_dict(d.pop("chain_depth"))

        count = d.pop("count")

        count_distinct = WorkflowRunAggregateDistinct.from_dict(d.pop("count_distinct"))

        duration_ms = NumberStatistics.from_dict(d.pop("duration_ms"))

        key = WorkflowRunAggregateKey.from_dict(d.pop("key"))

        steps = NumberStatistics.from_dict(d.pop("steps"))

        workflow_run_aggregate_group = cls(
            chain_depth=chain_depth,
            count=count,
            count_distinct=count_distinct,
            duration_ms=duration_ms,
            key=key,
            steps=steps,
        )

        workflow_run_aggregate_group.additional_properties = d
        return workflow_run_aggregate_group

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
