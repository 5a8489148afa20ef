package io.commitbench.storage.oracle;

import io.commitbench.driver.oracle.OracleDialect;
import io.commitbench.storage.format.FormatterContext;
import io.commitbench.storage.format.FormatterTally;
import io.commitbench.storage.format.LogFilesystemTrim;
import io.commitbench.storage.format.LogFormatter;
import io.commitbench.storage.format.LogFormatterProvider;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.List;
import java.util.Optional;

/**
 * The Oracle arms for a run: {@code clear} and {@code recreate} (see {@link OracleLogFormatter}).
 * The connection must reach CDB$ROOT with ALTER DATABASE and ALTER SYSTEM. {@code recreate}
 * deletes member files and trims their filesystem on this host, so it needs the database's files
 * at the same paths here (a local server, or a bind mount at the same path); where a file cannot
 * be deleted the group is re-added over it with REUSE.
 */
public final class OracleFormatterProvider implements LogFormatterProvider {

  @Override
  public String dbType() {
    return OracleDialect.NAME;
  }

  @Override
  public List<ArmDescription> arms() {
    return List.of(
        new ArmDescription("clear", "ALTER DATABASE CLEAR LOGFILE GROUP n on each INACTIVE (and ARCHIVED) group"),
        new ArmDescription("recreate", "drop each reusable group, delete its file, fstrim, add it again at the same path and size"));
  }

  @Override
  public LogFormatter create(String arm, FormatterContext context) {
    return new Connected(arm, context);
  }

  /** Opens the connection when the run prepares the arm, not when the parameter file is read. */
  private static final class Connected implements LogFormatter {
    private final String arm;
    private final FormatterContext context;
    private Connection connection;
    private OracleLogFormatter delegate;

    Connected(String arm, FormatterContext context) {
      this.arm = arm;
      this.context = context;
    }

    @Override
    public String arm() {
      return arm;
    }

    @Override
    public void prepare() throws Exception {
      connection = context.connections().open();
      OracleRedoCatalog catalog = new JdbcOracleRedoCatalog(connection);
      delegate = arm.equals("clear") ? OracleLogFormatter.clear(catalog)
          : OracleLogFormatter.recreate(catalog, path -> Files.delete(Path.of(path)),
              context.fstrim()
                  ? Optional.of(member -> LogFilesystemTrim.trimFilesystemOf(Path.of(member).getParent(), context.runner()))
                  : Optional.empty(),
              Optional.empty());
      delegate.prepare();
    }

    @Override
    public void poll() throws Exception {
      delegate.poll();
    }

    @Override
    public void finish() throws Exception {
      try (Connection closing = connection) {
        if (delegate != null) {
          delegate.finish();
        }
      }
    }

    @Override
    public FormatterTally tally() {
      return delegate != null ? delegate.tally() : new FormatterTally(arm);
    }
  }
}
