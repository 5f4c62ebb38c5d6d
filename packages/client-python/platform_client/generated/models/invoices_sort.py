from enum import StrEnum


class InvoicesSort(StrEnum):
    CREATED_AT = "created_at"
    DUE_DATE = "due_date"
    NUMBER = "number"
    TOTAL = "total"
    VALUE_1 = "-created_at"
    VALUE_3 = "-number"
    VALUE_5 = "-total"
    VALUE_7 = "-due_date"

    def __str__(self) -> str:
        return str(self.value)
