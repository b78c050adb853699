package org.shogibridge.device.daemon;

import java.util.ArrayList;
import java.util.List;
import org.shogibridge.core.record.GameRecord;
import org.shogibridge.core.rules.Usi;

/** A record's main line as USI moves, the form the tests compare with the games they played. */
final class RecordMoves {
    private RecordMoves() {
    }

    static List<String> usi(GameRecord record) {
        List<String> moves = new ArrayList<>();
        for (int m : record.mainLine().moveArray()) {
            moves.add(Usi.format(record.variant(), m));
        }
        return moves;
    }
}
