from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="StartWorkflowRunInput")


@_attrs_define
class StartWorkflowRunInput:
    """A run’s input.

    Attributes:
        input_ (Any | None | Unset): What its expressions read as `input` (absent or null: `{}`); checked against the
            trigger’s `input_schema` when it has one.
    """

    input_: Any | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        input_: Any | None | Unset
        if isinstance(self.input_, Unset):
            input_ = UNSET
        else:
            input_ = self.input_

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if input_ is not UNSET:
            field_dict["input"] = input_

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_input_(data: object) -> Any | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(Any | None | Unset, data)

        input_ = _parse_input_(d.pop("input", UNSET))

        start_workflow_run_input = cls(
            input_=input_,
        )

        return start_workflow_run_input
