package org.shogibridge.device.io;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Reading the files named on a command line: at most a given size (so that {@code /dev/zero} or a runaway file
 * is an error, not an exhausted heap), and text as strict UTF-8 with the line of a bad byte named.
 */
public final class TextFiles {
    /** The largest text file a command reads (positions, openings, training data): 256 MiB. */
    public static final long MAX_TEXT_BYTES = 256L << 20;

    private TextFiles() {
    }

    /** Return a text as a message quotes it: at most 60 characters, so that a huge bad line is not echoed whole. */
    public static String abbreviated(String text) {
        return text.length() <= 60 ? text : text.substring(0, 57) + "...";
    }

    /** Return the bytes of a file of at most {@code limit} bytes; a larger one is an error naming it. */
    public static byte[] readBytes(Path file, long limit) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            byte[] bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, limit + 1));
            if (bytes.length > limit) {
                throw new IllegalArgumentException("File too large. " + file + " has more than " + limit + " bytes.");
            }
            return bytes;
        }
    }

    /** Return the lines of a UTF-8 text file (a byte-order mark is dropped); bad UTF-8 is an error naming the line. */
    public static List<String> readLines(Path file) throws IOException {
        byte[] bytes = readBytes(file, MAX_TEXT_BYTES);
        int offset = bytes.length >= 3 && (bytes[0] & 0xff) == 0xEF && (bytes[1] & 0xff) == 0xBB
                && (bytes[2] & 0xff) == 0xBF ? 3 : 0;
        ByteBuffer in = ByteBuffer.wrap(bytes, offset, bytes.length - offset);
        CharBuffer out = CharBuffer.allocate(bytes.length + 1);
        CoderResult result = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT)
                .decode(in, out, true);
        if (result.isError()) {
            int line = 1;
            for (int i = 0; i < in.position(); i++) {
                if (bytes[i] == '\n') {
                    line++;
                }
            }
            throw new IllegalArgumentException("Bad encoding. " + file + " line " + line + " is not UTF-8 text.");
        }
        return out.flip().toString().lines().toList();
    }
}
