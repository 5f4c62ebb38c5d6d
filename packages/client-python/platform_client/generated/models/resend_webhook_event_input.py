from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ResendWebhookEventInput")


@_attrs_define
class ResendWebhookEventInput:
    """The event to send again.

    Attributes:
        event_id (str): An event (`evt_…`) of a type the endpoint subscribes to.
    """

    event_id: str

    def to_dict(self) -> dict[str, Any]:
        event_id = self.event_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "event_id": event_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        event_id = d.pop("event_id")

        resend_webhook_event_input = cls(
            event_id=event_id,
        )

        return resend_webhook_event_input
