from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.event_source_type import EventSourceType

T = TypeVar("T", bound="EventSourceInfo")


@_attrs_define
class EventSourceInfo:
    """What produced an event.

    Attributes:
        chain_depth (int | None): For `workflow`: how deep that run is in a chain of runs triggering runs (1: started by
            the API, a schedule or an event no run produced). A run this event triggers is one deeper; past the limit it is
            not started (loop protection).
        credential_id (None | str): For `api`: the OAuth client (`cli_…`) or API key (`key_…`) whose request produced
            the event; for `connector` the connector (`con_…`), for `workflow` the workflow (`wf_…`); else null.
        request_id (None | str): For `api`: the `X-Request-Id` of that request (`req_…`); else null.
        type_ (EventSourceType): What produced an event.
        workflow_run_id (None | str): For `workflow`: the run (`wfr_…`) whose step produced the event; else null.
    """

    chain_depth: int | None
    credential_id: None | str
    request_id: None | str
    type_: EventSourceType
    workflow_run_id: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        chain_depth: int | None
        chain_depth = self.chain_depth

        credential_id: None | str
        credential_id = self.credential_id

        request_id: None | str
        request_id = self.request_id

        type_ = self.type_.value

        workflow_run_id: None | str
        workflow_run_id = self.workflow_run_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "chain_depth": chain_depth,
                "credential_id": credential_id,
                "request_id": request_id,
                "type": type_,
                "workflow_run_id": workflow_run_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_chain_depth(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        chain_depth = _parse_chain_depth(d.pop("chain_depth"))

        def _parse_credential_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        credential_id = _parse_credential_id(d.pop("credential_id"))

        def _parse_request_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        request_id = _parse_request_id(d.pop("request_id"))

        type_ = EventSourceType(d.pop("type"))

        def _parse_workflow_run_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        workflow_run_id = _parse_workflow_run_id(d.pop("workflow_run_id"))

        event_source_info = cls(
            chain_depth=chain_depth,
            credential_id=credential_id,
            request_id=request_id,
            type_=type_,
            workflow_run_id=workflow_run_id,
        )

        event_source_info.additional_properties = d
        return event_source_info

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
