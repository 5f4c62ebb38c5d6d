from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.sync_job_direction import SyncJobDirection
from ..types import UNSET, Unset

T = TypeVar("T", bound="StartSyncInput")


@_attrs_define
class StartSyncInput:
    """The connector to sync.

    Attributes:
        connector_id (str): The connector (`con_…`); an inbound job needs its mapping, an outbound one its `push` rules.
        direction (None | SyncJobDirection | Unset): `inbound` (default): read the connector’s system into the platform.
            `outbound`: push the events its `push` rules name, since its last push (from the start of the event log with
            `full`, from an instant with `since`); events pushed already are not sent again.
        full (bool | None | Unset): Read the source from the beginning (default false: from where the last successful
            sync ended). Records already written are found unchanged, never written twice.
        since (datetime.datetime | None | Unset): Re-run a window: read the records changed since this instant (not in
            the future; not with `full`), whatever the connector’s cursor says. Records found as written are unchanged; the
            changed ones are written again. For connectors that read change times (Shopify; REST with `incremental`).
        upload_id (None | str | Unset): A csv connector: the upload to import (`upl_…`, from `POST
            /v1/connectors/{id}/uploads`; whole and not expired). Required for a csv connector, refused for the others.
    """

    connector_id: str
    direction: None | SyncJobDirection | Unset = UNSET
    full: bool | None | Unset = UNSET
    since: datetime.datetime | None | Unset = UNSET
    upload_id: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        connector_id = self.connector_id

        direction: None | str | Unset
        if isinstance(self.direction, Unset):
            direction = UNSET
        elif isinstance(self.direction, SyncJobDirection):
            direction = self.direction.value
        else:
            direction = self.direction

        full: bool | None | Unset
        if isinstance(self.full, Unset):
            full = UNSET
        else:
            full = self.full

        since: None | str | Unset
        if isinstance(self.since, Unset):
            since = UNSET
        elif isinstance(self.since, datetime.datetime):
            since = self.since.isoformat()
        else:
            since = self.since

        upload_id: None | str | Unset
        if isinstance(self.upload_id, Unset):
            upload_id = UNSET
        else:
            upload_id = self.upload_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "connector_id": connector_id,
            }
        )
        if direction is not UNSET:
            field_dict["direction"] = direction
        if full is not UNSET:
            field_dict["full"] = full
        if since is not UNSET:
            field_dict["since"] = since
        if upload_id is not UNSET:
            field_dict["upload_id"] = upload_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        connector_id = d.pop("connector_id")

        def _parse_direction(data: object) -> None | SyncJobDirection | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                direction_type_0 = SyncJobDirection(data)

                return direction_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SyncJobDirection | Unset, data)

        direction = _parse_direction(d.pop("direction", UNSET))

        def _parse_full(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        full = _parse_full(d.pop("full", UNSET))

        def _parse_since(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                since_type_0 = datetime.datetime.fromisoformat(data)

                return since_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        since = _parse_since(d.pop("since", UNSET))

        def _parse_upload_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        upload_id = _parse_upload_id(d.pop("upload_id", UNSET))

        start_sync_input = cls(
            connector_id=connector_id,
            direction=direction,
            full=full,
            since=since,
            upload_id=upload_id,
        )

        return start_sync_input
