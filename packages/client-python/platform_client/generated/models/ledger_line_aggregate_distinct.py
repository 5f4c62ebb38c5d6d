from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="LedgerLineAggregateDistinct")


@_attrs_define
class LedgerLineAggregateDistinct:
    """Counts of distinct values among the journal entry lines of a group.

    Attributes:
        account (int): Accounts.
        entry_id (int): Entries.
    """

    account: int
    entry_id: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        account = self.account

        entry_id = self.entry_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "account": account,
                "entry_id": entry_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        account = d.pop("account")

        entry_id = d.pop("entry_id")

        ledger_line_aggregate_distinct = cls(
            account=account,
            entry_id=entry_id,
        )

        ledger_line_aggregate_distinct.additional_properties = d
        return ledger_line_aggregate_distinct

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
