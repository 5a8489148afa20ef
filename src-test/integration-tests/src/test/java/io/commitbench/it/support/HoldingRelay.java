package io.commitbench.it.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A TCP relay in front of a real server whose open connections can be held: {@link #hold} makes
 * every connection open at that moment stop passing bytes either way (what a frozen server or a
 * dropped route looks like to a client: the query goes out, nothing comes back), while
 * connections opened later pass as usual. {@link #release} lets the held bytes through, none
 * lost, so a connection that sat idle while held (the run's admin) carries on as if nothing
 * happened. {@link #holdNewConnections} holds the connections accepted later too (a login that
 * gets no answer), and {@link #releaseAllButOldest} lets all but a run's admin connection go.
 */
public final class HoldingRelay implements AutoCloseable {

  private final String targetHost;
  private final int targetPort;
  private final ServerSocket listener;
  private final List<Pipe> pipes = new CopyOnWriteArrayList<>();
  private final Thread acceptor;
  /** Numbers the connections in the order they were accepted; both pipes of one share it. */
  private final AtomicLong accepted = new AtomicLong();
  private volatile boolean holdingNew;

  public HoldingRelay(String targetHost, int targetPort) throws IOException {
    this.targetHost = targetHost;
    this.targetPort = targetPort;
    this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    this.acceptor = new Thread(this::acceptAll, "holding-relay-accept");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  /** The port clients connect to, on the loopback address. */
  public int port() {
    return listener.getLocalPort();
  }

  /** Holds the bytes of every connection open now; returns how many connections that is. */
  public int hold() {
    int held = 0;
    for (Pipe pipe : pipes) {
      if (pipe.hold()) {
        held++;
      }
    }
    return held / 2;
  }

  /**
   * Holds every connection accepted from now on: the client's connect reaches the relay, and its
   * login then gets no answer, as behind a dropped route.
   */
  public void holdNewConnections() {
    holdingNew = true;
  }

  /**
   * Lets every held connection but the oldest pass again (the actors' connections, while a run's
   * admin connection stays held); connections accepted later are still held if they were.
   */
  public void releaseAllButOldest() {
    long oldest = pipes.stream().mapToLong(p -> p.connection).min().orElse(-1);
    pipes.stream().filter(p -> p.connection != oldest).forEach(Pipe::release);
  }

  /** Lets every held connection pass again, and new ones too. */
  public void release() {
    holdingNew = false;
    pipes.forEach(Pipe::release);
  }

  private void acceptAll() {
    while (!listener.isClosed()) {
      try {
        Socket client = listener.accept();
        Socket server = new Socket(targetHost, targetPort);
        client.setTcpNoDelay(true);
        server.setTcpNoDelay(true);
        long connection = accepted.incrementAndGet();
        start(new Pipe(client, server, "to-server", connection));
        start(new Pipe(server, client, "to-client", connection));
      } catch (IOException e) {
        // Closed listener, or a server that refused one connection: the client sees its end close.
      }
    }
  }

  private void start(Pipe pipe) {
    if (holdingNew) {
      pipe.hold();
    }
    pipes.add(pipe);
    Thread thread = new Thread(pipe, "holding-relay-" + pipe.direction);
    thread.setDaemon(true);
    thread.start();
  }

  @Override
  public void close() throws IOException {
    listener.close();
    release();
    for (Pipe pipe : pipes) {
      pipe.closeBoth();
    }
  }

  /** One direction of one connection. */
  private final class Pipe implements Runnable {
    private final Socket from;
    private final Socket to;
    private final String direction;
    private final long connection;
    private boolean held;
    private boolean ended;

    Pipe(Socket from, Socket to, String direction, long connection) {
      this.from = from;
      this.to = to;
      this.direction = direction;
      this.connection = connection;
    }

    synchronized boolean hold() {
      if (ended) {
        return false;
      }
      held = true;
      return true;
    }

    synchronized void release() {
      held = false;
      notifyAll();
    }

    private synchronized void waitWhileHeld() throws InterruptedException {
      while (held) {
        wait();
      }
    }

    @Override
    public void run() {
      byte[] buffer = new byte[16 * 1024];
      try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
        int n;
        while ((n = in.read(buffer)) >= 0) {
          waitWhileHeld();
          out.write(buffer, 0, n);
          out.flush();
        }
      } catch (IOException | InterruptedException e) {
        // One end closed: the other is closed below, as a real connection would end.
      } finally {
        synchronized (this) {
          ended = true;
        }
        pipes.remove(this);
        closeBoth();
      }
    }

    void closeBoth() {
      try {
        from.close();
      } catch (IOException ignored) {
        // Already closed.
      }
      try {
        to.close();
      } catch (IOException ignored) {
        // Already closed.
      }
    }
  }
}
