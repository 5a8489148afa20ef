package io.commitbench.core.server;

import static org.assertj.core.api.Assertions.assertThat;

/** Reads one counter out of a snapshot in tests, failing clearly when it is missing or in the wrong state. */
public final class CounterAssertions {

  private CounterAssertions() {}

  /** The value of a counter that must be present. */
  public static Double value(CounterSnapshot snapshot, String name) {
    CounterValue counter = counter(snapshot, name);
    assertThat(counter.present()).as("%s present (%s)", name, counter.absentReason()).isTrue();
    return counter.value();
  }

  /** The reason of a counter that must be absent. */
  public static String absent(CounterSnapshot snapshot, String name) {
    CounterValue counter = counter(snapshot, name);
    assertThat(counter.present()).as("%s absent", name).isFalse();
    return counter.absentReason();
  }

  private static CounterValue counter(CounterSnapshot snapshot, String name) {
    return snapshot.counter(name).orElseThrow(() -> new AssertionError("no counter " + name));
  }
}
