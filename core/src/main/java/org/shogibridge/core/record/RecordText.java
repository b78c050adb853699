package org.shogibridge.core.record;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns the bytes of a record file into text: UTF-8 with or without a byte-order mark, Shift_JIS (read as
 * Windows-31J, the superset that Windows tools write) or EUC-JP.
 *
 * <p>The encoding is decided once, from the whole file, in this order: a byte-order mark means UTF-8; strict
 * UTF-8; a file that is mostly valid UTF-8 is damaged UTF-8; else Shift_JIS or EUC-JP, whichever decodes
 * strictly (both: the one the file declares in its first lines, as in {@code #KIF version=2.0 encoding=Shift_JIS},
 * else the one with more characters typical of records). A declaration decides nothing else, because some tools
 * declare UTF-8 and write Shift_JIS. Bytes the chosen encoding cannot decode are an error naming their line,
 * never a reason to switch encodings.
 */
public final class RecordText {
    public static final Charset SHIFT_JIS = Charset.forName("windows-31j");
    public static final Charset EUC_JP = Charset.forName("EUC-JP");
    /** Characters frequent in records; the decoding that yields more of them is the right one. */
    private static final String TYPICAL = "手先後歩香桂銀金角飛玉王と成馬竜龍同打投了持駒開始日時棋戦場所一二三四五六七八九▲△";
    private static final Pattern DECLARATION = Pattern.compile("^[#'].*?\\bencoding=([A-Za-z0-9_.:-]+)");
    /** Valid UTF-8 sequences per undecodable byte above which a file is taken for damaged UTF-8 (Shift_JIS and EUC-JP records stay below 0.2). */
    private static final int UTF8_MAJORITY = 4;

    /** The encoding chosen for a file and its text. */
    private record Decoded(String encoding, String text) {
    }

    private RecordText() {
    }

    /** Return the text of a record file, without a byte-order mark; {@code source} names it in errors. */
    public static String decode(String source, byte[] bytes) {
        return decoded(source, bytes).text();
    }

    /** Return the text of a record file known to be readable (tests, round trips). */
    public static String decode(byte[] bytes) {
        return decode("record", bytes);
    }

    /** Return the name of the encoding {@link #decode} chooses: UTF-8, UTF-8 with BOM, Shift_JIS or EUC-JP. */
    public static String detect(byte[] bytes) {
        return decoded("record", bytes).encoding();
    }

    private static Decoded decoded(String source, byte[] bytes) {
        if (bytes.length >= 3 && (bytes[0] & 0xff) == 0xEF && (bytes[1] & 0xff) == 0xBB && (bytes[2] & 0xff) == 0xBF) {
            return new Decoded("UTF-8 with BOM", strictly(source, bytes, 3, StandardCharsets.UTF_8, "UTF-8"));
        }
        String utf8 = orNull(bytes, StandardCharsets.UTF_8);
        if (utf8 != null) {
            return new Decoded("UTF-8", utf8);
        }
        if (isMostlyUtf8(bytes)) {
            return new Decoded("UTF-8", strictly(source, bytes, 0, StandardCharsets.UTF_8, "UTF-8"));
        }
        String sjis = orNull(bytes, SHIFT_JIS);
        String euc = orNull(bytes, EUC_JP);
        if (sjis == null && euc == null) {
            // Report the damage where Shift_JIS, the usual encoding of records, fails.
            return new Decoded("Shift_JIS", strictly(source, bytes, 0, SHIFT_JIS, "Shift_JIS (nor EUC-JP)"));
        }
        Charset declared = declaredCharset(bytes);
        boolean eucWins = sjis == null || euc != null && (EUC_JP.equals(declared)
                || !SHIFT_JIS.equals(declared) && typicality(euc) > typicality(sjis));
        return eucWins ? new Decoded("EUC-JP", euc) : new Decoded("Shift_JIS", sjis);
    }

    /**
     * Return the encoding an {@code encoding=} declaration in the first two lines names, or null. Only a hint
     * between Shift_JIS and EUC-JP: some tools declare UTF-8 and write Shift_JIS.
     */
    private static Charset declaredCharset(byte[] bytes) {
        int start = 0;
        for (int line = 1; line <= 2 && start < bytes.length; line++) {
            int end = start;
            while (end < bytes.length && bytes[end] != '\n' && end - start < 200) {
                end++;
            }
            Matcher m = DECLARATION.matcher(new String(bytes, start, end - start, StandardCharsets.ISO_8859_1));
            if (m.find()) {
                String name = m.group(1).toUpperCase(Locale.ROOT).replace("-", "_");
                return name.startsWith("EUC") ? EUC_JP : name.contains("SHIFT_JIS") || name.equals("SJIS")
                        || name.equals("CP932") || name.equals("WINDOWS_31J") ? SHIFT_JIS : null;
            }
            start = end + 1;
        }
        return null;
    }

    /** Return whether the bytes hold several times more valid multi-byte UTF-8 sequences than bytes that break it. */
    private static boolean isMostlyUtf8(byte[] b) {
        int valid = 0;
        int invalid = 0;
        for (int i = 0; i < b.length; ) {
            int c = b[i] & 0xff;
            if (c < 0x80) {
                i++;
                continue;
            }
            int n = c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
            boolean ok = n > 0 && i + n <= b.length;
            for (int k = 1; ok && k < n; k++) {
                ok = (b[i + k] & 0xC0) == 0x80;
            }
            if (ok) {
                valid++;
                i += n;
            } else {
                invalid++;
                i++;
            }
        }
        return valid >= UTF8_MAJORITY * invalid;
    }

    private static String orNull(byte[] bytes, Charset charset) {
        try {
            return strictly("record", bytes, 0, charset, charset.name());
        } catch (RecordFormatException e) {
            return null;
        }
    }

    /** Decode strictly; an undecodable byte is an error naming its line. */
    private static String strictly(String source, byte[] bytes, int offset, Charset charset, String name) {
        CharsetDecoder decoder = charset.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes, offset, bytes.length - offset);
        CharBuffer out = CharBuffer.allocate((int) Math.min(Integer.MAX_VALUE - 16L,
                (long) ((bytes.length - offset) * (double) decoder.maxCharsPerByte()) + 16));
        CoderResult result = decoder.decode(in, out, true);
        if (!result.isError()) {
            result = decoder.flush(out);
        }
        if (result.isError()) {
            int at = in.position();
            int line = 1;
            for (int i = 0; i < at; i++) {
                if (bytes[i] == '\n') {
                    line++;
                }
            }
            throw new RecordFormatException(source, line, "Undecodable text. Byte 0x"
                    + String.format(Locale.ROOT, "%02X", bytes[at] & 0xff) + " is not valid " + name);
        }
        out.flip();
        return out.toString();
    }

    private static int typicality(String text) {
        int n = 0;
        for (int i = 0; i < text.length(); i++) {
            if (TYPICAL.indexOf(text.charAt(i)) >= 0) {
                n++;
            }
        }
        return n;
    }

    /** Reads one line of a record (numbered from 1); throws IllegalArgumentException with the reason when it cannot. */
    interface LineReader {
        void read(String line, int number);
    }

    /** Feed each line to a reader; an error becomes a {@link RecordFormatException} naming source and line. */
    static void readLines(String source, String text, LineReader reader) {
        int number = 0;
        for (int start = 0; start <= text.length(); ) {
            int end = lineEnd(text, start);
            number++;
            try {
                reader.read(text.substring(start, end), number);
            } catch (RecordFormatException e) {
                throw e;
            } catch (IllegalArgumentException e) {
                throw new RecordFormatException(source, number, e.getMessage());
            }
            start = nextLineStart(text, end);
        }
    }

    /** Return the index of the line break (CR, LF or CRLF) that ends the line starting at {@code start}. */
    static int lineEnd(String text, int start) {
        int i = start;
        while (i < text.length() && text.charAt(i) != '\n' && text.charAt(i) != '\r') {
            i++;
        }
        return i;
    }

    /** Return where the line after the break at {@code end} starts; past the end of the text after the last line. */
    static int nextLineStart(String text, int end) {
        if (end >= text.length()) {
            return text.length() + 1;
        }
        return text.charAt(end) == '\r' && end + 1 < text.length() && text.charAt(end + 1) == '\n' ? end + 2 : end + 1;
    }

    /**
     * Throw if the text ends without a line break in a line that could have been cut and still read as a
     * shorter statement (a list of pieces in hand): a file cut there would silently state another position.
     */
    static void checkLastLineNotCut(String text, java.util.function.Predicate<String> cuttable) {
        if (text.isEmpty() || endsWithLineBreak(text)) {
            return;
        }
        int start = Math.max(text.lastIndexOf('\n'), text.lastIndexOf('\r')) + 1;
        String last = text.substring(start).strip();
        if (cuttable.test(last)) {
            throw new IllegalArgumentException("Possibly truncated record. The file ends in the middle of '"
                    + abbreviated(last) + "' without a line break, so the list may be cut");
        }
    }

    /** Return whether the text ends with a line break: a last line without one may have been cut. */
    static boolean endsWithLineBreak(String text) {
        return !text.isEmpty() && (text.charAt(text.length() - 1) == '\n' || text.charAt(text.length() - 1) == '\r');
    }

    /** Return a line as an error message quotes it: at most 60 characters, so a huge bad line is not echoed whole. */
    static String abbreviated(String line) {
        return line.length() <= 60 ? line : line.substring(0, 57) + "...";
    }
}
