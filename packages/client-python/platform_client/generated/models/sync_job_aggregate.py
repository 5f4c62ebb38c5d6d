from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.sync_job_aggregate_group import SyncJobAggregateGroup


T = TypeVar("T", bound="SyncJobAggregate")


@_attrs_define
class SyncJobAggregate:
    """Aggregates of sync jobs: one group per distinct grouping key, in the requested order.

    Attributes:
        groups (list[SyncJobAggregateGroup]): The groups, at most `limit`.
        truncated (bool): Whether more groups matched than `limit`: raise it, narrow the filters or use `having`.
    """

    groups: list[SyncJobAggregateGroup]
    truncated: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        groups = []
        for groups_item_data in self.groups:
            groups_item = groups_item_data.to_dict()
            groups.append(groups_item)

        truncated = self.truncated

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "groups": groups,
                "truncated": truncated,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.sync_job_aggregate_group import SyncJobAggregateGroup

        d = dict(src_dict)
        groups = []
        _groups = d.pop("groups")
        for groups_item_data in _groups:
            groups_item = SyncJobAggregateGroup.from_dict(groups_item_data)

            groups.append(groups_item)

        truncated = d.pop("truncated")

        sync_job_aggregate = cls(
            groups=groups,
            truncated=truncated,
        )

        sync_job_aggregate.additional_properties = d
        return sync_job_aggregate

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
