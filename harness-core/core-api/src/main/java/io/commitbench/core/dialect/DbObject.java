package io.commitbench.core.dialect;

import java.util.Locale;

/**
 * A table or user found on the server, as {@link OwnershipMarks#tablesStartingWith} and {@link
 * Users#usersStartingWith} list it: its name in lower case (H2 and Oracle keep unquoted names
 * in upper case) and its comment, where commitbench keeps its ownership mark.
 *
 * @param name the name, lower case
 * @param comment the object's comment; empty when it has none or the product keeps none for it
 */
public record DbObject(String name, String comment) {

  public DbObject {
    name = name.toLowerCase(Locale.ROOT);
    comment = comment == null ? "" : comment;
  }
}
