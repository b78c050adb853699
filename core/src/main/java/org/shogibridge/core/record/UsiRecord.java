package org.shogibridge.core.record;

import org.shogibridge.core.rules.Sfen;
import org.shogibridge.core.rules.SfenException;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.core.rules.Variant;

/**
 * A game as one USI {@code position} command: {@code position startpos moves 7g7f 3c3d} or
 * {@code position sfen <SFEN> moves ...}. It carries the start and the main line only. Reading also accepts the
 * line without {@code position}, a bare SFEN, and files of several lines (the first game is read).
 */
public final class UsiRecord {
    private UsiRecord() {
    }

    /** Return the record as one {@code position} line. */
    public static String write(GameRecord r) {
        StringBuilder sb = new StringBuilder("position ");
        if (r.variant() == Variant.STANDARD && r.hasStandardStart()) {
            sb.append("startpos");
        } else {
            sb.append("sfen ").append(r.startSfen());
        }
        int[] moves = r.mainLine().moveArray();
        if (moves.length > 0) {
            sb.append(" moves ").append(Usi.formatLine(r.variant(), moves));
        }
        return sb.append('\n').toString();
    }

    /** Read the first game of a USI position text; {@code source} names it in error messages. */
    public static GameRecord read(String source, String text) {
        String[] lines = RecordText.lines(text);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            try {
                return readLine(line, Variant.STANDARD);
            } catch (IllegalArgumentException e) {
                throw new RecordFormatException(source, i + 1, e.getMessage());
            }
        }
        throw new RecordFormatException(source, 0, "Empty record. No position line");
    }

    /**
     * Read one {@code position} line (with or without the word {@code position}); {@code startpos} means the
     * start of the given variant. Throws IllegalArgumentException on a bad SFEN or an illegal move.
     */
    public static GameRecord readLine(String line, Variant startposVariant) {
        String rest = line.startsWith("position ") ? line.substring("position ".length()).strip() : line.strip();
        String sfen;
        if (rest.startsWith("startpos")) {
            sfen = startposVariant.startSfen();
            rest = rest.substring("startpos".length()).strip();
        } else {
            if (rest.startsWith("sfen ")) {
                rest = rest.substring("sfen ".length()).strip();
            }
            int moves = rest.indexOf(" moves");
            sfen = moves < 0 ? rest : rest.substring(0, moves);
            rest = moves < 0 ? "" : rest.substring(moves).strip();
        }
        GameRecord record = new GameRecord(Sfen.parseIrregular(sfen));
        if (rest.isEmpty()) {
            return record;
        }
        if (!rest.startsWith("moves")) {
            throw new SfenException("Invalid position command. Expected 'moves' after the position, found '" + rest + "'");
        }
        RecordBuilder builder = new RecordBuilder(record);
        for (String token : rest.substring("moves".length()).strip().split("\\s+")) {
            if (!token.isEmpty()) {
                builder.play(Usi.parseLegalMove(builder.position(), token));
            }
        }
        return record;
    }
}
