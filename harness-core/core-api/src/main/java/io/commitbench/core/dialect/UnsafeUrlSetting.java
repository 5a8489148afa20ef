package io.commitbench.core.dialect;

/**
 * A setting of a JDBC URL that makes the driver do more than connect: run SQL when it connects,
 * load and construct a class it names, or read further settings or write a file at a path it
 * names. A parameter file is data; such a setting would let it run code, so db.url is refused with
 * one unless db.url.trusted says the URL may.
 *
 * @param name the setting as the URL writes it ({@code INIT}, {@code socketFactory})
 * @param effect what the driver does with it, to follow "which": {@code makes H2 run SQL when it
 *     opens the database}
 */
public record UnsafeUrlSetting(String name, String effect) {}
