from enum import StrEnum


class AiEngine(StrEnum):
    LANGUAGE_MODEL = "language_model"
    OFFLINE = "offline"

    def __str__(self) -> str:
        return str(self.value)
