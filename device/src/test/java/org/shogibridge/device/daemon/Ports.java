package org.shogibridge.device.daemon;

import java.io.IOException;
import java.net.ServerSocket;

/** Free loopback ports for a test's broker and web server. */
final class Ports {
    private Ports() {
    }

    static int free() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            socket.setReuseAddress(true);
            return socket.getLocalPort();
        }
    }
}
