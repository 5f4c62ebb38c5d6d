from enum import StrEnum


class EventsAggregateBucketBy(StrEnum):
    OCCURRED_AT = "occurred_at"

    def __str__(self) -> str:
        return str(self.value)
