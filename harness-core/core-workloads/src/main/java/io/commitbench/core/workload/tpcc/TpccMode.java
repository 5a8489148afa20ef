package io.commitbench.core.workload.tpcc;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** How the terminals pace themselves ({@code tpcc.mode}). */
enum TpccMode {
  /** The spec's terminals: ten per warehouse, keying and think times, tpmC. */
  SPEC,
  /** Terminals without keying or think time, driving the server to saturation: NOPM and TPM. */
  THROUGHPUT;

  String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  static List<String> labels() {
    return Arrays.stream(values()).map(TpccMode::label).toList();
  }

  static TpccMode parse(String label) {
    return valueOf(label.toUpperCase(Locale.ROOT));
  }
}
