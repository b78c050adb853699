/**
 * Reads the board: settles sensor snapshots, matches them against the positions the legal moves of the position it
 * is given would produce, asks for corrections, and says what the LEDs show. It keeps no copy of the game: the
 * session owns it and is told every change through {@link org.shogibridge.core.inference.GameKeeper}.
 */
package org.shogibridge.core.inference;
