/**
 * Playing online with the wooden board (issue 45): lishogi's Board API ({@link org.shogibridge.device.online.LishogiApi}),
 * its NDJSON streams ({@link org.shogibridge.device.online.NdjsonReader}), and one online game set against the game on
 * the board ({@link org.shogibridge.device.online.OnlineGame}: the server's moves are the truth, a move of ours is sent
 * once).
 */
package org.shogibridge.device.online;
