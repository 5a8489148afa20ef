package io.commitbench.storage.cow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.commitbench.core.host.StorageLocator;
import io.commitbench.storage.exec.Command;
import io.commitbench.storage.exec.ProcessCommandRunner;
import io.commitbench.storage.journal.JournalEntry;
import io.commitbench.storage.journal.JournalReader;
import io.commitbench.storage.plan.RefusedException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The probe for real in a temp directory (whatever filesystem holds it): the phases, the file's
 * content block by block, the journal, cleanup after success and failure, and the refusals. The
 * snapshot here is a pair of plain commands ({@link CommandSnapshotBackend}); btrfs snapshots are
 * CowProbeIT's.
 */
class CowProbeTest {

  private static final long MIB = 1L << 20;

  @TempDir Path dir;
  @TempDir Path journals;

  private final ProcessCommandRunner runner = ProcessCommandRunner.standard();
  private final List<String> actions = new ArrayList<>();
  private final CowProbeListener listener = new CowProbeListener() {
    @Override
    public void progress(String phase, long done, long total, Duration elapsed) {}

    @Override
    public void action(String text) {
      actions.add(text);
    }
  };

  private CowProbeSpec small() {
    return CowProbeSpec.defaults(dir).withRewrites(64).withSize(MIB).withWorkers(3).withSnapshotMode(SnapshotMode.NONE);
  }

  private final CowProbe probe = new CowProbe(runner, StorageLocator.system(), Clock.systemUTC(), Duration.ofMillis(1));

  @Test
  void runsTheTimedPhasesAndRemovesItsFile() throws Exception {
    PreparedProbe prepared = probe.prepare(small());
    Path journal = journals.resolve("probe.jsonl");
    CowProbeResult r = probe.run(prepared, journal, listener);

    assertThat(r.phases()).extracting(PhaseResult::name).containsExactly("fill", "rewrite", "read");
    PhaseResult fill = r.phase("fill").orElseThrow();
    assertThat(fill.operations()).isEqualTo(256);
    assertThat(fill.bytes()).isEqualTo(MIB);
    assertThat(fill.sync()).hasValueSatisfying(s -> assertThat(s).isPositive().isLessThanOrEqualTo(fill.elapsed()));
    assertThat(r.phase("rewrite").orElseThrow().operations()).isEqualTo(64);
    assertThat(r.phase("rewrite").orElseThrow().bytes()).isEqualTo(64 * 4096);
    assertThat(r.phase("read").orElseThrow().bytes()).isEqualTo(MIB);
    assertThat(r.phase("read").orElseThrow().operations()).isEqualTo(1);
    assertThat(r.snapshot().taken()).isFalse();
    assertThat(r.snapshot().reason()).isEqualTo("not asked (--snapshot none)");
    assertThat(r.cache().dropped()).isTrue();
    assertThat(r.file()).isEqualTo(prepared.file());
    assertThat(r.file().getFileName().toString()).startsWith(CowProbe.FILE_PREFIX).endsWith(".dat");
    assertThat(entries(dir)).as("the probe file is deleted").isEmpty();

    JournalReader.Contents contents = JournalReader.read(journal);
    assertThat(contents.operation()).isEqualTo("cow-probe");
    assertThat(contents.parameters()).containsEntry("file", r.file().toString()).containsEntry("rewrites", "64");
    assertThat(contents.steps()).extracting(JournalEntry::text)
        .containsExactly("created the probe file", "deleted the probe file");
    assertThat(contents.completed()).isTrue();
  }

  @ParameterizedTest
  @EnumSource(FillOrder.class)
  void aKeptFileHoldsEveryBlockAsLastWritten(FillOrder order) throws Exception {
    CowProbeSpec spec = small().withFillOrder(order).withKeep(true).withSeed(77);
    CowProbeResult r = probe.run(probe.prepare(spec), journals.resolve("keep.jsonl"), listener);

    assertThat(r.fileKept()).isTrue();
    assertThat(Files.size(r.file())).isEqualTo(MIB);
    BitSet rewritten = new BitSet();
    BlockAssignment sample = CowProbe.rewriteBlocks(spec);
    for (int w = 0; w < sample.workers(); w++) {
      for (int i = 0; i < sample.count(w); i++) {
        rewritten.set(sample.block(w, i));
      }
    }
    assertThat(rewritten.cardinality()).isEqualTo(64);
    ByteBuffer expected = ByteBuffer.allocate(CowProbeSpec.BLOCK_BYTES);
    ByteBuffer actual = ByteBuffer.allocate(CowProbeSpec.BLOCK_BYTES);
    try (FileChannel channel = FileChannel.open(r.file(), StandardOpenOption.READ)) {
      for (int b = 0; b < spec.blocks(); b++) {
        BlockData.fill(expected, 77, rewritten.get(b) ? BlockData.REWRITE : BlockData.FILL, b);
        actual.clear();
        channel.read(actual, (long) b * CowProbeSpec.BLOCK_BYTES);
        actual.flip();
        assertThat(actual).as("block %d", b).isEqualTo(expected);
      }
    }
    assertThat(JournalReader.read(journals.resolve("keep.jsonl")).entries()).extracting(JournalEntry::text)
        .contains("kept the probe file " + r.file() + " (--keep)");
  }

