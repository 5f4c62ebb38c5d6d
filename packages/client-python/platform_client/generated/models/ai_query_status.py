from enum import StrEnum


class AiQueryStatus(StrEnum):
    AMBIGUOUS = "ambiguous"
    ANSWERED = "answered"
    UNANSWERABLE = "unanswerable"

    def __str__(self) -> str:
        return str(self.value)
