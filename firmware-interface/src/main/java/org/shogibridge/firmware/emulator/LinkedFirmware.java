package org.shogibridge.firmware.emulator;

/**
 * What every emulated firmware shares: its link to the Pi as the player sees it (in step or not, and how often it was
 * lost). The firmware's own lock guards the link: a subclass touches {@link #link} only in its synchronized methods.
 */
abstract class LinkedFirmware implements EmulatedFirmware {
    final PiLink link = new PiLink();

    @Override
    public synchronized long outages() {
        return link.outages();
    }

    @Override
    public synchronized boolean synced(long nowMillis) {
        return link.inStep(nowMillis);
    }

    @Override
    public synchronized long inStepSince() {
        return link.inStepSince();
    }
}
