package org.shogibridge.firmware.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.shogibridge.firmware.protocol.BodyWriter;
import org.shogibridge.firmware.protocol.Described;
import org.shogibridge.firmware.protocol.FrameDecoder;
import org.shogibridge.firmware.protocol.FrameEncoder;
import org.shogibridge.firmware.protocol.FuzzCorpus;
import org.shogibridge.firmware.protocol.Payloads;
import org.shogibridge.firmware.protocol.Protocol;
import org.shogibridge.firmware.protocol.ProtocolExamples;
import org.shogibridge.firmware.protocol.RandomMessages;

/**
 * The C codec of the reference firmware against the Java one: each decodes the other's frames of every message type
 * into the same meaning (a line of {@link Described} text both print), the C writers make the same bytes as the Java
 * ones, the two read random bodies alike, and the C decoder, built with sanitizers, takes the fuzz corpus of a
 * million frames without a fault and with the same verdict on every frame as the Java decoder.
 */
class CCodecTest {
    private static final HexFormat HEX = HexFormat.of().withUpperCase();

    /** What a Java decoder makes of a stream: a line per frame or fault. */
    private static final class JavaView implements FrameDecoder.Sink {
        final List<String> lines = new ArrayList<>();
        final List<String> frames = new ArrayList<>();
        private final int squares;
        private final int slots;
        private final int groups;

        JavaView(int squares, int slots, int groups) {
            this.squares = squares;
            this.slots = slots;
            this.groups = groups;
        }

        @Override
        public void frame(int type, byte[] payload, int bodyLength) {
            lines.add(Described.message(type, payload, bodyLength, squares, slots, groups));
        }

        @Override
        public void fault(FrameDecoder.Fault fault) {
            lines.add(Described.fault(fault));
        }

        List<String> decode(byte[] stream) {
            new FrameDecoder(this).feed(stream, 0, stream.length);
            return lines;
        }
    }

    private static List<String> cDecode(byte[] stream, int squares, int slots, int groups) throws Exception {
        CFirmware.Result result = CFirmware.run(List.of(CFirmware.tool().toString(), "decode", "" + squares, "" + slots,
                "" + groups), stream, 60);
        assertEquals(0, result.exit(), result.stderr());
        return result.lines();
    }

    @Test
    void theDocumentsExamplesMeanTheSameInCAndTheCWritersMakeTheSameBytes() throws Exception {
        Map<String, byte[][]> examples = ProtocolExamples.read();
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        List<String> expected = new ArrayList<>();
        for (byte[][] example : examples.values()) {
            stream.write(example[1]);
            List<String> java = new JavaView(25, 6, 2).decode(example[1]);
            expected.add(java.get(0) + "\t" + HEX.formatHex(example[1]));
        }
        List<String> c = cDecode(stream.toByteArray(), 25, 6, 2);
        assertEquals(expected, c.subList(0, c.size() - 1));
        assertEquals("END frames=10 faults=0", c.get(c.size() - 1).replaceAll(" digest=.*", ""));
        assertTrue(c.get(1).startsWith("HELLO 1.0 fw=1.2.0 name=mini 5x5"), c.get(1));
        assertTrue(c.get(3).startsWith("DELTA seq=8 base=7 changes=10:1,15:0\t"), c.get(3));
    }

    @ParameterizedTest(name = "{0} squares, {1} slots, {2} LED groups")
    @CsvSource({"81, 76, 2", "100, 90, 4", "25, 20, 2"})
    void javaMessagesOfEveryTypeMeanTheSameInCAndComeBackByteForByte(int squares, int slots, int groups) throws Exception {
        RandomMessages messages = new RandomMessages(squares, squares, slots, groups);
        BodyWriter body = new BodyWriter();
        FrameEncoder encoder = new FrameEncoder();
        byte[] frame = new byte[Protocol.MAX_FRAME];
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        List<String> expected = new ArrayList<>();
        TreeSet<String> kinds = new TreeSet<>();
        for (int i = 0; i < 20_000; i++) {
            int type = messages.next(body);
            int n = encoder.encode(type, body.bytes(), body.length(), frame);
            byte[] bytes = Arrays.copyOf(frame, n);
            stream.write(bytes);
            String meaning = new JavaView(squares, slots, groups).decode(bytes).get(0);
            expected.add(meaning + "\t" + HEX.formatHex(bytes));
            kinds.add(meaning.split(" ")[0]);
        }
        assertEquals(new TreeSet<>(List.of("HELLO", "SYNC", "SNAPSHOT", "DELTA", "BUTTON", "PING", "PONG", "LEDS", "ACK",
                "ERROR")), kinds, "every type was tried, and Java read each as it wrote it");
        List<String> c = cDecode(stream.toByteArray(), squares, slots, groups);
        assertEquals(expected.size() + 1, c.size());
        for (int i = 0; i < expected.size(); i++) {
            assertEquals(expected.get(i), c.get(i), "message " + i);
        }
    }

    @ParameterizedTest(name = "{0} squares, {1} slots, {2} LED groups")
    @CsvSource({"81, 76, 2", "100, 90, 4", "25, 20, 2"})
    void cMessagesOfEveryTypeMeanInJavaWhatTheCWriterMeant(int squares, int slots, int groups, @TempDir Path dir)
            throws Exception {
        Path frames = dir.resolve("frames.bin");
        CFirmware.Result result = CFirmware.run(List.of(CFirmware.tool().toString(), "random", "" + (squares + 7), "20000",
                "" + squares, "" + slots, "" + groups, frames.toString()), (byte[]) null, 60);
        assertEquals(0, result.exit(), result.stderr());
        List<String> meant = result.lines();
        assertEquals(20_000, meant.size());
        List<String> java = new JavaView(squares, slots, groups).decode(Files.readAllBytes(frames));
        assertEquals(meant.size(), java.size());
        for (int i = 0; i < meant.size(); i++) {
            assertEquals(meant.get(i), java.get(i), "message " + i);
        }
        assertEquals(10, meant.stream().map(line -> line.split(" ")[0]).distinct().count(), "every type was tried");
    }

