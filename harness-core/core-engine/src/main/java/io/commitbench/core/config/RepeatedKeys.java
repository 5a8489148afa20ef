package io.commitbench.core.config;

import io.commitbench.core.key.Violation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A key given more than once, in the parameter file or with {@code --set}, is refused with every
 * value it was given (passwords masked) instead of the last one silently winning.
 */
final class RepeatedKeys {

  private RepeatedKeys() {}

  /**
   * @param given each key's values, in the order given
   * @param prefix what each value is shown after ({@code "--set "}, or nothing)
   * @param where where they were given ({@code " in FILE"}, or nothing)
   * @param why appended to what is allowed
   */
  static List<Violation> violations(Map<String, List<String>> given, String prefix, String where, String why) {
    List<Violation> repeated = new ArrayList<>();
    given.forEach((key, values) -> {
      if (values.size() > 1) {
        String all = values.stream().map(v -> prefix + key + "=" + ConfigBinder.shownValue(key, v))
            .collect(Collectors.joining(", then "));
        repeated.add(new Violation(key, ConfigBinder.shownValue(key, values.get(values.size() - 1)), "given "
            + values.size() + " times" + where + " (" + all + "); allowed: each key once" + why));
      }
    });
    return repeated;
  }
}
