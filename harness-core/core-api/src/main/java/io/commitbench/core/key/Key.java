package io.commitbench.core.key;

import io.commitbench.core.namespace.Owner;
import java.util.List;
import java.util.Optional;

/**
 * One parameter-file key: its name, type, default (or that it is required), allowed range and
 * documentation. Parsing a value either returns it typed or says, in words a user can act on,
 * what is allowed.
 *
 * @param name the key as written in the file
 * @param type how the value is read
 * @param defaultValue the value used when the key is absent; empty when absent means "not set"
 *     or, with {@code required}, an error
 * @param required whether the file must state the key
 * @param min the smallest allowed number (numbers only)
 * @param max the largest allowed number (numbers only)
 * @param choices the allowed words (choices only)
 * @param doc one sentence for the documentation and {@code validate}
 */
public record Key(
    String name,
    Type type,
    Optional<String> defaultValue,
    boolean required,
    long min,
    long max,
    List<String> choices,
    String doc) {

  /** How a value is read. */
  public enum Type {
    INTEGER,
    BOOLEAN,
    CHOICE,
    IDENTIFIER,
    ENV_NAME,
    /** Whose a run's objects are: a word its ownership mark can carry. */
    OWNER,
    TEXT
  }

  private static final String IDENTIFIER_PATTERN = "[a-z][a-z0-9_]{0,29}";
  private static final String ENV_NAME_PATTERN = "[A-Za-z_][A-Za-z0-9_]*";

  public Key {
    choices = List.copyOf(choices);
  }

  public static Key requiredInteger(String name, long min, long max, String doc) {
    return new Key(name, Type.INTEGER, Optional.empty(), true, min, max, List.of(), doc);
  }

  public static Key integer(String name, long defaultValue, long min, long max, String doc) {
    return new Key(name, Type.INTEGER, Optional.of(Long.toString(defaultValue)), false, min, max, List.of(), doc);
  }

  /** A number that may be left out (no default): absent means "not set". */
  public static Key optionalInteger(String name, long min, long max, String doc) {
    return new Key(name, Type.INTEGER, Optional.empty(), false, min, max, List.of(), doc);
  }

  /** This key, required to be stated (a workload asks it of an engine key). */
  public Key asRequired() {
    return new Key(name, type, Optional.empty(), true, min, max, choices, doc);
  }

  public static Key bool(String name, boolean defaultValue, String doc) {
    return new Key(name, Type.BOOLEAN, Optional.of(Boolean.toString(defaultValue)), false, 0, 0, List.of(), doc);
  }

  public static Key choice(String name, String defaultValue, List<String> choices, String doc) {
    return new Key(name, Type.CHOICE, Optional.ofNullable(defaultValue), false, 0, 0, choices, doc);
  }

  /** A lower-case identifier; {@code defaultValue} null: absent means "not set". */
  public static Key identifier(String name, String defaultValue, String doc) {
    return new Key(name, Type.IDENTIFIER, Optional.ofNullable(defaultValue), false, 0, 0, List.of(), doc);
  }

  public static Key envName(String name, String doc) {
    return new Key(name, Type.ENV_NAME, Optional.empty(), false, 0, 0, List.of(), doc);
  }

  /** An owner ({@link Owner}); absent means "this process's": {@code <os user>@<host>}. */
  public static Key owner(String name, String doc) {
    return new Key(name, Type.OWNER, Optional.empty(), false, 0, 0, List.of(), doc);
  }

  public static Key text(String name, String defaultValue, String doc) {
    return new Key(name, Type.TEXT, Optional.ofNullable(defaultValue), false, 0, 0, List.of(), doc);
  }

  /** What a valid value looks like, for error messages and documentation. */
  public String allowed() {
    return switch (type) {
      case INTEGER -> "a whole number from " + min + " to " + max;
      case BOOLEAN -> "true or false";
      case CHOICE -> "one of " + String.join(", ", choices);
      case IDENTIFIER -> "a lower-case identifier of 1 to 30 characters (a-z, 0-9, _; starting with a letter)";
      case ENV_NAME -> "the name of an environment variable";
      case OWNER -> Owner.ALLOWED;
      case TEXT -> "any non-empty text";
    };
  }

  /**
   * Reads a value. Returns the typed value (Long, Boolean or String) or the problem, in the
   * form "what is wrong; allowed: ...".
   */
  public Parsed parse(String raw) {
    String value = raw.trim();
    return switch (type) {
      case INTEGER -> parseInteger(value);
      case BOOLEAN -> value.equalsIgnoreCase("true") || value.equalsIgnoreCase("false")
          ? Parsed.ok(Boolean.parseBoolean(value.toLowerCase(java.util.Locale.ROOT)))
          : Parsed.problem("not a boolean" + commentHint(value));
      case CHOICE -> choices.contains(value) ? Parsed.ok(value) : Parsed.problem("not an allowed value" + commentHint(value));
      case IDENTIFIER -> value.matches(IDENTIFIER_PATTERN)
          ? Parsed.ok(value)
          : Parsed.problem("not an identifier" + commentHint(value));
      case ENV_NAME -> value.matches(ENV_NAME_PATTERN)
          ? Parsed.ok(value)
          : Parsed.problem("not an environment variable name" + commentHint(value));
      case OWNER -> Owner.problem(value).map(Parsed::problem).orElseGet(() -> Parsed.ok(value));
      case TEXT -> value.isEmpty() ? Parsed.problem("empty") : Parsed.ok(value);
    };
  }

  private Parsed parseInteger(String value) {
    long number;
    try {
      number = Long.parseLong(value);
    } catch (NumberFormatException e) {
      // Digits too many for a long are still a whole number, just far out of range.
      return value.matches("[+-]?[0-9]+")
          ? Parsed.problem("out of range")
          : Parsed.problem("not a whole number" + commentHint(value));
    }
    if (number < min || number > max) {
      return Parsed.problem("out of range");
    }
    return Parsed.ok(number);
  }

  /** Properties files have no inline comments: {@code users=10 # actors} reads "10 # actors". */
  private static String commentHint(String value) {
    return value.contains("#") ? " (a .properties file has no inline comments: put '#' comments on their own line)" : "";
  }

  /** The outcome of {@link #parse}: a value or a problem. */
  public record Parsed(Object value, String problem) {
    static Parsed ok(Object value) {
      return new Parsed(value, null);
    }

    static Parsed problem(String problem) {
      return new Parsed(null, problem);
    }

    public boolean isOk() {
      return problem == null;
    }
  }
}