    @Test
    void randomAndTruncatedBodiesAreReadAlikeByBothReaders() throws Exception {
        SplittableRandom random = new SplittableRandom(16);
        RandomMessages messages = new RandomMessages(17, 81, 76, 2);
        BodyWriter body = new BodyWriter();
        FrameEncoder encoder = new FrameEncoder();
        byte[] frame = new byte[Protocol.MAX_FRAME];
        byte[] junk = new byte[Protocol.MAX_BODY];
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        for (int i = 0; i < 30_000; i++) {
            int type = messages.next(body);
            int n;
            switch (random.nextInt(3)) {
                case 0 -> n = encoder.encode(type, body.bytes(), random.nextInt(body.length() + 1), frame); // cut short
                case 1 -> { // a byte or two changed: out-of-range values, counts that do not fit
                    byte[] changed = Arrays.copyOf(body.bytes(), body.length());
                    for (int k = 1 + random.nextInt(2); k > 0 && changed.length > 0; k--) {
                        changed[random.nextInt(changed.length)] = (byte) random.nextInt(256);
                    }
                    n = encoder.encode(type, changed, changed.length, frame);
                }
                default -> { // any bytes, under any type including unknown ones
                    for (int k = 0; k < junk.length; k++) {
                        junk[k] = (byte) random.nextInt(256);
                    }
                    n = encoder.encode(random.nextInt(4) == 0 ? random.nextInt(256) : type, junk, random.nextInt(40), frame);
                }
            }
            stream.write(frame, 0, n);
        }
        List<String> java = new JavaView(81, 76, 2).decode(stream.toByteArray());
        List<String> c = cDecode(stream.toByteArray(), 81, 76, 2);
        assertEquals(java.size() + 1, c.size());
        long malformed = 0;
        for (int i = 0; i < java.size(); i++) {
            assertEquals(java.get(i), c.get(i).split("\t")[0], "frame " + i);
            malformed += java.get(i).startsWith("MALFORMED") || java.get(i).contains("status=") ? 1 : 0;
        }
        assertTrue(malformed > 5_000, "the bodies were bad often enough to test the checks: " + malformed);
    }

    @Test
    void theCDecoderUnderSanitizersTakesAMillionDamagedFramesAndJudgesEachAsJavaDoes() throws Exception {
        int frames = 1_000_000;
        Path tool = CFirmware.sanitizedTool();
        JavaView java = new JavaView(81, 76, 2);
        FrameDecoder javaDecoder = new FrameDecoder(java);
        long[] digest = {0xCBF29CE484222325L};
        long[] bytes = {0};
        long[] forged = {0};
        long start = System.nanoTime();
        CFirmware.Result result = CFirmware.run(List.of(tool.toString(), "decode", "81", "76", "2", "--digest"),
                (OutputStream out) -> {
                    SplittableRandom random = new SplittableRandom(2027);
                    RandomMessages messages = new RandomMessages(2028, 81, 76, 2);
                    BodyWriter body = new BodyWriter();
                    FrameEncoder encoder = new FrameEncoder();
                    byte[] wire = new byte[4 * Protocol.MAX_FRAME];
                    for (int i = 0; i < frames; i++) {
                        int kind = random.nextInt(4);
                        int n;
                        String intact = null;
                        if (kind == 0) {
                            n = FuzzCorpus.randomBytes(wire, random);
                        } else {
                            int type = messages.next(body);
                            n = encoder.encode(type, body.bytes(), body.length(), wire);
                            intact = Described.message(type, Payloads.of(type, body.bytes(), body.length()), body.length(), 81, 76, 2);
                            if (kind >= 2) {
                                n = FuzzCorpus.mutate(wire, n, random);
                            }
                        }
                        wire[n++] = 0;
                        out.write(wire, 0, n);
                        javaDecoder.feed(wire, 0, n);
                        bytes[0] += n;
                        for (String line : java.lines) {
                            if (!line.startsWith("FAULT") && !line.equals(intact)) {
                                forged[0]++; // a frame that is not the one sent got through
                            }
                            for (byte b : line.getBytes(StandardCharsets.US_ASCII)) {
                                digest[0] = (digest[0] ^ (b & 0xFF)) * 0x100000001B3L;
                            }
                            digest[0] = (digest[0] ^ '\n') * 0x100000001B3L;
                        }
                        java.lines.clear();
                    }
                }, 600);
        double seconds = (System.nanoTime() - start) / 1e9;
        assertEquals(0, result.exit(), "the sanitized C decoder failed:\n" + result.stderr());
        String expected = String.format("END frames=%d faults=%d digest=%016X", javaDecoder.frames(), javaDecoder.faults(),
                digest[0]);
        assertEquals(List.of(expected), result.lines(), "C and Java judged the corpus alike");
        System.out.printf("C decoder fuzz (ASan+UBSan): %,d frames, %,d bytes in %.1f s; %,d taken, %,d faulted, as Java; "
                + "%,d forged%n", frames, bytes[0], seconds, javaDecoder.frames(), javaDecoder.faults(), forged[0]);
        assertTrue(javaDecoder.faults() > frames / 4, "the damaged frames were refused: " + javaDecoder.faults());
        assertEquals(0, forged[0], "no damaged frame was taken for a message");
    }
}
