/**
 * Board against board (docs/remote-play.md): two daemons, each with its own board and person, play one game over a
 * shared broker. The host ({@link HostSeat}) owns the game and the clock; the guest ({@link GuestSeat}) derives its
 * game from the host's published {@code state} by {@code seq}, sends its person's moves as numbered proposals, and
 * shows the host's clock corrected by the measured delay. The messages are in {@link RemoteMessages}.
 */
package org.shogibridge.device.remote;
