package dev.platform.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import dev.platform.client.generated.model.CreateOrderInput;
import dev.platform.client.generated.model.CreateWebhookEndpointInput;
import dev.platform.client.generated.model.InventoryItem;
import dev.platform.client.generated.model.InventoryItemList;
import dev.platform.client.generated.model.Order;
import dev.platform.client.generated.model.OrderKind;
import dev.platform.client.generated.model.OrderLineInput;
import dev.platform.client.generated.model.OrderList;
import dev.platform.client.generated.model.UpdateOrderInput;
import dev.platform.client.generated.model.WebhookEndpointWithSecret;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.MethodOrderer;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;

/**
 * The library against a real platform (test/clients/java-client.test.ts starts one and runs
 * {@code mvn -Psmoke test} with the PLATFORM_* variables); skipped without PLATFORM_URL.
 */
@EnabledIfEnvironmentVariable(named = "PLATFORM_URL", matches = ".+")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SmokeIT {
  private static final String TENANT = env("PLATFORM_TENANT_ID");
  private static final String CUSTOMER = env("PLATFORM_CUSTOMER_ID");
  private static final String ITEM = env("PLATFORM_ITEM_ID");

  private static final PlatformClient PLATFORM = client(env("PLATFORM_URL"), TENANT,
      env("PLATFORM_CLIENT_ID"), env("PLATFORM_CLIENT_SECRET"), new AtomicInteger(), 3);

  private static String env(String name) {
    String value = System.getenv(name);
    return value == null ? "" : value;
  }

  private static PlatformClient client(String url, String tenant, String id, String secret, AtomicInteger retries,
      int maxRetries) {
    return PlatformClient.builder()
        .baseUrl(url)
        .tenantId(tenant)
        .clientCredentials(id, secret)
        .timeout(Duration.ofSeconds(15))
        .maxRetries(maxRetries)
        .onRetry(event -> {
          retries.incrementAndGet();
          System.out.printf("  retry after attempt %d of %s %s: %s, waiting %d ms%n", event.attempt(), event.method(),
              event.uri().getPath(), event.status() == 0 ? event.failure() : event.status(), event.delay().toMillis());
        })
        .build();
  }

  private static void step(String text) {
    System.out.println("[java smoke] " + text);
  }

  private static Order newOrder(PlatformClient platform, String reference) throws Exception {
    return platform.crm().createOrder(TENANT, new CreateOrderInput()
        .kind(OrderKind.SALES)
        .customerId(CUSTOMER)
        .externalReference(reference)
        .addLinesItem(new OrderLineInput().itemId(ITEM).quantity(1).unitPrice(1250L)), null);
  }

  @Test
  @org.junit.jupiter.api.Order(1)
  void tokenViaClientCredentials() throws Exception {
    step("1. token via client credentials");
    ClientCredentialsTokenSource tokens = (ClientCredentialsTokenSource) PLATFORM.tokenSource();
    String token = tokens.token(false);
    assertFalse(token.isBlank());
    assertEquals(1, tokens.exchanges());
  }

  @Test
  @org.junit.jupiter.api.Order(2)
  void iteratesEveryPageOfAFilteredList() throws Exception {
    step("2. list items of the warehouse, 10 per page, every page");
    AtomicInteger pages = new AtomicInteger();
    List<String> ids = Pages.<InventoryItem, InventoryItemList>stream(page -> {
      pages.incrementAndGet();
      return PLATFORM.inventory().inventoryItems(TENANT, null, env("PLATFORM_WAREHOUSE_ID"), null, null, null, null, null, null, null, null, null, page, 10, null, null);
    }).map(InventoryItem::getId).collect(Collectors.toList());
    Set<String> expected = IntStream.rangeClosed(1, 25).mapToObj(i -> String.format("SMOKE-%02d", i))
        .collect(Collectors.toCollection(TreeSet::new));
    assertEquals(25, ids.size(), ids.toString());
    assertEquals(expected, new TreeSet<>(ids));
    assertEquals(3, pages.get(), "3 pages of 10, none past the last");
  }



  @Test
  @org.junit.jupiter.api.Order(3)
  void aLostAnswerIsRetriedWithTheSameIdempotencyKey() throws Exception {
    step("3. create an order through the proxy that loses the first answer");
    AtomicInteger retries = new AtomicInteger();
    PlatformClient flaky = client(env("PLATFORM_FLAKY_URL"), TENANT, env("PLATFORM_CLIENT_ID"),
        env("PLATFORM_CLIENT_SECRET"), retries, 3);
    String reference = "java-smoke-" + UUID.randomUUID();
    Order order = newOrder(flaky, reference);
    assertEquals(reference, order.getExternalReference());
    assertTrue(retries.get() >= 1, "the lost answer was retried");
    List<Order> same = Pages.<Order, OrderList>stream(page -> PLATFORM.crm().orders(TENANT, OrderKind.SALES, null, null,
            CUSTOMER, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, page, 100, null, null))
        .filter(o -> reference.equals(o.getExternalReference()))
        .collect(Collectors.toList());
    assertEquals(1, same.size(), "exactly one order with the reference");

  }

  @Test
  @org.junit.jupiter.api.Order(4)
  void staleIfMatchAndInvalidTransitionAreTypedProblems() throws Exception {
    step("4. stale If-Match is a typed 412; an invalid lifecycle action a typed 409");
    Order order = newOrder(PLATFORM, "java-smoke-" + UUID.randomUUID());
    int version = order.getVersion();
    Order updated = PLATFORM.crm().updateOrder(TENANT, order.getId(), new UpdateOrderInput().notes("first"), null,
        ETags.ifMatch(version));
    assertEquals(version + 1, updated.getVersion());
    PlatformProblemException stale = assertThrows(PlatformProblemException.class, () -> PLATFORM.crm().updateOrder(
        TENANT, order.getId(), new UpdateOrderInput().notes("second"), null, ETags.ifMatch(version)));
    assertEquals(412, stale.status());
    assertEquals("precondition_failed", stale.code());
    assertNotNull(stale.requestId(), "the problem names its request");
    System.out.println("  " + stale.getMessage());

    // `receive` is an action of purchase orders: on a sales order the status allows no such move.
    PlatformProblemException transition = assertThrows(PlatformProblemException.class,
        () -> PLATFORM.crm().receiveOrder(TENANT, order.getId(), null, null, null));
    assertEquals(409, transition.status());
    assertEquals("invalid_transition", transition.code());
    assertNotNull(transition.requestId());
    System.out.println("  " + transition.getMessage());
  }

  @Test
  @org.junit.jupiter.api.Order(5)
  void aThrottledBurstSucceedsThroughRetries() throws Exception {
    step("5. a burst of 8 reads on the throttled tenant");
    AtomicInteger retries = new AtomicInteger();
    String tenant = env("PLATFORM_THROTTLED_TENANT_ID");
    PlatformClient throttled = client(env("PLATFORM_URL"), tenant, env("PLATFORM_THROTTLED_CLIENT_ID"),
        env("PLATFORM_THROTTLED_CLIENT_SECRET"), retries, 8);
    throttled.tokenSource().token(false);
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<InventoryItemList>> reads = new ArrayList<>();
      for (int i = 0; i < 8; i++) {
        reads.add(pool.submit(() -> throttled.inventory().inventoryItems(tenant, null, null, null, null, null, null, null, null, null, null, null, 1, 5, null, null)));
      }
      for (Future<InventoryItemList> read : reads) {
        assertNotNull(read.get(60, TimeUnit.SECONDS).getData());
      }
    } finally {
      pool.shutdownNow();
    }
    assertTrue(retries.get() >= 1, "at least one 429 was waited out and retried");
    System.out.println("  retries: " + retries.get());
  }

  @Test
  @org.junit.jupiter.api.Order(6)
  void aWebhookDeliveryIsVerified() throws Exception {
    step("6. webhook endpoint, order.created delivery, signature verified");
    LinkedBlockingQueue<Map.Entry<String, Map<String, List<String>>>> deliveries = new LinkedBlockingQueue<>();
    HttpServer receiver = HttpServer.create(new InetSocketAddress(env("PLATFORM_WEBHOOK_HOST"), 0), 0);
    receiver.createContext("/hooks", exchange -> {
      String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
      deliveries.add(Map.entry(body, Map.copyOf(exchange.getRequestHeaders())));
      exchange.sendResponseHeaders(204, -1);
      exchange.close();
    });
    receiver.start();
    try {
      String url = "http://" + env("PLATFORM_WEBHOOK_HOST") + ":" + receiver.getAddress().getPort() + "/hooks";
      // Built from JSON: the event types' generated item type follows the document's schema for them.
      CreateWebhookEndpointInput input = PLATFORM.apiClient().getObjectMapper().convertValue(
          Map.of("url", url, "event_types", List.of("order.created")), CreateWebhookEndpointInput.class);
      WebhookEndpointWithSecret endpoint = PLATFORM.webhooks().createWebhookEndpoint(TENANT, input, null);
      assertTrue(endpoint.getSecret().startsWith("whsec_"));
      WebhookVerifier verifier = new WebhookVerifier(endpoint.getSecret());

      Order order = newOrder(PLATFORM, "java-smoke-" + UUID.randomUUID());
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      JsonNode event = null;
      Map.Entry<String, Map<String, List<String>>> delivery = null;
      while (event == null) {
        long left = deadline - System.nanoTime();
        delivery = deliveries.poll(Math.max(0, left), TimeUnit.NANOSECONDS);
        assertNotNull(delivery, "no order.created delivery for " + order.getId() + " within 30 s");
        JsonNode verified = verifier.verify(delivery.getKey(), delivery.getValue());
        if (order.getId().equals(verified.path("data").path("id").asText())) {
          event = verified;
        }
      }
      assertEquals("order.created", event.path("type").asText());
      String tampered = delivery.getKey().replace(order.getId(), order.getId() + "x");
      Map<String, List<String>> headers = delivery.getValue();
      assertThrows(WebhookVerifier.WebhookVerificationException.class, () -> verifier.verify(tampered, headers));
      System.out.println("  verified delivery of " + order.getId());
    } finally {
      receiver.stop(0);
    }
    step("done");
  }
}
