"""When to retry and how long to wait: exponential backoff with full jitter, honouring Retry-After."""

from __future__ import annotations

import email.utils
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

__all__ = ["RetryEvent", "RetryPolicy", "parse_retry_after"]

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
WRITE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
RETRYABLE_STATUSES = frozenset({429, 500, 502, 503, 504})


@dataclass(frozen=True, slots=True)
class RetryEvent:
    """Passed to ``on_retry`` before the client sleeps and sends the request again."""

    retry: int
    """1 for the first retry, 2 for the second, …"""
    delay: float
    """Seconds the client now waits."""
    method: str
    url: str
    status: int | None
    """The answer's status, or None after a network error or timeout."""
    code: str | None
    """The problem ``code`` of the answer (``rate_limited``, ``idempotency_key_in_use``, …)."""
    error: Exception | None
    """The network error or timeout, if that was the reason."""
    retry_after: float | None
    """What the answer's ``Retry-After`` asked for, if anything."""
    idempotency_key: str | None


@dataclass(frozen=True, slots=True)
class RetryPolicy:
    max_retries: int = 4
    """Retries after the first attempt (0: never retry)."""
    backoff_base: float = 0.5
    """Cap of the first retry's random delay, in seconds; doubled for each further retry."""
    backoff_max: float = 30.0
    """Largest random delay, in seconds."""
    max_retry_after: float = 120.0
    """A ``Retry-After`` longer than this is not waited for: the error is raised at once."""

    def backoff(self, retry: int, retry_after: float | None, rng: Callable[[], float] = random.random) -> float:
        """Full jitter (a random delay between 0 and the exponential cap), never shorter than Retry-After."""
        cap = min(self.backoff_max, self.backoff_base * 2.0 ** (retry - 1))
        jitter = rng() * cap
        if retry_after is None:
            return jitter
        # Honour Retry-After, and spread the clients it was sent to over the following window.
        return retry_after + jitter


def is_retryable_request(method: str, has_idempotency_key: bool) -> bool:
    """Reads are always safe to repeat; a write only with an Idempotency-Key (the platform replays it)."""
    return method.upper() not in WRITE_METHODS or has_idempotency_key


def is_retryable_answer(status: int, code: str | None) -> bool:
    # 409 idempotency_key_in_use: the first attempt of this key is still running (Retry-After: 1).
    return status in RETRYABLE_STATUSES or (status == 409 and code == "idempotency_key_in_use")


def parse_retry_after(value: str | None, now: Callable[[], float] = time.time) -> float | None:
    """``Retry-After`` as seconds to wait: delta-seconds or an HTTP date; None when absent or invalid."""
    if value is None:
        return None
    value = value.strip()
    try:
        seconds = float(value)
    except ValueError:
        try:
            when = email.utils.parsedate_to_datetime(value)
        except (TypeError, ValueError, IndexError):
            return None
        if when.tzinfo is None:
            when = when.replace(tzinfo=UTC)
        return max(0.0, when.timestamp() - now())
    if seconds != seconds or seconds < 0 or seconds == float("inf"):  # NaN, negative, infinite
        return None
    return seconds


def http_date(seconds_from_now: float) -> str:
    """An HTTP date (for tests and servers)."""
    return email.utils.format_datetime(datetime.fromtimestamp(time.time() + seconds_from_now, tz=UTC), usegmt=True)
