from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.audit_actor_type import AuditActorType
from ..models.audit_surface import AuditSurface

T = TypeVar("T", bound="AuditRecord")


@_attrs_define
class AuditRecord:
    """One audited event. Records of a tenant form a hash chain: `hash` is the SHA-256 of `prev_hash` and the record,
    `prev_hash` the hash of the record before it, so a changed or deleted record is detected.

        Attributes:
            action (str): What was done: `GET /v1/inventory/items`, `graphql query ListItems`, or a data change such as
                `inventory_item.create`.
            actor_id (None | str): The OAuth client, API key, user or connector; null when anonymous.
            actor_type (AuditActorType): Who made a request: an OAuth client, an API key, a user, a connector (the writes of
                its sync jobs), or nobody known (a request without a valid credential).
            client_address (None | str): The client's IP address.
            credential_id (None | str): The credential presented: an access token's id, an API key id.
            duration_ms (float | None): Time to answer, in milliseconds.
            hash_ (str): SHA-256 (hex) of `prev_hash` and the canonical JSON of this record.
            method (None | str): HTTP method.
            occurred_at (datetime.datetime): When the request arrived or the change happened.
            operation_name (None | str): GraphQL operation name.
            path (None | str): HTTP path, without the query string.
            prev_hash (str): Hash of the previous record of the chain (64 zeros for the first).
            request_id (None | str): The `X-Request-Id` of the request.
            resource_id (None | str): The record a data change created or changed.
            seq (str): Position in the tenant's chain, from 1, as a decimal string (it can exceed 32 bits).
            status (int | None): HTTP status of the response; null for a data change (recorded inside its transaction).
            surface (AuditSurface): Where a request came in: the REST facade, GraphQL, a subscription, or the OAuth token
                endpoint.
    """

    action: str
    actor_id: None | str
    actor_type: AuditActorType
    client_address: None | str
    credential_id: None | str
    duration_ms: float | None
    hash_: str
    method: None | str
    occurred_at: datetime.datetime
    operation_name: None | str
    path: None | str
    prev_hash: str
    request_id: None | str
    resource_id: None | str
    seq: str
    status: int | None
    surface: AuditSurface
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        action = self.action

        actor_id: None | str
        actor_id = self.actor_id

        actor_type = self.actor_type.value

        client_address: None | str
        client_address = self.client_address

        credential_id: None | str
        credential_id = self.credential_id

        duration_ms: float | None
        duration_ms = self.duration_ms

        hash_ = self.hash_

        method: None | str
        method = self.method

        occurred_at = self.occurred_at.isoformat()

        operation_name: None | str
        operation_name = self.operation_name

        path: None | str
        path = self.path

        prev_hash = self.prev_hash

        request_id: None | str
        request_id = self.request_id

        resource_id: None | str
        resource_id = self.resource_id

        seq = self.seq

        status: int | None
        status = self.status

        surface = self.surface.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "action": action,
                "actor_id": actor_id,
                "actor_type": actor_type,
                "client_address": client_address,
                "credential_id": credential_id,
                "duration_ms": duration_ms,
                "hash": hash_,
                "method": method,
                "occurred_at": occurred_at,
                "operation_name": operation_name,
                "path": path,
                "prev_hash": prev_hash,
                "request_id": request_id,
                "resource_id": resource_id,
                "seq": seq,
                "status": status,
                "surface": surface,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        action = d.pop("action")

        def _parse_actor_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        actor_id = _parse_actor_id(d.pop("actor_id"))

        actor_type = AuditActorType(d.pop("actor_type"))

        def _parse_client_address(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        client_address = _parse_client_address(d.pop("client_address"))

        def _parse_credential_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        credential_id = _parse_credential_id(d.pop("credential_id"))

        def _parse_duration_ms(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        duration_ms = _parse_duration_ms(d.pop("duration_ms"))

        hash_ = d.pop("hash")

        def _parse_method(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        method = _parse_method(d.pop("method"))

        occurred_at = datetime.datetime.fromisoformat(d.pop("occurred_at"))

        def _parse_operation_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        operation_name = _parse_operation_name(d.pop("operation_name"))

        def _parse_path(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        path = _parse_path(d.pop("path"))

        prev_hash = d.pop("prev_hash")

        def _parse_request_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        request_id = _parse_request_id(d.pop("request_id"))

        def _parse_resource_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        resource_id = _parse_resource_id(d.pop("resource_id"))

        seq = d.pop("seq")

        def _parse_status(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        status = _parse_status(d.pop("status"))

        surface = AuditSurface(d.pop("surface"))

        audit_record = cls(
            action=action,
            actor_id=actor_id,
            actor_type=actor_type,
            client_address=client_address,
            credential_id=credential_id,
            duration_ms=duration_ms,
            hash_=hash_,
            method=method,
            occurred_at=occurred_at,
            operation_name=operation_name,
            path=path,
            prev_hash=prev_hash,
            request_id=request_id,
            resource_id=resource_id,
            seq=seq,
            status=status,
            surface=surface,
        )

        audit_record.additional_properties = d
        return audit_record

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
