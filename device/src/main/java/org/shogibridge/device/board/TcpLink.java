package org.shogibridge.device.board;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;

/** The board protocol over TCP: a board on Wi-Fi (an ESP32), or the emulator in tests. */
public final class TcpLink implements BoardLink {
    private static final int CONNECT_MILLIS = 2_000;
    /** Short: the link thread also hands on the held readings at the board's scan rate. */
    private static final int READ_MILLIS = 3;

    private final String host;
    private final int port;
    private Socket socket;
    private InputStream in;
    private OutputStream out;

    public TcpLink(String host, int port) {
        this.host = host;
        this.port = port;
    }

    @Override
    public void open() throws IOException {
        close();
        Socket s = new Socket();
        try {
            s.connect(new InetSocketAddress(host, port), CONNECT_MILLIS);
            s.setSoTimeout(READ_MILLIS);
            s.setTcpNoDelay(true);
        } catch (IOException e) {
            s.close();
            throw new IOException("Board unreachable. " + describe() + ": " + e.getMessage() + ".", e);
        }
        socket = s;
        in = s.getInputStream();
        out = s.getOutputStream();
    }

    @Override
    public int read(byte[] buffer) throws IOException {
        try {
            int n = in.read(buffer);
            if (n < 0) {
                throw new IOException("Board disconnected. " + describe() + " closed the connection.");
            }
            return n;
        } catch (SocketTimeoutException e) {
            return 0;
        }
    }

    @Override
    public void write(byte[] bytes, int length) throws IOException {
        out.write(bytes, 0, length);
        out.flush();
    }

    @Override
    public void close() {
        if (socket != null) {
            try {
                socket.close();
            } catch (IOException e) {
                // closing anyway
            }
            socket = null;
        }
    }

    @Override
    public String describe() {
        return "tcp://" + host + ":" + port;
    }
}
