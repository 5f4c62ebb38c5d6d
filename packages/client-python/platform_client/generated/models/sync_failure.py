from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.mapping_error import MappingError


T = TypeVar("T", bound="SyncFailure")


@_attrs_define
class SyncFailure:
    """A record a sync could not write, with the source payload as read, the errors and the mapping version used.

    Attributes:
        connector_id (str): The connector.
        created_at (datetime.datetime): When the failure was recorded.
        errors (list[MappingError]): Why it could not be written.
        external_id (str): Its id in the source.
        id (str): Failed record identifier (`sfr_…`).
        mapping_version (int): The mapping version used.
        payload (Any): The record as the source sent it.
        resolved_at (datetime.datetime | None): When a replay wrote it (or found it written); null while unresolved.
        resolved_by_job (None | str): The replay job that resolved it.
        stream (str): The stream it came from.
        sync_job_id (str): The job that could not write it.
    """

    connector_id: str
    created_at: datetime.datetime
    errors: list[MappingError]
    external_id: str
    id: str
    mapping_version: int
    payload: Any
    resolved_at: datetime.datetime | None
    resolved_by_job: None | str
    stream: str
    sync_job_id: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        connector_id = self.connector_id

        created_at = self.created_at.isoformat()

        errors = []
        for errors_item_data in self.errors:
            errors_item = errors_item_data.to_dict()
            errors.append(errors_item)

        external_id = self.external_id

        id = self.id

        mapping_version = self.mapping_version

        payload = self.payload

        resolved_at: None | str
        if isinstance(self.resolved_at, datetime.datetime):
            resolved_at = self.resolved_at.isoformat()
        else:
            resolved_at = self.resolved_at

        resolved_by_job: None | str
        resolved_by_job = self.resolved_by_job

        stream = self.stream

        sync_job_id = self.sync_job_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "connector_id": connector_id,
                "created_at": created_at,
                "errors": errors,
                "external_id": external_id,
                "id": id,
                "mapping_version": mapping_version,
                "payload": payload,
                "resolved_at": resolved_at,
                "resolved_by_job": resolved_by_job,
                "stream": stream,
                "sync_job_id": sync_job_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.mapping_error import MappingError

        d = dict(src_dict)
        connector_id = d.pop("connector_id")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        errors = []
        _errors = d.pop("errors")
        for errors_item_data in _errors:
            errors_item = MappingError.from_dict(errors_item_data)

            errors.append(errors_item)

        external_id = d.pop("external_id")

        id = d.pop("id")

        mapping_version = d.pop("mapping_version")

        payload = d.pop("payload")

        def _parse_resolved_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                resolved_at_type_0 = datetime.datetime.fromisoformat(data)

                return resolved_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        resolved_at = _parse_resolved_at(d.pop("resolved_at"))

        def _parse_resolved_by_job(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        resolved_by_job = _parse_resolved_by_job(d.pop("resolved_by_job"))

        stream = d.pop("stream")

        sync_job_id = d.pop("sync_job_id")

        sync_failure = cls(
            connector_id=connector_id,
            created_at=created_at,
            errors=errors,
            external_id=external_id,
            id=id,
            mapping_version=mapping_version,
            payload=payload,
            resolved_at=resolved_at,
            resolved_by_job=resolved_by_job,
            stream=stream,
            sync_job_id=sync_job_id,
        )

        sync_failure.additional_properties = d
        return sync_failure

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