  @Test
  void takesTheSnapshotAfterTheFillAndRemovesItAtTheEnd() throws Exception {
    Path snapshot = journals.resolve("snapshot");
    CommandSnapshotBackend backend = new CommandSnapshotBackend(Command.of("mkdir", snapshot.toString()),
        Command.of("rmdir", snapshot.toString()));
    CowProbeResult r = probe.run(backend.offeredTo(probe.prepare(small().withSnapshotMode(SnapshotMode.AUTO)),
        snapshot.toString()), journals.resolve("snap.jsonl"), listener);

    assertThat(r.phases()).extracting(PhaseResult::name).containsExactly("fill", "snapshot", "rewrite", "read");
    assertThat(r.snapshot().taken()).isTrue();
    assertThat(r.snapshot().removed()).isTrue();
    assertThat(snapshot).doesNotExist();
    assertThat(JournalReader.read(journals.resolve("snap.jsonl")).steps()).extracting(JournalEntry::text)
        .containsExactly("created the probe file", "took a snapshot", "removed the snapshot", "deleted the probe file");
    assertThat(actions).contains("$ mkdir " + snapshot, "$ rmdir " + snapshot);
  }

  @Test
  void aFailedSnapshotStopsTheProbeAndItsFileIsRemoved() throws Exception {
    CommandSnapshotBackend backend = new CommandSnapshotBackend(Command.of("false"), Command.of("true"));
    PreparedProbe prepared = backend.offeredTo(probe.prepare(small().withSnapshotMode(SnapshotMode.AUTO)), "nowhere");
    Path journal = journals.resolve("failed.jsonl");

    assertThatThrownBy(() -> probe.run(prepared, journal, listener)).isInstanceOf(IOException.class)
        .hasMessageContaining("command failed with exit code 1: false");
    assertThat(entries(dir)).isEmpty();
    JournalReader.Contents contents = JournalReader.read(journal);
    assertThat(contents.steps()).extracting(JournalEntry::text)
        .containsExactly("created the probe file", "deleted the probe file");
    assertThat(contents.outcome()).hasValueSatisfying(o -> assertThat(o).startsWith("failed: command failed")
        .endsWith("; removed what the probe made"));
  }

  @Test
  void aSnapshotThatCannotBeRemovedIsReportedAndTheFileStillGoes() throws Exception {
    CommandSnapshotBackend backend = new CommandSnapshotBackend(Command.of("true"), Command.of("false"));
    CowProbeResult r = probe.run(backend.offeredTo(probe.prepare(small().withSnapshotMode(SnapshotMode.AUTO)),
        "/stays"), journals.resolve("left.jsonl"), listener);

    assertThat(r.snapshot().taken()).isTrue();
    assertThat(r.snapshot().removed()).isFalse();
    assertThat(r.snapshot().removeFailure()).contains("exit code 1: false");
    assertThat(entries(dir)).isEmpty();
    assertThat(JournalReader.read(journals.resolve("left.jsonl")).outcome())
        .hasValueSatisfying(o -> assertThat(o).startsWith("completed; the snapshot /stays is left: "));
  }

  @Test
  void refusesWhatItCannotProbeAndWritesNothing() throws Exception {
    Path missing = dir.resolve("missing");
    assertThatThrownBy(() -> probe.prepare(CowProbeSpec.defaults(missing))).isInstanceOf(RefusedException.class)
        .hasMessage("cannot probe " + missing + ": it does not exist; give a writable directory");
    Path file = Files.writeString(dir.resolve("a-file"), "x");
    assertThatThrownBy(() -> probe.prepare(CowProbeSpec.defaults(file))).isInstanceOf(RefusedException.class)
        .hasMessageContaining("not a directory");
    Files.delete(file);

    long free = Files.getFileStore(dir).getUsableSpace();
    Assumptions.assumeTrue(free < (1L << 40), "the temp filesystem has a terabyte free: cannot ask for too much");
    CowProbeSpec huge = CowProbeSpec.defaults(dir).withSize(1L << 40);
    assertThatThrownBy(() -> probe.prepare(huge)).isInstanceOf(RefusedException.class)
        .hasMessageStartingWith("not enough free space in " + dir + ": the probe needs 1.0 TiB")
        .hasMessageEndingWith("give a smaller --size or another directory");
    assertThat(entries(dir)).isEmpty();
  }

  @Test
  void theSpaceAskedForIsTheFileTheRewrittenCopiesAndAMargin() {
    CowProbeSpec spec = CowProbeSpec.defaults(dir).withRewrites(2048).withSize(32 * MIB);
    assertThat(CowProbe.requiredBytes(spec)).isEqualTo(32 * MIB + 2048 * 4096 + CowProbe.MIN_SPARE_BYTES);
    CowProbeSpec big = CowProbeSpec.defaults(dir).withSize(10L << 30);
    assertThat(CowProbe.requiredBytes(big)).isEqualTo((10L << 30) + big.rewrites() * 4096L + (10L << 30) / 50);
  }

  private static List<Path> entries(Path d) throws IOException {
    try (Stream<Path> s = Files.list(d)) {
      return s.toList();
    }
  }
}
