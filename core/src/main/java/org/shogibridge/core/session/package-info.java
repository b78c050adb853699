/**
 * One board's games on virtual time: the {@link org.shogibridge.core.session.GameSession} owns the game (the
 * referee, the clock, the players) and emits each change as an immutable {@link
 * org.shogibridge.core.session.GameState} inside a {@link org.shogibridge.core.session.SessionEvent}, which the
 * daemon journals and then publishes.
 */
package org.shogibridge.core.session;
