from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="AiExtractionChecks")


@_attrs_define
class AiExtractionChecks:
    """Cross-checks of the amounts read: true, false, or null when the document lacks what a check needs.

    Attributes:
        line_amounts (bool | None): Each line’s quantity × unit price is its amount.
        line_taxes_sum_to_tax_total (bool | None): The lines’ taxes (amount × rate) add up to the tax total: catches a
            misread rate.
        lines_sum_to_subtotal (bool | None): The lines add up to the subtotal.
        subtotal_plus_tax_equals_total (bool | None): Subtotal plus tax is the total.
    """

    line_amounts: bool | None
    line_taxes_sum_to_tax_total: bool | None
    lines_sum_to_subtotal: bool | None
    subtotal_plus_tax_equals_total: bool | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        line_amounts: bool | None
        line_amounts = self.line_amounts

        line_taxes_sum_to_tax_total: bool | None
        line_taxes_sum_to_tax_total = self.line_taxes_sum_to_tax_total

        lines_sum_to_subtotal: bool | None
        lines_sum_to_subtotal = self.lines_sum_to_subtotal

        subtotal_plus_tax_equals_total: bool | None
        subtotal_plus_tax_equals_total = self.subtotal_plus_tax_equals_total

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "line_amounts": line_amounts,
                "line_taxes_sum_to_tax_total": line_taxes_sum_to_tax_total,
                "lines_sum_to_subtotal": lines_sum_to_subtotal,
                "subtotal_plus_tax_equals_total": subtotal_plus_tax_equals_total,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_line_amounts(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        line_amounts = _parse_line_amounts(d.pop("line_amounts"))

        def _parse_line_taxes_sum_to_tax_total(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        line_taxes_sum_to_tax_total = _parse_line_taxes_sum_to_tax_total(
            d.pop("line_taxes_sum_to_tax_total")
        )

        def _parse_lines_sum_to_subtotal(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        lines_sum_to_subtotal = _parse_lines_sum_to_subtotal(
            d.pop("lines_sum_to_subtotal")
        )

        def _parse_subtotal_plus_tax_equals_total(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        subtotal_plus_tax_equals_total = _parse_subtotal_plus_tax_equals_total(
            d.pop("subtotal_plus_tax_equals_total")
        )

        ai_extraction_checks = cls(
            line_amounts=line_amounts,
            line_taxes_sum_to_tax_total=line_taxes_sum_to_tax_total,
            lines_sum_to_subtotal=lines_sum_to_subtotal,
            subtotal_plus_tax_equals_total=subtotal_plus_tax_equals_total,
        )

        ai_extraction_checks.additional_properties = d
        return ai_extraction_checks

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
