package io.commitbench.storage.instance;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/** A TCP port of 127.0.0.1 that nobody listens on at the moment it is asked for. */
final class FreePort {

  private FreePort() {}

  static int pick() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }
}
