/*
 * The skeleton of a port: the six hardware functions of sb_hal.h and the main loop, with what each must do written
 * where the board's code goes. Copy it next to c/src in a Pico SDK or Arduino project (see c/README.md) and fill it
 * in. As it stands it builds and links for any target (the tests link it for an ATmega2560 to measure the flash and
 * RAM the core takes) but reads no sensor and lights nothing.
 */
#include "sb_board.h"
#include "sb_hal.h"

/* What this board is: a standard 9x9 board, a slot for every piece a side can hold, one LED group per stand. */
static const sb_hello hello = {
    SB_VERSION_MAJOR, SB_VERSION_MINOR,
    {1, 0, 0}, "my board",
    9, 9,
    SB_FEATURE_CLOCK_BUTTONS | SB_FEATURE_RGB_LEDS,
    100, /* scan rate, Hz */
    250, /* heartbeat, ms */
    {7, 7},
    {{{'P', 18}, {'L', 4}, {'N', 4}, {'S', 4}, {'G', 4}, {'B', 2}, {'R', 2}},
     {{'P', 18}, {'L', 4}, {'N', 4}, {'S', 4}, {'G', 4}, {'B', 2}, {'R', 2}}},
    {"*", "*"}};

static sb_board board;
static volatile uint32_t ticks; /* advanced by a 1 ms timer interrupt */

uint32_t sb_hal_millis(void) {
    return ticks; /* Pico SDK: to_ms_since_boot(get_absolute_time()); Arduino: millis() */
}

void sb_hal_read_rank(uint8_t rank, uint8_t *readings) {
    uint8_t file;
    /* Drive row `rank`, wait the settle time (a few microseconds), read the nine columns, release the row. */
    for (file = 0; file < hello.files; file++) {
        readings[file] = SB_EMPTY;
    }
    (void) rank;
}

void sb_hal_read_komadai(uint8_t *slots) {
    uint16_t i;
    /* One sensor per slot, black's 38 first, in the order of the HELLO's runs. */
    for (i = 0; i < sb_hello_slots(&hello); i++) {
        slots[i] = 0;
    }
}

uint8_t sb_hal_read_buttons(void) {
    return 0; /* bit 0 black's clock, bit 1 white's, bit 2 menu; the core debounces */
}

void sb_hal_set_led(uint16_t index, uint8_t red, uint8_t green, uint8_t blue) {
    /* Put the colour in the LED chain's buffer: squares 0-80 in SFEN order, then black's group, then white's. */
    (void) index;
    (void) red;
    (void) green;
    (void) blue;
}

void sb_hal_show_leds(void) {
    /* Send the buffer to the chain (WS2812B: PIO on an RP2040, FastLED or Adafruit_NeoPixel on Arduino). */
}

void sb_hal_write(const uint8_t *bytes, uint16_t length) {
    /* Write to the USB serial port; drop the bytes if no host is connected rather than wait. */
    (void) bytes;
    (void) length;
}

static volatile int16_t received = -1; /* as a UART interrupt would leave it */

/* Return a byte from the Pi, or -1 if none is waiting (Pico SDK: getchar_timeout_us(0); Arduino: Serial.read()). */
static int read_byte(void) {
    int16_t c = received;
    received = -1;
    return c;
}

int main(void) {
    sb_board_init(&board, &hello);
    for (;;) {
        int c;
        while ((c = read_byte()) >= 0) {
            uint8_t b = (uint8_t) c;
            sb_board_receive(&board, &b, 1);
        }
        sb_board_poll(&board);
    }
}
