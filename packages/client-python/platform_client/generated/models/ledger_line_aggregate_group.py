from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.ledger_line_aggregate_distinct import LedgerLineAggregateDistinct
    from ..models.ledger_line_aggregate_key import LedgerLineAggregateKey
    from ..models.money_statistics import MoneyStatistics


T = TypeVar("T", bound="LedgerLineAggregateGroup")


@_attrs_define
class LedgerLineAggregateGroup:
    """A group of journal entry lines: its key, how many records it holds and the statistics of their numbers and amounts.

    Attributes:
        balance (list[MoneyStatistics]): Debit minus credit: its sum per account is the account balance. One entry per
            currency, by currency code.
        count (int): Records in the group.
        count_distinct (LedgerLineAggregateDistinct): Counts of distinct values among the journal entry lines of a
            group.
        credit (list[MoneyStatistics]): Credits (0 on debit lines). One entry per currency, by currency code.
        debit (list[MoneyStatistics]): Debits (0 on credit lines). One entry per currency, by currency code.
        key (LedgerLineAggregateKey): The grouping key of a group of journal entry lines: the value of each field of
            `group_by` and the time bucket; null for a key the request does not group by (or a record without a value).
    """

    balance: list[MoneyStatistics]
    count: int
    count_distinct: LedgerLineAggregateDistinct
    credit: list[MoneyStatistics]
    debit: list[MoneyStatistics]
    key: LedgerLineAggregateKey
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        balance = []
        for balance_item_data in self.balance:
            balance_item = balance_item_data.to_dict()
            balance.append(balance_item)

        count = self.count

        count_distinct = self.count_distinct.to_dict()

        credit = []
        for credit_item_data in self.credit:
            credit_item = credit_item_data.to_dict()
            credit.append(credit_item)

        debit = []
        for debit_item_data in self.debit:
            debit_item = debit_item_data.to_dict()
            debit.append(debit_item)

        key = self.key.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "balance": balance,
                "count": count,
                "count_distinct": count_distinct,
                "credit": credit,
                "debit": debit,
                "key": key,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.ledger_line_aggregate_distinct import LedgerLineAggregateDistinct
        from ..models.ledger_line_aggregate_key import LedgerLineAggregateKey
        from ..models.money_statistics import MoneyStatistics

        d = dict(src_dict)
        balance = []
        _balance = d.pop("balance")
        for balance_item_data in _balance:
            balance_item = MoneyStatistics.from_dict(balance_item_data)

            balance.append(balance_item)

        count = d.pop("count")

        count_distinct = LedgerLineAggregateDistinct.from_dict(d.pop("count_distinct"))

        credit = []
        _credit = d.pop("credit")
        for credit_item_data in _credit:
            credit_item = MoneyStatistics.from_dict(credit_item_data)

            credit.append(credit_item)

        debit = []
        _debit = d.pop("debit")
        for debit_item_data in _debit:
            debit_item = MoneyStatistics.from_dict(debit_item_data)

            debit.append(debit_item)

        key = LedgerLineAggregateKey.from_dict(d.pop("key"))

        ledger_line_aggregate_group = cls(
            balance=balance,
            count=count,
            count_distinct=count_distinct,
            credit=credit,
            debit=debit,
            key=key,
        )

        ledger_line_aggregate_group.additional_properties = d
        return ledger_line_aggregate_group

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
