from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="LedgerLineInput")


@_attrs_define
class LedgerLineInput:
    """One line of a manual entry: exactly one of `debit` and `credit` greater than 0.

    Attributes:
        account (str): Account code: a lower-case letter, then up to 63 lower-case letters, digits, `_`, `.`, `:` or
            `-`.
        credit (int): Amount credited, 0 or more. Default 0.
        debit (int): Amount debited, 0 or more. Default 0.
    """

    account: str
    credit: int
    debit: int

    def to_dict(self) -> dict[str, Any]:
        account = self.account

        credit = self.credit

        debit = self.debit

        field_dict: dict[str, Any] = {}

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

        ledger_line_input = cls(
            account=account,
            credit=credit,
            debit=debit,
        )

        return ledger_line_input
