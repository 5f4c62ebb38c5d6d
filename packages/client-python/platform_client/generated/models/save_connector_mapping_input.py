from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.save_connector_mapping_input_definition import (
        SaveConnectorMappingInputDefinition,
    )


T = TypeVar("T", bound="SaveConnectorMappingInput")


@_attrs_define
class SaveConnectorMappingInput:
    """A new version of the connector’s mapping.

    Attributes:
        definition (SaveConnectorMappingInputDefinition): The mapping (see `ConnectorMapping.definition`). Checked
            against the connector’s streams and the targets’ input types before it is saved.
        version (int | None | Unset): The connector version this change is based on. The version the action is based on;
            if it is no longer current the action is refused with `version_conflict` and nothing changes. REST clients may
            send `If-Match: "<version>"` instead.
    """

    definition: SaveConnectorMappingInputDefinition
    version: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        definition = self.definition.to_dict()

        version: int | None | Unset
        if isinstance(self.version, Unset):
            version = UNSET
        else:
            version = self.version

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "definition": definition,
            }
        )
        if version is not UNSET:
            field_dict["version"] = version

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.save_connector_mapping_input_definition import (
            SaveConnectorMappingInputDefinition,
        )

        d = dict(src_dict)
        definition = SaveConnectorMappingInputDefinition.from_dict(d.pop("definition"))

        def _parse_version(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        version = _parse_version(d.pop("version", UNSET))

        save_connector_mapping_input = cls(
            definition=definition,
            version=version,
        )

        return save_connector_mapping_input
