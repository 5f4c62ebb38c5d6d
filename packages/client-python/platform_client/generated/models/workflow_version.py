from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="WorkflowVersion")


@_attrs_define
class WorkflowVersion:
    """One saved version of a workflow’s definition, with the scopes granted with it; never changed once saved.

    Attributes:
        created_at (datetime.datetime): When it was saved.
        created_by (str): The credential that saved it (OAuth client, API key or workflow id).
        definition (Any): The definition as saved.
        scopes (list[str]): The scopes its runs act with.
        version (int): The definition version (1, 2, …).
        workflow_id (str): The workflow (`wf_…`).
    """

    created_at: datetime.datetime
    created_by: str
    definition: Any
    scopes: list[str]
    version: int
    workflow_id: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at.isoformat()

        created_by = self.created_by

        definition = self.definition

        scopes = self.scopes

        version = self.version

        workflow_id = self.workflow_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "created_by": created_by,
                "definition": definition,
                "scopes": scopes,
                "version": version,
                "workflow_id": workflow_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        created_by = d.pop("created_by")

        definition = d.pop("definition")

        scopes = cast(list[str], d.pop("scopes"))

        version = d.pop("version")

        workflow_id = d.pop("workflow_id")

        workflow_version = cls(
            created_at=created_at,
            created_by=created_by,
            definition=definition,
            scopes=scopes,
            version=version,
            workflow_id=workflow_id,
        )

        workflow_version.additional_properties = d
        return workflow_version

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
