from enum import StrEnum


class PreconditionFailedProblemCode(StrEnum):
    PRECONDITION_FAILED = "precondition_failed"

    def __str__(self) -> str:
        return str(self.value)
