from enum import StrEnum


class NotFoundProblemCode(StrEnum):
    NOT_FOUND = "not_found"
    PERSISTED_OPERATION_NOT_FOUND = "persisted_operation_not_found"
    ROUTE_NOT_FOUND = "route_not_found"

    def __str__(self) -> str:
        return str(self.value)
