package dev.platform.client;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;

/**
 * One retry about to happen, as told to the {@code onRetry} listener of {@link PlatformClient.Builder}.
 *
 * @param attempt the attempt that failed, from 1
 * @param method the HTTP method
 * @param uri the request URI
 * @param status the status of the failed attempt, or 0 when it failed without an answer
 * @param failure the network error of the failed attempt, or null when it had an answer
 * @param delay how long the client waits before the next attempt
 * @param idempotencyKey the Idempotency-Key the next attempt carries again (null for reads)
 */
public record RetryEvent(
    int attempt, String method, URI uri, int status, IOException failure, Duration delay, String idempotencyKey) {}
