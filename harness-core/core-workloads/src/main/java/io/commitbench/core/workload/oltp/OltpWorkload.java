package io.commitbench.core.workload.oltp;

import io.commitbench.core.key.Key;
import io.commitbench.core.key.Violation;
import io.commitbench.core.workload.BoundWorkload;
import io.commitbench.core.workload.Workload;
import io.commitbench.core.workload.WorkloadSettings;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The sysbench OLTP family, statement for statement as sysbench 1.0.20's {@code oltp_*.lua}
 * scripts define them, one workload per script, all with the same keys ({@link OltpKeys}) and the
 * same {@code sbtest} tables. Each script is one subclass below so that {@link
 * java.util.ServiceLoader} finds it by a name of its own.
 */
public abstract class OltpWorkload implements Workload {

  private final OltpScript script;

  OltpWorkload(OltpScript script) {
    this.script = script;
  }

  @Override
  public String name() {
    return script.label();
  }

  @Override
  public String description() {
    return script.description();
  }

  @Override
  public List<Key> keys() {
    return OltpKeys.all();
  }

  @Override
  public boolean runsInCycles() {
    return false;
  }

  @Override
  public void check(WorkloadSettings settings, Set<String> given, Consumer<Violation> problems) {
    OltpChecks.check(settings, given, problems);
  }

  @Override
  public BoundWorkload bind(WorkloadSettings settings) {
    return new BoundOltpWorkload(script, OltpSettings.of(settings));
  }

  /** {@code oltp_read_write}. */
  public static final class ReadWrite extends OltpWorkload {
    public ReadWrite() {
      super(OltpScript.READ_WRITE);
    }
  }

  /** {@code oltp_read_only}. */
  public static final class ReadOnly extends OltpWorkload {
    public ReadOnly() {
      super(OltpScript.READ_ONLY);
    }
  }

  /** {@code oltp_write_only}. */
  public static final class WriteOnly extends OltpWorkload {
    public WriteOnly() {
      super(OltpScript.WRITE_ONLY);
    }
  }

  /** {@code oltp_point_select}. */
  public static final class PointSelect extends OltpWorkload {
    public PointSelect() {
      super(OltpScript.POINT_SELECT);
    }
  }

  /** {@code oltp_update_index}. */
  public static final class UpdateIndex extends OltpWorkload {
    public UpdateIndex() {
      super(OltpScript.UPDATE_INDEX);
    }
  }

  /** {@code oltp_update_non_index}. */
  public static final class UpdateNonIndex extends OltpWorkload {
    public UpdateNonIndex() {
      super(OltpScript.UPDATE_NON_INDEX);
    }
  }

  /** {@code oltp_insert}. */
  public static final class Insert extends OltpWorkload {
    public Insert() {
      super(OltpScript.INSERT);
    }
  }

  /** {@code oltp_delete}. */
  public static final class Delete extends OltpWorkload {
    public Delete() {
      super(OltpScript.DELETE);
    }
  }
}
