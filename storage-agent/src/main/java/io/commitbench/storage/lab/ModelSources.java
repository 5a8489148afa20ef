package io.commitbench.storage.lab;

import io.commitbench.core.host.lab.Calibration;
import io.commitbench.core.host.lab.DeviceModel;
import io.commitbench.core.host.lab.DeviceProfile;
import io.commitbench.core.host.lab.KeyValueFile;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * The device models' C sources and profile files the storage agent carries (from {@code
 * src/main/device-models}), written out for {@code lab up} to compile a model's plugin.
 */
final class ModelSources {

  private static final String BASE = "/io/commitbench/storage/lab/models/";

  private ModelSources() {}

  /** Writes the model's sources and the profile's file into {@code dir}, which exists. */
  static void writeTo(DeviceProfile profile, Path dir) throws IOException {
    DeviceModel model = profile.model().orElseThrow();
    for (String source : model.sources()) {
      Files.write(dir.resolve(source), bytes(source));
    }
    Files.write(dir.resolve(profile.modelProfileFile()), bytes("profiles/" + profile.modelProfileFile()));
  }

  /** The profile file's text: the model's parameters with the source of each figure. */
  static String profileText(DeviceProfile profile) {
    try {
      return new String(bytes("profiles/" + profile.modelProfileFile()), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The figures the profile's data sheets give ({@code datasheet.*}) that a calibration measures
   * too ({@link Calibration#DATASHEET_KEYS}), for it to stand beside.
   */
  static Map<String, Double> datasheet(DeviceProfile profile) {
    if (profile.model().isEmpty()) {
      return Map.of();
    }
    // The file may state more than a calibration measures (the drive's name, its read IOPS at depth).
    Map<String, Double> figures = new java.util.LinkedHashMap<>(KeyValueFile.datasheet(profileText(profile)));
    figures.keySet().retainAll(Calibration.DATASHEET_KEYS);
    return figures;
  }

  private static byte[] bytes(String name) throws IOException {
    try (InputStream in = ModelSources.class.getResourceAsStream(BASE + name)) {
      if (in == null) {
        throw new IOException("the storage agent carries no device model file " + name);
      }
      return in.readAllBytes();
    }
  }
}
