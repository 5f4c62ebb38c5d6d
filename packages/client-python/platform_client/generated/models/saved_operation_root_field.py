from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SavedOperationRootField")


@_attrs_define
class SavedOperationRootField:
    """A root field the saved document selects, with what a run needs to be allowed it.

    Attributes:
        field (str): Its coordinate (`Query.orders`, `Mutation.create_order`).
        scopes (list[str]): Any one of these scopes admits it; nested fields of other domains may need their own.
    """

    field: str
    scopes: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        field = self.field

        scopes = self.scopes

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "field": field,
                "scopes": scopes,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        field = d.pop("field")

        scopes = cast(list[str], d.pop("scopes"))

        saved_operation_root_field = cls(
            field=field,
            scopes=scopes,
        )

        saved_operation_root_field.additional_properties = d
        return saved_operation_root_field

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
