package org.shogibridge.device.mqtt;

import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import javax.net.SocketFactory;

/**
 * Plain TCP sockets for Paho with Nagle's algorithm off. A state is one small write followed by a wait for the
 * broker's answer; with Nagle on, the next small write waits for the peer's delayed acknowledgement, which adds
 * about 40 ms to a move's way from the board to a viewer (measured with bench-event).
 */
public final class NoDelaySockets extends SocketFactory {
    public static final NoDelaySockets INSTANCE = new NoDelaySockets();

    private NoDelaySockets() {
    }

    private static Socket noDelay(Socket socket) throws IOException {
        socket.setTcpNoDelay(true);
        return socket;
    }

    @Override
    public Socket createSocket() throws IOException {
        return noDelay(new Socket());
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        return noDelay(new Socket(host, port));
    }

    @Override
    public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
        return noDelay(new Socket(host, port, localHost, localPort));
    }

    @Override
    public Socket createSocket(InetAddress host, int port) throws IOException {
        return noDelay(new Socket(host, port));
    }

    @Override
    public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort) throws IOException {
        return noDelay(new Socket(address, port, localAddress, localPort));
    }
}
