from enum import StrEnum


class UserStatus(StrEnum):
    ACTIVE = "active"
    DEACTIVATED = "deactivated"
    INVITED = "invited"

    def __str__(self) -> str:
        return str(self.value)
