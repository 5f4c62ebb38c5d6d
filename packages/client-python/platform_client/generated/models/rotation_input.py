from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="RotationInput")


@_attrs_define
class RotationInput:
    """
    Attributes:
        overlap_seconds (int | None | Unset): How long the old secret keeps working, 0 to 604800 seconds. Default 86400.
    """

    overlap_seconds: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        overlap_seconds: int | None | Unset
        if isinstance(self.overlap_seconds, Unset):
            overlap_seconds = UNSET
        else:
            overlap_seconds = self.overlap_seconds

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if overlap_seconds is not UNSET:
            field_dict["overlap_seconds"] = overlap_seconds

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_overlap_seconds(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        overlap_seconds = _parse_overlap_seconds(d.pop("overlap_seconds", UNSET))

        rotation_input = cls(
            overlap_seconds=overlap_seconds,
        )

        return rotation_input
