from enum import StrEnum


class EventsSort(StrEnum):
    OCCURRED_AT = "occurred_at"
    VALUE_1 = "-occurred_at"

    def __str__(self) -> str:
        return str(self.value)
