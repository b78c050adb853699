package org.shogibridge.device.board;

import org.shogibridge.core.inference.SensorSnapshot;
import org.shogibridge.core.rules.Side;
import org.shogibridge.firmware.emulator.EmulatedFirmware;
import org.shogibridge.firmware.protocol.Protocol;

/**
 * Feeds what simulated hands do on a {@link SimulatedBoard} to an {@link EmulatedFirmware} (the Java firmware or the
 * real binary in simavr): its scans become the emulated board's sensors, its presses the firmware's BUTTON messages
 * (the menu button's press and release).
 */
public final class EmulatorFeed implements BoardPort.Listener {
    private final EmulatedFirmware emulator;
    private final MonotonicClock clock;

    public EmulatorFeed(EmulatedFirmware emulator, MonotonicClock clock) {
        this.emulator = emulator;
        this.clock = clock;
    }

    @Override
    public void snapshot(SensorSnapshot snapshot) {
        emulator.scan(snapshot, clock.millis());
    }


    @Override
    public void clockPressed(Side side) {
        int button = side == Side.BLACK ? Protocol.BUTTON_BLACK_CLOCK : Protocol.BUTTON_WHITE_CLOCK;
        emulator.button(button, true);
        emulator.button(button, false);
    }

    @Override
    public void menuButton(boolean down) {
        emulator.button(Protocol.BUTTON_MENU, down);
    }
}
