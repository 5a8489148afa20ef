package io.commitbench.it.support;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a {@link DatabaseTarget} parameter of a test method: {@link DatabaseTargetExtension}
 * supplies the target of this kind, or skips the test with the reason when there is none.
 *
 * <pre>
 * &#64;ExtendWith(DatabaseTargetExtension.class)
 * class OracleIT {
 *   &#64;Test
 *   void runs(&#64;Db(DatabaseKind.ORACLE) DatabaseTarget oracle) { ... }
 * }
 * </pre>
 */
@Target(ElementType.PARAMETER)
@Retention(RetentionPolicy.RUNTIME)
public @interface Db {
  DatabaseKind value();
}
