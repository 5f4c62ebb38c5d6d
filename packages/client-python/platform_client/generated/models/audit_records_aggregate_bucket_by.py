from enum import StrEnum


class AuditRecordsAggregateBucketBy(StrEnum):
    OCCURRED_AT = "occurred_at"

    def __str__(self) -> str:
        return str(self.value)
