from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ReplaySyncFailuresInput")


@_attrs_define
class ReplaySyncFailuresInput:
    """Which failed records to replay.

    Attributes:
        failure_id (None | str | Unset): One failed record (`sfr_…`) of the job; default: every unresolved one.
    """

    failure_id: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        failure_id: None | str | Unset
        if isinstance(self.failure_id, Unset):
            failure_id = UNSET
        else:
            failure_id = self.failure_id

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if failure_id is not UNSET:
            field_dict["failure_id"] = failure_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_failure_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        failure_id = _parse_failure_id(d.pop("failure_id", UNSET))

        replay_sync_failures_input = cls(
            failure_id=failure_id,
        )

        return replay_sync_failures_input
