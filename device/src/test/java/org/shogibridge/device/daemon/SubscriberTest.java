package org.shogibridge.device.daemon;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The test client itself: closing it must not fail a test whose broker has just gone (a CI run did). */
class SubscriberTest {
    @TempDir
    Path dir;

    @Test
    void closesWhileItsAutomaticReconnectIsMidAttempt() throws Exception {
        Mosquitto mosquitto = new Mosquitto(dir);
        Subscriber subscriber = new Subscriber(mosquitto.url(), "t");
        mosquitto.stop();
        // A listener that takes the reconnect's socket and never answers holds the attempt in "connecting", as a
        // dying or overloaded broker can (Paho's first attempt comes about a second after the loss).
        try (ServerSocket silent = new ServerSocket(mosquitto.port(), 5, InetAddress.getLoopbackAddress());
                Socket held = silent.accept()) {
            assertDoesNotThrow(subscriber::close, "closing while a connect is in progress");
        }
    }
}
