from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.install_workflow_template_input_parameters_type_0 import (
        InstallWorkflowTemplateInputParametersType0,
    )


T = TypeVar("T", bound="InstallWorkflowTemplateInput")


@_attrs_define
class InstallWorkflowTemplateInput:
    """The parameters of a template to install.

    Attributes:
        enabled (bool | None | Unset): Whether its trigger starts runs at once (default true).
        name (None | str | Unset): The workflow’s name (default: the template’s).
        parameters (InstallWorkflowTemplateInputParametersType0 | None | Unset): The template’s parameters (see its
            `parameters` schema).
    """

    enabled: bool | None | Unset = UNSET
    name: None | str | Unset = UNSET
    parameters: InstallWorkflowTemplateInputParametersType0 | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.install_workflow_template_input_parameters_type_0 import (
            InstallWorkflowTemplateInputParametersType0,
        )

        enabled: bool | None | Unset
        if isinstance(self.enabled, Unset):
            enabled = UNSET
        else:
            enabled = self.enabled

        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

        parameters: dict[str, Any] | None | Unset
        if isinstance(self.parameters, Unset):
            parameters = UNSET
        elif isinstance(self.parameters, InstallWorkflowTemplateInputParametersType0):
            parameters = self.parameters.to_dict()
        else:
            parameters = self.parameters

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if enabled is not UNSET:
            field_dict["enabled"] = enabled
        if name is not UNSET:
            field_dict["name"] = name
        if parameters is not UNSET:
            field_dict["parameters"] = parameters

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.install_workflow_template_input_parameters_type_0 import (
            InstallWorkflowTemplateInputParametersType0,
        )

        d = dict(src_dict)

        def _parse_enabled(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        enabled = _parse_enabled(d.pop("enabled", UNSET))

        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))

        def _parse_parameters(
            data: object,
        ) -> InstallWorkflowTemplateInputParametersType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                parameters_type_0 = (
                    InstallWorkflowTemplateInputParametersType0.from_dict(data)
                )

                return parameters_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                InstallWorkflowTemplateInputParametersType0 | None | Unset, data
            )

        parameters = _parse_parameters(d.pop("parameters", UNSET))

        install_workflow_template_input = cls(
            enabled=enabled,
            name=name,
            parameters=parameters,
        )

        return install_workflow_template_input
