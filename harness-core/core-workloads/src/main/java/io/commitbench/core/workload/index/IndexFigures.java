package io.commitbench.core.workload.index;

import io.commitbench.core.dialect.DataSize;
import java.util.List;
import java.util.Optional;

/**
 * The figures of an index test, as {@link IndexProgress} took them.
 *
 * @param records N, the records planned
 * @param curve the insert curve: one point per tenth of N that was complete, in order
 * @param phases insert, first read, second read
 * @param totalNanos from the first insert's start to the last read's end (the pauses between the
 *     phases included); 0 until something ended
 * @param size the tables' size after the run, as the server reported it; empty when it could not
 */
record IndexFigures(long records, List<CurvePoint> curve, List<PhaseFigures> phases, long totalNanos,
    Optional<DataSize> size) {

  IndexFigures {
    curve = List.copyOf(curve);
    phases = List.copyOf(phases);
  }

  PhaseFigures insert() {
    return phases.get(IndexProgress.INSERT);
  }

  PhaseFigures firstRead() {
    return phases.get(IndexProgress.FIRST_READ);
  }

  PhaseFigures secondRead() {
    return phases.get(IndexProgress.SECOND_READ);
  }

  /**
   * One tenth of N.
   *
   * @param tenth 1..10
   * @param records the records of this tenth
   * @param nanos from the end of the previous tenth (the start, for the first) to the end of this one
   * @param elapsedNanos from the first insert to the end of this tenth
   */
  record CurvePoint(int tenth, long records, long nanos, long elapsedNanos) {
    double recordsPerSecond() {
      return perSecond(records, nanos);
    }
  }

  /**
   * One phase over all users.
   *
   * @param records rows inserted or read
   * @param nanos from its first statement's start to its last statement's end
   * @param outOfOrder rows a read returned after a row with a larger key (0 for the inserts)
   */
  record PhaseFigures(long records, long nanos, long outOfOrder) {
    double recordsPerSecond() {
      return perSecond(records, nanos);
    }
  }

  static double perSecond(long count, long nanos) {
    return nanos <= 0 ? 0 : count / (nanos / 1e9);
  }
}
