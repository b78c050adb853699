package org.shogibridge.core.record;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Turns the bytes of a record file into text whatever its encoding: UTF-8 with or without a byte-order mark,
 * Shift_JIS (read as Windows-31J, the superset that Windows tools write) or EUC-JP.
 */
public final class RecordText {
    public static final Charset SHIFT_JIS = Charset.forName("windows-31j");
    public static final Charset EUC_JP = Charset.forName("EUC-JP");
    /** Characters frequent in records; the decoding that yields more of them is the right one. */
    private static final String TYPICAL = "手先後歩香桂銀金角飛玉王と成馬竜龍同打投了持駒開始日時棋戦場所一二三四五六七八九▲△";

    private RecordText() {
    }

    /** Return the text of a record file, without a byte-order mark. */
    public static String decode(byte[] bytes) {
        if (bytes.length >= 3 && (bytes[0] & 0xff) == 0xEF && (bytes[1] & 0xff) == 0xBB && (bytes[2] & 0xff) == 0xBF) {
            return new String(bytes, 3, bytes.length - 3, StandardCharsets.UTF_8);
        }
        String utf8 = strictly(bytes, StandardCharsets.UTF_8);
        if (utf8 != null) {
            return utf8;
        }
        String sjis = strictly(bytes, SHIFT_JIS);
        String euc = strictly(bytes, EUC_JP);
        if (sjis == null && euc == null) {
            return new String(bytes, SHIFT_JIS);
        }
        if (sjis == null) {
            return euc;
        }
        if (euc == null) {
            return sjis;
        }
        return typicality(euc) > typicality(sjis) ? euc : sjis;
    }

    /** Return the name of the encoding {@link #decode} would choose. */
    public static String detect(byte[] bytes) {
        if (bytes.length >= 3 && (bytes[0] & 0xff) == 0xEF && (bytes[1] & 0xff) == 0xBB && (bytes[2] & 0xff) == 0xBF) {
            return "UTF-8 with BOM";
        }
        if (strictly(bytes, StandardCharsets.UTF_8) != null) {
            return "UTF-8";
        }
        String text = decode(bytes);
        return text.equals(strictly(bytes, EUC_JP)) ? "EUC-JP" : "Shift_JIS";
    }

    private static String strictly(byte[] bytes, Charset charset) {
        try {
            CharBuffer chars = charset.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes));
            return chars.toString();
        } catch (CharacterCodingException e) {
            return null;
        }
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

    /** Reads one line of a record; throws IllegalArgumentException with the reason when it cannot. */
    interface LineReader {
        void read(String line);
    }

    /** Feed each line to a reader; an error becomes a {@link RecordFormatException} naming source and line. */
    static void readLines(String source, String text, LineReader reader) {
        String[] lines = lines(text);
        for (int i = 0; i < lines.length; i++) {
            try {
                reader.read(lines[i]);
            } catch (RecordFormatException e) {
                throw e;
            } catch (IllegalArgumentException e) {
                throw new RecordFormatException(source, i + 1, e.getMessage());
            }
        }
    }

    /** Split text into lines at CRLF, LF or CR. */
    public static String[] lines(String text) {
        return text.split("\r\n|\n|\r", -1);
    }
}
