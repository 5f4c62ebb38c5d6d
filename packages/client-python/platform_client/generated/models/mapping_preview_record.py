from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.mapping_error import MappingError


T = TypeVar("T", bound="MappingPreviewRecord")


@_attrs_define
class MappingPreviewRecord:
    """What a mapping makes of one record.

    Attributes:
        errors (list[MappingError]): Every error of the record; empty unless failed.
        external_id (str): Its id in the source.
        input_ (Any): The input the target mutation would receive; null unless mapped.
        outcome (str): `mapped` (see `input`), `skipped` (the filter rejected it) or `failed` (see `errors`).
        stream (str): The record’s stream.
    """

    errors: list[MappingError]
    external_id: str
    input_: Any
    outcome: str
    stream: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        errors = []
        for errors_item_data in self.errors:
            errors_item = errors_item_data.to_dict()
            errors.append(errors_item)

        external_id = self.external_id

        input_ = self.input_

        outcome = self.outcome

        stream = self.stream

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "errors": errors,
                "external_id": external_id,
                "input": input_,
                "outcome": outcome,
                "stream": stream,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.mapping_error import MappingError

        d = dict(src_dict)
        errors = []
        _errors = d.pop("errors")
        for errors_item_data in _errors:
            errors_item = MappingError.from_dict(errors_item_data)

            errors.append(errors_item)

        external_id = d.pop("external_id")

        input_ = d.pop("input")

        outcome = d.pop("outcome")

        stream = d.pop("stream")

        mapping_preview_record = cls(
            errors=errors,
            external_id=external_id,
            input_=input_,
            outcome=outcome,
            stream=stream,
        )

        mapping_preview_record.additional_properties = d
        return mapping_preview_record

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
