package dev.platform.client;

import java.io.IOException;
import java.net.Authenticator;
import java.net.CookieHandler;
import java.net.ProxySelector;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.Flow;
import java.util.function.Consumer;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSession;

/**
 * The {@link HttpClient} the generated operations send through: it delegates to a real one and adds,
 * to every request, the bearer credential (renewed before expiry, and once more after a 401), the
 * {@code X-Service-Tenant} header, an {@code Idempotency-Key} (a random UUID) on every write that has
 * none, reused by all retries of that write, and a per-attempt timeout. It retries network errors,
 * 429 and 5xx answers with exponential backoff and full jitter, honouring {@code Retry-After}; a
 * write is retried only when it carries an Idempotency-Key.
 *
 * <p>Answers are read whole before they are handed to the caller's body handler.
 */
public final class PlatformHttpClient extends HttpClient {
  private static final Set<String> WRITES = Set.of("POST", "PUT", "PATCH", "DELETE");

  private final HttpClient delegate;
  private final TokenSource tokens;
  private final String tenantId;
  private final RetryPolicy retry;
  private final Duration timeout;
  private final boolean idempotencyKeys;
  private final Consumer<RetryEvent> onRetry;
  private final String userAgent;

  PlatformHttpClient(HttpClient delegate, TokenSource tokens, String tenantId, RetryPolicy retry,
      Duration timeout, boolean idempotencyKeys, Consumer<RetryEvent> onRetry, String userAgent) {
    this.delegate = delegate;
    this.tokens = tokens;
    this.tenantId = tenantId;
    this.retry = retry;
    this.timeout = timeout;
    this.idempotencyKeys = idempotencyKeys;
    this.onRetry = onRetry == null ? e -> { } : onRetry;
    this.userAgent = userAgent;
  }

  @Override
  public <T> HttpResponse<T> send(HttpRequest request, HttpResponse.BodyHandler<T> handler)
      throws IOException, InterruptedException {
    HttpResponse<byte[]> response = exchange(request, true);
    return adapt(response, handler);
  }

  /**
   * Sends with retries; {@code authenticate} false is the token exchange (no bearer, no tenant, no
   * Idempotency-Key, retried as a read).
   */
  HttpResponse<byte[]> exchange(HttpRequest request, boolean authenticate)
      throws IOException, InterruptedException {
    boolean write = WRITES.contains(request.method());
    String key = request.headers().firstValue("Idempotency-Key").orElse(null);
    if (write && key == null && idempotencyKeys && authenticate) {
      key = UUID.randomUUID().toString();
    }
    // The token exchange (unauthenticated) changes nothing: always safe to repeat.
    boolean retryable = !write || key != null || !authenticate;
    boolean renewed = false;
    HttpRequest.BodyPublisher emptyObject = write ? nullBodyAsEmptyObject(request) : null;
    for (int attempt = 1; ; attempt++) {
      HttpRequest.Builder builder = HttpRequest.newBuilder(request,
          (name, value) -> !name.equalsIgnoreCase("Authorization") && !name.equalsIgnoreCase("Idempotency-Key"));
      if (authenticate) {
        builder.setHeader("Authorization", "Bearer " + tokens.token(false));
        if (tenantId != null && request.headers().firstValue("X-Service-Tenant").isEmpty()) {
          builder.setHeader("X-Service-Tenant", tenantId);
        }
      }
      if (key != null) {
        builder.setHeader("Idempotency-Key", key);
      }
      if (emptyObject != null) {
        builder.method(request.method(), emptyObject);
      }
      if (userAgent != null && request.headers().firstValue("User-Agent").isEmpty()) {
        builder.setHeader("User-Agent", userAgent);
      }
      builder.timeout(timeout);
      HttpRequest attemptRequest = builder.build();

      HttpResponse<byte[]> response = null;
      IOException failure = null;
      try {
        response = delegate.send(attemptRequest, HttpResponse.BodyHandlers.ofByteArray());
      } catch (IOException e) {
        failure = e;
      }
      if (response != null && response.statusCode() == 401 && authenticate && !renewed && tokens.renewable()) {
        // The token was revoked or the server's keys rotated: one new token, one new attempt.
        renewed = true;
        tokens.token(true);
        attempt--;
        continue;
      }
      boolean again = retryable && attempt <= retry.maxRetries()
          && (failure != null || retry.retryableStatus(response.statusCode(), response.headers()));
      Optional<Duration> delay = again
          ? retry.delay(attempt, response == null ? Optional.empty() : RetryPolicy.retryAfter(response.headers()))
          : Optional.empty();
      if (delay.isEmpty()) {
        if (failure != null) {
          throw failure;
        }
        return response;
      }
      onRetry.accept(new RetryEvent(attempt, request.method(), request.uri(),
          response == null ? 0 : response.statusCode(), failure, delay.get(), key));
      Thread.sleep(delay.get().toMillis());
    }
  }

