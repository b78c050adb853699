package org.shogibridge.device.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.shogibridge.device.Await;
import org.junit.jupiter.api.io.TempDir;
import org.shogibridge.core.inference.InferenceSettings;
import org.shogibridge.core.inference.LedFrame;
import org.shogibridge.core.inference.SensorSnapshot;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.device.board.BoardPort;
import org.shogibridge.device.board.EmulatorFeed;
import org.shogibridge.device.board.MonotonicClock;
import org.shogibridge.device.board.SimulatedBoard;
import org.shogibridge.device.board.wired.MockPi;
import org.shogibridge.device.board.wired.WiredPlan;
import org.shogibridge.device.board.wired.WiredPlans;
import org.shogibridge.firmware.board.BoardGeometry;
import org.shogibridge.firmware.emulator.BoardEmulator;
import org.shogibridge.firmware.emulator.EmulatorTransport;
import org.shogibridge.firmware.emulator.FaultPlan;
import org.shogibridge.firmware.protocol.Readings;

/**
 * A short game from the board's own buttons on real board drivers: over the board protocol (the emulator's BUTTON
 * messages, the menu button's press and release) and on a wired board's GPIO buttons (a mock Pi's pins, debounced by
 * the driver). The new game comes from the menu, the person's moves are confirmed by the clock button,
 * the computer's move is carried out and read aloud, and the person resigns from the menu.
 */
class DaemonHardwareButtonsTest {
    private static final long SETTLE_MILLIS = 1_500;
    private static final Map<String, Object> HUMAN = Map.of("type", "human");
    /** The engine the menu's new game plays at (the level menu itself is DaemonMenuGameTest's). */
    private static final Map<String, Object> LEVEL_1 = Map.of("type", "engine", "level", 1);

    @TempDir
    Path data;

    private static Map<String, Object> config(String source, Map<String, Object> more) {
        var c = new java.util.HashMap<String, Object>(Map.of("board.settle-millis", (int) SETTLE_MILLIS,
                "board.clear-move-settle-millis", (int) SETTLE_MILLIS, "voice.enabled", true,
                "voice.output", "none", "board.source", source));
        c.putAll(more);
        return c;
    }

    /** What a test does with a daemon whose board is the emulator, and the hands that feed the emulator. */
    private interface OnEmulator {
        void run(LocalDaemon local, SimulatedBoard hands) throws Exception;
    }

    @Test
    void overTheBoardProtocol() throws Exception {
        onEmulator(LEVEL_1, (local, hands) -> playShortGame(local.mqtt, new ButtonPlayer(local.mqtt, ButtonPlayer.on(hands))));
    }

    /** A board without buttons: gote's king stood on the middle rank before the first move chooses the level. */
    @Test
    void theLevelGestureOverTheBoardProtocol() throws Exception {
        onEmulator(Map.of("type", "engine", "level", 3), (local, hands) -> {
            Variant v = Variant.STANDARD;
            hands.lift(v.square(5, 1));
            hands.place(v.square(5, 5), SensorSnapshot.OCCUPIED); // 5th file from Sente's left: level 5
            JsonNode chosen = local.mqtt.await("state", j -> j.get("players").get("white").get("level").asInt() == 5,
                    ButtonPlayer.WAIT).json();
            assertEquals("コンピュータ レベル5", chosen.get("players").get("white").get("name").asText());
            JsonNode said = local.mqtt.await("voice", j -> j.get("kind").asText().equals("menu"), ButtonPlayer.WAIT).json();
            assertEquals("レベル5", said.get("text").asText());
            hands.lift(v.square(5, 5));
            hands.place(v.square(5, 1), SensorSnapshot.OCCUPIED); // the king back: the game is as it was
            // Read on past the wrong-position time (by the daemon's clock): nothing to correct.
            assertTrue(local.daemon.probe().awaitBoardRead(3_500, ButtonPlayer.WAIT.toMillis()), "the board is read on");
            var status = local.daemon.probe().stateAfterATick().status();
            assertEquals(org.shogibridge.core.session.BoardStatus.Kind.MATCHED, status.kind(), status.toString());
        });
    }

