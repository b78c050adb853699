/**
 * The board's voice: the {@link org.shogibridge.device.voice.Voice} publishes on {@code voice} and hands to a
 * {@link org.shogibridge.device.voice.Speaker} what the core's announcer says after each change on disk; the
 * {@link org.shogibridge.device.voice.ClockCaller} times the clock's calls; the
 * {@link org.shogibridge.device.voice.CommandSpeaker} renders kana with a speech engine (espeak-ng) into cached WAV
 * files and plays them with aplay, on its own thread.
 */
package org.shogibridge.device.voice;
