from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="AuditRecordAggregateDistinct")


@_attrs_define
class AuditRecordAggregateDistinct:
    """Counts of distinct values among the audit records of a group.

    Attributes:
        actor_id (int): Actors.
        credential_id (int): Credentials presented.
    """

    actor_id: int
    credential_id: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        actor_id = self.actor_id

        credential_id = self.credential_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "actor_id": actor_id,
                "credential_id": credential_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        actor_id = d.pop("actor_id")

        credential_id = d.pop("credential_id")

        audit_record_aggregate_distinct = cls(
            actor_id=actor_id,
            credential_id=credential_id,
        )

        audit_record_aggregate_distinct.additional_properties = d
        return audit_record_aggregate_distinct

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