    private void onEmulator(Map<String, Object> gote, OnEmulator test) throws Exception {
        MonotonicClock clock = new MonotonicClock();
        LedFrame shown = new LedFrame(81);
        BoardEmulator emulator = new BoardEmulator(BoardGeometry.recommended(Variant.STANDARD, false), "test", false,
                FaultPlan.parse(null, 1), shown);
        SimulatedBoard hands = new SimulatedBoard(Variant.STANDARD, InferenceSettings.defaults(), 0, 3, clock);
        hands.watch(shown);
        try (EmulatorTransport.Tcp transport = new EmulatorTransport.Tcp(emulator, FaultPlan.parse(null, 1), clock::millis, 0)) {
            String address = transport.start().replace("tcp://", "");
            hands.start(new EmulatorFeed(emulator, clock));
            try (LocalDaemon local = new LocalDaemon(data, HUMAN, gote, config("tcp", Map.of("board.address", address)))) {
                // A button pressed before the Pi synced the board is not sent.
                Await.until("the emulated board synced", ButtonPlayer.WAIT, () -> emulator.synced(clock.millis()));
                // The board is read a settle time on (by the daemon's clock) and judged once: the game is on it.
                assertTrue(local.daemon.probe().awaitBoardRead(SETTLE_MILLIS + 500, ButtonPlayer.WAIT.toMillis()));
                test.run(local, hands);
            }
        } finally {
            hands.close();
        }
    }

    @Test
    void onAWiredBoardsGpioButtons() throws Exception {
        WiredPlan plan = WiredPlans.plan(WiredPlans.shiftRegisters("standard", false)); // buttons on GPIO 5, 6 and 13
        MonotonicClock clock = new MonotonicClock();
        SimulatedBoard hands = new SimulatedBoard(Variant.STANDARD, InferenceSettings.defaults(), 0, 3, clock);
        try (MockPi pi = new MockPi()) {
            hands.start(new PinFeed(pi, plan));
            try (LocalDaemon local = new LocalDaemon(data, HUMAN, LEVEL_1, config("wired", Map.of()), pi.pi4j)) {
                // As over the board protocol: the board is read a settle time on (by the daemon's clock) and the game
                // judged on it before the first press.
                assertTrue(local.daemon.probe().awaitBoardRead(SETTLE_MILLIS + 500, ButtonPlayer.WAIT.toMillis()));
                playShortGame(local.mqtt, new ButtonPlayer(local.mqtt, ButtonPlayer.on(hands)));
            }
        } finally {
            hands.close();
        }
    }

    private static void playShortGame(Subscriber mqtt, ButtonPlayer player) throws Exception {
        JsonNode state = player.newGame(1);
        state = player.playAndPress(state, "7g7f");
        state = player.computerReplies(state);
        state = player.playAndPress(state, ButtonPlayer.nextOpeningMove(state));
        player.menu(7, true);
        JsonNode end = mqtt.await("state", j -> !j.get("result").isNull() && j.get("moves").size() == 3, ButtonPlayer.WAIT).json();
        assertEquals("resignation", end.get("result").get("reason").asText());
        assertEquals("white", end.get("result").get("winner").asText());
    }

    /** The hands' board as magnets at a wired board's sensor pins, and their presses as its button pins going low. */
    private static final class PinFeed implements BoardPort.Listener {
        private final MockPi pi;
        private final WiredPlan plan;
        private final Readings readings;
        private final boolean[] active;

        PinFeed(MockPi pi, WiredPlan plan) {
            this.pi = pi;
            this.plan = plan;
            this.readings = plan.geometry().newReadings();
            this.active = new boolean[plan.sensorMap().inputs()];
        }

        @Override
        public void snapshot(SensorSnapshot snapshot) {
            plan.geometry().toReadings(snapshot, readings);
            plan.sensorMap().write(readings, active);
            pi.sense(plan.sensors(), active);
        }


        @Override
        public void clockPressed(Side side) {
            int pin = side == Side.BLACK ? plan.buttons().blackClock() : plan.buttons().whiteClock();
            hold(pin, 60); // longer than the driver's 20 ms debounce
        }

        @Override
        public void menuButton(boolean down) {
            pi.press(plan.buttons().menu(), down);
        }

        private void hold(int pin, long millis) {
            pi.press(pin, true);
            try {
                Thread.sleep(millis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            pi.press(pin, false);
        }
    }
}
