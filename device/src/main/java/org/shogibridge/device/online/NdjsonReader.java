package org.shogibridge.device.online;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Reads a stream of newline-delimited JSON, one object a line, as lishogi's event and game streams send them. Read
 * on the caller's thread, one line at a time, so a fast server waits for us (TCP's own backpressure) rather than
 * filling memory. Empty lines are the server's keep-alives (every few seconds) and are skipped; a line longer than
 * {@link #MAX_LINE_BYTES} or not a JSON object is an error that names it, since nothing the server sends is that.
 */
public final class NdjsonReader implements AutoCloseable {
    /** A game's whole state is a few kilobytes; a megabyte line is not lishogi's. */
    public static final int MAX_LINE_BYTES = 1 << 20;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final InputStream in;
    private final String source;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream(1024);

    public NdjsonReader(InputStream in, String source) {
        this.in = in;
        this.source = source;
    }

    /** The next object, or null at the end of the stream. */
    public JsonNode next() throws IOException {
        while (true) {
            line.reset();
            int b;
            while ((b = in.read()) != -1 && b != '\n') {
                if (line.size() >= MAX_LINE_BYTES) {
                    throw new IOException("Bad stream. " + source + " sent a line longer than " + MAX_LINE_BYTES + " bytes.");
                }
                line.write(b);
            }
            if (b == -1 && line.size() == 0) {
                return null;
            }
            String text = line.toString(StandardCharsets.UTF_8).strip();
            if (text.isEmpty()) {
                if (b == -1) {
                    return null;
                }
                continue; // a keep-alive
            }
            JsonNode node;
            try {
                node = JSON.readTree(text);
            } catch (IOException e) {
                throw new IOException("Bad stream. " + source + " sent a line that is not JSON: " + abbreviated(text));
            }
            if (node == null || !node.isObject()) {
                throw new IOException("Bad stream. " + source + " sent a line that is not a JSON object: " + abbreviated(text));
            }
            return node;
        }
    }

    private static String abbreviated(String text) {
        return text.length() <= 80 ? text : text.substring(0, 80) + "…";
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
