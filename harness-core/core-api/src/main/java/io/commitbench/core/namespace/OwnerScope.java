package io.commitbench.core.namespace;

import java.util.Optional;

/**
 * Whose leftovers a {@code commitbench cleanup} acts on: one owner's (by default its caller's,
 * the {@code owner} key), or every owner's. A mark that names no owner belongs to no one in
 * particular, so only the latter covers it.
 *
 * <pre>
 * OwnerScope.of("alice@lab1").covers(mark)   // true for alice's marks only
 * OwnerScope.everyOwner().covers(mark)       // true for every commitbench mark
 * </pre>
 *
 * @param owner the owner acted for; empty: every owner
 */
public record OwnerScope(Optional<String> owner) {

  public OwnerScope {
    owner.ifPresent(o -> {
      if (!Owner.valid(o)) {
        throw new IllegalArgumentException("owner " + o + ": allowed: " + Owner.ALLOWED);
      }
    });
  }

  public static OwnerScope of(String owner) {
    return new OwnerScope(Optional.of(owner));
  }

  public static OwnerScope everyOwner() {
    return new OwnerScope(Optional.empty());
  }

  /** Whether a run of this mark is the scope's to drop. */
  public boolean covers(OwnershipMark mark) {
    return owner.map(mark::ownedBy).orElse(true);
  }

  /** For a plan's title: {@code owner alice@lab1} or {@code every owner}. */
  public String describe() {
    return owner.map(o -> "owner " + o).orElse("every owner");
  }

  /**
   * Why a run outside the scope is kept, and how to act for its owner: {@code owner bob@lab2,
   * someone else's (--owner bob@lab2 drops it)}, or, for a mark without an owner, that only
   * {@code --all-owners} drops it.
   */
  public static String whyKept(OwnershipMark mark) {
    return mark.owner().map(o -> "owner " + o + ", someone else's (--owner " + o + " drops it)")
        .orElse("owner unknown, its mark names none (--all-owners drops it)");
  }
}
