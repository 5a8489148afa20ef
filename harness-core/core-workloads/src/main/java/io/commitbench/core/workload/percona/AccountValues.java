package io.commitbench.core.workload.percona;

import java.sql.Date;
import java.time.LocalDate;
import java.util.SplittableRandom;

/**
 * The values of the user-account rows and of the queries: names of 8 to 16 letters, an email
 * made of the name, a 32-digit hex password, a date of birth from 1940 to 2005, an address, and
 * the location the secondary index covers: one of {@value #COUNTRIES} countries, {@value
 * #STATES} states and {@value #CITIES} cities, uniform, so a (country, state, city) holds about
 * N / {@value #LOCATIONS} rows and a (country, state) about N / {@value #COUNTRY_STATES}.
 * Confined to one thread.
 */
final class AccountValues {

  static final int COUNTRIES = 10;
  static final int STATES = 50;
  static final int CITIES = 100;
  static final int COUNTRY_STATES = COUNTRIES * STATES;
  static final int LOCATIONS = COUNTRY_STATES * CITIES;
  private static final String[] DOMAINS = {"example.com", "example.org", "example.net", "mail.example"};
  private static final String[] STREETS = {"Main", "Oak", "Pine", "Maple", "Cedar", "Elm", "Lake", "Hill"};
  private static final long FIRST_BIRTHDAY = LocalDate.of(1940, 1, 1).toEpochDay();
  private static final long LAST_BIRTHDAY = LocalDate.of(2005, 12, 31).toEpochDay();

  private final SplittableRandom random;

  AccountValues(SplittableRandom random) {
    this.random = random;
  }

  /** Fills {@code row} in {@link PerconaTableSql#COLUMNS} order for the account {@code id}. */
  void row(int id, Object[] row) {
    String name = letters(8 + random.nextInt(9));
    row[0] = id;
    row[1] = name;
    row[2] = name.toLowerCase(java.util.Locale.ROOT) + "@" + DOMAINS[random.nextInt(DOMAINS.length)];
    row[3] = hex(32);
    row[4] = Date.valueOf(LocalDate.ofEpochDay(random.nextLong(FIRST_BIRTHDAY, LAST_BIRTHDAY + 1)));
    row[5] = (1 + random.nextInt(9_999)) + " " + STREETS[random.nextInt(STREETS.length)] + " Street";
    row[6] = city();
    row[7] = state();
    row[8] = String.format(java.util.Locale.ROOT, "%05d", random.nextInt(100_000));
    row[9] = country();
  }

  int country() {
    return 1 + random.nextInt(COUNTRIES);
  }

  int state() {
    return 1 + random.nextInt(STATES);
  }

  String city() {
    return String.format(java.util.Locale.ROOT, "City%03d", random.nextInt(CITIES));
  }

  /** An id of the table's N rows. */
  int id(long rows) {
    return 1 + (int) random.nextLong(rows);
  }

  private String letters(int length) {
    StringBuilder s = new StringBuilder(length);
    s.append((char) ('A' + random.nextInt(26)));
    for (int i = 1; i < length; i++) {
      s.append((char) ('a' + random.nextInt(26)));
    }
    return s.toString();
  }

  private String hex(int length) {
    StringBuilder s = new StringBuilder(length);
    for (int i = 0; i < length; i++) {
      s.append(Character.forDigit(random.nextInt(16), 16));
    }
    return s.toString();
  }
}
