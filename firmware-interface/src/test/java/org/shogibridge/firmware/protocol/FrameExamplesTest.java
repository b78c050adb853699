package org.shogibridge.firmware.protocol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The worked examples of PROTOCOL.md, read from the document: each frame decodes to its body, encodes back to the same
 * bytes, and carries the message the document describes.
 */
class FrameExamplesTest {

    @Test
    void everyMessageTypeHasAnExampleThatDecodesToItsBodyAndEncodesBackToTheSameBytes() throws Exception {
        Map<String, byte[][]> examples = ProtocolExamples.read();
        assertEquals(List.of("SYNC", "HELLO", "SNAPSHOT", "DELTA", "BUTTON", "PING", "PONG", "LEDS", "ACK", "ERROR"),
                new ArrayList<>(examples.keySet()));
        for (Map.Entry<String, byte[][]> e : examples.entrySet()) {
            byte[] body = e.getValue()[0];
            byte[] frame = e.getValue()[1];
            FrameCodecTest.Collected got = new FrameCodecTest.Collected();
            new FrameDecoder(got).feed(frame, 0, frame.length);
            assertEquals(List.of(), got.faults, e.getKey());
            assertEquals(1, got.frames.size(), e.getKey());
            assertEquals(ProtocolExamples.type(e.getKey()), got.frames.get(0)[0] & 0xFF, e.getKey());
            assertArrayEquals(body, Arrays.copyOfRange(got.frames.get(0), 1, got.frames.get(0).length), e.getKey());
            byte[] out = new byte[Protocol.MAX_FRAME];
            int n = new FrameEncoder().encode(ProtocolExamples.type(e.getKey()), body, body.length, out);
            assertArrayEquals(frame, Arrays.copyOf(out, n), e.getKey());
        }
    }

    private static BodyReader reader(byte[] body) {
        return Payloads.reader(0, body, body.length);
    }

    @Test
    void theExamplesSayWhatTheDocumentSays() throws Exception {
        Map<String, byte[][]> ex = ProtocolExamples.read();
        Hello hello = Hello.read(reader(ex.get("HELLO")[0]));
        assertNotNull(hello);
        assertEquals("1.0", hello.protocol());
        assertEquals("mini 1.2.0", hello.firmware());
        assertEquals(25, hello.squares());
        assertTrue(hello.has(Protocol.FEATURE_CLOCK_BUTTONS) && !hello.has(Protocol.FEATURE_FACE_SENSING));
        assertEquals(250, hello.heartbeatMillis());
        assertEquals(List.of(new KomadaiLayout.Run('P', 2), new KomadaiLayout.Run('B', 1)), hello.komadai().black());
        assertEquals(6, hello.komadai().slots());
        assertEquals("*", hello.ledGroupsWhite());

        Readings readings = new Readings(25, 6);
        assertTrue(readings.readSnapshot(reader(ex.get("SNAPSHOT")[0])));
        assertEquals(7, readings.seq());
        StringBuilder board = new StringBuilder();
        for (int sq = 0; sq < 25; sq++) {
            board.append(readings.square(sq) == Readings.OCCUPIED ? 'o' : '.').append(sq % 5 == 4 ? "/" : "");
        }
        assertEquals("ooooo/....o/...../o..../ooooo/", board.toString()); // rbsgk/4p/5/P4/KGSBR
        assertTrue(readings.slot(0) && !readings.slot(1) && !readings.slot(3));
        Readings snapshot = new Readings(25, 6);
        snapshot.copyFrom(readings);
        assertEquals(Readings.DeltaResult.APPLIED, readings.applyDelta(reader(ex.get("DELTA")[0]), snapshot));
        assertEquals(8, readings.seq());
        assertEquals(Readings.OCCUPIED, readings.square(10));
        assertEquals(Readings.EMPTY, readings.square(15));

        assertEquals(new Messages.Button(3, Protocol.BUTTON_BLACK_CLOCK, true), Messages.Button.read(reader(ex.get("BUTTON")[0])));
        LedCommand leds = new LedCommand(25, 2);
        assertEquals(Protocol.OK, leds.read(reader(ex.get("LEDS")[0])));
        assertEquals(9, leds.seq());
        assertEquals(128, leds.brightness());
        assertEquals(1, leds.colour(10));
        assertEquals(1, leds.pattern(10));
        assertEquals(0, leds.pattern(15));
        assertEquals(2, leds.groupColour(0));
        assertEquals(2, leds.groupPattern(0));
        assertEquals(new Messages.Ack(Protocol.LEDS, 9, Protocol.OK), Messages.Ack.read(reader(ex.get("ACK")[0])));
        assertEquals("unknown message type: type 0x42", Messages.ErrorReport.read(reader(ex.get("ERROR")[0])).toString());
    }

    @Test
    void aBoardRefusesAnLedFrameThatDoesNotFitAndKeepsWhatItShowed() throws Exception {
        LedCommand leds = new LedCommand(81, 2);
        LedCommand tooSmall = new LedCommand(25, 2).seq(4);
        BodyWriter w = new BodyWriter();
        tooSmall.write(w);
        assertEquals(Protocol.ERROR_BAD_VALUE, leds.read(reader(Arrays.copyOf(w.bytes(), w.length()))));
        LedCommand badColour = new LedCommand(81, 2).square(3, 9, 0);
        badColour.write(w);
        assertEquals(Protocol.ERROR_BAD_VALUE, leds.read(reader(Arrays.copyOf(w.bytes(), w.length()))));
        assertEquals(Protocol.ERROR_MALFORMED, leds.read(reader(new byte[] {1, 0, 5})));
        assertEquals(0, leds.seq());
        assertEquals(0, leds.colour(3));
    }
}
