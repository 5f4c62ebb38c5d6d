from enum import StrEnum


class InvoicesAggregateBucketBy(StrEnum):
    CREATED_AT = "created_at"
    DUE_DATE = "due_date"
    ISSUED_AT = "issued_at"
    PAID_AT = "paid_at"
    VOIDED_AT = "voided_at"

    def __str__(self) -> str:
        return str(self.value)
