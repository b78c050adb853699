package org.shogibridge.device.board.wired;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.shogibridge.core.inference.SensorSnapshot;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Side;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.firmware.board.BoardGeometry;
import org.shogibridge.firmware.protocol.Readings;

/** Sensor inputs of a wired board: the 74HC165 chain's bits, and which input reads which square or komadai slot. */
class SensorInputsTest {

    @Test
    void byteKOfAReadIsChipKWithInputAInTheLowBitAndHallSwitchesActiveLow() {
        ShiftRegisterChain chain = new ShiftRegisterChain(2, true);
        boolean[] active = new boolean[16];
        chain.decode(new byte[] {(byte) 0xFE, (byte) 0x7F}, active); // chip 0 input A low, chip 1 input H low
        for (int i = 0; i < 16; i++) {
            assertEquals(i == 0 || i == 15, active[i], "input " + i);
        }
        new ShiftRegisterChain(2, false).decode(new byte[] {0x01, (byte) 0x80}, active);
        assertTrue(active[0] && active[15] && !active[1]);
        assertThrows(IllegalArgumentException.class, () -> new ShiftRegisterChain(0, true));
    }

    @Test
    void aPositionReadThroughTheInputsComesBackAsTheSnapshotOfThatPosition() {
        for (boolean faceSensing : new boolean[] {false, true}) {
            BoardGeometry geometry = BoardGeometry.recommended(Variant.STANDARD, faceSensing);
            SensorMap map = new SensorMap(ChainLayout.boardThenStands(9, 9, ChainLayout.Corner.NEAR_RIGHT, true), faceSensing,
                    geometry.komadai().slots());
            assertEquals(81 * (faceSensing ? 2 : 1) + 76, map.inputs());
            Position position = Position.fromSfen("lnsgkgsnl/7b1/pppp1pppp/9/9/2P6/PP1PPPPPP/1+B5R1/LNSGKGSNL b Pr 1");
            SensorSnapshot expected = SensorSnapshot.of(position, faceSensing);
            Readings readings = geometry.newReadings();
            geometry.toReadings(expected, readings);
            boolean[] inputs = new boolean[map.inputs()];
            map.write(readings, inputs);
            // The first input is 1i (the chain starts near right): black's lance, face up.
            assertTrue(inputs[0]);
            if (faceSensing) {
                assertFalse(inputs[1], "a lance face up does not trip the face-down switch");
            }
            Readings back = geometry.newReadings();
            map.read(inputs, back);
            SensorSnapshot seen = new SensorSnapshot(Variant.STANDARD);
            geometry.toSnapshot(back, seen);
            assertEquals(expected.toString(), seen.toString(), "face sensing " + faceSensing);
            int inHand = 0;
            for (Side side : Side.values()) {
                for (int type : Variant.STANDARD.handTypes()) {
                    assertEquals(expected.komadai(side, type), seen.komadai(side, type), side + " " + type);
                    inHand += seen.komadai(side, type);
                }
            }
            assertEquals(2, inHand, "black's pawn and white's rook");
        }
    }
}
