from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="AiTaskPlannedStep")


@_attrs_define
class AiTaskPlannedStep:
    """A write the task will make: one mutation of the supergraph with its variables, exactly as it will run.

    Attributes:
        description (str): What it does, in a sentence.
        document (str): The GraphQL mutation.
        id (str): The step’s id in the plan (`step_1`).
        operation (str): The mutation’s root field (`create_order`).
        variables (Any): Its variables.
    """

    description: str
    document: str
    id: str
    operation: str
    variables: Any
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        description = self.description

        document = self.document

        id = self.id

        operation = self.operation

        variables = self.variables

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "description": description,
                "document": document,
                "id": id,
                "operation": operation,
                "variables": variables,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        description = d.pop("description")

        document = d.pop("document")

        id = d.pop("id")

        operation = d.pop("operation")

        variables = d.pop("variables")

        ai_task_planned_step = cls(
            description=description,
            document=document,
            id=id,
            operation=operation,
            variables=variables,
        )

        ai_task_planned_step.additional_properties = d
        return ai_task_planned_step

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
