from enum import StrEnum


class LedgerEntriesSort(StrEnum):
    POSTED_AT = "posted_at"
    VALUE_1 = "-posted_at"

    def __str__(self) -> str:
        return str(self.value)
