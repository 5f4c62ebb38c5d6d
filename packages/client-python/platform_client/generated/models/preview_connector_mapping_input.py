from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.mapping_sample_record_input import MappingSampleRecordInput
    from ..models.preview_connector_mapping_input_definition_type_0 import (
        PreviewConnectorMappingInputDefinitionType0,
    )


T = TypeVar("T", bound="PreviewConnectorMappingInput")


@_attrs_define
class PreviewConnectorMappingInput:
    """What to preview: a mapping (default: the connector’s current one) over sample records or over a job’s failed
    records.

        Attributes:
            definition (None | PreviewConnectorMappingInputDefinitionType0 | Unset): A mapping to try; default: the
                connector’s current version.
            failed_records_of_job (None | str | Unset): Or a sync job (`sync_…`) of the connector whose unresolved failed
                records to map (the first 100).
            records (list[MappingSampleRecordInput] | None | Unset): Sample records, 1 to 100.
    """

    definition: None | PreviewConnectorMappingInputDefinitionType0 | Unset = UNSET
    failed_records_of_job: None | str | Unset = UNSET
    records: list[MappingSampleRecordInput] | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.preview_connector_mapping_input_definition_type_0 import (
            PreviewConnectorMappingInputDefinitionType0,
        )

        definition: dict[str, Any] | None | Unset
        if isinstance(self.definition, Unset):
            definition = UNSET
        elif isinstance(self.definition, PreviewConnectorMappingInputDefinitionType0):
            definition = self.definition.to_dict()
        else:
            definition = self.definition

        failed_records_of_job: None | str | Unset
        if isinstance(self.failed_records_of_job, Unset):
            failed_records_of_job = UNSET
        else:
            failed_records_of_job = self.failed_records_of_job

        records: list[dict[str, Any]] | None | Unset
        if isinstance(self.records, Unset):
            records = UNSET
        elif isinstance(self.records, list):
            records = []
            for records_type_0_item_data in self.records:
                records_type_0_item = records_type_0_item_data.to_dict()
                records.append(records_type_0_item)

        else:
            records = self.records

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if definition is not UNSET:
            field_dict["definition"] = definition
        if failed_records_of_job is not UNSET:
            field_dict["failed_records_of_job"] = failed_records_of_job
        if records is not UNSET:
            field_dict["records"] = records

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.mapping_sample_record_input import MappingSampleRecordInput
        from ..models.preview_connector_mapping_input_definition_type_0 import (
            PreviewConnectorMappingInputDefinitionType0,
        )

        d = dict(src_dict)

        def _parse_definition(
            data: object,
        ) -> None | PreviewConnectorMappingInputDefinitionType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                definition_type_0 = (
                    PreviewConnectorMappingInputDefinitionType0.from_dict(data)
                )

                return definition_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                None | PreviewConnectorMappingInputDefinitionType0 | Unset, data
            )

        definition = _parse_definition(d.pop("definition", UNSET))

        def _parse_failed_records_of_job(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        failed_records_of_job = _parse_failed_records_of_job(
            d.pop("failed_records_of_job", UNSET)
        )

        def _parse_records(
            data: object,
        ) -> list[MappingSampleRecordInput] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                records_type_0 = []
                _records_type_0 = data
                for records_type_0_item_data in _records_type_0:
                    records_type_0_item = MappingSampleRecordInput.from_dict(
                        records_type_0_item_data
                    )

                    records_type_0.append(records_type_0_item)

                return records_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[MappingSampleRecordInput] | None | Unset, data)

        records = _parse_records(d.pop("records", UNSET))

        preview_connector_mapping_input = cls(
            definition=definition,
            failed_records_of_job=failed_records_of_job,
            records=records,
        )

        return preview_connector_mapping_input
