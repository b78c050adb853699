package org.shogibridge.core.record;

import java.util.function.Predicate;

/**
 * What the line-based readers (KIF and KI2, CSA) share: the source and the line being read, whether the text has
 * said anything a record says, the record being built, and the checks made when the text ends, so that an empty
 * or cut file is an error rather than an empty or shorter game.
 */
abstract class LineRecordReader {
    final String source;
    /** The number of the line being read (after the end: of the last line). */
    int lineNumber;
    /** Whether the text has said anything a record says: a header, a start position, a move. */
    boolean stated;
    RecordBuilder builder;

    LineRecordReader(String source) {
        this.source = source;
    }

    /** Return the builder, creating it from the start position the text gave when the first move (or the end) comes. */
    abstract RecordBuilder started();

    /**
     * Check the end of the text and return the record.
     *
     * @param nothing         what an empty text lacks, for the message ("header, start position or move")
     * @param cuttableLastLine lines that a cut could have shortened into another statement (lists of pieces)
     */
    GameRecord finish(String text, String nothing, Predicate<String> cuttableLastLine) {
        if (!stated) {
            throw new RecordFormatException(source, 0, "Empty record. No " + nothing);
        }
        try {
            RecordText.checkLastLineNotCut(text, cuttableLastLine);
        } catch (IllegalArgumentException e) {
            throw new RecordFormatException(source, lineNumber, e.getMessage());
        }
        boolean noMoves = builder == null || builder.record().mainLine().plies() == 0;
        if (noMoves && !RecordText.endsWithLineBreak(text)) {
            // Headers alone mean an even game, and a 手合割 may be followed by a diagram: a file without moves that
            // ends in the middle of a line may have lost the rest of its start position.
            throw new RecordFormatException(source, lineNumber, "Possibly truncated record. It ends in the middle of a "
                    + "line and states no start position or move");
        }
        try {
            return started().finish();
        } catch (RecordFormatException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            // The start position is built when the first move or the end of the text comes.
            throw new RecordFormatException(source, lineNumber, e.getMessage());
        }
    }
}
