package dev.platform.client;

/**
 * Throws a checked exception where the signature cannot declare it: a {@link PlatformProblemException}
 * (a checked {@code ApiException}) out of the {@code HttpClient} or the response interceptor, through
 * the generated operations, which declare {@code throws ApiException}.
 */
final class Sneaky {
  private Sneaky() {}

  static RuntimeException raise(Throwable t) {
    return Sneaky.<RuntimeException>doThrow(t);
  }

  @SuppressWarnings("unchecked")
  private static <T extends Throwable> T doThrow(Throwable t) throws T {
    throw (T) t;
  }
}
