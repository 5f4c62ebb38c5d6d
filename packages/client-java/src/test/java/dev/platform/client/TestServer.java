package dev.platform.client;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/** A real HTTP server on loopback whose answers each test scripts. */
final class TestServer implements AutoCloseable {

  /** A request as the server received it. */
  record Received(String method, URI uri, Map<String, List<String>> headers, String body) {
    String header(String name) {
      return headers.entrySet().stream()
          .filter(e -> e.getKey().equalsIgnoreCase(name))
          .map(e -> e.getValue().get(0))
          .findFirst().orElse(null);
    }
  }

  /** Answers one request; {@code n} counts the requests to the same path, from 1. */
  @FunctionalInterface
  interface Handler {
    void handle(Received request, int n, HttpExchange exchange) throws Exception;
  }

  private final HttpServer server;
  final List<Received> requests = new CopyOnWriteArrayList<>();
  final AtomicInteger tokens = new AtomicInteger();
  private final Map<String, AtomicInteger> counts = new java.util.concurrent.ConcurrentHashMap<>();
  volatile long tokenLifetime = 3600;
  /** When set, the token endpoint refuses the client with this RFC 6749 error. */
  volatile String tokenError;

  TestServer(Handler api) throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.setExecutor(Executors.newCachedThreadPool());
    server.createContext("/", exchange -> {
      try {
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        Received r = new Received(exchange.getRequestMethod(), exchange.getRequestURI(),
            Map.copyOf(exchange.getRequestHeaders()), body);
        if (r.uri().getPath().equals("/v1/oauth/token")) {
          if (tokenError != null) {
            json(exchange, 401, "{\"error\":\"" + tokenError + "\",\"error_description\":\"Unknown client.\"}");
            return;
          }
          int n = tokens.incrementAndGet();
          json(exchange, 200, "{\"access_token\":\"token-" + n + "\",\"token_type\":\"Bearer\",\"expires_in\":"
              + tokenLifetime + ",\"scope\":\"crm:read\"}");
          return;
        }
        requests.add(r);
        int n = counts.computeIfAbsent(r.method() + " " + r.uri().getPath(), k -> new AtomicInteger()).incrementAndGet();
        api.handle(r, n, exchange);
      } catch (Exception e) {
        e.printStackTrace();
        exchange.close();
      } finally {
        exchange.close();
      }
    });
    server.start();
  }

  String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  static void json(HttpExchange exchange, int status, String body) throws IOException {
    send(exchange, status, "application/json", body);
  }

  static void problem(HttpExchange exchange, int status, String body) throws IOException {
    send(exchange, status, "application/problem+json", body);
  }

  static void send(HttpExchange exchange, int status, String type, String body) throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", type);
    exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
    if (bytes.length > 0) {
      exchange.getResponseBody().write(bytes);
    }
    exchange.close();
  }

  /** Loses the answer: the connection is closed without a response. */
  static void drop(HttpExchange exchange) {
    exchange.close();
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
