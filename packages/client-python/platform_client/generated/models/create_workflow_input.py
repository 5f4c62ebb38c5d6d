from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.scope_name import ScopeName
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.create_workflow_input_definition import CreateWorkflowInputDefinition


T = TypeVar("T", bound="CreateWorkflowInput")


@_attrs_define
class CreateWorkflowInput:
    """A new workflow.

    Attributes:
        definition (CreateWorkflowInputDefinition): The definition: `{ trigger, steps, timeout_seconds?, output? }` (see
            the workflows guide of the API reference). Checked when saved; every error names its step and field.
        name (str): Your name for it, 1 to 200 characters.
        scopes (list[ScopeName]): The scopes its runs act with: catalogued scopes your credential holds. Each step’s
            operation must be allowed by them (and receiving the trigger’s event type).
        description (None | str | Unset): What it is for, up to 2000 characters.
        enabled (bool | None | Unset): Whether its trigger starts runs at once (default true).
    """

    definition: CreateWorkflowInputDefinition
    name: str
    scopes: list[ScopeName]
    description: None | str | Unset = UNSET
    enabled: bool | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        definition = self.definition.to_dict()

        name = self.name

        scopes = []
        for scopes_item_data in self.scopes:
            scopes_item = scopes_item_data.value
            scopes.append(scopes_item)

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        enabled: bool | None | Unset
        if isinstance(self.enabled, Unset):
            enabled = UNSET
        else:
            enabled = self.enabled

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "definition": definition,
                "name": name,
                "scopes": scopes,
            }
        )
        if description is not UNSET:
            field_dict["description"] = description
        if enabled is not UNSET:
            field_dict["enabled"] = enabled

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.create_workflow_input_definition import (
            CreateWorkflowInputDefinition,
        )

        d = dict(src_dict)
        definition = CreateWorkflowInputDefinition.from_dict(d.pop("definition"))

        name = d.pop("name")

        scopes = []
        _scopes = d.pop("scopes")
        for scopes_item_data in _scopes:
            scopes_item = ScopeName(scopes_item_data)

            scopes.append(scopes_item)

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        def _parse_enabled(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        enabled = _parse_enabled(d.pop("enabled", UNSET))

        create_workflow_input = cls(
            definition=definition,
            name=name,
            scopes=scopes,
            description=description,
            enabled=enabled,
        )

        return create_workflow_input
