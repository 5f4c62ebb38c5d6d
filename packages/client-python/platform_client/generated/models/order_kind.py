from enum import StrEnum


class OrderKind(StrEnum):
    PURCHASE = "purchase"
    SALES = "sales"

    def __str__(self) -> str:
        return str(self.value)
