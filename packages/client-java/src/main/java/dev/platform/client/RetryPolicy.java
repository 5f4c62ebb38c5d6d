package dev.platform.client;

import java.net.http.HttpHeaders;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

/**
 * When and how long to wait before retrying: exponential backoff with full jitter, or the server's
 * {@code Retry-After} (plus a jitter of at most {@code baseDelay}) when it gives one.
 *
 * @param maxRetries retries after the first attempt (0: none)
 * @param baseDelay the backoff of the first retry before jitter; doubles with each retry
 * @param maxDelay the largest backoff before jitter
 * @param maxRetryAfter the longest {@code Retry-After} the client waits for; a longer one is not retried
 */
public record RetryPolicy(int maxRetries, Duration baseDelay, Duration maxDelay, Duration maxRetryAfter) {

  /** 3 retries, 200 ms doubling up to 10 s, Retry-After honoured up to 60 s. */
  public static final RetryPolicy DEFAULT =
      new RetryPolicy(3, Duration.ofMillis(200), Duration.ofSeconds(10), Duration.ofSeconds(60));

  public RetryPolicy {
    if (maxRetries < 0) {
      throw new IllegalArgumentException("maxRetries must be >= 0");
    }
  }

  /** Whether an answer with this status may be retried: 429, 5xx, and 409 with Retry-After. */
  public boolean retryableStatus(int status, HttpHeaders headers) {
    return status == 429
        || status >= 500
        || (status == 409 && headers.firstValue("Retry-After").isPresent());
  }

  /**
   * The wait before retry number {@code retry} (from 1), honouring {@code retryAfter} when present;
   * empty when the server asks for a wait longer than {@link #maxRetryAfter()}.
   */
  public Optional<Duration> delay(int retry, Optional<Duration> retryAfter) {
    long base = Math.max(1, baseDelay.toMillis());
    if (retryAfter.isPresent()) {
      Duration wait = retryAfter.get();
      if (wait.compareTo(maxRetryAfter) > 0) {
        return Optional.empty();
      }
      return Optional.of(wait.plusMillis(ThreadLocalRandom.current().nextLong(base + 1)));
    }
    long cap = maxDelay.toMillis();
    long exp = retry >= 62 ? cap : Math.min(cap, base << Math.min(retry - 1, 30));
    return Optional.of(Duration.ofMillis(ThreadLocalRandom.current().nextLong(exp + 1)));
  }

  /** {@code Retry-After} as delta-seconds or an HTTP date. */
  public static Optional<Duration> retryAfter(HttpHeaders headers) {
    Optional<String> value = headers.firstValue("Retry-After");
    if (value.isEmpty()) {
      return Optional.empty();
    }
    String v = value.get().trim();
    try {
      return Optional.of(Duration.ofSeconds(Math.max(0, Long.parseLong(v))));
    } catch (NumberFormatException notSeconds) {
      try {
        Instant at = ZonedDateTime.parse(v, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
        Duration d = Duration.between(Instant.now(), at);
        return Optional.of(d.isNegative() ? Duration.ZERO : d);
      } catch (DateTimeParseException notDate) {
        return Optional.empty();
      }
    }
  }
}
