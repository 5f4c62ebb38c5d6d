from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="AiExtractionWarning")


@_attrs_define
class AiExtractionWarning:
    """Something a reviewer should look at: a failed cross-check or a doubtful value.

    Attributes:
        code (str): `line_amount_mismatch`, `lines_do_not_sum_to_subtotal`, `totals_do_not_add_up`,
            `line_taxes_do_not_sum_to_tax_total`, `ambiguous_date` or `no_lines_found`.
        fields (list[str]): The fields concerned (`subtotal`, `lines.2.amount`); their confidence was lowered.
        message (str): What is wrong.
    """

    code: str
    fields: list[str]
    message: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        fields = self.fields

        message = self.message

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "fields": fields,
                "message": message,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        code = d.pop("code")

        fields = cast(list[str], d.pop("fields"))

        message = d.pop("message")

        ai_extraction_warning = cls(
            code=code,
            fields=fields,
            message=message,
        )

        ai_extraction_warning.additional_properties = d
        return ai_extraction_warning

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
