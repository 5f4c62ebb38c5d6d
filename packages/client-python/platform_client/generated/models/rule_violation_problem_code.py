from enum import StrEnum


class RuleViolationProblemCode(StrEnum):
    DOCUMENT_UNREADABLE = "document_unreadable"
    RULE_VIOLATION = "rule_violation"
    UNBALANCED_ENTRY = "unbalanced_entry"

    def __str__(self) -> str:
        return str(self.value)
