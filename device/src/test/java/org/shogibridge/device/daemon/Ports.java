package org.shogibridge.device.daemon;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.HashSet;
import java.util.Set;

/**
 * Free ports for a test's broker and web server: taken below the kernel's range for outgoing connections (32768 to
 * 60999 on Debian), in turn from a start of this JVM's own, each checked free on every address. A port the kernel
 * offered for a listen on 0 and that was let go could be any outgoing connection's before the daemon bound it ("Port
 * in use. The web server cannot listen ...", NeverLoseAGameIT beside a busy CPU).
 */
public final class Ports {
    private static final int FIRST = 20_000;
    private static final int LAST = 32_000;
    /** Ports handed out already: a test asks for several, and a daemon may not have bound the last one yet. */
    private static final Set<Integer> GIVEN = new HashSet<>();
    private static int next = FIRST + (int) (ProcessHandle.current().pid() * 997 % (LAST - FIRST));

    private Ports() {
    }

    public static synchronized int free() throws IOException {
        for (int tries = 0; tries <= LAST - FIRST; tries++) {
            int port = next;
            next = next >= LAST ? FIRST : next + 1;
            if (!GIVEN.contains(port) && canListen(port)) {
                GIVEN.add(port);
                return port;
            }
        }
        throw new IOException("No free port. Every port from " + FIRST + " to " + LAST + " is taken.");
    }

    private static boolean canListen(int port) {
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(true);
            socket.bind(new InetSocketAddress(port));
            return true;
        } catch (IOException taken) {
            return false;
        }
    }
}
