from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.bulk_mutation_status import BulkMutationStatus

if TYPE_CHECKING:
    from ..models.bulk_mutation_error import BulkMutationError
    from ..models.bulk_mutation_progress import BulkMutationProgress


T = TypeVar("T", bound="BulkMutation")


@_attrs_define
class BulkMutation:
    """One GraphQL mutation run once per line of an uploaded JSONL file (each line its variables), on the job queue, as its
    creator with the scopes held at creation; each line’s outcome is a line of the result file.

        Attributes:
            completed_at (datetime.datetime | None): When it completed, failed or was cancelled.
            created_at (datetime.datetime): When it was created.
            error (BulkMutationError | None): A failed bulk mutation: why it could not go on.
            expires_at (datetime.datetime): When it and its result file are deleted (7 days after it ended by default).
            id (str): Bulk mutation identifier (`bmu_…`).
            mutation (str): The mutation document as sent.
            progress (BulkMutationProgress): How far a bulk mutation has come.
            result_url (None | str): Once ended: a signed link to the result file, usable without credentials until
                `result_url_expires_at` (a fresh link with every read). JSONL, one line per input line that ran, in order:
                `{"line": n, "ok": true, "data": {…}}` (the root field’s result as selected) or `{"line": n, "ok": false,
                "problem": {type, title, status, detail, code, errors?}}`.
            result_url_expires_at (datetime.datetime | None): When `result_url` stops working (1 hour after this read by
                default, never past `expires_at`).
            started_at (datetime.datetime | None): When the job started on its first line.
            status (BulkMutationStatus): Where a bulk mutation is.
            upload_id (str): The upload whose lines it runs (`bku_…`).
    """

    completed_at: datetime.datetime | None
    created_at: datetime.datetime
    error: BulkMutationError | None
    expires_at: datetime.datetime
    id: str
    mutation: str
    progress: BulkMutationProgress
    result_url: None | str
    result_url_expires_at: datetime.datetime | None
    started_at: datetime.datetime | None
    status: BulkMutationStatus
    upload_id: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.bulk_mutation_error import BulkMutationError

        completed_at: None | str
        if isinstance(self.completed_at, datetime.datetime):
            completed_at = self.completed_at.isoformat()
        else:
            completed_at = self.completed_at

        created_at = self.created_at.isoformat()

        error: dict[str, Any] | None
        if isinstance(self.error, BulkMutationError):
            error = self.error.to_dict()
        else:
            error = self.error

        expires_at = self.expires_at.isoformat()

        id = self.id

        mutation = self.mutation

        progress = self.progress.to_dict()

        result_url: None | str
        result_url = self.result_url

        result_url_expires_at: None | str
        if isinstance(self.result_url_expires_at, datetime.datetime):
            result_url_expires_at = self.result_url_expires_at.isoformat()
        else:
            result_url_expires_at = self.result_url_expires_at

        started_at: None | str
        if isinstance(self.started_at, datetime.datetime):
            started_at = self.started_at.isoformat()
        else:
            started_at = self.started_at

        status = self.status.value

        upload_id = self.upload_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "completed_at": completed_at,
                "created_at": created_at,
                "error": error,
                "expires_at": expires_at,
                "id": id,
                "mutation": mutation,
                "progress": progress,
                "result_url": result_url,
                "result_url_expires_at": result_url_expires_at,
                "started_at": started_at,
                "status": status,
                "upload_id": upload_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.bulk_mutation_error import BulkMutationError
        from ..models.bulk_mutation_progress import BulkMutationProgress

        d = dict(src_dict)

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

        def _parse_error(data: object) -> BulkMutationError | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                error_type_0 = BulkMutationError.from_dict(data)

                return error_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BulkMutationError | None, data)

        error = _parse_error(d.pop("error"))

        expires_at = datetime.datetime.fromisoformat(d.pop("expires_at"))

        id = d.pop("id")

        mutation = d.pop("mutation")

        progress = BulkMutationProgress.from_dict(d.pop("progress"))

        def _parse_result_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        result_url = _parse_result_url(d.pop("result_url"))

        def _parse_result_url_expires_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                result_url_expires_at_type_0 = datetime.datetime.fromisoformat(data)

                return result_url_expires_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        result_url_expires_at = _parse_result_url_expires_at(
            d.pop("result_url_expires_at")
        )

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

        status = BulkMutationStatus(d.pop("status"))

        upload_id = d.pop("upload_id")

        bulk_mutation = cls(
            completed_at=completed_at,
            created_at=created_at,
            error=error,
            expires_at=expires_at,
            id=id,
            mutation=mutation,
            progress=progress,
            result_url=result_url,
            result_url_expires_at=result_url_expires_at,
            started_at=started_at,
            status=status,
            upload_id=upload_id,
        )

        bulk_mutation.additional_properties = d
        return bulk_mutation

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