  /**
   * The generated operations serialize an optional body left null (the {@code version} of a
   * lifecycle action) as the JSON {@code null}, which the API refuses: it is sent as {@code {}}.
   */
  private static HttpRequest.BodyPublisher nullBodyAsEmptyObject(HttpRequest request) {
    Optional<HttpRequest.BodyPublisher> publisher = request.bodyPublisher();
    if (publisher.isEmpty() || publisher.get().contentLength() != 4
        || !request.headers().firstValue("Content-Type").orElse("").startsWith("application/json")) {
      return null;
    }
    CompletableFuture<String> content = new CompletableFuture<>();
    publisher.get().subscribe(new Flow.Subscriber<ByteBuffer>() {
      private final StringBuilder text = new StringBuilder();
      @Override public void onSubscribe(Flow.Subscription s) { s.request(Long.MAX_VALUE); }
      @Override public void onNext(ByteBuffer item) {
        text.append(java.nio.charset.StandardCharsets.UTF_8.decode(item));
      }
      @Override public void onError(Throwable t) { content.completeExceptionally(t); }
      @Override public void onComplete() { content.complete(text.toString()); }
    });
    try {
      return "null".equals(content.get(1, java.util.concurrent.TimeUnit.SECONDS))
          ? HttpRequest.BodyPublishers.ofString("{}") : null;
    } catch (Exception e) {
      return null;
    }
  }

  private static <T> HttpResponse<T> adapt(HttpResponse<byte[]> response, HttpResponse.BodyHandler<T> handler)
      throws IOException {
    HttpResponse.ResponseInfo info = new HttpResponse.ResponseInfo() {
      @Override public int statusCode() { return response.statusCode(); }
      @Override public HttpHeaders headers() { return response.headers(); }
      @Override public Version version() { return response.version(); }
    };
    HttpResponse.BodySubscriber<T> subscriber = handler.apply(info);
    subscriber.onSubscribe(new Flow.Subscription() {
      @Override public void request(long n) { }
      @Override public void cancel() { }
    });
    byte[] bytes = response.body();
    if (bytes != null && bytes.length > 0) {
      subscriber.onNext(List.of(ByteBuffer.wrap(bytes)));
    }
    subscriber.onComplete();
    T body;
    try {
      body = subscriber.getBody().toCompletableFuture().get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException(e);
    } catch (ExecutionException e) {
      throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
    }
    return new Buffered<>(response, body);
  }

  private record Buffered<T>(HttpResponse<byte[]> raw, T body) implements HttpResponse<T> {
    @Override public int statusCode() { return raw.statusCode(); }
    @Override public HttpRequest request() { return raw.request(); }
    @Override public Optional<HttpResponse<T>> previousResponse() { return Optional.empty(); }
    @Override public HttpHeaders headers() { return raw.headers(); }
    @Override public Optional<SSLSession> sslSession() { return raw.sslSession(); }
    @Override public URI uri() { return raw.uri(); }
    @Override public Version version() { return raw.version(); }
  }

  @Override
  public <T> CompletableFuture<HttpResponse<T>> sendAsync(HttpRequest request, HttpResponse.BodyHandler<T> handler) {
    Executor executor = delegate.executor().orElse(ForkJoinPool.commonPool());
    return CompletableFuture.supplyAsync(() -> {
      try {
        return send(request, handler);
      } catch (IOException e) {
        throw new CompletionException(e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new CompletionException(e);
      }
    }, executor);
  }

  @Override
  public <T> CompletableFuture<HttpResponse<T>> sendAsync(HttpRequest request, HttpResponse.BodyHandler<T> handler,
      HttpResponse.PushPromiseHandler<T> pushPromiseHandler) {
    return sendAsync(request, handler);
  }

  @Override public Optional<CookieHandler> cookieHandler() { return delegate.cookieHandler(); }
  @Override public Optional<Duration> connectTimeout() { return delegate.connectTimeout(); }
  @Override public Redirect followRedirects() { return delegate.followRedirects(); }
  @Override public Optional<ProxySelector> proxy() { return delegate.proxy(); }
  @Override public SSLContext sslContext() { return delegate.sslContext(); }
  @Override public SSLParameters sslParameters() { return delegate.sslParameters(); }
  @Override public Optional<Authenticator> authenticator() { return delegate.authenticator(); }
  @Override public Version version() { return delegate.version(); }
  @Override public Optional<Executor> executor() { return delegate.executor(); }
}
