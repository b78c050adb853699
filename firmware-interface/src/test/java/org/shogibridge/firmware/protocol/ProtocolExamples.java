package org.shogibridge.firmware.protocol;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** The worked examples of PROTOCOL.md, as the tests of the Java and the C codec read them from the document. */
public final class ProtocolExamples {
    private ProtocolExamples() {
    }

    /** Return the examples in the document's order: message name to {body, frame}. */
    public static Map<String, byte[][]> read() throws IOException {
        Map<String, byte[][]> examples = new LinkedHashMap<>();
        for (String line : Files.readAllLines(Path.of("PROTOCOL.md"))) {
            String[] parts = line.trim().split("\\s+", 3);
            if (parts.length == 3 && parts[0].matches("[A-Z]+") && parts[1].matches("body|frame")
                    && parts[2].matches("[0-9A-F]{2}( [0-9A-F]{2})*")) {
                examples.computeIfAbsent(parts[0], k -> new byte[2][])[parts[1].equals("body") ? 0 : 1] = hex(parts[2]);
            }
        }
        return examples;
    }

    public static byte[] hex(String text) {
        String[] parts = text.trim().split("\\s+");
        byte[] bytes = new byte[parts.length];
        for (int i = 0; i < parts.length; i++) {
            bytes[i] = (byte) Integer.parseInt(parts[i], 16);
        }
        return bytes;
    }

    /** Return the message type an example is named after. */
    public static int type(String name) {
        return switch (name) {
            case "HELLO" -> Protocol.HELLO;
            case "SYNC" -> Protocol.SYNC;
            case "SNAPSHOT" -> Protocol.SNAPSHOT;
            case "DELTA" -> Protocol.DELTA;
            case "BUTTON" -> Protocol.BUTTON;
            case "PING" -> Protocol.PING;
            case "PONG" -> Protocol.PONG;
            case "LEDS" -> Protocol.LEDS;
            case "ACK" -> Protocol.ACK;
            case "ERROR" -> Protocol.ERROR;
            default -> throw new AssertionError("unknown example " + name);
        };
    }
}
