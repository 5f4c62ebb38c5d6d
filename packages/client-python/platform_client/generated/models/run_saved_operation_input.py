from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.run_saved_operation_input_variables_type_0 import (
        RunSavedOperationInputVariablesType0,
    )


T = TypeVar("T", bound="RunSavedOperationInput")


@_attrs_define
class RunSavedOperationInput:
    """The variables of a run.

    Attributes:
        variables (None | RunSavedOperationInputVariablesType0 | Unset): The operation’s variables by name (a JSON
            object), coerced to their declared types as GraphQL does.
    """

    variables: None | RunSavedOperationInputVariablesType0 | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.run_saved_operation_input_variables_type_0 import (
            RunSavedOperationInputVariablesType0,
        )

        variables: dict[str, Any] | None | Unset
        if isinstance(self.variables, Unset):
            variables = UNSET
        elif isinstance(self.variables, RunSavedOperationInputVariablesType0):
            variables = self.variables.to_dict()
        else:
            variables = self.variables

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if variables is not UNSET:
            field_dict["variables"] = variables

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.run_saved_operation_input_variables_type_0 import (
            RunSavedOperationInputVariablesType0,
        )

        d = dict(src_dict)

        def _parse_variables(
            data: object,
        ) -> None | RunSavedOperationInputVariablesType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                variables_type_0 = RunSavedOperationInputVariablesType0.from_dict(data)

                return variables_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RunSavedOperationInputVariablesType0 | Unset, data)

        variables = _parse_variables(d.pop("variables", UNSET))

        run_saved_operation_input = cls(
            variables=variables,
        )

        return run_saved_operation_input
