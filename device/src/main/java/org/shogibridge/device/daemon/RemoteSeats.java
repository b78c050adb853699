package org.shogibridge.device.daemon;

import java.util.function.Consumer;
import java.util.function.Supplier;
import org.shogibridge.core.session.GameSession;
import org.shogibridge.core.session.GameState;
import org.shogibridge.core.session.Player;
import org.shogibridge.core.speech.Announcer.Utterance;
import org.shogibridge.core.speech.Language;
import org.shogibridge.device.config.RunSettings;
import org.shogibridge.device.mqtt.MqttLink;
import org.shogibridge.device.remote.GuestSeat;
import org.shogibridge.device.remote.HostSeat;
import org.shogibridge.device.remote.RemoteTable;
import org.shogibridge.device.voice.Voice;

/**
 * Wires board against board (docs/remote-play.md) when a side is played at another board: the host's or the guest's
 * seat, the other board's topics followed on the link, the guest's pings and the host's watch on the daemon's timers.
 */
final class RemoteSeats implements RemoteTable {
    /** How often the guest asks for the clocks, and so how soon the host notices the guest is gone. */
    static final long PING_MILLIS = 2_000;

    private final BoardLoop loop;
    private final Supplier<GameSession> session;
    private final Outlet outlet;
    private final Voice voice;
    private final Language language;

    private RemoteSeats(BoardLoop loop, Supplier<GameSession> session, Outlet outlet, Voice voice, Language language) {
        this.loop = loop;
        this.session = session;
        this.outlet = outlet;
        this.voice = voice;
        this.language = language;
    }

    /** Start board against board if a configured player is at another board; return null if none is. */
    static RemoteSeats start(RunSettings settings, BoardLoop loop, Supplier<GameSession> session, Outlet outlet,
            MqttLink link, ChangeRouter router, Voice voice, org.shogibridge.device.threads.Timers timers) {
        Player remote = settings.session().black().kind() == Player.Kind.BOARD ? settings.session().black()
                : settings.session().white().kind() == Player.Kind.BOARD ? settings.session().white() : null;
        if (remote == null) {
            return null;
        }
        RemoteSeats seats = new RemoteSeats(loop, session, outlet, voice, Language.of(settings.config().voice().language()));
        String other = "shogi/v1/" + remote.boardAddress();
        if (remote.hostsTheGame()) {
            GuestSeat guest = new GuestSeat(seats, remote.boardAddress(), settings.config().boardId());
            link.follow(other + "/state", (topic, payload) -> guest.hostState(payload));
            link.follow(other + "/remote/refused", (topic, payload) -> guest.refused(payload));
            link.follow(other + "/remote/clock", (topic, payload) -> guest.clocks(payload));
            outlet.onPublished(guest::published);
            timers.every(guest::ping, PING_MILLIS, PING_MILLIS);
        } else {
            HostSeat host = new HostSeat(seats, remote.boardAddress(), settings.remoteGraceMillis(), loop.now());
            link.follow(other + "/remote/move", (topic, payload) -> host.proposed(payload));
            link.follow(other + "/remote/ping", (topic, payload) -> host.pinged(payload));
            router.remoteTurn(() -> loop.post(() -> host.guestToMove(session.get())));
            timers.every(() -> loop.post(() -> host.watch(session.get())), 1_000, 1_000);
        }
        return seats;
    }

    @Override
    public void onLoop(Consumer<GameSession> task) {
        loop.post(() -> task.accept(session.get()));
    }

    @Override
    public long now() {
        return loop.now();
    }

    @Override
    public void publish(String name, String json, boolean retained) {
        outlet.remote(name, json, retained);
    }

    /** Called on the board loop (every caller is a loop task): the words go out with the game's state number. */
    @Override
    public void say(String japanese, String english) {
        GameState state = session.get().state();
        voice.say(Utterance.in(language, "remote", language == Language.JA ? japanese : english), state.seq(),
                state.gameId(), System.currentTimeMillis());
    }
}
