from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.scope_name import ScopeName
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.update_workflow_input_definition_type_0 import (
        UpdateWorkflowInputDefinitionType0,
    )


T = TypeVar("T", bound="UpdateWorkflowInput")


@_attrs_define
class UpdateWorkflowInput:
    """Fields to change; absent fields keep their value. A new `definition` or `scopes` saves a new definition version
    (checked as a new workflow’s); runs under way keep theirs.

        Attributes:
            definition (None | Unset | UpdateWorkflowInputDefinitionType0): A new definition (a new version).
            description (None | str | Unset): Up to 2000 characters; empty clears it.
            name (None | str | Unset): Your name for it, 1 to 200 characters.
            scopes (list[ScopeName] | None | Unset): New scopes for its runs (a new version).
            version (int | None | Unset): The version the action is based on; if it is no longer current the action is
                refused with `version_conflict` and nothing changes. REST clients may send `If-Match: "<version>"` instead.
    """

    definition: None | Unset | UpdateWorkflowInputDefinitionType0 = UNSET
    description: None | str | Unset = UNSET
    name: None | str | Unset = UNSET
    scopes: list[ScopeName] | None | Unset = UNSET
    version: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.update_workflow_input_definition_type_0 import (
            UpdateWorkflowInputDefinitionType0,
        )

        definition: dict[str, Any] | None | Unset
        if isinstance(self.definition, Unset):
            definition = UNSET
        elif isinstance(self.definition, UpdateWorkflowInputDefinitionType0):
            definition = self.definition.to_dict()
        else:
            definition = self.definition

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

        scopes: list[str] | None | Unset
        if isinstance(self.scopes, Unset):
            scopes = UNSET
        elif isinstance(self.scopes, list):
            scopes = []
            for scopes_type_0_item_data in self.scopes:
                scopes_type_0_item = scopes_type_0_item_data.value
                scopes.append(scopes_type_0_item)

        else:
            scopes = self.scopes

        version: int | None | Unset
        if isinstance(self.version, Unset):
            version = UNSET
        else:
            version = self.version

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if definition is not UNSET:
            field_dict["definition"] = definition
        if description is not UNSET:
            field_dict["description"] = description
        if name is not UNSET:
            field_dict["name"] = name
        if scopes is not UNSET:
            field_dict["scopes"] = scopes
        if version is not UNSET:
            field_dict["version"] = version

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.update_workflow_input_definition_type_0 import (
            UpdateWorkflowInputDefinitionType0,
        )

        d = dict(src_dict)

        def _parse_definition(
            data: object,
        ) -> None | Unset | UpdateWorkflowInputDefinitionType0:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                definition_type_0 = UpdateWorkflowInputDefinitionType0.from_dict(data)

                return definition_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UpdateWorkflowInputDefinitionType0, data)

        definition = _parse_definition(d.pop("definition", UNSET))

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))

        def _parse_scopes(data: object) -> list[ScopeName] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                scopes_type_0 = []
                _scopes_type_0 = data
                for scopes_type_0_item_data in _scopes_type_0:
                    scopes_type_0_item = ScopeName(scopes_type_0_item_data)

                    scopes_type_0.append(scopes_type_0_item)

                return scopes_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[ScopeName] | None | Unset, data)

        scopes = _parse_scopes(d.pop("scopes", UNSET))

        def _parse_version(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        version = _parse_version(d.pop("version", UNSET))

        update_workflow_input = cls(
            definition=definition,
            description=description,
            name=name,
            scopes=scopes,
            version=version,
        )

        return update_workflow_input
