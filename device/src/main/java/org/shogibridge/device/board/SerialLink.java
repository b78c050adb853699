package org.shogibridge.device.board;

import com.fazecast.jSerialComm.SerialPort;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The board protocol over a serial port (USB CDC from an RP2040, an Arduino, an ESP32), on jSerialComm. The port is
 * a path, best a udev-stable name ({@code /dev/serial/by-id/...} or the project's {@code /dev/shogi-board} rule), or a
 * glob such as {@code /dev/ttyACM*}: after the cable is replugged the board may come back under another name, and
 * each opening tries every matching device in name order.
 */
public final class SerialLink implements BoardLink {
    /** Short: the link thread also hands on the held readings at the board's scan rate. */
    private static final int READ_MILLIS = 3;

    private final String pattern;
    private final int baud;
    private final Function<String, SerialPort> ports;
    private SerialPort port;
    private String opened;

    public SerialLink(String pattern, int baud) {
        this(pattern, baud, SerialPort::getCommPort);
    }

    /** A link that gets its ports from {@code ports} (jSerialComm's, or a test's that fail on demand). */
    SerialLink(String pattern, int baud, Function<String, SerialPort> ports) {
        this.pattern = pattern;
        this.baud = baud;
        this.ports = ports;
    }

    @Override
    public void open() throws IOException {
        close();
        List<String> candidates = candidates();
        if (candidates.isEmpty()) {
            throw new IOException("Board not found. No serial device matches " + pattern + ".");
        }
        StringBuilder why = new StringBuilder();
        for (String path : candidates) {
            SerialPort p = ports.apply(path);
            p.setComPortParameters(baud, 8, SerialPort.ONE_STOP_BIT, SerialPort.NO_PARITY);
            p.setFlowControl(SerialPort.FLOW_CONTROL_DISABLED);
            p.setComPortTimeouts(SerialPort.TIMEOUT_READ_SEMI_BLOCKING, READ_MILLIS, 0);
            if (p.openPort()) {
                port = p;
                opened = path;
                return;
            }
            why.append(why.length() == 0 ? "" : "; ").append(path).append(": error ").append(p.getLastErrorCode());
        }
        throw new IOException("Board not opened. " + why + " (permissions: is the user in group dialout?).");
    }

    /** Return the devices the pattern names: itself, or the files its glob matches in its folder, by name. */
    List<String> candidates() throws IOException {
        Path path = Path.of(pattern);
        String name = path.getFileName().toString();
        if (!name.contains("*") && !name.contains("?") && !name.contains("[")) {
            return Files.exists(path) ? List.of(pattern) : List.of();
        }
        List<String> found = new ArrayList<>();
        Path folder = path.getParent() == null ? Path.of(".") : path.getParent();
        if (!Files.isDirectory(folder)) {
            return found;
        }
        try (DirectoryStream<Path> matches = Files.newDirectoryStream(folder, name)) {
            matches.forEach(p -> found.add(p.toString()));
        }
        found.sort(null);
        return found;
    }

    @Override
    public int read(byte[] buffer) throws IOException {
        SerialPort p = port;
        if (p == null) {
            throw new IOException("Board disconnected. " + describe() + " is closed.");
        }
        int n = p.readBytes(buffer, buffer.length);
        if (n < 0 || !p.isOpen()) {
            throw new IOException("Board disconnected. " + describe() + " went away (cable pulled?).");
        }
        return n;
    }

    @Override
    public void write(byte[] bytes, int length) throws IOException {
        SerialPort p = port;
        if (p == null || p.writeBytes(bytes, length) != length) {
            throw new IOException("Board disconnected. Writing to " + describe() + " failed.");
        }
    }

    @Override
    public void close() {
        if (port != null) {
            port.closePort();
            port = null;
        }
    }

    @Override
    public String describe() {
        return opened != null && port != null ? opened : pattern;
    }
}
