from enum import StrEnum


class EventSourceType(StrEnum):
    AI_TASK = "ai_task"
    API = "api"
    CONNECTOR = "connector"
    PLATFORM = "platform"
    WORKFLOW = "workflow"

    def __str__(self) -> str:
        return str(self.value)
