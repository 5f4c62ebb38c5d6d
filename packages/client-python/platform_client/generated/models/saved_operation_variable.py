from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SavedOperationVariable")


@_attrs_define
class SavedOperationVariable:
    """A variable the saved document declares.

    Attributes:
        default_value (Any): The default the document declares; null when none.
        name (str): Its name, without `$`.
        required (bool): Whether a run must give it (non-null, no default).
        type_ (str): Its GraphQL type as declared (`DateTime!`, `[String!]`); the API reference describes each type.
    """

    default_value: Any
    name: str
    required: bool
    type_: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        default_value = self.default_value

        name = self.name

        required = self.required

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "default_value": default_value,
                "name": name,
                "required": required,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        default_value = d.pop("default_value")

        name = d.pop("name")

        required = d.pop("required")

        type_ = d.pop("type")

        saved_operation_variable = cls(
            default_value=default_value,
            name=name,
            required=required,
            type_=type_,
        )

        saved_operation_variable.additional_properties = d
        return saved_operation_variable

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
