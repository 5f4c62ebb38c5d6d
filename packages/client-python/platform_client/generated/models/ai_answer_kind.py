from enum import StrEnum


class AiAnswerKind(StrEnum):
    NUMBER = "number"
    RECORDS = "records"
    TABLE = "table"

    def __str__(self) -> str:
        return str(self.value)
