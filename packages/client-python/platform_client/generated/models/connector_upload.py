from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ConnectorUpload")


@_attrs_define
class ConnectorUpload:
    """A file stored for a csv connector; `start_sync` with its `upload_id` imports it. It expires 24 hours after upload.

    Attributes:
        byte_size (int): Bytes stored.
        connector_id (str): The connector (`con_…`).
        content_type (str): The media type the form gave the file.
        created_at (datetime.datetime): When it was uploaded.
        expires_at (datetime.datetime): Until when a sync job can import it.
        filename (str): The file name the form gave.
        id (str): Upload identifier (`upl_…`): the `upload_id` of the sync job that imports it.
        sha256 (str): SHA-256 of the file, hex: compare it with your own to know the platform has your file.
    """

    byte_size: int
    connector_id: str
    content_type: str
    created_at: datetime.datetime
    expires_at: datetime.datetime
    filename: str
    id: str
    sha256: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        byte_size = self.byte_size

        connector_id = self.connector_id

        content_type = self.content_type

        created_at = self.created_at.isoformat()

        expires_at = self.expires_at.isoformat()

        filename = self.filename

        id = self.id

        sha256 = self.sha256

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "byte_size": byte_size,
                "connector_id": connector_id,
                "content_type": content_type,
                "created_at": created_at,
                "expires_at": expires_at,
                "filename": filename,
                "id": id,
                "sha256": sha256,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        byte_size = d.pop("byte_size")

        connector_id = d.pop("connector_id")

        content_type = d.pop("content_type")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        expires_at = datetime.datetime.fromisoformat(d.pop("expires_at"))

        filename = d.pop("filename")

        id = d.pop("id")

        sha256 = d.pop("sha256")

        connector_upload = cls(
            byte_size=byte_size,
            connector_id=connector_id,
            content_type=content_type,
            created_at=created_at,
            expires_at=expires_at,
            filename=filename,
            id=id,
            sha256=sha256,
        )

        connector_upload.additional_properties = d
        return connector_upload

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
