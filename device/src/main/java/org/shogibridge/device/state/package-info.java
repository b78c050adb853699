/**
 * A board's game as the rest of the world reads it: one serializer of the game state for the journal and MQTT alike
 * ({@link org.shogibridge.core.session.GameState} to JSON and back to a record), and the headers a board's finished
 * game gets. The daemon writes them and the hub reads them; neither imports the other.
 */
package org.shogibridge.device.state;
