from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="MappingError")


@_attrs_define
class MappingError:
    """Why a record could not be mapped or written.

    Attributes:
        code (str): What: `expression_failed`, `value_invalid`, `value_missing`, `record_unreadable`, or the platform
            error code of a refused write (`rule_violation`, `already_exists`, …).
        field (str): Where: `fields.<name>` or `filter` (an expression), a field of the target input
            (`lines.0.quantity`, as the API names it), `stream`, or `record` (the record as a whole).
        message (str): In words.
    """

    code: str
    field: str
    message: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        field = self.field

        message = self.message

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "field": field,
                "message": message,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        code = d.pop("code")

        field = d.pop("field")

        message = d.pop("message")

        mapping_error = cls(
            code=code,
            field=field,
            message=message,
        )

        mapping_error.additional_properties = d
        return mapping_error

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
