package io.commitbench.core.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class TransactionBudgetTest {

  @Test
  void aShareTellsWhetherTheWarmUpIsOverWithOrWithoutALimit() {
    for (TransactionBudget budget : List.of(TransactionBudget.of(10), TransactionBudget.unlimited())) {
      TransactionBudget.Share share = budget.share();
      assertFalse(share.measuring(), "the warm-up");
      budget.startCounting();
      assertTrue(share.measuring(), "the measurement");
    }
  }

  @Test
  void actorsTakingAtOnceGetExactlyTheBudgetOnceCountingStarts() throws Exception {
    TransactionBudget budget = TransactionBudget.of(100_000);
    List<TransactionBudget.Share> shares = new ArrayList<>();
    for (int a = 0; a < 4; a++) {
      shares.add(budget.share());
    }
    for (int i = 0; i < 1_000; i++) {
      assertTrue(shares.get(i % 4).take(), "the warm-up's transactions do not count");
    }
    budget.startCounting();
    AtomicLong taken = new AtomicLong();
    CountDownLatch go = new CountDownLatch(1);
    List<Thread> actors = new ArrayList<>();
    for (TransactionBudget.Share share : shares) {
      Thread actor = new Thread(() -> {
        try {
          go.await();
        } catch (InterruptedException e) {
          return;
        }
        long mine = 0;
        while (share.take()) {
          mine++;
        }
        taken.addAndGet(mine);
      });
      actor.start();
      actors.add(actor);
    }
    go.countDown();
    for (Thread actor : actors) {
      actor.join();
    }
    assertEquals(100_000, taken.get());
    for (TransactionBudget.Share share : shares) {
      assertFalse(share.take(), "nothing is left after the budget");
    }
  }

  @Test
  void anUnlimitedBudgetNeverEndsEvenWhenCountingStarts() {
    TransactionBudget budget = TransactionBudget.unlimited();
    TransactionBudget.Share share = budget.share();
    budget.startCounting();
    for (int i = 0; i < 10_000; i++) {
      assertTrue(share.take());
    }
  }

  @Test
  void aShareHoldsWhatItWasGrantedAndTheOthersTakeTheRest() {
    TransactionBudget budget = TransactionBudget.of(1_000);
    TransactionBudget.Share first = budget.share();
    TransactionBudget.Share second = budget.share();
    budget.startCounting();
    assertTrue(first.take());
    int secondTook = 0;
    while (second.take()) {
      secondTook++;
    }
    assertEquals(1_000 - TransactionBudget.MOST_AT_ONCE, secondTook,
        "the first share was granted the most at once, and keeps what it has not taken yet");
    int firstTook = 1;
    while (first.take()) {
      firstTook++;
    }
    assertEquals(TransactionBudget.MOST_AT_ONCE, firstTook);
  }

  @Test
  void aBudgetSmallerThanAGrantIsTakenExactly() {
    TransactionBudget budget = TransactionBudget.of(3);
    TransactionBudget.Share share = budget.share();
    budget.startCounting();
    assertTrue(share.take());
    assertTrue(share.take());
    assertTrue(share.take());
    assertFalse(share.take());
    assertFalse(budget.share().take(), "a share made later finds nothing left either");
  }
}
