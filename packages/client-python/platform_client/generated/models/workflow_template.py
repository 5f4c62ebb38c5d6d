from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="WorkflowTemplate")


@_attrs_define
class WorkflowTemplate:
    """A ready-made workflow, installed with a few parameters (`POST /v1/workflows/templates/{key}/install`).

    Attributes:
        description (str): What it does.
        key (str): Its key (`reorder_on_low_stock`, …).
        name (str): Its name.
        parameters (Any): JSON Schema of its parameters.
        scopes (list[str]): The scopes the installed workflow is granted: the installing credential must hold them.
    """

    description: str
    key: str
    name: str
    parameters: Any
    scopes: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        description = self.description

        key = self.key

        name = self.name

        parameters = self.parameters

        scopes = self.scopes

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "description": description,
                "key": key,
                "name": name,
                "parameters": parameters,
                "scopes": scopes,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        description = d.pop("description")

        key = d.pop("key")

        name = d.pop("name")

        parameters = d.pop("parameters")

        scopes = cast(list[str], d.pop("scopes"))

        workflow_template = cls(
            description=description,
            key=key,
            name=name,
            parameters=parameters,
            scopes=scopes,
        )

        workflow_template.additional_properties = d
        return workflow_template

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
