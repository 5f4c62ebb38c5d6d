from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="PageMeta")


@_attrs_define
class PageMeta:
    """Position of a page within a list.

    Attributes:
        next_cursor (None | str): The cursor of the next page (pass it as `after`, with the same filters and `sort`);
            null on the last page.
        page (int): Page number, from 1. After a cursor: the number of the page in the walk that made the cursor, one
            more (`after`) or one less (`before`, but 1 only on the page no record precedes).
        per_page (int): Records per page.
        prev_cursor (None | str): The cursor of the previous page (pass it as `before`, with the same filters and
            `sort`); null on the first page.
        total (int): Total count of matching records: exact, for numbered pages and cursor pages alike.
    """

    next_cursor: None | str
    page: int
    per_page: int
    prev_cursor: None | str
    total: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        next_cursor: None | str
        next_cursor = self.next_cursor

        page = self.page

        per_page = self.per_page

        prev_cursor: None | str
        prev_cursor = self.prev_cursor

        total = self.total

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "next_cursor": next_cursor,
                "page": page,
                "per_page": per_page,
                "prev_cursor": prev_cursor,
                "total": total,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("next_cursor"))

        page = d.pop("page")

        per_page = d.pop("per_page")

        def _parse_prev_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        prev_cursor = _parse_prev_cursor(d.pop("prev_cursor"))

        total = d.pop("total")

        page_meta = cls(
            next_cursor=next_cursor,
            page=page,
            per_page=per_page,
            prev_cursor=prev_cursor,
            total=total,
        )

        page_meta.additional_properties = d
        return page_meta

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
