package org.shogibridge.firmware.protocol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class FrameCodecTest {

    /** Collects what a decoder delivers. */
    static final class Collected implements FrameDecoder.Sink {
        final List<byte[]> frames = new ArrayList<>();
        final List<FrameDecoder.Fault> faults = new ArrayList<>();

        @Override
        public void frame(int type, byte[] payload, int bodyLength) {
            frames.add(Arrays.copyOfRange(payload, 0, bodyLength + 1));
        }

        @Override
        public void fault(FrameDecoder.Fault fault) {
            faults.add(fault);
        }
    }

    private static byte[] frame(int type, byte[] body) {
        byte[] out = new byte[Protocol.MAX_FRAME];
        int n = new FrameEncoder().encode(type, body, body.length, out);
        return Arrays.copyOf(out, n);
    }

    private static byte[] typeAndBody(int type, byte[] body) {
        byte[] all = new byte[body.length + 1];
        all[0] = (byte) type;
        System.arraycopy(body, 0, all, 1, body.length);
        return all;
    }

    @Test
    void theCrcIsZlibsCrc32() {
        byte[] check = "123456789".getBytes(StandardCharsets.US_ASCII);
        assertEquals(0xCBF43926, new Crc32().of(check, 0, check.length));
    }

    @Test
    void cobsLeavesNoZeroInsideAFrameAndTheLongestFrameFits255Bytes() {
        byte[] zeros = new byte[Protocol.MAX_BODY];
        byte[] ones = new byte[Protocol.MAX_BODY];
        Arrays.fill(ones, (byte) 1);
        for (byte[] body : List.of(zeros, ones, new byte[0], new byte[] {0, 1, 0})) {
            byte[] f = frame(Protocol.SNAPSHOT, body);
            assertTrue(f.length <= Protocol.MAX_FRAME, f.length + " bytes");
            for (int i = 0; i < f.length - 1; i++) {
                assertTrue(f[i] != 0, "no zero inside the frame, at " + i);
            }
            assertEquals(0, f[f.length - 1]);
        }
        assertThrows(IllegalArgumentException.class, () -> frame(Protocol.SNAPSHOT, new byte[Protocol.MAX_BODY + 1]));
    }

    @Test
    void framesOfEveryLengthAndContentComeBackWholeWhateverTheChunks() {
        SplittableRandom random = new SplittableRandom(7);
        List<byte[]> sent = new ArrayList<>();
        java.io.ByteArrayOutputStream wire = new java.io.ByteArrayOutputStream();
        for (int length = 0; length <= Protocol.MAX_BODY; length++) {
            byte[] body = new byte[length];
            for (int i = 0; i < length; i++) {
                // many zeros and many 0xFF runs: the COBS edge cases
                body[i] = (byte) (random.nextInt(4) == 0 ? 0 : random.nextInt(3) == 0 ? 0xFF : random.nextInt(256));
            }
            int type = 1 + random.nextInt(0x7F);
            sent.add(typeAndBody(type, body));
            wire.writeBytes(frame(type, body));
        }
        byte[] bytes = wire.toByteArray();
        Collected got = new Collected();
        FrameDecoder decoder = new FrameDecoder(got);
        for (int i = 0; i < bytes.length; ) {
            int chunk = Math.min(bytes.length - i, 1 + random.nextInt(300));
            decoder.feed(bytes, i, chunk);
            i += chunk;
        }
        assertEquals(List.of(), got.faults);
        assertEquals(sent.size(), got.frames.size());
        for (int i = 0; i < sent.size(); i++) {
            assertArrayEquals(sent.get(i), got.frames.get(i), "frame " + i);
        }
    }

    @Test
    void eachFaultIsCountedAndTheNextFrameIsReadAgain() {
        byte[] good = frame(Protocol.PING, new byte[] {0x34, 0x12});
        Collected got = new Collected();
        FrameDecoder decoder = new FrameDecoder(got);

        byte[] flipped = good.clone();
        flipped[2] ^= 0x10;
        decoder.feed(flipped, 0, flipped.length);
        byte[] cut = Arrays.copyOf(good, 2); // a reset mid-frame: the rest never comes
        decoder.feed(cut, 0, cut.length);
        decoder.feed((byte) 0);
        byte[] garbage = new byte[400];
        Arrays.fill(garbage, (byte) 0x55);
        decoder.feed(garbage, 0, garbage.length);
        decoder.feed((byte) 0);
        decoder.feed(new byte[] {1, 1, 1, 0}, 0, 4); // three zero bytes of payload: shorter than a type and a CRC
        decoder.feed(good, 0, good.length);

        assertEquals(List.of(FrameDecoder.Fault.CRC, FrameDecoder.Fault.BROKEN, FrameDecoder.Fault.TOO_LONG,
                FrameDecoder.Fault.TOO_SHORT), got.faults);
        assertEquals(1, got.frames.size());
        assertArrayEquals(new byte[] {Protocol.PING, 0x34, 0x12}, got.frames.get(0));
        assertEquals(4, decoder.faults());
        assertEquals(1, decoder.frames());
    }

    @Test
    void aLostByteNeverForgesAFrameAndTheDecoderIsBackInStepAtTheNextDelimiter() {
        Collected got = new Collected();
        FrameDecoder decoder = new FrameDecoder(got);
        byte[] a = frame(Protocol.PONG, new byte[] {1, 2});
        byte[] b = frame(Protocol.PONG, new byte[] {3, 4});
        byte[] c = frame(Protocol.PONG, new byte[] {5, 6});
        for (int lost = 0; lost < a.length; lost++) {
            got.frames.clear();
            byte[] damaged = new byte[a.length - 1];
            System.arraycopy(a, 0, damaged, 0, lost);
            System.arraycopy(a, lost + 1, damaged, lost, a.length - lost - 1);
            decoder.feed(damaged, 0, damaged.length);
            decoder.feed(b, 0, b.length); // lost with a when a's delimiter was the byte lost
            decoder.feed(c, 0, c.length);
            for (byte[] f : got.frames) {
                assertTrue(Arrays.equals(f, new byte[] {Protocol.PONG, 3, 4}) || Arrays.equals(f, new byte[] {Protocol.PONG, 5, 6}),
                        "byte " + lost + " lost: forged " + Arrays.toString(f));
            }
            assertArrayEquals(new byte[] {Protocol.PONG, 5, 6}, got.frames.get(got.frames.size() - 1), "byte " + lost + " lost");
        }
    }

    @Test
    void aDeltaCarriesEveryChangeSinceTheLastFullSnapshotSoALostDeltaCostsNothing() {
        BodyWriter body = new BodyWriter();
        Readings board = new Readings(25, 6);
        board.square(0, Readings.OCCUPIED).square(1, Readings.OCCUPIED).seq(10);
        Readings full = new Readings(25, 6);
        full.copyFrom(board); // snapshot 10 sent and received

        board.square(0, Readings.EMPTY).seq(11); // delta 11: lost on the way
        assertTrue(board.writeDelta(full, body));
        board.square(5, Readings.OCCUPIED).slot(2, true).seq(12); // delta 12
        assertTrue(board.writeDelta(full, body));

        Readings pi = new Readings(25, 6);
        pi.copyFrom(full);
        assertEquals(Readings.DeltaResult.APPLIED, pi.applyDelta(Payloads.reader(Protocol.DELTA, body.bytes(), body.length()), full));
        assertTrue(pi.sameAs(board), "the lost delta's change arrived with the next one");
        assertEquals(12, pi.seq());

        // A delta based on a snapshot the Pi never received is refused, and changes nothing.
        board.seq(13);
        Readings other = new Readings(25, 6);
        other.seq(9);
        assertTrue(board.writeDelta(other, body));
        Readings before = new Readings(25, 6);
        before.copyFrom(pi);
        assertEquals(Readings.DeltaResult.WRONG_BASE, pi.applyDelta(Payloads.reader(Protocol.DELTA, body.bytes(), body.length()), full));
        assertTrue(pi.sameAs(before));
        assertEquals(12, pi.seq());

        // More changes than a delta may carry: the board must send a full snapshot.
        for (int sq = 0; sq < 25; sq++) {
            board.square(sq, Readings.FACE_DOWN);
        }
        assertTrue(board.writeDelta(full, body));
        Readings crowded = new Readings(100, 76);
        Readings crowdedBase = new Readings(100, 76);
        for (int sq = 0; sq <= Readings.MAX_DELTA; sq++) {
            crowded.square(sq, Readings.OCCUPIED);
        }
        assertTrue(!crowded.writeDelta(crowdedBase, body));
    }
}
