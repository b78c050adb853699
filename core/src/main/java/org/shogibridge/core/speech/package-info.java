/**
 * What the board says aloud, as text and kana: readings of moves, results and clock calls for a speech engine that
 * reads kana ({@link org.shogibridge.core.speech.Readings}), and the calls of a Japanese game clock timed on the
 * session's clock ({@link org.shogibridge.core.speech.ClockCalls}). Pure: the device layer renders and plays them.
 */
package org.shogibridge.core.speech;
