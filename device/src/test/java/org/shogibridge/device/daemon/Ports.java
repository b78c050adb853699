package org.shogibridge.device.daemon;

import java.io.IOException;
import java.net.ServerSocket;
import java.util.HashSet;
import java.util.Set;

/** Free loopback ports for a test's broker and web server. */
public final class Ports {
    /** Ports handed out already: the kernel may offer a just-closed port again, and a test asks for several. */
    private static final Set<Integer> GIVEN = new HashSet<>();

    private Ports() {
    }

    public static synchronized int free() throws IOException {
        while (true) {
            try (ServerSocket socket = new ServerSocket(0)) {
                socket.setReuseAddress(true);
                if (GIVEN.add(socket.getLocalPort())) {
                    return socket.getLocalPort();
                }
            }
        }
    }
}
