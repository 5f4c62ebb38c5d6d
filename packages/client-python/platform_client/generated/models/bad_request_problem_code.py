from enum import StrEnum


class BadRequestProblemCode(StrEnum):
    BATCHING_NOT_SUPPORTED = "batching_not_supported"
    INPUT_TOO_LARGE = "input_too_large"
    INVALID_PARAMETER = "invalid_parameter"
    MALFORMED_BODY = "malformed_body"
    QUERY_INVALID = "query_invalid"
    QUERY_TOO_COMPLEX = "query_too_complex"
    SIGN_IN_TOKEN_INVALID = "sign_in_token_invalid"
    TENANT_HEADER_MISSING = "tenant_header_missing"
    UNKNOWN_PARAMETER = "unknown_parameter"
    VALIDATION_FAILED = "validation_failed"
    WEAK_PASSWORD = "weak_password"

    def __str__(self) -> str:
        return str(self.value)
