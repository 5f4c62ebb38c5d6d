package dev.platform.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.platform.client.generated.ApiException;
import dev.platform.client.generated.model.CreateOrderInput;
import dev.platform.client.generated.model.InventoryItem;
import dev.platform.client.generated.model.Order;
import dev.platform.client.generated.model.UpdateOrderInput;
import java.net.http.HttpTimeoutException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The hand-written core against real HTTP servers on loopback. */
class PlatformClientTest {
  private static final String TENANT = "ten_0123456789abcdef01234567";
  private static final String ORDER = "{\"id\":\"ord_1\",\"kind\":\"sales\",\"status\":\"draft\",\"customer_id\":\"cus_1\","
      + "\"currency\":\"EUR\",\"number\":\"SO-000001\",\"version\":1,\"lines\":[]}";
  private static final String ITEMS_PATH = "/v1/inventory/items";

  private TestServer server;
  private final List<RetryEvent> retries = new CopyOnWriteArrayList<>();

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
  }

  private PlatformClient.Builder client() {
    return PlatformClient.builder()
        .baseUrl(server.url())
        .tenantId(TENANT)
        .clientCredentials("cli_test", "secret")
        .baseDelay(Duration.ofMillis(20))
        .timeout(Duration.ofSeconds(5))
        .onRetry(retries::add);
  }

  private static String itemsPage(int page, int perPage, int total) {
    List<String> items = new ArrayList<>();
    for (int i = (page - 1) * perPage + 1; i <= Math.min(total, page * perPage); i++) {
      items.add(String.format("{\"id\":\"SKU-%02d\",\"name\":\"Item %d\",\"quantity_on_hand\":1,\"reorder_point\":0,"
          + "\"warehouse_id\":\"wh_1\",\"allow_backorder\":false,\"version\":1}", i, i));
    }
    boolean last = page * perPage >= total;
    return "{\"data\":[" + String.join(",", items) + "],\"meta\":{\"total\":" + total + ",\"page\":" + page
        + ",\"per_page\":" + perPage + ",\"next_cursor\":" + (last ? "null" : "\"c" + page + "\"") + "}}";
  }

  private static int queryInt(String query, String name, int fallback) {
    Matcher m = Pattern.compile("(?:^|&)" + name + "=(\\d+)").matcher(query == null ? "" : query);
    return m.find() ? Integer.parseInt(m.group(1)) : fallback;
  }

  private static void listItems(TestServer.Received r, com.sun.net.httpserver.HttpExchange ex) throws Exception {
    String q = r.uri().getRawQuery();
    TestServer.json(ex, 200, itemsPage(queryInt(q, "page", 1), queryInt(q, "per_page", 25), 25));
  }

  @Test
  void sendsTokenAndTenantAndRenewsTheTokenBeforeItExpires() throws Exception {
    server = new TestServer((r, n, ex) -> listItems(r, ex));
    MutableClock clock = new MutableClock();
    PlatformClient platform = client().clock(clock).renewBefore(Duration.ofSeconds(60)).build();

    platform.inventory().inventoryItems(platform.tenantId(), null, null, null, null, null, null, null, null, null, null, null, 1, 10, null, null);
    platform.inventory().inventoryItems(platform.tenantId(), null, null, null, null, null, null, null, null, null, null, null, 1, 10, null, null);
    assertEquals(1, server.tokens.get(), "the token is cached");
    clock.advance(Duration.ofSeconds(3600 - 61));
    platform.inventory().inventoryItems(platform.tenantId(), null, null, null, null, null, null, null, null, null, null, null, 1, 10, null, null);
    assertEquals(1, server.tokens.get(), "still valid for more than the margin");
    clock.advance(Duration.ofSeconds(2));
    platform.inventory().inventoryItems(platform.tenantId(), null, null, null, null, null, null, null, null, null, null, null, 1, 10, null, null);
    assertEquals(2, server.tokens.get(), "renewed within 60 s of expiry, before it expired");

    assertEquals("Bearer token-1", server.requests.get(0).header("Authorization"));
    assertEquals("Bearer token-2", server.requests.get(3).header("Authorization"));
    for (TestServer.Received r : server.requests) {
      assertEquals(TENANT, r.header("X-Service-Tenant"));
      assertTrue(r.header("User-Agent").startsWith("platform-client-java/"));
    }
  }

  @Test
  void aRefusedTokenExchangeIsATypedProblem() throws Exception {
    server = new TestServer((r, n, ex) -> listItems(r, ex));
    server.tokenError = "invalid_client";
    PlatformClient platform = client().build();
    PlatformProblemException e = assertThrows(PlatformProblemException.class,
        () -> platform.inventory().inventoryItems(TENANT, null, null, null, null, null, null, null, null, null, null, null, 1, 10, null, null));
    assertEquals(401, e.status());
    assertEquals("invalid_client", e.code());
    assertEquals("Unknown client.", e.detail());
    assertTrue(server.requests.isEmpty(), "no API request without a token");
  }

  @Test
  void aRejectedTokenIsRenewedOnce() throws Exception {
    server = new TestServer((r, n, ex) -> {
      if (n == 1) {
        TestServer.problem(ex, 401, "{\"status\":401,\"code\":\"invalid_token\",\"title\":\"Unauthorized\"}");
      } else {
        listItems(r, ex);
      }
    });
    PlatformClient platform = client().build();
    platform.inventory().inventoryItems(TENANT, null, null, null, null, null, null, null, null, null, null, null, 1, 10, null, null);
    assertEquals(2, server.tokens.get());
    assertEquals("Bearer token-2", server.requests.get(1).header("Authorization"));
  }

  @Test
  void retriesA429AfterRetryAfter() throws Exception {
    server = new TestServer((r, n, ex) -> {
      if (n == 1) {
        ex.getResponseHeaders().set("Retry-After", "1");
        TestServer.problem(ex, 429, "{\"status\":429,\"code\":\"rate_limited\",\"title\":\"Too Many Requests\"}");
      } else {
        listItems(r, ex);
      }
    });
    PlatformClient platform = client().build();
    long start = System.nanoTime();
    var page = platform.inventory().inventoryItems(TENANT, null, null, null, null, null, null, null, null, null, null, null, 1, 10, null, null);
    long elapsedMs = (System.nanoTime() - start) / 1_000_000;
    assertEquals(10, page.getData().size());
    assertEquals(2, server.requests.size());
    assertTrue(elapsedMs >= 1000, "waited for Retry-After: " + elapsedMs + " ms");
    assertEquals(1, retries.size());
    assertEquals(429, retries.get(0).status());
    assertTrue(retries.get(0).delay().compareTo(Duration.ofSeconds(1)) >= 0);
  }

  @Test
  void retriesA503AndANetworkError() throws Exception {
    server = new TestServer((r, n, ex) -> {
      // Two lost answers in a row: the JDK client itself may retry a GET once on a pooled
      // connection the server closed, so the second one surely reaches the library.
      if (n <= 2) {
        TestServer.drop(ex);
      } else if (n == 3) {
        TestServer.problem(ex, 503, "{\"status\":503,\"code\":\"service_unavailable\"}");
      } else {
        listItems(r, ex);
      }
    });
    PlatformClient platform = client().maxRetries(4).build();
    var page = platform.inventory().inventoryItems(TENANT, null, null, null, null, null, null, null, null, null, null, null, 1, 10, null, null);
    assertEquals(10, page.getData().size());
    assertEquals(4, server.requests.size());
    assertTrue(retries.stream().anyMatch(e -> e.status() == 0 && e.failure() != null), "retried a network error");
    assertEquals(503, retries.get(retries.size() - 1).status(), "then the 503");
  }

  @Test
  void givesUpAfterMaxRetries() throws Exception {
    server = new TestServer((r, n, ex) ->
        TestServer.problem(ex, 503, "{\"status\":503,\"code\":\"service_unavailable\",\"title\":\"Unavailable\"}"));
    PlatformClient platform = client().maxRetries(2).build();
    PlatformProblemException e = assertThrows(PlatformProblemException.class,
        () -> platform.inventory().inventoryItems(TENANT, null, null, null, null, null, null, null, null, null, null, null, 1, 10, null, null));
    assertEquals(503, e.status());
    assertEquals("service_unavailable", e.code());
    assertEquals(3, server.requests.size());
  }

  @Test
  void aWriteGetsAnIdempotencyKeyReusedByItsRetries() throws Exception {
    server = new TestServer((r, n, ex) -> {
      if (n == 1) {
        TestServer.drop(ex);
      } else if (n == 2) {
        TestServer.problem(ex, 502, "{\"status\":502,\"code\":\"internal_error\"}");
      } else {
        TestServer.json(ex, 201, ORDER);
      }
    });
    PlatformClient platform = client().build();
    Order order = platform.crm().createOrder(TENANT,
        new CreateOrderInput().kind(dev.platform.client.generated.model.OrderKind.SALES).customerId("cus_1"), null);
    assertEquals("ord_1", order.getId());
    List<String> keys = server.requests.stream().map(r -> r.header("Idempotency-Key")).collect(Collectors.toList());
    assertEquals(3, keys.size());
    assertTrue(keys.get(0).matches("[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}"), keys.get(0));
    assertEquals(keys.get(0), keys.get(1));
    assertEquals(keys.get(0), keys.get(2));
    assertEquals(2, retries.size());
    assertEquals(keys.get(0), retries.get(0).idempotencyKey());

    platform.crm().createOrder(TENANT, new CreateOrderInput().kind(dev.platform.client.generated.model.OrderKind.SALES).customerId("cus_1"), null);
    assertNotEquals(keys.get(0), server.requests.get(3).header("Idempotency-Key"), "every write has its own key");
    assertNull(server.requests.stream().filter(r -> r.method().equals("GET")).findAny().orElse(null));
  }

  @Test
  void aKeyGivenByTheCallerIsKept() throws Exception {
    server = new TestServer((r, n, ex) -> {
      if (n == 1) {
        TestServer.problem(ex, 503, "{\"status\":503,\"code\":\"service_unavailable\"}");
      } else {
        TestServer.json(ex, 201, ORDER);
      }
    });
    PlatformClient platform = client().build();
    platform.crm().createOrder(TENANT, new CreateOrderInput().kind(dev.platform.client.generated.model.OrderKind.SALES).customerId("cus_1"),
        "my-key-1");
    assertEquals("my-key-1", server.requests.get(0).header("Idempotency-Key"));
    assertEquals("my-key-1", server.requests.get(1).header("Idempotency-Key"));
  }

  @Test
  void aWriteWithoutAKeyIsNotRetried() throws Exception {
    server = new TestServer((r, n, ex) -> {
      if (n == 1) {
        TestServer.problem(ex, 503, "{\"status\":503,\"code\":\"service_unavailable\"}");
      } else {
        TestServer.json(ex, 201, ORDER);
      }
    });
    PlatformClient platform = client().idempotencyKeys(false).build();
    PlatformProblemException e = assertThrows(PlatformProblemException.class, () -> platform.crm().createOrder(TENANT,
        new CreateOrderInput().kind(dev.platform.client.generated.model.OrderKind.SALES).customerId("cus_1"), null));
    assertEquals(503, e.status());
    assertEquals(1, server.requests.size(), "not retried");
    assertNull(server.requests.get(0).header("Idempotency-Key"));
    assertTrue(retries.isEmpty());
  }

  @Test
  void aProblemIsThrownTyped() throws Exception {
    server = new TestServer((r, n, ex) -> {
      ex.getResponseHeaders().set("X-Request-Id", "req_header");
      TestServer.problem(ex, 412, "{\"type\":\"https://docs/errors#precondition_failed\",\"status\":412,"
          + "\"code\":\"precondition_failed\",\"title\":\"Precondition Failed\",\"detail\":\"The order changed.\","
          + "\"request_id\":\"req_123\",\"current_version\":4,"
          + "\"errors\":[{\"field\":\"If-Match\",\"message\":\"stale\"}]}");
    });
    PlatformClient platform = client().build();
    PlatformProblemException e = assertThrows(PlatformProblemException.class, () -> platform.crm().updateOrder(TENANT,
        "ord_1", new UpdateOrderInput().notes("x"), null, ETags.ifMatch(3)));
    assertEquals(412, e.status());
    assertEquals(412, e.getCode(), "it is the generator's ApiException too");
    assertEquals("precondition_failed", e.code());
    assertEquals("Precondition Failed", e.title());
    assertEquals("The order changed.", e.detail());
    assertEquals("req_123", e.requestId());
    assertEquals(List.of(new FieldError("If-Match", "stale")), e.errors());
    assertEquals(4, e.problem().get("current_version"));
    assertEquals(4, e.extension("current_version").orElseThrow());
    assertTrue(e.getMessage().contains("precondition_failed"));
    assertEquals(1, server.requests.size(), "a 412 is not retried");
  }

  @Test
  void anApiExceptionFromElsewhereTranslates() {
    var headers = java.net.http.HttpHeaders.of(Map.of("Content-Type", List.of("application/problem+json"),
        "X-Request-Id", List.of("req_9")), (a, b) -> true);
    ApiException raw = new ApiException(409, "conflict", headers,
        "{\"status\":409,\"code\":\"invalid_transition\",\"title\":\"Conflict\",\"current_status\":\"confirmed\"}");
    PlatformProblemException p = PlatformProblemException.from(raw).orElseThrow();
    assertEquals("invalid_transition", p.code());
    assertEquals("req_9", p.requestId(), "the X-Request-Id header when the body has none");
    assertEquals("confirmed", p.extension("current_status").orElseThrow());
    assertTrue(PlatformProblemException.from(new ApiException(new java.io.IOException("x"))).isEmpty());
  }

  @Test
  void ifMatchIsSent() throws Exception {
    server = new TestServer((r, n, ex) -> {
      ex.getResponseHeaders().set("ETag", "\"2\"");
      TestServer.json(ex, 200, ORDER.replace("\"version\":1", "\"version\":2"));
    });
    PlatformClient platform = client().build();
    var answer = platform.crm().updateOrderWithHttpInfo(TENANT, "ord_1", new UpdateOrderInput().notes("n"), null,
        ETags.ifMatch(1));
    assertEquals("\"1\"", server.requests.get(0).header("If-Match"));
    assertEquals("PATCH", server.requests.get(0).method());
    assertEquals(2L, ETags.version(answer).orElseThrow());
  }

  @Test
  void anActionWithoutBodySendsAnEmptyObject() throws Exception {
    server = new TestServer((r, n, ex) -> TestServer.json(ex, 200, ORDER));
    PlatformClient platform = client().build();
    platform.crm().confirmOrder(TENANT, "ord_1", null, null, null);
    platform.crm().confirmOrder(TENANT, "ord_1", null, ETags.ifMatch(1),
        new dev.platform.client.generated.model.LifecycleActionInput().version(1));
    assertEquals("{}", server.requests.get(0).body());
    assertEquals("{\"version\":1}", server.requests.get(1).body());
  }

  @Test
  void iteratesEveryPageAndStopsAfterTheLast() throws Exception {
    server = new TestServer((r, n, ex) -> listItems(r, ex));
    PlatformClient platform = client().build();
    List<String> ids = Pages.<InventoryItem, dev.platform.client.generated.model.InventoryItemList>stream(
            page -> platform.inventory().inventoryItems(TENANT, null, "wh_1", null, null, null, null, null, null, null, null, null, page, 10, null, null))
        .map(InventoryItem::getId)
        .collect(Collectors.toList());
    assertEquals(25, ids.size());
    assertEquals("SKU-01", ids.get(0));
    assertEquals("SKU-25", ids.get(24));
    assertEquals(25, ids.stream().distinct().count());
    List<String> pages = server.requests.stream().map(r -> r.uri().getRawQuery()).collect(Collectors.toList());
    assertEquals(3, pages.size(), "three pages, no request past the last: " + pages);
    assertTrue(pages.get(2).contains("page=3") && pages.get(2).contains("per_page=10"), pages.get(2));

    int count = 0;
    for (InventoryItem item : Pages.<InventoryItem, dev.platform.client.generated.model.InventoryItemList>iterate(
        page -> platform.inventory().inventoryItems(TENANT, null, null, null, null, null, null, null, null, null, null, null, page, 25, null, null),
        dev.platform.client.generated.model.InventoryItemList::getData,
        dev.platform.client.generated.model.InventoryItemList::getMeta)) {
      assertNotNull(item.getId());
      count++;
    }
    assertEquals(25, count);
    assertEquals(4, server.requests.size(), "a single full page is the last one");
  }

  @Test
  void eachAttemptTimesOut() throws Exception {
    server = new TestServer((r, n, ex) -> {
      if (n <= 2) {
        Thread.sleep(3000);
      }
      listItems(r, ex);
    });
    PlatformClient noRetry = client().timeout(Duration.ofMillis(300)).maxRetries(0).build();
    long start = System.nanoTime();
    ApiException e = assertThrows(ApiException.class,
        () -> noRetry.inventory().inventoryItems(TENANT, null, null, null, null, null, null, null, null, null, null, null, 1, 10, null, null));
    long elapsedMs = (System.nanoTime() - start) / 1_000_000;
    assertInstanceOf(HttpTimeoutException.class, e.getCause());
    assertTrue(elapsedMs < 2000, "timed out after " + elapsedMs + " ms");

    PlatformClient retrying = client().timeout(Duration.ofMillis(300)).maxRetries(1).build();
    var page = retrying.inventory().inventoryItems(TENANT, null, null, null, null, null, null, null, null, null, null, null, 1, 10, null, null);
    assertEquals(10, page.getData().size(), "the timed-out attempt is retried");
    assertNotNull(retries.get(0).failure());
  }

  @Test
  void apiKeysAreSentAsBearer() throws Exception {
    server = new TestServer((r, n, ex) -> listItems(r, ex));
    PlatformClient platform = PlatformClient.builder().baseUrl(server.url() + "/").tenantId(TENANT)
        .apiKey("sk_test_abc").build();
    platform.api(dev.platform.client.generated.api.InventoryApi.class)
        .inventoryItems(TENANT, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null);
    assertEquals("Bearer sk_test_abc", server.requests.get(0).header("Authorization"));
    assertEquals(0, server.tokens.get());
  }

  /** A clock the test moves. */
  static final class MutableClock extends Clock {
    private Instant now = Instant.parse("2026-01-01T00:00:00Z");

    void advance(Duration d) {
      now = now.plus(d);
    }

    @Override public java.time.ZoneId getZone() { return ZoneOffset.UTC; }
    @Override public Clock withZone(java.time.ZoneId zone) { return this; }
    @Override public Instant instant() { return now; }
  }
}
