from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.bulk_export_format import BulkExportFormat
from ..models.bulk_export_status import BulkExportStatus

if TYPE_CHECKING:
    from ..models.bulk_export_error import BulkExportError
    from ..models.bulk_export_progress import BulkExportProgress


T = TypeVar("T", bound="BulkExport")


@_attrs_define
class BulkExport:
    """An asynchronous export of a list query to an NDJSON or CSV file, run on the job queue with its creator’s scopes as
    held at creation.

        Attributes:
            byte_size (int): Size of the file written so far, in bytes.
            completed_at (datetime.datetime | None): When it completed or failed.
            created_at (datetime.datetime): When it was created.
            download_expires_at (datetime.datetime | None): When `download_url` stops working (1 hour after this read by
                default, never past `expires_at`).
            download_url (None | str): A completed export: a signed link to its file, usable without credentials until
                `download_expires_at` (a fresh link with every read). Share it with care: whoever holds it can download the
                file.
            error (BulkExportError | None): A failed export: the code and message of the refused page.
            expires_at (datetime.datetime): When the export and its file are deleted (retention: 7 days after it ended by
                default).
            format_ (BulkExportFormat): The file an export writes.
            id (str): Export identifier (`exp_…`).
            progress (BulkExportProgress): How far an export has come.
            query (str): The list query as sent.
            started_at (datetime.datetime | None): When its first page was read by the job.
            status (BulkExportStatus): Where an export is.
            variables (Any): Its variables as sent.
    """

    byte_size: int
    completed_at: datetime.datetime | None
    created_at: datetime.datetime
    download_expires_at: datetime.datetime | None
    download_url: None | str
    error: BulkExportError | None
    expires_at: datetime.datetime
    format_: BulkExportFormat
    id: str
    progress: BulkExportProgress
    query: str
    started_at: datetime.datetime | None
    status: BulkExportStatus
    variables: Any
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.bulk_export_error import BulkExportError

        byte_size = self.byte_size

        completed_at: None | str
        if isinstance(self.completed_at, datetime.datetime):
            completed_at = self.completed_at.isoformat()
        else:
            completed_at = self.completed_at

        created_at = self.created_at.isoformat()

        download_expires_at: None | str
        if isinstance(self.download_expires_at, datetime.datetime):
            download_expires_at = self.download_expires_at.isoformat()
        else:
            download_expires_at = self.download_expires_at

        download_url: None | str
        download_url = self.download_url

        error: dict[str, Any] | None
        if isinstance(self.error, BulkExportError):
            error = self.error.to_dict()
        else:
            error = self.error

        expires_at = self.expires_at.isoformat()

        format_ = self.format_.value

        id = self.id

        progress = self.progress.to_dict()

        query = self.query

        started_at: None | str
        if isinstance(self.started_at, datetime.datetime):
            started_at = self.started_at.isoformat()
        else:
            started_at = self.started_at

        status = self.status.value

        variables = self.variables

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "byte_size": byte_size,
                "completed_at": completed_at,
                "created_at": created_at,
                "download_expires_at": download_expires_at,
                "download_url": download_url,
                "error": error,
                "expires_at": expires_at,
                "format": format_,
                "id": id,
                "progress": progress,
                "query": query,
                "started_at": started_at,
                "status": status,
                "variables": variables,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.bulk_export_error import BulkExportError
        from ..models.bulk_export_progress import BulkExportProgress

        d = dict(src_dict)
        byte_size = d.pop("byte_size")

        def _parse_completed_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                completed_at_type_0 = datetime.datetime.fromisoformat(data)

                return completed_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        completed_at = _parse_completed_at(d.pop("completed_at"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_download_expires_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                download_expires_at_type_0 = datetime.datetime.fromisoformat(data)

                return download_expires_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        download_expires_at = _parse_download_expires_at(d.pop("download_expires_at"))

        def _parse_download_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        download_url = _parse_download_url(d.pop("download_url"))

        def _parse_error(data: object) -> BulkExportError | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                error_type_0 = BulkExportError.from_dict(data)

                return error_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BulkExportError | None, data)

        error = _parse_error(d.pop("error"))

        expires_at = datetime.datetime.fromisoformat(d.pop("expires_at"))

        format_ = BulkExportFormat(d.pop("format"))

        id = d.pop("id")

        progress = BulkExportProgress.from_dict(d.pop("progress"))

        query = d.pop("query")

        def _parse_started_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                started_at_type_0 = datetime.datetime.fromisoformat(data)

                return started_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        started_at = _parse_started_at(d.pop("started_at"))

        status = BulkExportStatus(d.pop("status"))

        variables = d.pop("variables")

        bulk_export = cls(
            byte_size=byte_size,
            completed_at=completed_at,
            created_at=created_at,
            download_expires_at=download_expires_at,
            download_url=download_url,
            error=error,
            expires_at=expires_at,
            format_=format_,
            id=id,
            progress=progress,
            query=query,
            started_at=started_at,
            status=status,
            variables=variables,
        )

        bulk_export.additional_properties = d
        return bulk_export

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
