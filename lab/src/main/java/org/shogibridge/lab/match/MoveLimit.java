package org.shogibridge.lab.match;

import java.time.Duration;
import java.util.Locale;

/**
 * What an engine is given for one move: a byoyomi in milliseconds, or a node count instead. A node count stands
 * in for a slower machine (a Pi): one thread's search is the same whatever else the machine runs, so matches and
 * judging runs at a Pi's budget can share a core. Only the main thread's nodes count in this project's engine;
 * its helpers search on until the main thread stops. Helpers that take turns with it on one core search more
 * usefully than on cores of their own, so a node count flatters threads (docs/ENGINE.md, "Search threads").
 *
 * @param byoyomi time per move in ms, used when {@code nodes} is 0
 * @param nodes   nodes per move, or 0 for the byoyomi
 */
public record MoveLimit(long byoyomi, long nodes) {
    /** The USI "go" command. */
    public String goCommand() {
        return nodes > 0 ? "go nodes " + nodes : "go btime 0 wtime 0 byoyomi " + byoyomi;
    }

    /** The time the engine is given before the client's margin: none with a node count. */
    public Duration budget() {
        return Duration.ofMillis(nodes > 0 ? 0 : byoyomi);
    }

    /** The limit as a game record's 持ち時間 header says it, e.g. "秒読み1.0秒" or "100,000ノード". */
    public String recordHeader() {
        return nodes > 0 ? String.format(Locale.ROOT, "%,dノード", nodes) : "秒読み" + byoyomi / 1000.0 + "秒";
    }
}
