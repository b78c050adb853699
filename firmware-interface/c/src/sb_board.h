/*
 * The firmware core of a shogi-bridge board: it scans the sensors through sb_hal.h, reports them to the Pi as
 * PROTOCOL.md says (a snapshot on every change, repeated for 100 ms; a heartbeat; deltas if the HELLO offers them),
 * answers SYNC, PING and LEDS, reports the buttons, and shows the LEDs with their blink patterns. A port calls
 * sb_board_init once, hands every byte from the Pi to sb_board_receive, and calls sb_board_poll in its main loop.
 *
 * Everything lives in one sb_board struct (1.7 KB with the default sizes of sb_messages.h,
 * which fit every variant; a port for one variant may lower them); no allocation.
 * The Java twin, for tests and for trying the daemon without hardware, is org.shogibridge.firmware.emulator.
 */
#ifndef SB_BOARD_H
#define SB_BOARD_H

#include "sb_messages.h"

#ifdef __cplusplus
extern "C" { /* an Arduino sketch is C++ */
#endif

/* After a change the readings are sent again every 20 ms for 100 ms: one lost frame must not hide a short lift. */
#define SB_REPEAT_MS 100
#define SB_REPEAT_EVERY_MS 20
/* With deltas, a full snapshot at least this often. */
#define SB_FULL_SNAPSHOT_MS 1000
/* A button must read the same for this long before a press or release counts. */
#define SB_BUTTON_DEBOUNCE_MS 20

typedef struct {
    const sb_hello *hello;
    sb_decoder decoder;
    sb_readings current;
    sb_readings sent;
    sb_readings last_full;
    sb_leds leds;
    uint8_t body[SB_MAX_BODY];
    uint8_t frame[SB_MAX_FRAME];
    uint8_t have_sent;
    uint8_t leds_changed;
    uint8_t blink_phase;   /* bit 0 slow blink lit, bit 1 fast blink lit, as last shown */
    uint8_t buttons;       /* debounced buttons */
    uint8_t buttons_raw;
    uint16_t seq;
    uint16_t button_seq;
    uint32_t last_scan_ms;
    uint32_t last_sent_ms;
    uint32_t last_full_ms;
    uint32_t repeat_until_ms;
    uint32_t buttons_changed_ms;
    /* Counters for a port's diagnostics. */
    uint32_t frames_sent;
    uint32_t frames_received;
    uint32_t faults_received;
} sb_board;

/* Start: read the sensors, say HELLO and send a snapshot unasked (as after power-up), LEDs off. */
void sb_board_init(sb_board *board, const sb_hello *hello);
/* Bytes from the Pi. */
void sb_board_receive(sb_board *board, const uint8_t *bytes, uint16_t length);
/* Scan at the HELLO's scan rate, report, debounce the buttons and show the LEDs; call it as often as possible. */
void sb_board_poll(sb_board *board);

#ifdef __cplusplus
}
#endif

#endif
