from enum import StrEnum


class GatewayTimeoutProblemCode(StrEnum):
    EXTRACTION_TIMEOUT = "extraction_timeout"
    LANGUAGE_MODEL_TIMEOUT = "language_model_timeout"
    REQUEST_TIMEOUT = "request_timeout"

    def __str__(self) -> str:
        return str(self.value)
