package io.commitbench.core.run;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/** A {@link VarHandle} on a field of the class whose lookup is given, for atomic access to a field of its own. */
final class FieldHandles {

  private FieldHandles() {}

  /** The field {@code name} of {@code lookup}'s class; a missing field is a programming error. */
  static VarHandle of(MethodHandles.Lookup lookup, String name, Class<?> type) {
    try {
      return lookup.findVarHandle(lookup.lookupClass(), name, type);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }
}
