from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="AiAnswerColumn")


@_attrs_define
class AiAnswerColumn:
    """A column of an answer: its name (a field path or the aggregate) and its type.

    Attributes:
        name (str): A field of the records (`quantity_on_hand`, `warehouse.name`), or the aggregate (`count`,
            `sum_total`).
        type_ (str): `string`, `id`, `integer`, `number`, `boolean`, `datetime`, `date`, `money` (integer minor units),
            `enum`, `object` or `list`.
    """

    name: str
    type_: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name")

        type_ = d.pop("type")

        ai_answer_column = cls(
            name=name,
            type_=type_,
        )

        ai_answer_column.additional_properties = d
        return ai_answer_column

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
