from enum import StrEnum


class ForbiddenProblemCode(StrEnum):
    CSRF_FAILED = "csrf_failed"
    DOWNLOAD_LINK_INVALID = "download_link_invalid"
    INSUFFICIENT_SCOPE = "insufficient_scope"
    NO_ACCESS_TO_TENANT = "no_access_to_tenant"
    TENANT_MISMATCH = "tenant_mismatch"

    def __str__(self) -> str:
        return str(self.value)
