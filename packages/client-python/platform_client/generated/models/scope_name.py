from enum import StrEnum


class ScopeName(StrEnum):
    AIREAD = "ai:read"
    AIWRITE = "ai:write"
    ANALYTICSREAD = "analytics:read"
    ANALYTICSWRITE = "analytics:write"
    API_KEYSREAD = "api_keys:read"
    API_KEYSWRITE = "api_keys:write"
    AUDITREAD = "audit:read"
    BULKREAD = "bulk:read"
    BULKWRITE = "bulk:write"
    CONNECTORSREAD = "connectors:read"
    CONNECTORSWRITE = "connectors:write"
    CRMREAD = "crm:read"
    CRMWRITE = "crm:write"
    EVENTSREAD = "events:read"
    EVENTSWRITE = "events:write"
    FINANCEREAD = "finance:read"
    FINANCEWRITE = "finance:write"
    INVENTORYREAD = "inventory:read"
    INVENTORYWRITE = "inventory:write"
    ROLESREAD = "roles:read"
    ROLESWRITE = "roles:write"
    SYNCREAD = "sync:read"
    SYNCWRITE = "sync:write"
    TENANTSREAD = "tenants:read"
    TENANTSWRITE = "tenants:write"
    USERSREAD = "users:read"
    USERSWRITE = "users:write"
    WEBHOOKSREAD = "webhooks:read"
    WEBHOOKSWRITE = "webhooks:write"
    WORKFLOWSREAD = "workflows:read"
    WORKFLOWSWRITE = "workflows:write"

    def __str__(self) -> str:
        return str(self.value)
