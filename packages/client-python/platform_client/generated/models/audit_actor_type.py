from enum import StrEnum


class AuditActorType(StrEnum):
    AI_TASK = "ai_task"
    ANONYMOUS = "anonymous"
    API_KEY = "api_key"
    CONNECTOR = "connector"
    OAUTH_CLIENT = "oauth_client"
    USER = "user"
    WORKFLOW = "workflow"

    def __str__(self) -> str:
        return str(self.value)
