/**
 * Reads the board: settles sensor snapshots, matches them against the positions the legal moves of the position it
 * is given would produce, asks for corrections, and says what the LEDs show. It keeps no game: the session owns the
 * game, tells the reader what it is ({@link org.shogibridge.core.inference.GameView}), and decides what each
 * {@link org.shogibridge.core.inference.Observation} the reader returns does to it.
 */
package org.shogibridge.core.inference;
