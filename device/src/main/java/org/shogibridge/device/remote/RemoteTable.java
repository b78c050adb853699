package org.shogibridge.device.remote;

import java.util.function.Consumer;
import org.shogibridge.core.session.GameSession;

/** What board against board needs of the daemon: its game on the board loop, its outlet and its voice. */
public interface RemoteTable {
    /** Run a task on the board loop, which owns the session, in order with the board's scans. */
    void onLoop(Consumer<GameSession> task);

    /** The daemon's monotonic clock, in milliseconds (the session's time). */
    long now();

    /** Publish on this board's {@code remote/<name>}, after the changes before it are on disk and published. */
    void publish(String name, String json, boolean retained);

    /** Say a sentence to the people at the board (spoken when the voice is on, and on {@code voice}). */
    void say(String japanese, String english);
}
