package io.commitbench.storage.oracle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.Proxy;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@link JdbcOracleRedoCatalog} on rows shaped as Oracle returns them (no server here: a JDBC
 * connection that answers each query with recorded rows and records executed statements).
 */
class JdbcOracleRedoCatalogRecordedRowsTest {

  private final List<String> executed = new ArrayList<>();
  /** What the connection's metadata reports as its URL. */
  private String url = "jdbc:oracle:thin:@db:1521/FREE";

  private Connection connection(Map<String, List<Object[]>> answers) {
    return (Connection) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {Connection.class},
        (proxy, method, args) -> switch (method.getName()) {
          case "createStatement" -> statement(answers);
          case "getMetaData" -> metaData();
          case "close" -> null;
          default -> throw new UnsupportedOperationException(method.getName());
        });
  }

  private Statement statement(Map<String, List<Object[]>> answers) {
    return (Statement) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {Statement.class},
        (proxy, method, args) -> switch (method.getName()) {
          case "executeQuery" -> {
            List<Object[]> rows = answers.get((String) args[0]);
            if (rows == null) {
              throw new SQLException("ORA-00942: table or view does not exist", "42000", 942);
            }
            yield resultSet(rows);
          }
          case "execute" -> executed.add((String) args[0]);
          case "close" -> null;
          default -> throw new UnsupportedOperationException(method.getName());
        });
  }

  private DatabaseMetaData metaData() {
    return (DatabaseMetaData) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {DatabaseMetaData.class},
        (proxy, method, args) -> switch (method.getName()) {
          case "getURL" -> url;
          default -> throw new UnsupportedOperationException(method.getName());
        });
  }

  private static ResultSet resultSet(List<Object[]> rows) {
    int[] at = {-1};
    return (ResultSet) Proxy.newProxyInstance(JdbcOracleRedoCatalogRecordedRowsTest.class.getClassLoader(),
        new Class<?>[] {ResultSet.class}, (proxy, method, args) -> {
          switch (method.getName()) {
            case "next":
              return ++at[0] < rows.size();
            case "close":
              return null;
            default:
              Object value = rows.get(at[0])[(Integer) args[0] - 1];
              return switch (method.getName()) {
                case "getString" -> value == null ? null : value.toString();
                case "getInt" -> value == null ? 0 : ((Number) value).intValue();
                case "getLong" -> value == null ? 0L : ((Number) value).longValue();
                default -> throw new UnsupportedOperationException(method.getName());
              };
          }
        });
  }

  private static Object[] row(int group, long seq, String archived, String status, String member, String memberStatus,
      String type) {
    return new Object[] {new BigDecimal(group), BigDecimal.ONE, new BigDecimal(seq), new BigDecimal(20971520),
        new BigDecimal(512), BigDecimal.ONE, archived, status, member, memberStatus, type};
  }

  @Test
  void joinsMembersToTheirGroupAndSkipsStandbyLogs() throws SQLException {
    JdbcOracleRedoCatalog catalog = new JdbcOracleRedoCatalog(connection(Map.of(JdbcOracleRedoCatalog.GROUPS_SQL, List.of(
        row(1, 7, "NO", "CURRENT", "/o/redo01a.log", null, "ONLINE"),
        row(1, 7, "NO", "CURRENT", "/p/redo01b.log", "INVALID", "ONLINE"),
        row(2, 6, "YES", "INACTIVE", "/o/redo02.log", null, "ONLINE"),
        row(9, 0, "YES", "UNUSED", "/o/standby09.log", null, "STANDBY")))));
    List<RedoGroup> groups = catalog.groups();
    assertThat(groups).extracting(RedoGroup::group).containsExactly(1, 2);
    RedoGroup first = groups.get(0);
    assertThat(first.members()).containsExactly(new RedoGroup.Member("/o/redo01a.log", Optional.empty(), "ONLINE"),
        new RedoGroup.Member("/p/redo01b.log", Optional.of("INVALID"), "ONLINE"));
    assertThat(first.sequence()).isEqualTo(7);
    assertThat(first.archived()).isFalse();
    assertThat(first.inUse()).isTrue();
    assertThat(groups.get(1).archived()).isTrue();
    assertThat(groups.get(1).geometry().clause()).isEqualTo("SIZE 20480K BLOCKSIZE 512");
  }

  @Test
  void readsContainerPrivilegesAndDatabaseModes() throws SQLException {
    JdbcOracleRedoCatalog catalog = new JdbcOracleRedoCatalog(connection(Map.of(
        JdbcOracleRedoCatalog.CONTAINER_SQL, List.<Object[]>of(new Object[] {"CDB$ROOT"}),
        JdbcOracleRedoCatalog.PRIVILEGES_SQL, List.of(new Object[] {"ALTER SYSTEM"}, new Object[] {"ALTER DATABASE"}),
        JdbcOracleRedoCatalog.DATABASE_SQL, List.<Object[]>of(new Object[] {"READ WRITE", "NOARCHIVELOG"}))));
    assertThat(catalog.containerName()).isEqualTo("CDB$ROOT");
    assertThat(catalog.sessionPrivileges()).containsExactly("ALTER SYSTEM", "ALTER DATABASE");
    assertThat(catalog.openMode()).isEqualTo("READ WRITE");
    assertThat(catalog.logMode()).isEqualTo("NOARCHIVELOG");
    catalog.execute("ALTER SYSTEM SWITCH LOGFILE");
    assertThat(executed).containsExactly("ALTER SYSTEM SWITCH LOGFILE");
  }

  @Test
  void unreadableViewsAreRefusedByThePreconditionsWithTheGrantToAskFor() {
    JdbcOracleRedoCatalog catalog = new JdbcOracleRedoCatalog(connection(Map.of(
        JdbcOracleRedoCatalog.CONTAINER_SQL, List.<Object[]>of(new Object[] {"CDB$ROOT"}),
        JdbcOracleRedoCatalog.PRIVILEGES_SQL, List.of(new Object[] {"ALTER SYSTEM"}, new Object[] {"ALTER DATABASE"}))));
    assertThatThrownBy(() -> OracleRedoPreconditions.check(catalog))
        .hasMessageContaining("cannot read V$DATABASE/V$LOG/V$LOGFILE (ORA-00942").hasMessageContaining("SELECT_CATALOG_ROLE");
  }

  @Test
  void describesTheServerByItsUrlWithAPasswordInItMasked() {
    String secret = "pw-in-the-url";
    url = "jdbc:oracle:thin:system/" + secret + "@db:1521/FREE";
    String described = new JdbcOracleRedoCatalog(connection(Map.of())).describe();
    assertThat(described).doesNotContain(secret).startsWith("jdbc:oracle:thin:system/").endsWith("@db:1521/FREE");
  }
}
