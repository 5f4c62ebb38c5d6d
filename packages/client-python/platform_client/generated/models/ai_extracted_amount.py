from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.ai_extraction_source import AiExtractionSource


T = TypeVar("T", bound="AiExtractedAmount")


@_attrs_define
class AiExtractedAmount:
    """An amount of money read from the document, in minor units of the document’s currency.

    Attributes:
        confidence (float): From 0 (not found) to 1: how sure the extraction is; lowered when a cross-check of the
            amounts fails.
        source (AiExtractionSource | None): Where it was read.
        value (int | None): The value read; null when none was found.
    """

    confidence: float
    source: AiExtractionSource | None
    value: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.ai_extraction_source import AiExtractionSource

        confidence = self.confidence

        source: dict[str, Any] | None
        if isinstance(self.source, AiExtractionSource):
            source = self.source.to_dict()
        else:
            source = self.source

        value: int | None
        value = self.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "confidence": confidence,
                "source": source,
                "value": value,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.ai_extraction_source import AiExtractionSource

        d = dict(src_dict)
        confidence = d.pop("confidence")

        def _parse_source(data: object) -> AiExtractionSource | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                source_type_0 = AiExtractionSource.from_dict(data)

                return source_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AiExtractionSource | None, data)

        source = _parse_source(d.pop("source"))

        def _parse_value(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        value = _parse_value(d.pop("value"))

        ai_extracted_amount = cls(
            confidence=confidence,
            source=source,
            value=value,
        )

        ai_extracted_amount.additional_properties = d
        return ai_extracted_amount

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
