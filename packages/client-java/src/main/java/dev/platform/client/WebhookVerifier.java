package dev.platform.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.standardwebhooks.Webhook;
import com.standardwebhooks.exceptions.WebhookSigningException;
import java.io.IOException;
import java.net.http.HttpHeaders;
import java.util.List;
import java.util.Map;

/**
 * Verifies webhook deliveries (Standard Webhooks: {@code webhook-id}, {@code webhook-timestamp},
 * {@code webhook-signature} = space-separated {@code v1,<base64 HMAC-SHA256 of id.timestamp.body>},
 * timestamps within 5 minutes) with the Standard Webhooks Java library.
 *
 * <pre>{@code
 * WebhookVerifier verifier = new WebhookVerifier(endpoint.getSecret()); // "whsec_..."
 * JsonNode event = verifier.verify(rawBody, requestHeaders);           // throws when not genuine
 * }</pre>
 */
public final class WebhookVerifier {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private final Webhook webhook;

  /** @param secret the endpoint's signing secret, {@code whsec_<base64>} */
  public WebhookVerifier(String secret) {
    try {
      this.webhook = new Webhook(secret);
    } catch (Exception e) {
      throw new IllegalArgumentException("Invalid webhook secret: " + e.getMessage(), e);
    }
  }

  /** Refused delivery: bad or missing signature, or a timestamp more than 5 minutes away. */
  public static final class WebhookVerificationException extends Exception {
    private static final long serialVersionUID = 1L;

    WebhookVerificationException(String message, Throwable cause) {
      super(message, cause);
    }
  }

  /**
   * Checks the delivery and returns its parsed JSON payload.
   *
   * @param body the raw request body, exactly as received (UTF-8)
   * @param headers the request headers (names in any case)
   */
  public JsonNode verify(String body, Map<String, List<String>> headers) throws WebhookVerificationException {
    try {
      webhook.verify(body, headers);
    } catch (com.standardwebhooks.exceptions.WebhookVerificationException e) {
      throw new WebhookVerificationException(e.getMessage(), e);
    }
    try {
      return MAPPER.readTree(body);
    } catch (IOException e) {
      throw new WebhookVerificationException("The signed payload is not JSON", e);
    }
  }

  /** {@link #verify(String, Map)} with {@code java.net.http} headers. */
  public JsonNode verify(String body, HttpHeaders headers) throws WebhookVerificationException {
    return verify(body, headers.map());
  }

  /** The {@code webhook-signature} value for a payload (tests of your receiver). */
  public String sign(String id, long timestampSeconds, String body) {
    try {
      return webhook.sign(id, timestampSeconds, body);
    } catch (WebhookSigningException e) {
      throw new IllegalStateException(e);
    }
  }
}
