package io.commitbench.core.io;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** SHA-256 in lower-case hex: for ids derived from a path, and for telling two files' contents apart. */
public final class Sha256 {

  private Sha256() {}

  public static String hex(byte[] data) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
    }
  }

  /** The first 8 hex digits of the hash of {@code text} (UTF-8): short, stable, distinct enough for names. */
  public static String shortHex(String text) {
    return hex(text.getBytes(StandardCharsets.UTF_8)).substring(0, 8);
  }
}
