from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.workflow_trigger_type import WorkflowTriggerType

T = TypeVar("T", bound="Workflow")


@_attrs_define
class Workflow:
    """An automation: a trigger (an event, a schedule or the API) and steps, acting through the platform’s own operations
    with the scopes it was granted. HTTP calls it makes are signed with its signing secret (Standard Webhooks), shown
    only when it is created and when the secret is rotated.

        Attributes:
            created_at (datetime.datetime): When the workflow was created.
            definition (Any): The current definition: `trigger`, `steps`, `timeout_seconds`, `output` (see the workflows
                guide of the API reference).
            definition_version (int): The definition version new runs start with (1, then one more for each saved change of
                `definition` or `scopes`); a run keeps the version it started with.
            description (None | str): What it is for, up to 2000 characters.
            enabled (bool): Whether its trigger starts runs (and the API may start one). Runs under way go on when it is
                disabled.
            event_type (None | str): An event trigger: the event type that starts runs.
            id (str): Workflow identifier (`wf_…`): also the actor of its runs’ operations in the audit trail, and the
                `credential_id` of the events they produce.
            name (str): Your name for it, 1 to 200 characters.
            next_run_at (datetime.datetime | None): A schedule trigger: when the next run starts; null while disabled or for
                other triggers.
            scopes (list[str]): What its runs may do: the scopes of its own credential, granted by whoever saved it (never
                more than they held). Every step’s operation is checked against them.
            template (None | str): The template it was installed from (`reorder_on_low_stock`, …); null otherwise.
            trigger_type (WorkflowTriggerType): What starts a workflow’s runs.
            updated_at (datetime.datetime): When it last changed.
            version (int): Incremented by every change; send it back as `version` (or REST `If-Match`) to refuse a change
                based on a stale read.
    """

    created_at: datetime.datetime
    definition: Any
    definition_version: int
    description: None | str
    enabled: bool
    event_type: None | str
    id: str
    name: str
    next_run_at: datetime.datetime | None
    scopes: list[str]
    template: None | str
    trigger_type: WorkflowTriggerType
    updated_at: datetime.datetime
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at.isoformat()

        definition = self.definition

        definition_version = self.definition_version

        description: None | str
        description = self.description

        enabled = self.enabled

        event_type: None | str
        event_type = self.event_type

        id = self.id

        name = self.name

        next_run_at: None | str
        if isinstance(self.next_run_at, datetime.datetime):
            next_run_at = self.next_run_at.isoformat()
        else:
            next_run_at = self.next_run_at

        scopes = self.scopes

        template: None | str
        template = self.template

        trigger_type = self.trigger_type.value

        updated_at = self.updated_at.isoformat()

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "definition": definition,
                "definition_version": definition_version,
                "description": description,
                "enabled": enabled,
                "event_type": event_type,
                "id": id,
                "name": name,
                "next_run_at": next_run_at,
                "scopes": scopes,
                "template": template,
                "trigger_type": trigger_type,
                "updated_at": updated_at,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        definition = d.pop("definition")

        definition_version = d.pop("definition_version")

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        enabled = d.pop("enabled")

        def _parse_event_type(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        event_type = _parse_event_type(d.pop("event_type"))

        id = d.pop("id")

        name = d.pop("name")

        def _parse_next_run_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                next_run_at_type_0 = datetime.datetime.fromisoformat(data)

                return next_run_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        next_run_at = _parse_next_run_at(d.pop("next_run_at"))

        scopes = cast(list[str], d.pop("scopes"))

        def _parse_template(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        template = _parse_template(d.pop("template"))

        trigger_type = WorkflowTriggerType(d.pop("trigger_type"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        version = d.pop("version")

        workflow = cls(
            created_at=created_at,
            definition=definition,
            definition_version=definition_version,
            description=description,
            enabled=enabled,
            event_type=event_type,
            id=id,
            name=name,
            next_run_at=next_run_at,
            scopes=scopes,
            template=template,
            trigger_type=trigger_type,
            updated_at=updated_at,
            version=version,
        )

        workflow.additional_properties = d
        return workflow

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
