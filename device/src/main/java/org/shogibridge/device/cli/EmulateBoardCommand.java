package org.shogibridge.device.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.shogibridge.core.inference.InferenceSettings;
import org.shogibridge.core.inference.LedFrame;
import org.shogibridge.core.record.GameRecord;
import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.device.board.EmulatorFeed;
import org.shogibridge.device.board.MonotonicClock;
import org.shogibridge.device.board.SimulatedBoard;
import org.shogibridge.firmware.board.BoardGeometry;
import org.shogibridge.firmware.emulator.BoardEmulator;
import org.shogibridge.firmware.emulator.EmulatedFirmware;
import org.shogibridge.firmware.emulator.SimavrFirmware;
import org.shogibridge.firmware.emulator.EmulatorTransport;
import org.shogibridge.firmware.emulator.FaultPlan;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code emulate-board}: a board's firmware in this JVM, speaking the board protocol over TCP or a pseudo-terminal,
 * its sensors driven by the simulated hands (which can play a record and watch the LEDs the Pi sends), with faults
 * injected into what it sends. What a builder's microcontroller does, for tests and for trying the daemon without one.
 */
@Command(name = "emulate-board", mixinStandardHelpOptions = true,
        description = {"Emulate a board's microcontroller: the board protocol (firmware-interface/PROTOCOL.md) over TCP or a "
                + "pseudo-terminal, driven by simulated hands, with fault injection.",
                "Prints 'Emulated board: WHERE', then, with --record, 'Played N moves.' once the record is played."})
public final class EmulateBoardCommand implements Callable<Integer> {
    /**
     * A player waits this long after the board is back before moving: the Pi re-reads the board once it has been still
     * for its settle time, and a change before that is corrected, never taken as a move.
     */
    private static final long SYNCED_BEFORE_MOVING_MILLIS = 1_000;
    private static final long SYNC_PATIENCE_MILLIS = 60_000;
    /** How long the player waits for the Pi to mark their move as taken before looking again. */
    private static final long TAKEN_PATIENCE_MILLIS = 6_000;
    /**
     * How long the mark of a move must hold before the player takes the move as read: longer than a blink's lit half
     * (500 ms) and than an LED just gone dark keeps its colour on the strip as the hands read it (LedStrip, 650 ms).
     */
    private static final long MARK_HOLDS_MILLIS = 700;
    @Spec
    private CommandSpec spec;

    @Option(names = "--variant", paramLabel = "V", defaultValue = "standard", description = "standard, okisaki or minishogi.")
    private String variant;

    @Option(names = "--face-sensing", description = "The squares sense which face is up.")
    private boolean faceSensing;

    static final class Where {
        @Option(names = "--tcp", paramLabel = "PORT", description = "Serve on this TCP port on loopback (0: any free port).")
        Integer tcp;

        @Option(names = "--pty", description = "Make a pseudo-terminal with socat, linked as DIR/shogi-board-N (N grows with each reconnection).")
        boolean pty;
    }

    @ArgGroup(exclusive = true, multiplicity = "1")
    private Where where;

    @Option(names = "--pty-dir", paramLabel = "DIR", description = "Where the pseudo-terminal's links go (default: the temporary folder).")
    private Path ptyDirectory;

    @Option(names = "--faults", paramLabel = "SPEC",
            description = "Faults in what the board sends, e.g. flip=0.01,drop-byte=0.01,drop-frame=0.01,duplicate=0.01,"
                    + "reset=0.002,stall=0.001,disconnect=20 (probabilities per frame; disconnect every S seconds).")
    private String faults;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1", description = "Seed of the hands, the noise and the faults.")
    private long seed;

    @Option(names = "--noise", paramLabel = "P", defaultValue = "0", description = "Sensor noise of the simulated board (0 to 1).")
    private double noise;

    @Option(names = "--deltas", description = "Send deltas between full snapshots (one full snapshot a second).")
    private boolean deltas;

    @Option(names = "--firmware", paramLabel = "FILE.elf",
            description = "Run this firmware binary (the reference board's, firmware-interface/mega2560) in simavr instead of "
                    + "the Java firmware; its harness shogi-board-sim must be beside it (make -C firmware-interface/mega2560 all sim).")
    private Path firmware;

    @Option(names = "--record", paramLabel = "FILE", description = "Play this record's moves with the simulated hands.")
    private Path record;

    @Option(names = "--exit-when-done", description = "With --record: exit once every move is played and judged.")
    private boolean exitWhenDone;

