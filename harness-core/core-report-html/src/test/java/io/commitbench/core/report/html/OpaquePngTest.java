package io.commitbench.core.report.html;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.util.Random;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

class OpaquePngTest {

  @Test
  void imageIoDecodesEveryPixelAsItWas() throws Exception {
    BufferedImage image = new BufferedImage(301, 77, BufferedImage.TYPE_INT_RGB);
    Random random = new Random(7);
    for (int y = 0; y < image.getHeight(); y++) {
      for (int x = 0; x < image.getWidth(); x++) {
        image.setRGB(x, y, y % 3 == 0 ? 0xffffff : random.nextInt(0x1000000));
      }
    }
    BufferedImage decoded = ImageIO.read(new ByteArrayInputStream(OpaquePng.encode(image)));
    assertThat(decoded.getWidth()).isEqualTo(301);
    assertThat(decoded.getHeight()).isEqualTo(77);
    for (int y = 0; y < image.getHeight(); y++) {
      for (int x = 0; x < image.getWidth(); x++) {
        assertThat(decoded.getRGB(x, y) & 0xffffff).as("pixel %d,%d", x, y).isEqualTo(image.getRGB(x, y) & 0xffffff);
      }
    }
  }

  @Test
  void anImageWithAlphaIsRefused() {
    assertThatThrownBy(() -> OpaquePng.encode(new BufferedImage(2, 2, BufferedImage.TYPE_INT_ARGB)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not an opaque RGB image");
  }
}
