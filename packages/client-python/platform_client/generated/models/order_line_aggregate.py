from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.order_line_aggregate_group import OrderLineAggregateGroup


T = TypeVar("T", bound="OrderLineAggregate")


@_attrs_define
class OrderLineAggregate:
    """Aggregates of order lines: one group per distinct grouping key, in the requested order.

    Attributes:
        groups (list[OrderLineAggregateGroup]): The groups, at most `limit`.
        truncated (bool): Whether more groups matched than `limit`: raise it, narrow the filters or use `having`.
    """

    groups: list[OrderLineAggregateGroup]
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
        from ..models.order_line_aggregate_group import OrderLineAggregateGroup

        d = dict(src_dict)
        groups = []
        _groups = d.pop("groups")
        for groups_item_data in _groups:
            groups_item = OrderLineAggregateGroup.from_dict(groups_item_data)

            groups.append(groups_item)

        truncated = d.pop("truncated")

        order_line_aggregate = cls(
            groups=groups,
            truncated=truncated,
        )

        order_line_aggregate.additional_properties = d
        return order_line_aggregate

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
