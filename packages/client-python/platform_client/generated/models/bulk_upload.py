from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="BulkUpload")


@_attrs_define
class BulkUpload:
    """A JSONL file stored for a bulk mutation (`create_bulk_mutation` with its `upload_id`). It expires 24 hours after
    upload.

        Attributes:
            bytes_ (int): Bytes stored.
            expires_at (datetime.datetime): Until when a bulk mutation can run it.
            id (str): Upload identifier (`bku_…`): the `upload_id` of the bulk mutation that runs it.
            lines (int): Lines stored: one run of the mutation each.
    """

    bytes_: int
    expires_at: datetime.datetime
    id: str
    lines: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        bytes_ = self.bytes_

        expires_at = self.expires_at.isoformat()

        id = self.id

        lines = self.lines

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "bytes": bytes_,
                "expires_at": expires_at,
                "id": id,
                "lines": lines,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        bytes_ = d.pop("bytes")

        expires_at = datetime.datetime.fromisoformat(d.pop("expires_at"))

        id = d.pop("id")

        lines = d.pop("lines")

        bulk_upload = cls(
            bytes_=bytes_,
            expires_at=expires_at,
            id=id,
            lines=lines,
        )

        bulk_upload.additional_properties = d
        return bulk_upload

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
