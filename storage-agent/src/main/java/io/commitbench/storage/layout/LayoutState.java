package io.commitbench.storage.layout;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What a layout's {@code ROOT/layout.json} records: the spec it was made from, the parts made so
 * far (each recorded before it is made), the snapshots taken, and whether {@code apply} finished.
 * Destroy removes exactly this, snapshots first.
 *
 * <pre>
 * LayoutState layout = LayoutState.read(root).orElseThrow();
 * Path pgdata = layout.dataDir().resolve("pg");   // the database's data directory goes here
 * </pre>
 *
 * <p>Immutable; apply, snapshot and destroy write a new one at every step.
 *
 * @param spec what was asked for (with the thin volume size that was used)
 * @param created when apply began
 * @param complete apply made every part
 * @param made the parts made or being made; iterated in the order of {@link LayoutPart}
 * @param snapshots the snapshots, by number
 */
public record LayoutState(LayoutSpec spec, Instant created, boolean complete, Set<LayoutPart> made,
    List<LayoutSnapshot> snapshots) {

  /** The state file's name in the root. */
  public static final String FILE = "layout.json";

  public LayoutState {
    Set<LayoutPart> ordered = EnumSet.noneOf(LayoutPart.class);
    ordered.addAll(made);
    made = Collections.unmodifiableSet(ordered);
    snapshots = List.copyOf(snapshots);
  }

  /** The layout at {@code root}, or empty when there is no {@code layout.json}. */
  public static Optional<LayoutState> read(Path root) throws IOException {
    Path file = root.toAbsolutePath().normalize().resolve(FILE);
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    return Optional.of(LayoutStateJson.parse(Files.readAllBytes(file), file));
  }

  static LayoutState initial(LayoutSpec spec, Instant now) {
    return new LayoutState(spec, now, false, Set.of(), List.of());
  }

  public Path root() {
    return spec.root();
  }

  /** Where the filesystem is mounted, {@code ROOT/mnt}. */
  public Path mountPoint() {
    return spec.mountPoint();
  }

  /** Where a database's data directory goes, {@code ROOT/mnt/data} (a subvolume for btrfs-raid0). */
  public Path dataDir() {
    return spec.dataDir();
  }

  /** The LVM volume group, for the LVM managers. */
  public Optional<String> volumeGroup() {
    return spec.manager().usesLvm() ? Optional.of(spec.volumeGroup()) : Optional.empty();
  }

  /** Whether {@code part} is recorded as made (or being made). */
  public boolean has(LayoutPart part) {
    return made.contains(part);
  }

  /** The number the next snapshot gets: one more than the highest taken. */
  int nextSnapshotNumber() {
    return snapshots.stream().mapToInt(LayoutSnapshot::number).max().orElse(0) + 1;
  }

  LayoutState with(LayoutPart part) {
    Set<LayoutPart> parts = EnumSet.of(part);
    parts.addAll(made);
    return new LayoutState(spec, created, complete, parts, snapshots);
  }

  LayoutState without(LayoutPart part) {
    Set<LayoutPart> parts = EnumSet.noneOf(LayoutPart.class);
    parts.addAll(made);
    parts.remove(part);
    return new LayoutState(spec, created, complete, parts, snapshots);
  }

  LayoutState withSnapshot(LayoutSnapshot snapshot) {
    List<LayoutSnapshot> list = new ArrayList<>(snapshots);
    list.add(snapshot);
    return new LayoutState(spec, created, complete, made, list);
  }

  LayoutState withoutSnapshot(int number) {
    return new LayoutState(spec, created, complete, made,
        snapshots.stream().filter(s -> s.number() != number).toList());
  }

  LayoutState withComplete(boolean done) {
    return new LayoutState(spec, created, done, made, snapshots);
  }

  /** The made parts in the order they were made. */
  List<LayoutPart> madeInOrder() {
    return LayoutPart.of(spec.manager()).stream().filter(made::contains).toList();
  }
}
