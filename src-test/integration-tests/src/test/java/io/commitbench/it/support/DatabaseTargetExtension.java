package io.commitbench.it.support;

import java.io.IOException;
import java.lang.reflect.Parameter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Supplies {@link Db}-annotated {@link DatabaseTarget} parameters from {@link
 * DatabaseTargets#standard()}.
 *
 * <p>The search happens in {@link #beforeEach}, not in {@link #resolveParameter}: JUnit turns any
 * exception of a parameter resolver into a failure, while an assumption that fails before the
 * test counts as a skip. So a missing target skips the test, with the finder's reason as the
 * message (also printed), and is never reported as passed.
 */
public final class DatabaseTargetExtension implements BeforeEachCallback, ParameterResolver {

  private static final ExtensionContext.Namespace NAMESPACE =
      ExtensionContext.Namespace.create(DatabaseTargetExtension.class);

  @Override
  public void beforeEach(ExtensionContext context) throws IOException {
    for (Parameter parameter : context.getRequiredTestMethod().getParameters()) {
      Db db = parameter.getAnnotation(Db.class);
      if (db != null && parameter.getType() == DatabaseTarget.class) {
        Path h2 = db.value() == DatabaseKind.H2 ? h2Directory(context) : null;
        DatabaseTarget target = DatabaseTargets.standard().requireTarget(db.value(), h2);
        context.getStore(NAMESPACE).put(db.value(), target);
      }
    }
  }

  @Override
  public boolean supportsParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
    return parameterContext.isAnnotated(Db.class) && parameterContext.getParameter().getType() == DatabaseTarget.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
    DatabaseKind kind = parameterContext.findAnnotation(Db.class).orElseThrow().value();
    return extensionContext.getStore(NAMESPACE).get(kind, DatabaseTarget.class);
  }

  /** A directory for an H2 target, deleted when the test ends. */
  private static Path h2Directory(ExtensionContext context) throws IOException {
    Path directory = Files.createTempDirectory("commitbench-it-h2-");
    context.getStore(NAMESPACE).put("h2-directory", (ExtensionContext.Store.CloseableResource) () -> delete(directory));
    return directory;
  }

  private static void delete(Path directory) throws IOException {
    try (Stream<Path> paths = Files.walk(directory)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    }
  }
}
