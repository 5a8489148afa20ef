package io.commitbench.storage.cow;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** filefrag's output as e2fsprogs 1.47 prints it. */
class FilefragTest {

  @Test
  void readsTheCountAtTheEndOfTheLastLine() {
    assertThat(Filefrag.parse("/mnt/data/f.dat: 1 extent found\n")).contains(1L);
    assertThat(Filefrag.parse("/mnt/data/f.dat: 63848 extents found\n")).contains(63_848L);
    assertThat(Filefrag.parse("/mnt/a: 2 extents found: b.dat: 70576 extents found\n"))
        .as("a name that looks like output").contains(70_576L);
  }

  @Test
  void readsTheVerboseForm() {
    String verbose = """
        Filesystem type is: 9123683e
        File size of /mnt/data/f.dat is 33554432 (8192 blocks of 4096 bytes)
         ext:     logical_offset:        physical_offset: length:   expected: flags:
           0:        0..       1:      15943..     15944:      2:             shared
           1:        2..    8191:      17286..     25475:   8190:      15945: last,shared,eof
        /mnt/data/f.dat: 2 extents found
        """;
    assertThat(Filefrag.parse(verbose)).contains(2L);
  }

  @Test
  void nothingWhenTheFilesystemHasNoFiemap() {
    assertThat(Filefrag.parse("")).isEmpty();
    assertThat(Filefrag.parse("/dev/shm/f: FIBMAP/FIEMAP unsupported\n")).isEmpty();
    assertThat(Filefrag.parse("/mnt/f: 3 extents found\nsomething else\n")).as("only the last line counts").isEmpty();
  }

  @Test
  void theCountDisplaysWithItsReasonWhenUnknown() {
    assertThat(ExtentCount.of(70_576).display()).isEqualTo("70,576");
    assertThat(ExtentCount.unknown("filefrag exited 22: FIBMAP/FIEMAP unsupported").display())
        .isEqualTo("unknown (filefrag exited 22: FIBMAP/FIEMAP unsupported)");
  }
}
