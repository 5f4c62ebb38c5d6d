package dev.platform.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * Access tokens from {@code POST /v1/oauth/token} (client-credentials grant), cached and renewed
 * before they expire: at {@code expires_in} minus the renewal margin, and at the latest half-way
 * through the lifetime of short-lived tokens.
 */
public final class ClientCredentialsTokenSource implements TokenSource {

  /** Sends a request with the client's retries but without a bearer token. */
  @FunctionalInterface
  public interface Transport {
    HttpResponse<byte[]> send(HttpRequest request) throws IOException, InterruptedException;
  }

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private final URI tokenUri;
  private final String clientId;
  private final String clientSecret;
  private final String scope;
  private final Duration renewBefore;
  private final Duration timeout;
  private final Transport transport;
  private final Clock clock;

  private String accessToken;
  private Instant renewAt = Instant.MIN;
  private int exchanges;

  public ClientCredentialsTokenSource(URI baseUri, String clientId, String clientSecret, String scope,
      Duration renewBefore, Duration timeout, Transport transport, Clock clock) {
    this.tokenUri = baseUri.resolve("/v1/oauth/token");
    this.clientId = clientId;
    this.clientSecret = clientSecret;
    this.scope = scope;
    this.renewBefore = renewBefore;
    this.timeout = timeout;
    this.transport = transport;
    this.clock = clock;
  }

  @Override
  public synchronized String token(boolean renew) throws IOException, InterruptedException {
    if (renew || accessToken == null || !clock.instant().isBefore(renewAt)) {
      exchange();
    }
    return accessToken;
  }

  @Override
  public boolean renewable() {
    return true;
  }

  /** How many token exchanges this source made (for monitoring and tests). */
  public synchronized int exchanges() {
    return exchanges;
  }

  private void exchange() throws IOException, InterruptedException {
    ObjectNode body = MAPPER.createObjectNode()
        .put("grant_type", "client_credentials")
        .put("client_id", clientId)
        .put("client_secret", clientSecret);
    if (scope != null) {
      body.put("scope", scope);
    }
    HttpRequest request = HttpRequest.newBuilder(tokenUri)
        .timeout(timeout)
        .header("Content-Type", "application/json")
        .header("Accept", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(MAPPER.writeValueAsString(body)))
        .build();
    Instant sent = clock.instant();
    HttpResponse<byte[]> response = transport.send(request);
    String text = new String(response.body(), StandardCharsets.UTF_8);
    if (response.statusCode() / 100 != 2) {
      throw Sneaky.raise(PlatformProblemException.parse(response.statusCode(), response.headers(), text)
          .orElseGet(() -> new PlatformProblemException(response.statusCode(), "token_exchange_failed",
              "Token exchange failed", text, null, null, null, response.headers(), text)));
    }
    JsonNode json = MAPPER.readTree(text);
    String token = json.path("access_token").asText(null);
    if (token == null) {
      throw new IOException("The token endpoint answered without access_token");
    }
    long lifetime = json.path("expires_in").asLong(3600);
    long margin = Math.min(renewBefore.toSeconds(), lifetime / 2);
    accessToken = token;
    renewAt = sent.plusSeconds(lifetime - margin);
    if (lifetime - margin <= 0) {
      renewAt = sent.plusMillis(lifetime * 500);
    }
    exchanges++;
  }
}
