package org.shogibridge.device.board;

import org.shogibridge.firmware.board.BoardGeometry;
import org.shogibridge.firmware.protocol.Readings;

/**
 * Hears a board's raw readings, square by square and komadai slot by slot, before they become the core's snapshot:
 * what {@code sensor-test} shows a builder. Called on the board's own thread; the readings are reused, so a tap copies
 * what it keeps.
 */
public interface ReadingsTap {
    /** One report of the sensors at {@code millis}, with the board's geometry (its komadai slots by kind). */
    void readings(BoardGeometry geometry, Readings readings, long millis);

    /** A board port that can be tapped: a wired board, a microcontroller board. */
    interface Tappable extends BoardPort {
        void tap(ReadingsTap tap);
    }
}
