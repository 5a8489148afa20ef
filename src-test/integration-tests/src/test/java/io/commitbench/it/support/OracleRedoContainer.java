package io.commitbench.it.support;

import io.commitbench.storage.oracle.MemberFileAction;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.testcontainers.containers.Container;
import org.testcontainers.oracle.OracleContainer;

/**
 * The pinned gvenzl/oracle-free container whose online redo logs the Oracle redo ITs move,
 * reached in its root container (service {@code FREE}) as {@code system}. The redo of a database
 * the tests did not start is never touched, so there is no environment-URL or local-service
 * target: without Docker the test is skipped, with the reason printed.
 */
public final class OracleRedoContainer {

  /** gvenzl/oracle-free gives SYSTEM the container's password. */
  public static final String ROOT_USER = "system";
  /** Recognisable, so a test can check that it appears in no output; letters and digits, as Oracle wants. */
  public static final String PASSWORD = "cbOracleRedoIt5d1b93e2";
  /** Where the image keeps its redo members. */
  public static final String ORIGINAL_DIR = "/opt/oracle/oradata/FREE";

  private OracleRedoContainer() {}

  /**
   * Starts the container, or skips the calling test (printing why) when no Docker engine answers.
   *
   * @param testName names the test in the printed reason
   */
  public static OracleContainer startOrSkip(String testName) {
    Optional<String> missing = new TestcontainersDocker().unavailableReason()
        .or(() -> TestcontainersDocker.localImageMissing(TestImages.ORACLE));
    if (missing.isPresent()) {
      String message = "skipped: " + testName + " needs the " + TestImages.ORACLE.asCanonicalNameString()
          + " container (redo of a database the test did not start is never touched): " + missing.get();
      System.out.println(DatabaseTargets.LOG_PREFIX + message);
      Assumptions.abort(message);
    }
    OracleContainer oracle = new OracleContainer(TestImages.ORACLE).withPassword(PASSWORD);
    oracle.start();
    return oracle;
  }

  /** {@code rm -f} inside the container, as its oracle user: the operator's removal of a member file. */
  public static MemberFileAction remover(OracleContainer oracle) {
    return path -> {
      Container.ExecResult result = oracle.execInContainer("rm", "-f", "--", path);
      if (result.getExitCode() != 0) {
        throw new IllegalStateException("rm " + path + " exited " + result.getExitCode() + ": " + result.getStderr());
      }
    };
  }

  /** The redo files ({@code *.log}) in a directory of the container. */
  public static List<String> logFiles(OracleContainer oracle, String dir) throws Exception {
    Container.ExecResult ls = oracle.execInContainer("ls", "-1", dir);
    return ls.getStdout().lines().filter(l -> l.endsWith(".log")).toList();
  }

  /** The JDBC URL of the root container's service, where redo groups are changed. */
  public static String rootUrl(OracleContainer oracle) {
    return "jdbc:oracle:thin:@" + oracle.getHost() + ":" + oracle.getOraclePort() + "/FREE";
  }
}
