from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="WorkflowRunError")


@_attrs_define
class WorkflowRunError:
    """Why a run failed.

    Attributes:
        code (str): Stable code: the platform error code of a failed operation (`insufficient_stock`,
            `insufficient_scope`, …), `http_error`, `http_timeout`, `http_unreachable`, `http_refused`, `expression_failed`,
            `too_many_items`, `approval_rejected`, `approval_timed_out`, `run_timed_out`, `chain_depth_exceeded`.
        message (str): What went wrong, for people (never a secret).
        step (None | str): The key of the step that failed (`notify`, `lines[2].reserve`); null when no step did (a
            timeout, a refusal).
    """

    code: str
    message: str
    step: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        message = self.message

        step: None | str
        step = self.step

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "message": message,
                "step": step,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        code = d.pop("code")

        message = d.pop("message")

        def _parse_step(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        step = _parse_step(d.pop("step"))

        workflow_run_error = cls(
            code=code,
            message=message,
            step=step,
        )

        workflow_run_error.additional_properties = d
        return workflow_run_error

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
