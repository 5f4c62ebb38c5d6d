from enum import StrEnum


class TooManyRequestsProblemCode(StrEnum):
    ACCOUNT_LOCKED = "account_locked"
    RATE_LIMITED = "rate_limited"
    TOO_MANY_SUBSCRIPTIONS = "too_many_subscriptions"

    def __str__(self) -> str:
        return str(self.value)
