package org.shogibridge.core.menu;

/** A finger on the menu button, on virtual time: presses held for some time, the menu ticked every 5 ms meanwhile. */
final class MenuFinger {
    private final BoardMenu menu;
    private long now;

    MenuFinger(BoardMenu menu, long start) {
        this.menu = menu;
        this.now = start;
    }

    long now() {
        return now;
    }

    /** A press held {@code heldMillis}, then 200 ms before anything else. */
    void press(long heldMillis) {
        now = press(menu, now, heldMillis);
    }

    /** A press at {@code at} held {@code heldMillis}, then 200 ms; return the time after it. */
    static long press(BoardMenu menu, long at, long heldMillis) {
        menu.pressed(at);
        for (long t = 5; t < heldMillis; t += 5) {
            menu.tick(at + t);
        }
        long up = at + heldMillis;
        menu.released(up);
        menu.tick(up + 200);
        return up + 200;
    }

    /** Short presses. */
    void tap(int times) {
        for (int i = 0; i < times; i++) {
            press(120);
        }
    }
}
