package org.shogibridge.core.record;

import java.util.List;
import org.shogibridge.core.notation.JapaneseNotation;
import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Sfen;
import org.shogibridge.core.rules.SfenException;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.core.rules.Variant;

/**
 * A game as one USI {@code position} command: {@code position startpos moves 7g7f 3c3d} or
 * {@code position sfen <SFEN> moves ...}. It carries the start and the main line only. Reading also accepts the
 * line without {@code position}, a bare SFEN, and files of several games, one a line (the first game is read).
 */
public final class UsiRecord {
    private UsiRecord() {
    }

    /**
     * Return the moves of a game kept as USI text (a published state, a journal), each checked against the rules
     * from {@code start}: the one place a game's USI moves are read back.
     *
     * @throws IllegalArgumentException "Move N 'x' is not legal there (why)." for the first move that does not play
     */
    public static List<Integer> moves(Position start, List<String> usi) {
        Position position = start.copy();
        List<Integer> moves = new java.util.ArrayList<>(usi.size());
        for (int i = 0; i < usi.size(); i++) {
            int move;
            try {
                move = Usi.parseLegalMove(position, usi.get(i));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("Move " + (i + 1) + " '" + usi.get(i) + "' is not legal there (" + e.getMessage() + ").");
            }
            moves.add(move);
            position.doMove(move);
        }
        return moves;
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

    /**
     * Read the game of a USI position text; {@code source} names it in error messages. A record file holds one
     * game: blank lines and # comments aside, a second position line is an error rather than a game left unread.
     */
    public static GameRecord read(String source, String text) {
        int number = 0;
        GameRecord game = null;
        for (int start = 0; start <= text.length(); ) {
            int end = RecordText.lineEnd(text, start);
            number++;
            String line = text.substring(start, end).strip();
            start = RecordText.nextLineStart(text, end);
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            if (game != null) {
                throw new RecordFormatException(source, number, "Second game. A record file holds one position line "
                        + "(openings files, one game a line, are read by --openings)");
            }
            try {
                game = readLine(line, Variant.STANDARD);
                if (start > text.length() && !RecordText.endsWithLineBreak(text)) {
                    checkNotCut(game, line);
                }
            } catch (IllegalArgumentException e) {
                throw new RecordFormatException(source, number, e.getMessage());
            }
        }
        if (game == null) {
            throw new RecordFormatException(source, 0, "Empty record. No position line");
        }
        return game;
    }

    /**
     * A last line without a line break may have been cut, and a cut {@code 8h2b+} still reads as the move
     * {@code 8h2b}, a cut SFEN as another position: such a line is not taken on trust.
     */
    private static void checkNotCut(GameRecord record, String line) {
        List<RecordedMove> moves = record.mainLine().moves();
        if (moves.isEmpty()) {
            if (!line.endsWith(" moves")) {
                throw new IllegalArgumentException("Possibly truncated record. The file ends in the position '"
                        + RecordText.abbreviated(line) + "' without a line break");
            }
            return;
        }
        int last = moves.get(moves.size() - 1).move();
        Position before = record.positionAfterMainLine();
        before.undoMove(last);
        if (!Move.promotes(last) && JapaneseNotation.mayPromote(before, last)) {
            throw new IllegalArgumentException("Possibly truncated record. The last move '" + Usi.format(record.variant(), last)
                    + "' could have promoted and the file ends without a line break after it, so a '+' may be lost");
        }
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
