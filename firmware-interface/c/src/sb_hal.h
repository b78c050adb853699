/*
 * The hardware a board's firmware runs on, as the firmware core (sb_board.c) sees it. A port implements these
 * functions for its board: GPIO, shift registers or I/O expanders for the sensors, WS2812B or APA102 for the LEDs,
 * USB CDC or a UART for the link. None of them may block for long: the core calls them from its loop.
 */
#ifndef SB_HAL_H
#define SB_HAL_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" { /* an Arduino sketch is C++ */
#endif

/* Milliseconds since start-up; wrapping at 2^32 is fine. */
uint32_t sb_hal_millis(void);

/*
 * Read one rank of squares: readings[i] for the i-th square of the rank in SFEN order (file 9 first on a 9x9
 * board), SB_EMPTY or SB_OCCUPIED, or SB_FACE_UP / SB_FACE_DOWN on a board with face sensing. Rank 0 is rank a.
 * A diode matrix selects the row here and waits its settle time before it reads.
 */
void sb_hal_read_rank(uint8_t rank, uint8_t *readings);

/* Read the komadai: slots[i] is 1 when slot i holds a piece (black's slots first, in the HELLO's run order). */
void sb_hal_read_komadai(uint8_t *slots);

/* Return the buttons held now: bit SB_BUTTON_BLACK_CLOCK, SB_BUTTON_WHITE_CLOCK, SB_BUTTON_MENU. */
uint8_t sb_hal_read_buttons(void);

/* Set LED index (the squares in SFEN order, then black's LED groups, then white's) to a colour; shown at show_leds. */
void sb_hal_set_led(uint16_t index, uint8_t red, uint8_t green, uint8_t blue);
void sb_hal_show_leds(void);

/* Send bytes to the Pi. Drop them rather than block when nobody listens: the Pi asks again with SYNC. */
void sb_hal_write(const uint8_t *bytes, uint16_t length);

#ifdef __cplusplus
}
#endif

#endif
