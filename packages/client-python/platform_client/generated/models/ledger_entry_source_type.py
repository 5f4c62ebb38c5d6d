from enum import StrEnum


class LedgerEntrySourceType(StrEnum):
    INVOICE = "invoice"
    MANUAL = "manual"
    PAYMENT = "payment"
    REVERSAL = "reversal"

    def __str__(self) -> str:
        return str(self.value)
