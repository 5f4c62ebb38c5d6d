package dev.platform.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

class WebhookVerifierTest {
  private static final String SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
  private static final String BODY = "{\"type\":\"order.created\",\"data\":{\"id\":\"ord_1\"}}";

  /** Signs as the spec says, independently of the library under test. */
  private static String sign(String id, long timestamp, String body) throws Exception {
    Mac mac = Mac.getInstance("HmacSHA256");
    mac.init(new SecretKeySpec(Base64.getDecoder().decode(SECRET.substring("whsec_".length())), "HmacSHA256"));
    return "v1," + Base64.getEncoder().encodeToString(
        mac.doFinal((id + "." + timestamp + "." + body).getBytes(StandardCharsets.UTF_8)));
  }

  private static Map<String, List<String>> headers(String id, long ts, String signature) {
    return Map.of("Webhook-Id", List.of(id), "Webhook-Timestamp", List.of(Long.toString(ts)),
        "Webhook-Signature", List.of(signature));
  }

  @Test
  void theSpecTestVector() {
    // Standard Webhooks' published example: this secret, id and timestamp sign to this value.
    WebhookVerifier verifier = new WebhookVerifier(SECRET);
    assertEquals("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
        verifier.sign("msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330L, "{\"test\": 2432232314}"));
  }

  @Test
  void acceptsAGenuineDelivery() throws Exception {
    long now = System.currentTimeMillis() / 1000;
    String signature = "v1,bm90LXRoaXMtb25l " + sign("msg_1", now, BODY);
    var event = new WebhookVerifier(SECRET).verify(BODY, headers("msg_1", now, signature));
    assertEquals("ord_1", event.path("data").path("id").asText());
  }

  @Test
  void refusesATamperedBody() throws Exception {
    long now = System.currentTimeMillis() / 1000;
    String signature = sign("msg_1", now, BODY);
    WebhookVerifier verifier = new WebhookVerifier(SECRET);
    assertThrows(WebhookVerifier.WebhookVerificationException.class,
        () -> verifier.verify(BODY.replace("ord_1", "ord_2"), headers("msg_1", now, signature)));
    assertThrows(WebhookVerifier.WebhookVerificationException.class,
        () -> verifier.verify(BODY, headers("msg_2", now, signature)), "another id");
    assertThrows(WebhookVerifier.WebhookVerificationException.class,
        () -> new WebhookVerifier("whsec_" + Base64.getEncoder().encodeToString(new byte[24]))
            .verify(BODY, headers("msg_1", now, signature)), "another secret");
    assertThrows(WebhookVerifier.WebhookVerificationException.class,
        () -> verifier.verify(BODY, Map.of()), "no signature");
  }

  @Test
  void refusesAStaleOrFutureTimestamp() throws Exception {
    long stale = System.currentTimeMillis() / 1000 - 6 * 60;
    long future = System.currentTimeMillis() / 1000 + 6 * 60;
    WebhookVerifier verifier = new WebhookVerifier(SECRET);
    assertThrows(WebhookVerifier.WebhookVerificationException.class,
        () -> verifier.verify(BODY, headers("msg_1", stale, sign("msg_1", stale, BODY))));
    assertThrows(WebhookVerifier.WebhookVerificationException.class,
        () -> verifier.verify(BODY, headers("msg_1", future, sign("msg_1", future, BODY))));
  }
}
