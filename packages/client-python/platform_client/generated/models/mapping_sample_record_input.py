from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.mapping_sample_record_input_data import MappingSampleRecordInputData


T = TypeVar("T", bound="MappingSampleRecordInput")


@_attrs_define
class MappingSampleRecordInput:
    """A record as a connector reads it, to preview a mapping with.

    Attributes:
        data (MappingSampleRecordInputData): The record (a JSON object): what the mapping’s expressions read as `$`.
        external_id (str): Its id in the source.
        stream (str): The stream it comes from (`products`, `orders`, or a REST source’s stream name).
    """

    data: MappingSampleRecordInputData
    external_id: str
    stream: str

    def to_dict(self) -> dict[str, Any]:
        data = self.data.to_dict()

        external_id = self.external_id

        stream = self.stream

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "data": data,
                "external_id": external_id,
                "stream": stream,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.mapping_sample_record_input_data import (
            MappingSampleRecordInputData,
        )

        d = dict(src_dict)
        data = MappingSampleRecordInputData.from_dict(d.pop("data"))

        external_id = d.pop("external_id")

        stream = d.pop("stream")

        mapping_sample_record_input = cls(
            data=data,
            external_id=external_id,
            stream=stream,
        )

        return mapping_sample_record_input
