package io.commitbench.core.workload.paper;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RowKeysTest {

  @ParameterizedTest(name = "inserts={0} deletes={1}")
  @CsvSource({"10,10", "10,3", "3,10", "1,1", "7,1", "1000,7"})
  void theDeletesOfOneActorRemoveExactlyTheKeysItInserted(int inserts, int deletes) {
    for (int actor = 0; actor < 3; actor++) {
      RowKeys keys = new RowKeys(actor, inserts, deletes);
      Set<Long> inserted = new TreeSet<>();
      for (int i = 0; i < inserts; i++) {
        inserted.add(keys.insertKey(i));
      }
      Set<Long> deleted = new TreeSet<>();
      for (int j = 0; j < deletes; j++) {
        for (long k = keys.deleteFrom(j); k <= keys.deleteTo(j); k++) {
          assertThat(deleted.add(k)).as("slices do not overlap: key %d twice", k).isTrue();
        }
      }
      assertThat(deleted).isEqualTo(inserted);
    }
  }

  @ParameterizedTest(name = "inserts={0} touches={1}")
  @CsvSource({"10,10", "10,25", "3,2"})
  void selectsAndUpdatesAddressOnlyTheActorsOwnRows(int inserts, int touches) {
    Set<Long> everyActorsKeys = new HashSet<>();
    for (int actor = 0; actor < 4; actor++) {
      RowKeys keys = new RowKeys(actor, inserts, 1);
      Set<Long> own = new HashSet<>();
      for (int i = 0; i < inserts; i++) {
        own.add(keys.insertKey(i));
      }
      for (int j = 0; j < touches; j++) {
        assertThat(own).contains(keys.addressedKey(j));
      }
      for (Long key : own) {
        assertThat(everyActorsKeys.add(key)).as("actors never share key %d", key).isTrue();
      }
    }
  }

  @ParameterizedTest
  @CsvSource({"0", "1", "5"})
  void withoutInsertsSelectsAddressAKeyNoActorWrites(int actor) {
    assertThat(new RowKeys(actor, 0, 1).addressedKey(3)).isNegative();
  }
}
