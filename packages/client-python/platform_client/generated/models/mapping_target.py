from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="MappingTarget")


@_attrs_define
class MappingTarget:
    """A platform mutation a field mapping may write through, with the input fields a mapping maps.

    Attributes:
        fields (Any): The input fields: `name`, `type`, `required`, `description`, `enum_values`, nested `fields`.
        input_type (str): Its GraphQL input type.
        name (str): The mutation (`create_order`): a stream’s `target`.
        resource (str): The kind of record it creates.
        scope (str): The scope its writes take: saving a mapping to it requires holding it.
        updates (bool): Whether a record it created is updated when the source record changes (else it is created once).
    """

    fields: Any
    input_type: str
    name: str
    resource: str
    scope: str
    updates: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        fields = self.fields

        input_type = self.input_type

        name = self.name

        resource = self.resource

        scope = self.scope

        updates = self.updates

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "fields": fields,
                "input_type": input_type,
                "name": name,
                "resource": resource,
                "scope": scope,
                "updates": updates,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        fields = d.pop("fields")

        input_type = d.pop("input_type")

        name = d.pop("name")

        resource = d.pop("resource")

        scope = d.pop("scope")

        updates = d.pop("updates")

        mapping_target = cls(
            fields=fields,
            input_type=input_type,
            name=name,
            resource=resource,
            scope=scope,
            updates=updates,
        )

        mapping_target.additional_properties = d
        return mapping_target

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
