from enum import StrEnum


class UnauthorizedProblemCode(StrEnum):
    INVALID_CREDENTIALS = "invalid_credentials"
    INVALID_TOKEN = "invalid_token"
    INVALID_TOTP_CODE = "invalid_totp_code"
    SIGNATURE_INVALID = "signature_invalid"
    UNAUTHENTICATED = "unauthenticated"

    def __str__(self) -> str:
        return str(self.value)
