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
  void actorsTakingAtOnceGetExactlyTheBudgetOnceCountingStarts() throws Exception {
    TransactionBudget budget = TransactionBudget.of(100_000);
    for (int i = 0; i < 1_000; i++) {
      assertTrue(budget.take(), "the warm-up's transactions do not count");
    }
    budget.startCounting();
    AtomicLong taken = new AtomicLong();
    CountDownLatch go = new CountDownLatch(1);
    List<Thread> actors = new ArrayList<>();
    for (int a = 0; a < 4; a++) {
      Thread actor = new Thread(() -> {
        try {
          go.await();
        } catch (InterruptedException e) {
          return;
        }
        long mine = 0;
        while (budget.take()) {
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
    assertFalse(budget.take(), "nothing is left after the budget");
  }

  @Test
  void anUnlimitedBudgetNeverEndsEvenWhenCountingStarts() {
    TransactionBudget budget = TransactionBudget.unlimited();
    budget.startCounting();
    for (int i = 0; i < 10_000; i++) {
      assertTrue(budget.take());
    }
  }
}
