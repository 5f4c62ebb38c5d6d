from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.ledger_entry_aggregate_distinct import LedgerEntryAggregateDistinct
    from ..models.ledger_entry_aggregate_key import LedgerEntryAggregateKey
    from ..models.money_statistics import MoneyStatistics


T = TypeVar("T", bound="LedgerEntryAggregateGroup")


@_attrs_define
class LedgerEntryAggregateGroup:
    """A group of journal entries: its key, how many records it holds and the statistics of their numbers and amounts.

    Attributes:
        amount (list[MoneyStatistics]): Entry amounts (the sum of the debits, equal to the credits). One entry per
            currency, by currency code.
        count (int): Records in the group.
        count_distinct (LedgerEntryAggregateDistinct): Counts of distinct values among the journal entries of a group.
        key (LedgerEntryAggregateKey): The grouping key of a group of journal entries: the value of each field of
            `group_by` and the time bucket; null for a key the request does not group by (or a record without a value).
    """

    amount: list[MoneyStatistics]
    count: int
    count_distinct: LedgerEntryAggregateDistinct
    key: LedgerEntryAggregateKey
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        amount = []
        for amount_item_data in self.amount:
            amount_item = amount_item_data.to_dict()
            amount.append(amount_item)

        count = self.count

        count_distinct = self.count_distinct.to_dict()

        key = self.key.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "amount": amount,
                "count": count,
                "count_distinct": count_distinct,
                "key": key,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.ledger_entry_aggregate_distinct import (
            LedgerEntryAggregateDistinct,
        )
        from ..models.ledger_entry_aggregate_key import LedgerEntryAggregateKey
        from ..models.money_statistics import MoneyStatistics

        d = dict(src_dict)
        amount = []
        _amount = d.pop("amount")
        for amount_item_data in _amount:
            amount_item = MoneyStatistics.from_dict(amount_item_data)

            amount.append(amount_item)

        count = d.pop("count")

        count_distinct = LedgerEntryAggregateDistinct.from_dict(d.pop("count_distinct"))

        key = LedgerEntryAggregateKey.from_dict(d.pop("key"))

        ledger_entry_aggregate_group = cls(
            amount=amount,
            count=count,
            count_distinct=count_distinct,
            key=key,
        )

        ledger_entry_aggregate_group.additional_properties = d
        return ledger_entry_aggregate_group

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
