package dev.platform.client;

import dev.platform.client.generated.ApiClient;
import dev.platform.client.generated.api.AgentTasksApi;
import dev.platform.client.generated.api.AuditApi;
import dev.platform.client.generated.api.AuthApi;
import dev.platform.client.generated.api.ConnectorsApi;
import dev.platform.client.generated.api.CopilotApi;
import dev.platform.client.generated.api.CrmApi;
import dev.platform.client.generated.api.DocumentExtractionApi;
import dev.platform.client.generated.api.EventsApi;
import dev.platform.client.generated.api.FinanceApi;
import dev.platform.client.generated.api.InventoryApi;
import dev.platform.client.generated.api.RolesApi;
import dev.platform.client.generated.api.SyncApi;
import dev.platform.client.generated.api.TenantsApi;
import dev.platform.client.generated.api.UsersApi;
import dev.platform.client.generated.api.WebhooksApi;
import dev.platform.client.generated.api.WorkflowRunsApi;
import dev.platform.client.generated.api.WorkflowsApi;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * The entry point: the generated operation groups ({@link #crm()}, {@link #inventory()}, ... or any
 * with {@link #api(Class)}) wired to one {@link PlatformHttpClient}, which authenticates, names the
 * tenant, adds idempotency keys, retries and times out each attempt; problem answers are thrown as
 * {@link PlatformProblemException}.
 *
 * <pre>{@code
 * PlatformClient platform = PlatformClient.builder()
 *     .baseUrl("https://api.example.com")
 *     .tenantId("ten_...")
 *     .clientCredentials(clientId, clientSecret)
 *     .build();
 * InventoryItemList page = platform.inventory().inventoryItems(platform.tenantId(), null, null, null, null, null, null, null, null, null, null, null, 1, 25, null, null);
 * }</pre>
 */
public final class PlatformClient {
  /** The version of this library, sent in the User-Agent. */
  public static final String VERSION = "1.0.0";

  private final String tenantId;
  private final URI baseUri;
  private final ApiClient apiClient;
  private final PlatformHttpClient httpClient;
  private final TokenSource tokens;
  private final Map<Class<?>, Object> apis = new ConcurrentHashMap<>();

  private PlatformClient(Builder b) {
    this.tenantId = b.tenantId;
    this.baseUri = URI.create(b.baseUrl.endsWith("/") ? b.baseUrl.substring(0, b.baseUrl.length() - 1) : b.baseUrl);
    HttpClient real = b.httpClientBuilder != null ? b.httpClientBuilder.build()
        : HttpClient.newBuilder().connectTimeout(b.connectTimeout).version(HttpClient.Version.HTTP_1_1).build();
    PlatformHttpClient[] self = new PlatformHttpClient[1];
    if (b.apiKey != null) {
      this.tokens = TokenSource.apiKey(b.apiKey);
    } else if (b.clientId != null) {
      this.tokens = new ClientCredentialsTokenSource(baseUri, b.clientId, b.clientSecret, b.scope,
          b.renewBefore, b.timeout, request -> self[0].exchange(request, false), b.clock);
    } else if (b.tokenSource != null) {
      this.tokens = b.tokenSource;
    } else {
      throw new IllegalStateException("Set clientCredentials(id, secret), apiKey(key) or tokenSource(source)");
    }
    this.httpClient = new PlatformHttpClient(real, tokens, tenantId,
        new RetryPolicy(b.maxRetries, b.baseDelay, b.maxDelay, b.maxRetryAfter),
        b.timeout, b.idempotencyKeys, b.onRetry, "platform-client-java/" + VERSION);
    self[0] = httpClient;

    ApiClient client = new ApiClient();
    client.updateBaseUri(baseUri.toString());
    client.setHttpClientBuilder(new FixedHttpClientBuilder(httpClient));
    client.setReadTimeout(b.timeout);
    client.setResponseInterceptor(PlatformClient::throwProblems);
    this.apiClient = client;
  }

  /** Starts configuring a client. */
  public static Builder builder() {
    return new Builder();
  }

  /** The tenant every request acts on (sent as {@code X-Service-Tenant}). */
  public String tenantId() {
    return tenantId;
  }

  /** The generator's {@link ApiClient}, wired to {@link #httpClient()}. */
  public ApiClient apiClient() {
    return apiClient;
  }

  /** The HTTP client adding credentials, tenant, idempotency keys, retries and timeouts. */
  public PlatformHttpClient httpClient() {
    return httpClient;
  }

  /** The credential source (a {@link ClientCredentialsTokenSource} with client credentials). */
  public TokenSource tokenSource() {
    return tokens;
  }

  /** Any generated operation group, such as {@code platform.api(CrmApi.class)}. */
  public <T> T api(Class<T> type) {
    return type.cast(apis.computeIfAbsent(type, t -> {
      try {
        return t.getConstructor(ApiClient.class).newInstance(apiClient);
      } catch (ReflectiveOperationException e) {
        throw new IllegalArgumentException(t.getName() + " is not a generated API class", e);
      }
    }));
  }

  public CrmApi crm() { return api(CrmApi.class); }
  public InventoryApi inventory() { return api(InventoryApi.class); }
  public FinanceApi finance() { return api(FinanceApi.class); }
  public EventsApi events() { return api(EventsApi.class); }
  public WebhooksApi webhooks() { return api(WebhooksApi.class); }
  public AuthApi auth() { return api(AuthApi.class); }
  public TenantsApi tenants() { return api(TenantsApi.class); }
  public UsersApi users() { return api(UsersApi.class); }
  public RolesApi roles() { return api(RolesApi.class); }
  public AuditApi audit() { return api(AuditApi.class); }
  public ConnectorsApi connectors() { return api(ConnectorsApi.class); }
  public SyncApi sync() { return api(SyncApi.class); }
  public WorkflowsApi workflows() { return api(WorkflowsApi.class); }
  public WorkflowRunsApi workflowRuns() { return api(WorkflowRunsApi.class); }
  public CopilotApi copilot() { return api(CopilotApi.class); }
  public DocumentExtractionApi documentExtraction() { return api(DocumentExtractionApi.class); }
  public AgentTasksApi agentTasks() { return api(AgentTasksApi.class); }

  /** Response interceptor: a problem answer becomes a {@link PlatformProblemException}. */
  private static void throwProblems(HttpResponse<InputStream> response) {
    if (response.statusCode() / 100 == 2 || response.body() == null) {
      return;
    }
    String body;
    try {
      body = new String(ApiClient.getResponseBody(response).readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      return;
    }
    PlatformProblemException problem = PlatformProblemException.parse(response.statusCode(), response.headers(), body)
        .orElseGet(() -> new PlatformProblemException(response.statusCode(), null, null, body,
            response.headers().firstValue("X-Request-Id").orElse(null), null, null, response.headers(), body));
    throw Sneaky.raise(problem);
  }

  /** Configuration of a {@link PlatformClient}. */
  public static final class Builder {
    private String baseUrl;
    private String tenantId;
    private String clientId;
    private String clientSecret;
    private String scope;
    private String apiKey;
    private TokenSource tokenSource;
    private Duration timeout = Duration.ofSeconds(30);
    private Duration connectTimeout = Duration.ofSeconds(10);
    private int maxRetries = RetryPolicy.DEFAULT.maxRetries();
    private Duration baseDelay = RetryPolicy.DEFAULT.baseDelay();
    private Duration maxDelay = RetryPolicy.DEFAULT.maxDelay();
    private Duration maxRetryAfter = RetryPolicy.DEFAULT.maxRetryAfter();
    private Duration renewBefore = Duration.ofSeconds(60);
    private boolean idempotencyKeys = true;
    private Consumer<RetryEvent> onRetry;
    private HttpClient.Builder httpClientBuilder;
    private Clock clock = Clock.systemUTC();

    private Builder() {}

    /** The platform's base URL, such as {@code https://api.example.com} (the paths start with /v1). */
    public Builder baseUrl(String baseUrl) { this.baseUrl = baseUrl; return this; }
    /** The tenant ({@code ten_…}) every request acts on. */
    public Builder tenantId(String tenantId) { this.tenantId = tenantId; return this; }
    /** OAuth client credentials: tokens from {@code POST /v1/oauth/token}, renewed before expiry. */
    public Builder clientCredentials(String clientId, String clientSecret) {
      this.clientId = clientId; this.clientSecret = clientSecret; return this;
    }
    /** Space-separated scopes to ask for (default: every scope the client is allowed). */
    public Builder scope(String scope) { this.scope = scope; return this; }
    /** An API key instead of client credentials. */
    public Builder apiKey(String apiKey) { this.apiKey = apiKey; return this; }
    /** Any other source of bearer credentials. */
    public Builder tokenSource(TokenSource tokenSource) { this.tokenSource = tokenSource; return this; }
    /** Timeout of each attempt (default 30 s); a timed-out attempt is retried like a network error. */
    public Builder timeout(Duration timeout) { this.timeout = timeout; return this; }
    /** Connection timeout of the default HTTP client (default 10 s). */
    public Builder connectTimeout(Duration connectTimeout) { this.connectTimeout = connectTimeout; return this; }
    /** Retries after the first attempt (default 3; 0 disables retries). */
    public Builder maxRetries(int maxRetries) { this.maxRetries = maxRetries; return this; }
    /** Backoff of the first retry before jitter (default 200 ms), doubled per retry up to {@link #maxDelay}. */
    public Builder baseDelay(Duration baseDelay) { this.baseDelay = baseDelay; return this; }
    /** Largest backoff before jitter (default 10 s). */
    public Builder maxDelay(Duration maxDelay) { this.maxDelay = maxDelay; return this; }
    /** Longest Retry-After waited for (default 60 s); a longer one is returned to the caller. */
    public Builder maxRetryAfter(Duration maxRetryAfter) { this.maxRetryAfter = maxRetryAfter; return this; }
    /** Renew the access token this long before it expires (default 60 s, at most half its lifetime). */
    public Builder renewBefore(Duration renewBefore) { this.renewBefore = renewBefore; return this; }
    /** Whether writes without an Idempotency-Key get a random one (default true); without, writes are not retried. */
    public Builder idempotencyKeys(boolean enabled) { this.idempotencyKeys = enabled; return this; }
    /** Called before each retry (log it, count it). */
    public Builder onRetry(Consumer<RetryEvent> listener) { this.onRetry = listener; return this; }
    /** The real HTTP client's configuration (proxy, TLS, executor). */
    public Builder httpClient(HttpClient.Builder builder) { this.httpClientBuilder = builder; return this; }
    /** The clock of token expiry (tests). */
    public Builder clock(Clock clock) { this.clock = clock; return this; }

    public PlatformClient build() {
      Objects.requireNonNull(baseUrl, "baseUrl");
      Objects.requireNonNull(tenantId, "tenantId");
      Objects.requireNonNull(timeout, "timeout");
      return new PlatformClient(this);
    }
  }
}
