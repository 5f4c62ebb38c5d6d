from enum import StrEnum


class OrderLinesAggregateBucketBy(StrEnum):
    CANCELLED_AT = "cancelled_at"
    CONFIRMED_AT = "confirmed_at"
    CREATED_AT = "created_at"
    FULFILLED_AT = "fulfilled_at"
    RECEIVED_AT = "received_at"

    def __str__(self) -> str:
        return str(self.value)
