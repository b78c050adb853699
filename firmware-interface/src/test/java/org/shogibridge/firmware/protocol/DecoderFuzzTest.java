package org.shogibridge.firmware.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A million frames, random and mutated, at the decoder and at the snapshot parser: nothing escapes as an exception,
 * and no damaged frame is taken as a snapshot. A frame counts as damaged when its bytes differ from every frame sent;
 * a damaged frame can only pass by a CRC collision (one in 2^32 per damaged frame that still ends cleanly), so the
 * fuzzer counts how many damaged frames reached the parser and each one must have been a true collision.
 */
class DecoderFuzzTest {
    static final int FRAMES = 1_000_000;

    @Test
    void aMillionRandomAndMutatedFramesNeverThrowAndNeverForgeASnapshot() {
        SplittableRandom random = new SplittableRandom(2026);
        Readings sent = new Readings(81, 76);
        Readings parsed = new Readings(81, 76);
        BodyWriter body = new BodyWriter();
        BodyReader reader = new BodyReader();
        FrameEncoder encoder = new FrameEncoder();
        byte[] frame = new byte[Protocol.MAX_FRAME];
        byte[] wire = new byte[4 * Protocol.MAX_FRAME];
        byte[][] expected = new byte[1][];
        long[] counts = new long[3]; // intact snapshots, forged snapshots, other frames
        FrameDecoder decoder = new FrameDecoder(new FrameDecoder.Sink() {
            @Override
            public void frame(int type, byte[] payload, int bodyLength) {
                if (type != Protocol.SNAPSHOT) {
                    counts[2]++;
                    return;
                }
                if (!parsed.readSnapshot(reader.of(payload, bodyLength))) {
                    counts[2]++;
                    return;
                }
                byte[] got = Arrays.copyOfRange(payload, 1, 1 + bodyLength);
                if (expected[0] != null && Arrays.equals(got, expected[0])) {
                    counts[0]++;
                } else {
                    counts[1]++;
                }
            }

            @Override
            public void fault(FrameDecoder.Fault fault) {
            }
        });
        long bytes = 0;
        long start = System.nanoTime();
        for (int i = 0; i < FRAMES; i++) {
            int kind = random.nextInt(4);
            int n;
            if (kind == 0) { // random bytes, often with zeros
                n = FuzzCorpus.randomBytes(wire, random);
                expected[0] = null;
            } else {
                for (int sq = 0; sq < 81; sq++) {
                    sent.square(sq, (byte) random.nextInt(4));
                }
                for (int s = 0; s < 76; s++) {
                    sent.slot(s, random.nextBoolean());
                }
                sent.seq(i);
                sent.writeSnapshot(body);
                n = encoder.encode(Protocol.SNAPSHOT, body.bytes(), body.length(), frame);
                System.arraycopy(frame, 0, wire, 0, n);
                expected[0] = Arrays.copyOf(body.bytes(), body.length());
                if (kind >= 2) { // mutate: flip bits, drop, insert or duplicate bytes
                    n = FuzzCorpus.mutate(wire, n, random);
                }
            }
            // fed in random chunks, as a serial port delivers them
            for (int k = 0; k < n; ) {
                int chunk = Math.min(n - k, 1 + random.nextInt(64));
                decoder.feed(wire, k, chunk);
                k += chunk;
            }
            decoder.feed((byte) 0); // whatever happened, the next frame starts clean
            bytes += n + 1;
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        System.out.printf("Decoder fuzz: %,d frames, %,d bytes in %.2f s (%.1f MB/s); %,d intact snapshots, %,d frames faulted, "
                + "%,d other frames, %,d forged%n", FRAMES, bytes, seconds, bytes / seconds / 1e6, counts[0], decoder.faults(),
                counts[2], counts[1]);
        assertEquals(0, counts[1], "a damaged frame was taken as a snapshot");
        assertTrue(counts[0] > FRAMES / 4, "the intact frames came through: " + counts[0]);
        assertTrue(decoder.faults() > FRAMES / 4, "the damaged ones were refused: " + decoder.faults());
    }
}
