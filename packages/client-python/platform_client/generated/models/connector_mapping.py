from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ConnectorMapping")


@_attrs_define
class ConnectorMapping:
    """One version of a connector’s field mapping. Versions are never changed: saving a mapping adds one. Each sync job
    records the version it used.

        Attributes:
            connector_id (str): The connector (`con_…`).
            created_at (datetime.datetime): When it was saved.
            created_by (str): The credential that saved it.
            definition (Any): For each stream it maps: `target` (the platform mutation its records go through:
                `create_inventory_item`, `create_customer` or `create_order`), `fields` (for each input field of the target, a
                JSONata expression over the source record: `$` is its data, `$record` the record with `external_id`, `stream`,
                `updated_at`) and an optional `filter` (a JSONata condition; records it rejects are skipped).
            version (int): The version, from 1.
    """

    connector_id: str
    created_at: datetime.datetime
    created_by: str
    definition: Any
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        connector_id = self.connector_id

        created_at = self.created_at.isoformat()

        created_by = self.created_by

        definition = self.definition

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "connector_id": connector_id,
                "created_at": created_at,
                "created_by": created_by,
                "definition": definition,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        connector_id = d.pop("connector_id")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        created_by = d.pop("created_by")

        definition = d.pop("definition")

        version = d.pop("version")

        connector_mapping = cls(
            connector_id=connector_id,
            created_at=created_at,
            created_by=created_by,
            definition=definition,
            version=version,
        )

        connector_mapping.additional_properties = d
        return connector_mapping

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
