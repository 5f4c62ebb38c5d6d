from enum import StrEnum


class OrdersSort(StrEnum):
    CREATED_AT = "created_at"
    NUMBER = "number"
    TOTAL = "total"
    VALUE_1 = "-created_at"
    VALUE_3 = "-number"
    VALUE_5 = "-total"

    def __str__(self) -> str:
        return str(self.value)
