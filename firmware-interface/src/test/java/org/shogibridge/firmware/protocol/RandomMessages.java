package org.shogibridge.firmware.protocol;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/** Random well-formed messages of every type, written by the Java writers, for the tests that compare codecs. */
public final class RandomMessages {
    public static final int[] TYPES = {Protocol.HELLO, Protocol.SYNC, Protocol.SNAPSHOT, Protocol.DELTA, Protocol.BUTTON,
            Protocol.PING, Protocol.PONG, Protocol.LEDS, Protocol.ACK, Protocol.ERROR};

    private final SplittableRandom random;
    private final int squares;
    private final int slots;
    private final int groups;

    public RandomMessages(long seed, int squares, int slots, int groups) {
        this.random = new SplittableRandom(seed);
        this.squares = squares;
        this.slots = slots;
        this.groups = groups;
    }

    /** Write a random message's body into {@code out} and return its type. */
    public int next(BodyWriter out) {
        int type = TYPES[random.nextInt(TYPES.length)];
        switch (type) {
            case Protocol.HELLO -> hello().write(out);
            case Protocol.SYNC -> out.clear().u8(random.nextInt(256)).u8(random.nextInt(256));
            case Protocol.SNAPSHOT -> readings().writeSnapshot(out);
            case Protocol.DELTA -> {
                Readings base = readings();
                Readings now = new Readings(squares, slots);
                now.copyFrom(base);
                now.seq(random.nextInt(65536));
                for (int c = random.nextInt(Readings.MAX_DELTA + 1); c > 0; c--) {
                    int i = random.nextInt(squares + slots);
                    if (i < squares) {
                        now.square(i, (byte) random.nextInt(4));
                    } else {
                        now.slot(i - squares, random.nextBoolean());
                    }
                }
                if (!now.writeDelta(base, out)) {
                    throw new AssertionError("at most MAX_DELTA changes");
                }
            }
            case Protocol.BUTTON -> Messages.button(out, new Messages.Button(random.nextInt(65536), random.nextInt(3), random.nextBoolean()));
            case Protocol.PING, Protocol.PONG -> Messages.token(out, random.nextInt(65536));
            case Protocol.LEDS -> {
                LedCommand leds = new LedCommand(squares, groups).seq(random.nextInt(65536)).brightness(random.nextInt(256));
                for (int i = 0; i < squares; i++) {
                    leds.square(i, random.nextInt(LedCommand.COLOURS), random.nextInt(LedCommand.PATTERNS));
                }
                for (int i = 0; i < groups; i++) {
                    leds.group(i, random.nextInt(LedCommand.COLOURS), random.nextInt(LedCommand.PATTERNS));
                }
                leds.write(out);
            }
            case Protocol.ACK -> Messages.ack(out, new Messages.Ack(random.nextInt(256), random.nextInt(65536), random.nextInt(256)));
            default -> Messages.error(out, new Messages.ErrorReport(random.nextInt(256), text(Messages.MAX_DETAIL)));
        }
        return type;
    }

    private Readings readings() {
        Readings r = new Readings(squares, slots).seq(random.nextInt(65536));
        for (int i = 0; i < squares; i++) {
            r.square(i, (byte) random.nextInt(4));
        }
        for (int i = 0; i < slots; i++) {
            r.slot(i, random.nextBoolean());
        }
        return r;
    }

    private Hello hello() {
        List<List<KomadaiLayout.Run>> sides = new ArrayList<>();
        String[] ledGroups = new String[2];
        for (int side = 0; side < 2; side++) {
            List<KomadaiLayout.Run> runs = new ArrayList<>();
            for (int i = random.nextInt(KomadaiLayout.MAX_RUNS + 1); i > 0; i--) {
                runs.add(new KomadaiLayout.Run((char) ('A' + random.nextInt(26)), 1 + random.nextInt(255)));
            }
            sides.add(runs);
            StringBuilder letters = new StringBuilder();
            for (int i = random.nextInt(Hello.MAX_GROUPS + 1); i > 0; i--) {
                letters.append(random.nextInt(4) == 0 ? '*' : (char) ('A' + random.nextInt(26)));
            }
            ledGroups[side] = letters.toString();
        }
        return new Hello(random.nextInt(256), random.nextInt(256), text(Hello.MAX_NAME),
                new int[] {random.nextInt(256), random.nextInt(256), random.nextInt(256)}, random.nextInt(256),
                random.nextInt(256), random.nextInt(256), random.nextInt(256), random.nextInt(65536),
                new KomadaiLayout(sides.get(0), sides.get(1)), ledGroups[0], ledGroups[1]);
    }

    private String text(int maxLength) {
        StringBuilder text = new StringBuilder();
        for (int i = random.nextInt(maxLength + 1); i > 0; i--) {
            text.append((char) (0x20 + random.nextInt(0x5F)));
        }
        return text.toString();
    }
}
