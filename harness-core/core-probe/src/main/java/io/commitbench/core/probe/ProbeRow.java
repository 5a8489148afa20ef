package io.commitbench.core.probe;

import io.commitbench.core.dialect.ErrorClass;
import io.commitbench.core.dialect.IsolationLevel;

/**
 * One row of the locking probe's table: one database, isolation level and scenario.
 *
 * @param database the dialect's name and the server's version: {@code postgresql 15.20}
 * @param outcome how the scenario ended
 * @param session the connection the outcome is about: the deadlock's victim, or in the same-row
 *     scenario S2, the one that waits for S1's row; empty when none
 * @param errorClass the dialect's class of that session's failure, or null when it did not fail
 * @param code the failure's code as the product writes it ({@code 1213}, {@code 40P01}, {@code
 *     ORA-00060}), or empty
 * @param waitedMillis how long that session's statement ran, from its start to its return or failure
 * @param afterMillis deadlock: from the cycle closing (S2's update of row 1 starting) to the
 *     victim's failure, or to the last update's return when none failed; same-row: from S1's commit
 *     returning to S2's statement ending (negative: before it returned; S2 can learn first)
 * @param waitSeen how the probe knew the blocked statement waited before its next step
 * @param detail one sentence on what each session did
 * @param message the server's message for the failure, first line, or empty
 */
public record ProbeRow(String database, IsolationLevel isolation, LockScenario scenario, LockOutcome outcome,
    String session, ErrorClass errorClass, String code, long waitedMillis, long afterMillis, WaitSeen waitSeen,
    String detail, String message) {}
