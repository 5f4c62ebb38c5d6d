from enum import StrEnum


class AuditSurface(StrEnum):
    GRAPHQL = "graphql"
    OAUTH = "oauth"
    REST = "rest"
    SUBSCRIPTION = "subscription"

    def __str__(self) -> str:
        return str(self.value)
