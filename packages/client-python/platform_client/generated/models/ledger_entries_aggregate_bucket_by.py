from enum import StrEnum


class LedgerEntriesAggregateBucketBy(StrEnum):
    CREATED_AT = "created_at"
    POSTED_AT = "posted_at"

    def __str__(self) -> str:
        return str(self.value)
