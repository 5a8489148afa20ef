package io.commitbench.architecture;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackages;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The Maven modules as packages under one root package: which packages each module holds, and the
 * modules its POM declares at compile scope. A module may use what its declared modules bring
 * too, as Maven's class path does. The root is {@code io.commitbench} for the product; the rules'
 * own tests use a fixture root with the same layout.
 */
final class Modules {

  /** The database kinds: each has a driver package {@code driver.KIND}, and may have {@code storage.KIND}. */
  static final List<String> KINDS = List.of("h2", "postgresql", "mariadb", "oracle");

  static final Modules COMMITBENCH = new Modules("io.commitbench");

  /** One module: its artifactId, what its classes are, the modules its POM names at compile scope. */
  record Module(String name, DescribedPredicate<JavaClass> classes, List<String> declared) {}

  private final String root;
  private final Map<String, Module> modules = new LinkedHashMap<>();

  Modules(String root) {
    this.root = root;
    add("core-api", in("core", "core.key..", "core.namespace..", "core.dialect..", "core.load..", "core.server..",
        "core.measure..", "core.workload", "core.companion..", "core.io..", "core.breakdown.."));
    add("core-results", in("core.results.."));
    add("core-host", in("core.host.."), "core-api");
    add("core-workloads", in("core.workload.*.."), "core-api");
    add("core-engine", in("core.config..", "core.environment..", "core.run..", "core.report"),
        "core-api", "core-host");
    add("core-report-html", in("core.report.html.."), "core-engine", "core-results");
    add("core-group", in("core.group.."), "core-engine", "core-report-html");
    add("core-compare", in("core.compare.."), "core-engine", "core-results", "core-report-html", "core-group");
    add("core-probe", in("core.probe.."), "core-engine");
    add("driver-KIND", in("driver.."), "core-api");
    add("storage-agent", resideInAPackage(pkg("storage..")).and(resideOutsideOfPackages(kindStoragePackages()))
        .as("in " + pkg("storage..") + " but no kind's"), "core-api", "core-host");
    add("storage-KIND", resideInAnyPackage(kindStoragePackages()).as("in " + pkg("storage.KIND..")),
        "storage-agent", "driver-KIND");
    add("campaigns", in("campaign.."), "core-engine", "core-results", "core-report-html", "core-group",
        "storage-agent");
    add("harness-cli", in("cli.."), "core-api", "core-host", "core-results", "core-engine", "core-workloads",
        "core-report-html", "core-compare", "core-group", "core-probe", "storage-agent", "campaigns");
  }

  String root() {
    return root;
  }

  /** The package {@code relative} under the root, e.g. {@code core.run..}. */
  String pkg(String relative) {
    return root + "." + relative;
  }

  List<Module> all() {
    return List.copyOf(modules.values());
  }

  Module module(String name) {
    Module module = modules.get(name);
    if (module == null) {
      throw new IllegalArgumentException("no module " + name);
    }
    return module;
  }

  /** The modules {@code name} may use: those its POM declares and, transitively, what they declare. */
  Set<String> usable(String name) {
    Set<String> usable = new LinkedHashSet<>();
    List<String> todo = new ArrayList<>(module(name).declared());
    while (!todo.isEmpty()) {
      String next = todo.remove(0);
      if (usable.add(next)) {
        todo.addAll(module(next).declared());
      }
    }
    return usable;
  }

  /** Every kind's packages: its driver and what the storage agent knows of it. */
  String[] kindPackages() {
    List<String> packages = new ArrayList<>(List.of(pkg("driver..")));
    packages.addAll(Arrays.asList(kindStoragePackages()));
    return packages.toArray(String[]::new);
  }

  /** The generic code: the core, the storage agent, campaigns and the CLI. */
  DescribedPredicate<JavaClass> generic() {
    return resideInAnyPackage(pkg("core.."), pkg("storage.."), pkg("campaign.."), pkg("cli.."))
        .and(resideOutsideOfPackages(kindPackages()))
        .as("are generic (core, storage agent, campaigns, CLI)");
  }

  private String[] kindStoragePackages() {
    return KINDS.stream().map(kind -> pkg("storage." + kind + "..")).toArray(String[]::new);
  }

  private DescribedPredicate<JavaClass> in(String... relative) {
    String[] packages = Arrays.stream(relative).map(this::pkg).toArray(String[]::new);
    return resideInAnyPackage(packages).as("in " + String.join(", ", packages));
  }

  private void add(String name, DescribedPredicate<JavaClass> classes, String... declared) {
    modules.put(name, new Module(name, classes, List.of(declared)));
  }
}
