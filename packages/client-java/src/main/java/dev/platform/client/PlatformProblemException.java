package dev.platform.client;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.platform.client.generated.ApiException;
import java.net.http.HttpHeaders;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An RFC 9457 problem answered by the platform (or an OAuth error of the token exchange), typed.
 *
 * <p>It extends the generator's {@link ApiException}, so the generated operations throw it directly
 * when the client was built by {@link PlatformClient}; {@link #from(ApiException)} translates an
 * {@code ApiException} obtained otherwise. Branch on {@link #code()}, which is stable.
 */
public class PlatformProblemException extends ApiException {
  private static final long serialVersionUID = 1L;
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private final int status;
  private final String code;
  private final String title;
  private final String detail;
  private final String requestId;
  private final List<FieldError> errors;
  private final transient Map<String, Object> problem;

  public PlatformProblemException(
      int status, String code, String title, String detail, String requestId, List<FieldError> errors,
      Map<String, Object> problem, HttpHeaders headers, String body) {
    super(message(status, code, title, detail, requestId), status, headers, body);
    this.status = status;
    this.code = code;
    this.title = title;
    this.detail = detail;
    this.requestId = requestId;
    this.errors = errors == null ? List.of() : List.copyOf(errors);
    this.problem = problem == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(problem));
  }

  /** The HTTP status. */
  public int status() {
    return status;
  }

  /** The stable machine-readable code ({@code precondition_failed}, {@code rate_limited}, ...). */
  public String code() {
    return code;
  }

  public String title() {
    return title;
  }

  public String detail() {
    return detail;
  }

  /** The request id ({@code request_id}, else the {@code X-Request-Id} header): quote it to support. */
  public String requestId() {
    return requestId;
  }

  /** The fields at fault ({@code errors[]}), empty when none. */
  public List<FieldError> errors() {
    return errors;
  }

  /** The whole problem object, extension members included ({@code current_version}, ...). */
  public Map<String, Object> problem() {
    return problem;
  }

  /** An extension member of the problem, such as {@code current_status} or {@code allowed_actions}. */
  public Optional<Object> extension(String name) {
    return Optional.ofNullable(problem.get(name));
  }

  /**
   * Reads a problem answer: {@code application/problem+json}, or JSON with a {@code code} or OAuth
   * {@code error}. Empty for anything else.
   */
  public static Optional<PlatformProblemException> parse(int status, HttpHeaders headers, String body) {
    if (body == null || body.isBlank()) {
      return Optional.empty();
    }
    Map<String, Object> map;
    try {
      map = MAPPER.readValue(body, new TypeReference<LinkedHashMap<String, Object>>() {});
    } catch (Exception notJson) {
      return Optional.empty();
    }
    if (map == null) {
      return Optional.empty();
    }
    String requestId = string(map.get("request_id"));
    if (requestId == null && headers != null) {
      requestId = headers.firstValue("X-Request-Id").orElse(null);
    }
    String code = string(map.get("code"));
    if (code == null && map.get("error") instanceof String oauthError) {
      // RFC 6749 error of the token endpoint: { error, error_description }.
      return Optional.of(new PlatformProblemException(status, oauthError, oauthError,
          string(map.get("error_description")), requestId, List.of(), map, headers, body));
    }
    boolean problemType = headers != null && headers.firstValue("Content-Type")
        .map(ct -> ct.toLowerCase().startsWith("application/problem+json")).orElse(false);
    if (code == null && !problemType) {
      return Optional.empty();
    }
    List<FieldError> errors = new ArrayList<>();
    if (map.get("errors") instanceof List<?> list) {
      for (Object item : list) {
        if (item instanceof Map<?, ?> e) {
          errors.add(new FieldError(string(e.get("field")), string(e.get("message"))));
        }
      }
    }
    return Optional.of(new PlatformProblemException(status, code, string(map.get("title")),
        string(map.get("detail")), requestId, errors, map, headers, body));
  }

  /** The typed problem of an {@code ApiException} holding one, else empty. */
  public static Optional<PlatformProblemException> from(ApiException e) {
    if (e instanceof PlatformProblemException p) {
      return Optional.of(p);
    }
    if (e.getCode() == 0) {
      return Optional.empty();
    }
    return parse(e.getCode(), e.getResponseHeaders(), e.getResponseBody());
  }

  private static String string(Object o) {
    return o == null ? null : o.toString();
  }

  private static String message(int status, String code, String title, String detail, String requestId) {
    StringBuilder sb = new StringBuilder().append(status);
    if (code != null) {
      sb.append(' ').append(code);
    }
    if (title != null) {
      sb.append(": ").append(title);
    }
    if (detail != null && !detail.equals(title)) {
      sb.append(" - ").append(detail);
    }
    if (requestId != null) {
      sb.append(" (request ").append(requestId).append(')');
    }
    return sb.toString();
  }
}
