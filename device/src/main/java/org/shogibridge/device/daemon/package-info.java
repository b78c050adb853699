/**
 * The live daemon of {@code run}: the composition root ({@link org.shogibridge.device.daemon.Daemon}), the board
 * loop that owns the game session, the engine worker, the outlet that journals then publishes, and the remote
 * commands, read into typed commands by their own parser.
 */
package org.shogibridge.device.daemon;
