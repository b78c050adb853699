package org.shogibridge.firmware.board;

import java.util.ArrayList;
import java.util.List;
import org.shogibridge.core.inference.LedFrame;
import org.shogibridge.core.inference.SensorSnapshot;
import org.shogibridge.core.rules.Piece;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.firmware.protocol.Hello;
import org.shogibridge.firmware.protocol.KomadaiLayout;
import org.shogibridge.firmware.protocol.LedCommand;
import org.shogibridge.firmware.protocol.Readings;

/**
 * A board as the rules core sees it (a variant, face sensing) and as the wire carries it (komadai slots by kind, LED
 * groups): the translation both ways, for the Pi's board adapter and for the emulator. Komadai counts become the first
 * slots of each kind and back; the core's one LED per komadai lights every LED group of that side.
 */
public final class BoardGeometry {
    private final Variant variant;
    private final boolean faceSensing;
    private final KomadaiLayout komadai;
    private final String ledGroupsBlack;
    private final String ledGroupsWhite;
    /** Per slot (black's first): its side index and its piece type. */
    private final int[] slotSide;
    private final int[] slotType;
    /** The variant's hand types, kept: {@code Variant.handTypes()} copies its array, and a scan allocates nothing. */
    private final int[] handTypes;

    public BoardGeometry(Variant variant, boolean faceSensing, KomadaiLayout komadai, String ledGroupsBlack, String ledGroupsWhite) {
        this.variant = variant;
        this.faceSensing = faceSensing;
        this.komadai = komadai;
        this.ledGroupsBlack = ledGroupsBlack;
        this.ledGroupsWhite = ledGroupsWhite;
        this.handTypes = variant.handTypes();
        int slots = komadai.slots();
        slotSide = new int[slots];
        slotType = new int[slots];
        int i = 0;
        for (int side = 0; side < 2; side++) {
            for (KomadaiLayout.Run run : komadai.side(side)) {
                int type = Piece.typeOfLetter(run.kind());
                if (type == Piece.EMPTY || !variant.hasType(type)) {
                    throw new IllegalArgumentException("Bad komadai layout. '" + run.kind() + "' is not a piece of "
                            + variant.name().toLowerCase() + " a hand can hold.");
                }
                for (int k = 0; k < run.slots(); k++, i++) {
                    slotSide[i] = side;
                    slotType[i] = type;
                }
            }
        }
    }

    /** Return the recommended board of a variant: a slot for every piece of each kind a side can hold, one LED per stand. */
    public static BoardGeometry recommended(Variant variant, boolean faceSensing) {
        List<KomadaiLayout.Run> runs = fullKomadai(variant);
        return new BoardGeometry(variant, faceSensing, new KomadaiLayout(runs, runs), "*", "*");
    }

    /** Return one komadai's runs with a slot for every piece of each kind a side can hold, most valuable first. */
    public static List<KomadaiLayout.Run> fullKomadai(Variant variant) {
        List<KomadaiLayout.Run> runs = new ArrayList<>();
        for (int type : variant.handTypes()) {
            runs.add(new KomadaiLayout.Run(Piece.letter(type), variant.pieceCount(type)));
        }
        return runs;
    }

    /** Return the board a HELLO describes, for this variant. */
    public static BoardGeometry of(Hello hello, Variant variant) {
        return new BoardGeometry(variant, hello.has(org.shogibridge.firmware.protocol.Protocol.FEATURE_FACE_SENSING),
                hello.komadai(), hello.ledGroupsBlack(), hello.ledGroupsWhite());
    }

    public Variant variant() {
        return variant;
    }

    public boolean faceSensing() {
        return faceSensing;
    }

    public KomadaiLayout komadai() {
        return komadai;
    }

    public String ledGroupsBlack() {
        return ledGroupsBlack;
    }

    public String ledGroupsWhite() {
        return ledGroupsWhite;
    }

    public Readings newReadings() {
        return new Readings(variant.squares(), komadai.slots());
    }

    public LedCommand newLedCommand() {
        return new LedCommand(variant.squares(), ledGroupsBlack.length() + ledGroupsWhite.length());
    }

