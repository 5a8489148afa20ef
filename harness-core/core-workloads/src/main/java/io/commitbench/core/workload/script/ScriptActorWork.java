package io.commitbench.core.workload.script;

import io.commitbench.core.workload.ActorWork;
import io.commitbench.core.workload.TransactionContext;
import io.commitbench.core.workload.script.ScriptCommand.Jump;
import io.commitbench.core.workload.script.ScriptCommand.JumpUnless;
import io.commitbench.core.workload.script.ScriptCommand.SetVariable;
import io.commitbench.core.workload.script.ScriptCommand.Sleep;
import io.commitbench.core.workload.script.ScriptCommand.Sql;
import io.commitbench.core.workload.script.expr.EvaluationException;
import io.commitbench.core.workload.script.expr.Expression;
import io.commitbench.core.workload.script.expr.ScriptRandom;
import io.commitbench.core.workload.script.expr.Value;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * One actor of the script workload, as one pgbench client: each transaction is one run of a
 * script, drawn by weight as pgbench 15's {@code chooseScript} draws it, its commands run in
 * order, {@code \if} branches taken by jumps. SQL commands are prepared once per connection (as
 * pgbench's {@code -M prepared}) and their {@code :name} variables bound as parameters of the
 * value's kind: INT as {@code setLong}, DOUBLE {@code setDouble}, BOOLEAN {@code setBoolean},
 * TEXT {@code setString}, NULL {@code setNull}. {@code \gset} and {@code \aset} store a row's
 * columns ({@link RowValues}); {@code BEGIN} ... {@code COMMIT} is a block ({@link
 * TransactionBlock}); {@code \sleep} sleeps. Each SQL command's latency goes to {@link
 * StatementLatencies}. Confined to the actor's thread.
 */
final class ScriptActorWork implements ActorWork {

  private static final long MAX_PARK_NANOS = 50_000_000L;

  private final List<ParsedScript> scripts;
  /** [script][command]: how each SQL command is sent; null for the others and for BEGIN/COMMIT/ROLLBACK. */
  private final SqlCall[][] calls;
  private final PreparedStatement[][] prepared;
  private final ScriptVariables variables;
  private final ScriptRandom choice;
  private final long totalWeight;
  private final TransactionBlock block;
  private final StatementLatencies latencies;

  /**
   * @param scripts the run's scripts, by transaction type; their weights must not all be 0
   * @param variables the actor's variables, set as before its first transaction
   * @param choice the actor's generator for the choice of script (pgbench's per-thread one)
   * @param autocommitConnection whether the actor's connection commits each statement by itself
   * @param latencies where each SQL command's latency goes
   */
  ScriptActorWork(List<ParsedScript> scripts, ScriptVariables variables, ScriptRandom choice,
      boolean autocommitConnection, StatementLatencies latencies) {
    this.scripts = List.copyOf(scripts);
    this.variables = variables;
    this.choice = choice;
    this.block = new TransactionBlock(autocommitConnection);
    this.latencies = latencies;
    this.calls = new SqlCall[scripts.size()][];
    this.prepared = new PreparedStatement[scripts.size()][];
    long total = 0;
    for (int s = 0; s < scripts.size(); s++) {
      List<ScriptCommand> commands = scripts.get(s).commands();
      calls[s] = new SqlCall[commands.size()];
      prepared[s] = new PreparedStatement[commands.size()];
      for (int c = 0; c < commands.size(); c++) {
        if (commands.get(c) instanceof Sql sql && sql.mark() == ScriptCommand.TransactionMark.NONE) {
          calls[s][c] = SqlCall.of(sql);
        }
      }
      total += scripts.get(s).weight();
    }
    if (total <= 0) {
      throw new IllegalArgumentException("the scripts' weights add up to " + total + "; at least one must be above 0");
    }
    this.totalWeight = total;
  }

  /** The actor's variables as they stand (between transactions). */
  ScriptVariables variables() {
    return variables;
  }

  @Override
  public void prepare(StatementPreparer preparer) throws SQLException {
    block.reset();
    for (int s = 0; s < scripts.size(); s++) {
      List<ScriptCommand> commands = scripts.get(s).commands();
      for (int c = 0; c < commands.size(); c++) {
        if (calls[s][c] != null) {
          prepared[s][c] = preparer.prepare(((Sql) commands.get(c)).jdbcSql());
        }
      }
    }
  }

  /** pgbench's {@code chooseScript}: one script needs no draw; else a uniform draw over the weights. */
  @Override
  public int next() {
    if (scripts.size() == 1) {
      return 0;
    }
    long w = choice.nextLong(0, totalWeight - 1);
    int i = 0;
    do {
      w -= scripts.get(i++).weight();
    } while (w >= 0);
    return i - 1;
  }

  @Override
  public void execute(int type, TransactionContext tx) throws Exception {
    boolean measured = tx.measured();
    latencies.beginAttempt();
    try {
      run(type, tx);
    } catch (Exception e) {
      block.abandon(tx.connection());
      throw e;
    }
    if (measured) {
      latencies.keep(type);
    }
  }

