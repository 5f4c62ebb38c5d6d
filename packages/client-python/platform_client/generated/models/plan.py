from enum import StrEnum


class Plan(StrEnum):
    ENTERPRISE = "enterprise"
    GROWTH = "growth"
    LAUNCH = "launch"
    SCALE = "scale"

    def __str__(self) -> str:
        return str(self.value)
