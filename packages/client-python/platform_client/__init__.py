"""Official Python client of the platform API.

The operations and models are generated from the OpenAPI document into ``platform_client.generated``
(``platform_client.generated.api.crm.create_order``, ``platform_client.generated.models.Order``);
this package adds what every call needs: see PlatformClient.
"""

from ._retry import RetryEvent
from ._version import __version__
from .client import AsyncPlatformClient, PlatformClient
from .concurrency import etag_version, if_match
from .errors import FieldError, PlatformProblemError
from .pagination import apaginate, paginate
from .webhooks import WebhookVerificationError, verify_webhook

__all__ = [
    "AsyncPlatformClient",
    "FieldError",
    "PlatformClient",
    "PlatformProblemError",
    "RetryEvent",
    "WebhookVerificationError",
    "__version__",
    "apaginate",
    "etag_version",
    "if_match",
    "paginate",
    "verify_webhook",
]
