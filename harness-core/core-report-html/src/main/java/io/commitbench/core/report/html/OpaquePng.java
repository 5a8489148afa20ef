package io.commitbench.core.report.html;

import java.awt.image.BufferedImage;
import java.awt.image.DataBufferInt;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;

/**
 * Encodes an opaque image ({@link BufferedImage#TYPE_INT_RGB}) as PNG: 8-bit RGB, rows unfiltered,
 * deflated at level 1. Encoding is most of what a report costs, and ImageIO's writer, which tries
 * every row filter on every row and reads the pixels band by band, takes three to four times as
 * long; for lines on a white ground its file is hardly smaller.
 */
final class OpaquePng {

  private static final byte[] SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  private static final int BIT_DEPTH = 8;
  private static final int COLOUR_TYPE_RGB = 2;
  private static final int FILTER_NONE = 0;

  private OpaquePng() {}

  static byte[] encode(BufferedImage image) throws IOException {
    if (image.getType() != BufferedImage.TYPE_INT_RGB) {
      throw new IllegalArgumentException("not an opaque RGB image (type " + image.getType() + ")");
    }
    int width = image.getWidth();
    int height = image.getHeight();
    int[] pixels = ((DataBufferInt) image.getRaster().getDataBuffer()).getData();
    ByteArrayOutputStream file = new ByteArrayOutputStream(256 * 1024);
    DataOutputStream out = new DataOutputStream(file);
    out.write(SIGNATURE);
    ByteArrayOutputStream header = new ByteArrayOutputStream(13);
    DataOutputStream h = new DataOutputStream(header);
    h.writeInt(width);
    h.writeInt(height);
    h.write(new byte[] {BIT_DEPTH, COLOUR_TYPE_RGB, 0, 0, 0}); // no interlace; deflate and adaptive filtering are PNG's only methods
    chunk(out, "IHDR", header.toByteArray());
    ByteArrayOutputStream data = new ByteArrayOutputStream(256 * 1024);
    Deflater deflater = new Deflater(Deflater.BEST_SPEED);
    try (DeflaterOutputStream z = new DeflaterOutputStream(data, deflater, 64 * 1024)) {
      byte[] row = new byte[1 + width * 3];
      row[0] = FILTER_NONE;
      for (int y = 0; y < height; y++) {
        int o = 1;
        for (int x = y * width, end = x + width; x < end; x++) {
          int p = pixels[x];
          row[o++] = (byte) (p >> 16);
          row[o++] = (byte) (p >> 8);
          row[o++] = (byte) p;
        }
        z.write(row);
      }
    } finally {
      deflater.end();
    }
    chunk(out, "IDAT", data.toByteArray());
    chunk(out, "IEND", new byte[0]);
    return file.toByteArray();
  }

  private static void chunk(DataOutputStream out, String type, byte[] content) throws IOException {
    byte[] name = type.getBytes(StandardCharsets.US_ASCII);
    out.writeInt(content.length);
    out.write(name);
    out.write(content);
    CRC32 crc = new CRC32();
    crc.update(name);
    crc.update(content);
    out.writeInt((int) crc.getValue());
  }
}