  private void run(int type, TransactionContext tx) throws Exception {
    List<ScriptCommand> commands = scripts.get(type).commands();
    int at = 0;
    while (at < commands.size()) {
      ScriptCommand command = commands.get(at);
      if (command instanceof Sql sql) {
        sql(type, at, sql, tx);
        at++;
      } else if (command instanceof SetVariable set) {
        variables.set(set.name(), evaluate(set.expression(), set.position(), "\\set " + set.name()));
        at++;
      } else if (command instanceof Sleep sleep) {
        sleep(sleep);
        at++;
      } else if (command instanceof JumpUnless jump) {
        at = truth(evaluate(jump.condition(), jump.position(), "\\if"), jump.position()) ? at + 1 : jump.target();
      } else if (command instanceof Jump jump) {
        at = jump.target();
      } else {
        throw new IllegalStateException("unknown command " + command);
      }
    }
    if (block.open()) {
      throw new ScriptRunException(block.begunAt(), "the script ended inside the transaction block begun here;"
          + " allowed: a block that COMMIT, END or ROLLBACK ends before the script does");
    }
  }

  private void sql(int type, int at, Sql sql, TransactionContext tx) throws Exception {
    switch (sql.mark()) {
      case BEGIN -> {
        long began = System.nanoTime();
        block.begin(tx.connection(), sql.position());
        latencies.add(at, System.nanoTime() - began);
      }
      case COMMIT -> {
        block.commit(tx);
        latencies.add(at, tx.lastNanos());
      }
      case ROLLBACK -> {
        long began = System.nanoTime();
        block.rollback(tx.connection());
        latencies.add(at, System.nanoTime() - began);
      }
      case NONE -> {
        PreparedStatement statement = prepared[type][at];
        bind(sql, statement);
        SqlCall call = calls[type][at];
        if (sql.rowTarget() != null) {
          RowValues rows = new RowValues(sql.rowTarget(), variables);
          int count = tx.query(call.kind(), statement, rows::read);
          latencies.add(at, tx.lastNanos());
          rows.finish(count, sql.position());
        } else if (call.query()) {
          tx.query(call.kind(), statement);
          latencies.add(at, tx.lastNanos());
        } else {
          tx.update(call.kind(), statement);
          latencies.add(at, tx.lastNanos());
        }
      }
    }
  }

  private void bind(Sql sql, PreparedStatement statement) throws SQLException, ScriptRunException {
    List<String> parameters = sql.parameters();
    for (int i = 0; i < parameters.size(); i++) {
      String name = parameters.get(i);
      Value value = variables.variable(name);
      if (value == null) {
        throw new ScriptRunException(sql.position(), "variable :" + name + " is undefined; allowed: a variable"
            + " set before the statement (\\set, \\gset, \\aset, script.vars, or scale, client_id, random_seed,"
            + " default_seed)");
      }
      int index = i + 1;
      switch (value.kind()) {
        case INT -> statement.setLong(index, asInt(value, sql.position()));
        case DOUBLE -> statement.setDouble(index, asDouble(value, sql.position()));
        case BOOLEAN -> statement.setBoolean(index, truth(value, sql.position()));
        case TEXT -> statement.setString(index, value.text());
        case NULL -> statement.setNull(index, Types.NULL);
      }
    }
  }

  private Value evaluate(Expression expression, SourcePosition position, String what) throws ScriptRunException {
    try {
      return expression.evaluate(variables);
    } catch (EvaluationException e) {
      throw new ScriptRunException(position, e.getMessage() + " (in " + what + ")", e);
    }
  }

  /**
   * An {@code \if} condition's truth as pgbench 15's {@code valueTruth} reads it: NULL is false, a
   * number is true unless 0; text as the value it reads as.
   */
  private static boolean truth(Value value, SourcePosition position) throws ScriptRunException {
    try {
      return switch (value.kind()) {
        case NULL -> false;
        case BOOLEAN -> value.asBoolean();
        case INT -> value.asInt() != 0;
        case DOUBLE -> value.asDouble() != 0.0;
        case TEXT -> textTruth(value);
      };
    } catch (EvaluationException e) {
      throw new ScriptRunException(position, e.getMessage(), e);
    }
  }

  private static boolean textTruth(Value value) throws EvaluationException {
    try {
      return value.asBoolean();
    } catch (EvaluationException notBoolean) {
      return value.asDouble() != 0.0;
    }
  }

  private static long asInt(Value value, SourcePosition position) throws ScriptRunException {
    try {
      return value.asInt();
    } catch (EvaluationException e) {
      throw new ScriptRunException(position, e.getMessage(), e);
    }
  }

  private static double asDouble(Value value, SourcePosition position) throws ScriptRunException {
    try {
      return value.asDouble();
    } catch (EvaluationException e) {
      throw new ScriptRunException(position, e.getMessage(), e);
    }
  }

  /** {@code \sleep}: a variable's value must be an integer, as pgbench's {@code evaluateSleep} requires. */
  private void sleep(Sleep sleep) throws ScriptRunException, InterruptedException {
    long amount;
    if (sleep.variable() == null) {
      amount = sleep.amount();
    } else {
      Value value = variables.variable(sleep.variable());
      if (value == null) {
        throw new ScriptRunException(sleep.position(), "\\sleep: variable :" + sleep.variable() + " is undefined");
      }
      amount = asInt(value, sleep.position());
    }
    if (amount <= 0) {
      return;
    }
    long most = Long.MAX_VALUE / 4; // a deadline far beyond any run, without overflow
    long nanos = amount > most / sleep.unitNanos() ? most : amount * sleep.unitNanos();
    long deadline = System.nanoTime() + nanos;
    long left;
    while ((left = deadline - System.nanoTime()) > 0) {
      LockSupport.parkNanos(Math.min(left, MAX_PARK_NANOS));
      if (Thread.interrupted()) {
        Thread.currentThread().interrupt();
        throw new InterruptedException("interrupted in \\sleep at " + sleep.position());
      }
    }
  }
}
