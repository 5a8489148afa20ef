package io.commitbench.core.config;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * The bytes of a file as UTF-8 text, or what makes them something else, said with the offset
 * and line where it is: a byte that is not valid UTF-8 (a Latin-1 file, binary garbage), or a
 * control character no text file holds (NUL from a UTF-16 file, or binary). A UTF-8 byte order
 * mark, which editors on Windows write, is dropped: it marks the encoding and is not content.
 *
 * <pre>
 * String text = Utf8Text.decode(Files.readAllBytes(file)); // throws NotText with the reason
 * </pre>
 */
final class Utf8Text {

  /** What a file is when it is not UTF-8 text; the message says why and where. */
  static final class NotText extends Exception {
    NotText(String message) {
      super(message);
    }
  }

  private static final int BOM_LENGTH = 3;

  private Utf8Text() {}

  static String decode(byte[] bytes) throws NotText {
    if (bytes.length >= 2 && ((bytes[0] == (byte) 0xFF && bytes[1] == (byte) 0xFE)
        || (bytes[0] == (byte) 0xFE && bytes[1] == (byte) 0xFF))) {
      throw new NotText("not UTF-8 text: it starts with a UTF-16 byte order mark");
    }
    int start = hasUtf8Bom(bytes) ? BOM_LENGTH : 0;
    CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
        .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
    ByteBuffer in = ByteBuffer.wrap(bytes, start, bytes.length - start);
    CharBuffer out = CharBuffer.allocate(bytes.length);
    CoderResult result = decoder.decode(in, out, true);
    int malformed = result.isError() ? in.position() : bytes.length;
    // The first problem in the file is reported. Bytes below 0x80 are never part of a multi-byte
    // UTF-8 sequence, so a control byte before the first malformed one is a control character.
    for (int i = start; i < malformed; i++) {
      int b = bytes[i];
      if ((b >= 0 && b < 0x20 && b != '\t' && b != '\n' && b != '\r' && b != '\f') || b == 0x7F) {
        throw new NotText(String.format(Locale.ROOT, "not text: control character 0x%02X at %s", b, where(bytes, i)));
      }
    }
    if (result.isError()) {
      throw new NotText(String.format(Locale.ROOT, "not UTF-8 text: byte 0x%02X at %s is not valid UTF-8",
          bytes[malformed] & 0xFF, where(bytes, malformed)));
    }
    return out.flip().toString();
  }

  private static boolean hasUtf8Bom(byte[] bytes) {
    return bytes.length >= BOM_LENGTH && bytes[0] == (byte) 0xEF && bytes[1] == (byte) 0xBB && bytes[2] == (byte) 0xBF;
  }

  /** {@code offset 19 (line 2)}: the offset from the file's first byte, the line counted from 1. */
  private static String where(byte[] bytes, int offset) {
    int line = 1;
    for (int i = 0; i < offset; i++) {
      if (bytes[i] == '\n') {
        line++;
      }
    }
    return "offset " + offset + " (line " + line + ")";
  }
}
