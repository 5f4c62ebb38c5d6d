from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.publish_event_input_data import PublishEventInputData


T = TypeVar("T", bound="PublishEventInput")


@_attrs_define
class PublishEventInput:
    """A custom event to publish.

    Attributes:
        data (PublishEventInputData): The payload: a JSON object of at most 64 KiB (its JSON encoding). Stored as JSON:
            key order is not kept.
        type_ (str): The event type: `custom.` followed by 1 to 5 dot-separated segments of lower-case letters, digits
            and `_` (`custom.invoice.exported`), at most 100 characters. Platform types cannot be published.
    """

    data: PublishEventInputData
    type_: str

    def to_dict(self) -> dict[str, Any]:
        data = self.data.to_dict()

        type_ = self.type_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "data": data,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.publish_event_input_data import PublishEventInputData

        d = dict(src_dict)
        data = PublishEventInputData.from_dict(d.pop("data"))

        type_ = d.pop("type")

        publish_event_input = cls(
            data=data,
            type_=type_,
        )

        return publish_event_input
