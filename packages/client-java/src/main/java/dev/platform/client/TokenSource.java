package dev.platform.client;

import java.io.IOException;

/** Where the bearer credential of each request comes from: an API key or OAuth access tokens. */
public interface TokenSource {
  /**
   * The credential to send now.
   *
   * @param renew true to get a new token even if the current one has not expired (after a 401)
   */
  String token(boolean renew) throws IOException, InterruptedException;

  /** Whether {@link #token(boolean) token(true)} can return another credential. */
  default boolean renewable() {
    return false;
  }

  /** A fixed API key ({@code sk_live_…}, {@code sk_test_…}). */
  static TokenSource apiKey(String key) {
    if (key == null || key.isBlank()) {
      throw new IllegalArgumentException("API key is empty");
    }
    return renew -> key;
  }
}
