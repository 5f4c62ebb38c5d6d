from enum import StrEnum


class SavedOperationKind(StrEnum):
    MUTATION = "mutation"
    QUERY = "query"

    def __str__(self) -> str:
        return str(self.value)
