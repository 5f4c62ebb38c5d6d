from enum import StrEnum


class CustomersSort(StrEnum):
    CREATED_AT = "created_at"
    NAME = "name"
    VALUE_1 = "-name"
    VALUE_3 = "-created_at"

    def __str__(self) -> str:
        return str(self.value)
