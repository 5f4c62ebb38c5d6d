from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="BulkMutationProgress")


@_attrs_define
class BulkMutationProgress:
    """How far a bulk mutation has come.

    Attributes:
        lines_done (int): Lines whose outcome is in the result file (the failed ones included), updated with every batch
            of lines.
        lines_failed (int): Of those, the lines that failed (their problem is in the result file).
        lines_total (int): Lines of the upload: one run of the mutation each.
    """

    lines_done: int
    lines_failed: int
    lines_total: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        lines_done = self.lines_done

        lines_failed = self.lines_failed

        lines_total = self.lines_total

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "lines_done": lines_done,
                "lines_failed": lines_failed,
                "lines_total": lines_total,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        lines_done = d.pop("lines_done")

        lines_failed = d.pop("lines_failed")

        lines_total = d.pop("lines_total")

        bulk_mutation_progress = cls(
            lines_done=lines_done,
            lines_failed=lines_failed,
            lines_total=lines_total,
        )

        bulk_mutation_progress.additional_properties = d
        return bulk_mutation_progress

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
