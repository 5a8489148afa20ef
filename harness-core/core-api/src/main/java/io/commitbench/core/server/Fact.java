package io.commitbench.core.server;

/**
 * One fact about the environment of a run (for {@code environment.json} and the report header),
 * or that it is unknown and why.
 *
 * @param group what it is about: {@code server}, {@code durability}, {@code log_location},
 *     {@code log_device}, {@code host}, {@code harness}
 * @param name the fact's name, e.g. {@code synchronous_commit}
 * @param value its value; null when unknown
 * @param unknownReason why it is unknown; empty when known
 */
public record Fact(String group, String name, String value, String unknownReason) {

  public static Fact of(String group, String name, String value) {
    return new Fact(group, name, value, "");
  }

  public static Fact unknown(String group, String name, String reason) {
    return new Fact(group, name, null, reason);
  }

  public boolean known() {
    return value != null;
  }
}
