from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="LedgerBalance")


@_attrs_define
class LedgerBalance:
    """The totals of one account in one currency. Over all accounts of a currency the balances sum to 0 (the trial
    balance), because every entry balances.

        Attributes:
            account (str): Account code.
            balance (int): `debit_total - credit_total`: positive for a debit balance (assets such as cash and
                accounts_receivable), negative for a credit balance (revenue, tax_payable).
            credit_total (int): Sum of the credits to the account.
            currency (str): ISO 4217 currency code.
            debit_total (int): Sum of the debits to the account.
    """

    account: str
    balance: int
    credit_total: int
    currency: str
    debit_total: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        account = self.account

        balance = self.balance

        credit_total = self.credit_total

        currency = self.currency

        debit_total = self.debit_total

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "account": account,
                "balance": balance,
                "credit_total": credit_total,
                "currency": currency,
                "debit_total": debit_total,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        account = d.pop("account")

        balance = d.pop("balance")

        credit_total = d.pop("credit_total")

        currency = d.pop("currency")

        debit_total = d.pop("debit_total")

        ledger_balance = cls(
            account=account,
            balance=balance,
            credit_total=credit_total,
            currency=currency,
            debit_total=debit_total,
        )

        ledger_balance.additional_properties = d
        return ledger_balance

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
