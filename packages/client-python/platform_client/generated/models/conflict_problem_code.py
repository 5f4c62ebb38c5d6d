from enum import StrEnum


class ConflictProblemCode(StrEnum):
    ALREADY_EXISTS = "already_exists"
    IDEMPOTENCY_KEY_IN_USE = "idempotency_key_in_use"
    IDEMPOTENCY_KEY_REUSED = "idempotency_key_reused"
    INSUFFICIENT_STOCK = "insufficient_stock"
    INVALID_STATE = "invalid_state"
    INVALID_TRANSITION = "invalid_transition"
    QUOTA_EXCEEDED = "quota_exceeded"
    VERSION_CONFLICT = "version_conflict"

    def __str__(self) -> str:
        return str(self.value)
