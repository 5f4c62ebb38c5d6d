from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="AiExecutedOperation")


@_attrs_define
class AiExecutedOperation:
    """A GraphQL operation the platform ran on your behalf, as you can run it again (`POST /graphql`).

    Attributes:
        document (str): The GraphQL document.
        variables (Any): Its variables, as sent (a list’s first page; later pages add `after`).
    """

    document: str
    variables: Any
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        document = self.document

        variables = self.variables

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "document": document,
                "variables": variables,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        document = d.pop("document")

        variables = d.pop("variables")

        ai_executed_operation = cls(
            document=document,
            variables=variables,
        )

        ai_executed_operation.additional_properties = d
        return ai_executed_operation

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
