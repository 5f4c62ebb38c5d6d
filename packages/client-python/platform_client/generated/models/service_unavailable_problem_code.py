from enum import StrEnum


class ServiceUnavailableProblemCode(StrEnum):
    CONSOLE_NOT_BUILT = "console_not_built"
    DATABASE_UNAVAILABLE = "database_unavailable"
    IDENTITY_PROVIDER_UNAVAILABLE = "identity_provider_unavailable"
    LANGUAGE_MODEL_UNAVAILABLE = "language_model_unavailable"
    SERVICE_UNAVAILABLE = "service_unavailable"
    SUBGRAPH_UNAVAILABLE = "subgraph_unavailable"

    def __str__(self) -> str:
        return str(self.value)