    @Override
    public Integer call() throws Exception {
        Variant v = Variant.byId(variant);
        FaultPlan plan = FaultPlan.parse(faults, seed);
        GameRecord game = record == null ? null : RecordFiles.read(record);
        if (game != null && game.variant() != v) {
            throw new IllegalArgumentException("Wrong variant. " + record + " is a " + game.variant() + " game, not " + v + ".");
        }
        if (!(noise >= 0 && noise <= 1)) {
            throw new IllegalArgumentException("Bad option. --noise must be between 0 and 1, not " + noise + ".");
        }
        MonotonicClock clock = new MonotonicClock();
        LedFrame leds = new LedFrame(v.squares());
        EmulatedFirmware board;
        boolean senses = faceSensing;
        if (firmware != null) {
            if (deltas) {
                throw new IllegalArgumentException("Bad option. --deltas is the Java firmware's; the reference firmware sends"
                        + " full snapshots.");
            }
            SimavrFirmware mcu = SimavrFirmware.start(firmware, v, plan, leds, clock::millis);
            senses = mcu.geometry().faceSensing(); // the binary says what the board is; the hands' board is the same
            board = mcu;
        } else {
            board = new BoardEmulator(BoardGeometry.recommended(v, faceSensing), "shogi-bridge emulator", deltas, plan, leds);
        }
        InferenceSettings player = InferenceSettings.defaults().withFaceSensing(senses);
        SimulatedBoard hands = new SimulatedBoard(v, player, noise, seed, clock);
        hands.watch(leds);
        if (game != null) {
            hands.setInitial(game.startPosition());
        }
        hands.start(new EmulatorFeed(board, clock));
        EmulatorTransport transport = where.pty
                ? new EmulatorTransport.Pty(board, plan, clock::millis,
                        ptyDirectory != null ? ptyDirectory : Path.of(System.getProperty("java.io.tmpdir")))
                : new EmulatorTransport.Tcp(board, plan, clock::millis, where.tcp);
        PrintWriter out = spec.commandLine().getOut();
        CountDownLatch stop = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            stop.countDown();
            transport.close();
            hands.close();
            closeIfSimulated(board);
        }));
        out.println("Emulated board: " + transport.start());
        out.flush();
        if (game != null) {
            int played = play(game, hands, board, leds, clock);
            out.println("Played " + played + " moves. Faults injected: " + plan.injected() + ", outages: " + board.outages()
                    + ". Sent " + board.snapshotsSent() + " snapshots and " + board.deltasSent() + " deltas."
                    + (board instanceof SimavrFirmware mcu ? " MCU resets: " + mcu.resets() + ", scans: " + mcu.scans()
                            + " in " + mcu.cycles() + " cycles." : "") + " " + hands.promotionGestures() + ".");
            out.flush();
            if (exitWhenDone) {
                transport.close();
                hands.close();
                closeIfSimulated(board);
                return 0;
            }
        }
        stop.await();
        return 0;
    }

    private static void closeIfSimulated(EmulatedFirmware board) {
        if (board instanceof SimavrFirmware mcu) {
            mcu.close();
        }
    }

    /**
     * Play the record as a player would: a move only while the Pi can see the board. A move the Pi did not take (the
     * board went away meanwhile, and the Pi, back, judged it a correction) is taken back and made again, as a player
     * does who sees the board go offline; one it took, as its LEDs show once the board is back, stands.
     */
    private static int play(GameRecord game, SimulatedBoard hands, EmulatedFirmware emulator, LedFrame leds,
            MonotonicClock clock) throws Exception {
        Position position = game.startPosition().copy();
        int played = 0;
        for (int move : game.mainLine().moveArray()) {
            for (int attempt = 0; ; attempt++) {
                awaitSynced(emulator, clock, played + 1);
                long outages = emulator.outages();
                hands.play(position, move).get(60, TimeUnit.SECONDS); // a move the hands refuse fails here, loudly
                Thread.sleep(400); // the Pi's settle timer judges the move
                if (emulator.outages() != outages) {
                    // The board went away during the move: once it is back, the Pi's LEDs say whether it took it (the
                    // board forgets its LEDs at SYNC). A move it took is not made again: taken back, a declined 8h2b
                    // was made again and its gesture, answered late beside two CPU-bound loops, recorded as 8h2b+.
                    awaitSynced(emulator, clock, played + 1);
                }
                if (taken(emulator, leds, move, clock, played + 1)) {
                    break;
                }
                if (attempt == 10) {
                    throw new IllegalStateException("Link down. The board lost its link during move " + (played + 1) + " ten times.");
                }
                awaitSynced(emulator, clock, played + 1);
                hands.setUp(position).get(60, TimeUnit.SECONDS); // put it back; the Pi shows the recorded position again
                Thread.sleep(400);
            }
            position.doMove(move);
            played++;
        }
        awaitSynced(emulator, clock, played);
        Thread.sleep(500);
        return played;
    }

    /**
     * Whether the Pi took the move, as the player sees it: its mark of the last move, the move's origin and destination
     * lit steady green and no other square (docs/leds.md; a drop's destination alone). The whole mark, since a move to
     * the square of the move before (a recapture, 同) finds that square lit already: beside two CPU-bound loops the
     * hands took a Pi still judging 2d2c+ for one that had taken it, by 2c lit for P*2c, played 2b2c at once, and the
     * two moves were never read (FirmwareBoardIT over a pseudo-terminal). A move made just before the link went and
     * judged after it came back, against the board as it then stood, is shown as a correction instead; the player puts
     * it back and makes it again (without this the emulator went on, and ended its game two moves ahead of the Pi's).
     */
    private static boolean taken(EmulatedFirmware emulator, LedFrame leds, int move, MonotonicClock clock, int ply)
            throws InterruptedException {
        if (markHolds(leds, move, clock, clock.millis() + TAKEN_PATIENCE_MILLIS)) {
            return true;
        }
        awaitSynced(emulator, clock, ply);
        return markHolds(leds, move, clock, clock.millis() + 2 * MARK_HOLDS_MILLIS);
    }

    /**
     * Whether the LEDs mark exactly this move for {@link #MARK_HOLDS_MILLIS} without a break, before {@code giveUp}. A
     * glance is not enough: back from an outage, a correction's green blink on the origin looks steady in its first lit
     * half, while the last move's mark on the destination, just gone dark, still reads green on the strip; the hands
     * took that for 2d2c+ taken and played on two moves ahead of the Pi ("lost its link during move 14 ten times").
     */
    private static boolean markHolds(LedFrame leds, int move, MonotonicClock clock, long giveUp) throws InterruptedException {
        long since = -1;
        for (long now = clock.millis(); now < giveUp; now = clock.millis()) {
            if (!marked(leds, move)) {
                since = -1;
            } else if (since < 0) {
                since = now;
            } else if (now - since >= MARK_HOLDS_MILLIS) {
                return true;
            }
            Thread.sleep(20);
        }
        return false;
    }

    /** Whether the LEDs mark exactly this move as the last: its squares, and no other, steady green. */
    private static boolean marked(LedFrame leds, int move) {
        int from = Move.isDrop(move) ? -1 : Move.from(move);
        int to = Move.to(move);
        for (int sq = 0; sq < leds.squares(); sq++) {
            boolean lit = leds.colour(sq) == LedFrame.Colour.GREEN && leds.pattern(sq) == LedFrame.Pattern.STEADY;
            if (lit != (sq == to || sq == from)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Wait until the Pi has been in sync with the board for a second. A Pi that stays away a minute ends the play with
     * a clear message rather than a silent wait (a stalled test then says why).
     */
    private static void awaitSynced(EmulatedFirmware emulator, MonotonicClock clock, int move) throws InterruptedException {
        long since = -1;
        long giveUp = clock.millis() + SYNC_PATIENCE_MILLIS;
        for (;;) {
            long now = clock.millis();
            if (now > giveUp) {
                throw new IllegalStateException("Link down. The Pi has not been in sync with the board for "
                        + SYNC_PATIENCE_MILLIS / 1000 + " s, at move " + move + " (outages so far: " + emulator.outages() + ").");
            }
            // A second from now at least, not only from the last SYNC: the Pi may still be judging the last move (a
            // promotion's choice closes when the next move begins, and under load its last gesture may not be read
            // yet; without this pause a fresh-clone run once recorded 5f5g+ for 5f5g).
            if (emulator.synced(now)) {
                if (since < 0) {
                    since = Math.max(now, emulator.inStepSince());
                } else if (now - Math.max(since, emulator.inStepSince()) >= SYNCED_BEFORE_MOVING_MILLIS) {
                    return;
                }
            } else {
                since = -1;
            }
            Thread.sleep(20);
        }
    }
}
