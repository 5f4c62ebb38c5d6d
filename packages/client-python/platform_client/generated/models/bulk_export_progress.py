from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="BulkExportProgress")


@_attrs_define
class BulkExportProgress:
    """How far an export has come.

    Attributes:
        rows_written (int): Records written to the file so far (updated with every page).
        total_rows (int | None): Records the list held when the export read its first page (`meta.total`); the file may
            differ by what changed while it ran.
    """

    rows_written: int
    total_rows: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        rows_written = self.rows_written

        total_rows: int | None
        total_rows = self.total_rows

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "rows_written": rows_written,
                "total_rows": total_rows,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        rows_written = d.pop("rows_written")

        def _parse_total_rows(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        total_rows = _parse_total_rows(d.pop("total_rows"))

        bulk_export_progress = cls(
            rows_written=rows_written,
            total_rows=total_rows,
        )

        bulk_export_progress.additional_properties = d
        return bulk_export_progress

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
