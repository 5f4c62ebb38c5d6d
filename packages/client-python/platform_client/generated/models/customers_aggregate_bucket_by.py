from enum import StrEnum


class CustomersAggregateBucketBy(StrEnum):
    ARCHIVED_AT = "archived_at"
    CREATED_AT = "created_at"

    def __str__(self) -> str:
        return str(self.value)
