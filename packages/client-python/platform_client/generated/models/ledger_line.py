from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="LedgerLine")


@_attrs_define
class LedgerLine:
    """One side of a journal entry: an amount debited or credited to an account. Exactly one of `debit` and `credit` is
    greater than 0.

        Attributes:
            account (str): Account code (`accounts_receivable`, `revenue`, `tax_payable`, `cash`, or any code of a manual
                entry).
            credit (int): Amount credited, in minor units of the entry’s currency; 0 on a debit line.
            debit (int): Amount debited, in minor units of the entry’s currency; 0 on a credit line.
    """

    account: str
    credit: int
    debit: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        account = self.account

        credit = self.credit

        debit = self.debit

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "account": account,
                "credit": credit,
                "debit": debit,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        account = d.pop("account")

        credit = d.pop("credit")

        debit = d.pop("debit")

        ledger_line = cls(
            account=account,
            credit=credit,
            debit=debit,
        )

        ledger_line.additional_properties = d
        return ledger_line

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
