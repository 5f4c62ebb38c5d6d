from enum import StrEnum


class OrderStatus(StrEnum):
    CANCELLED = "cancelled"
    CONFIRMED = "confirmed"
    DRAFT = "draft"
    FULFILLED = "fulfilled"
    RECEIVED = "received"

    def __str__(self) -> str:
        return str(self.value)