    /**
     * Return why a HELLO does not fit a board of this variant, or null when it does: the Pi refuses a board whose
     * geometry differs from its configuration rather than guess.
     */
    public static String mismatch(Hello hello, Variant variant, boolean faceSensing) {
        if (hello.files() != variant.files() || hello.ranks() != variant.ranks()) {
            return "the board has " + hello.files() + "x" + hello.ranks() + " squares; " + variant.name().toLowerCase()
                    + " needs " + variant.files() + "x" + variant.ranks();
        }
        boolean senses = hello.has(org.shogibridge.firmware.protocol.Protocol.FEATURE_FACE_SENSING);
        if (faceSensing && !senses) {
            return "the configuration asks for face sensing, which the board does not have";
        }
        try {
            of(hello, variant);
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
        return null;
    }

    /** Fill the wire readings from a core snapshot (the emulator's side). */
    public void toReadings(SensorSnapshot snapshot, Readings readings) {
        for (int sq = 0; sq < variant.squares(); sq++) {
            byte r = snapshot.reading(sq);
            readings.square(sq, faceSensing || r == SensorSnapshot.EMPTY ? r : SensorSnapshot.OCCUPIED);
        }
        int slot = 0;
        while (slot < slotSide.length) {
            int side = slotSide[slot];
            int type = slotType[slot];
            int count = snapshot.komadai(side == 0 ? Side.BLACK : Side.WHITE, type);
            for (int k = 0; slot < slotSide.length && slotSide[slot] == side && slotType[slot] == type; k++, slot++) {
                readings.slot(slot, k < count);
            }
        }
    }

    /**
     * Fill a core snapshot from wire readings (the Pi's side): the squares as read (a board without face sensing
     * reports only empty or occupied), and each kind's count as its occupied slots.
     */
    public void toSnapshot(Readings readings, SensorSnapshot snapshot) {
        for (int sq = 0; sq < variant.squares(); sq++) {
            byte r = readings.square(sq);
            snapshot.reading(sq, faceSensing || r == Readings.EMPTY ? r : SensorSnapshot.OCCUPIED);
        }
        for (int type : handTypes) {
            snapshot.komadai(Side.BLACK, type, 0).komadai(Side.WHITE, type, 0);
        }
        for (int slot = 0; slot < slotSide.length; slot++) {
            if (readings.slot(slot)) {
                Side side = slotSide[slot] == 0 ? Side.BLACK : Side.WHITE;
                snapshot.komadai(side, slotType[slot], snapshot.komadai(side, slotType[slot]) + 1);
            }
        }
    }

    /**
     * Copy the core's frame into a picture with one group per komadai (black's, white's), on the thread that owns the
     * frame; {@link #toWire} then spreads it over this board's LED groups.
     */
    public static void picture(LedFrame frame, LedCommand twoGroups) {
        for (int sq = 0; sq < frame.squares(); sq++) {
            twoGroups.square(sq, frame.colour(sq).ordinal(), frame.pattern(sq).ordinal());
        }
        for (Side side : Side.values()) {
            twoGroups.group(side.index(), frame.komadaiColour(side).ordinal(), frame.komadaiPattern(side).ordinal());
        }
    }

    /** Fill the wire's LED command from a two-group picture: each komadai's colour goes to all its groups. */
    public void toWire(LedCommand twoGroups, LedCommand wire) {
        for (int sq = 0; sq < variant.squares(); sq++) {
            wire.square(sq, twoGroups.colour(sq), twoGroups.pattern(sq));
        }
        for (int g = 0; g < wire.groups(); g++) {
            int side = g < ledGroupsBlack.length() ? 0 : 1;
            wire.group(g, twoGroups.groupColour(side), twoGroups.groupPattern(side));
        }
        wire.brightness(twoGroups.brightness());
    }

    private static final LedFrame.Colour[] COLOURS = LedFrame.Colour.values();
    private static final LedFrame.Pattern[] PATTERNS = LedFrame.Pattern.values();

    /** Show an LED command on a core frame (the emulator's side, where the simulated player watches it). */
    public void toLedFrame(LedCommand command, LedFrame frame) {
        for (int sq = 0; sq < variant.squares(); sq++) {
            frame.set(sq, COLOURS[command.colour(sq)], PATTERNS[command.pattern(sq)]);
        }
        if (ledGroupsBlack.length() > 0) {
            frame.setKomadai(Side.BLACK, COLOURS[command.groupColour(0)], PATTERNS[command.groupPattern(0)]);
        }
        if (ledGroupsWhite.length() > 0) {
            int g = ledGroupsBlack.length();
            frame.setKomadai(Side.WHITE, COLOURS[command.groupColour(g)], PATTERNS[command.groupPattern(g)]);
        }
    }
}
