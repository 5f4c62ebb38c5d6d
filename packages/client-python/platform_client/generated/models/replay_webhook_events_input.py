from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ReplayWebhookEventsInput")


@_attrs_define
class ReplayWebhookEventsInput:
    """A time range of events to send again.

    Attributes:
        occurred_after (datetime.datetime): Events that occurred at or after this instant…
        occurred_before (datetime.datetime): …and before this one. At most 10,000 events of the endpoint’s types.
    """

    occurred_after: datetime.datetime
    occurred_before: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        occurred_after = self.occurred_after.isoformat()

        occurred_before = self.occurred_before.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "occurred_after": occurred_after,
                "occurred_before": occurred_before,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        occurred_after = datetime.datetime.fromisoformat(d.pop("occurred_after"))

        occurred_before = datetime.datetime.fromisoformat(d.pop("occurred_before"))

        replay_webhook_events_input = cls(
            occurred_after=occurred_after,
            occurred_before=occurred_before,
        )

        return replay_webhook_events_input
